"""Which precompressed twin of a static file to send: the web build writes ``<file>.br``
and ``<file>.gz`` beside each text asset (clients/web/precompress.mjs), and the local
static server (webstack) sends the best one the browser accepts, as it is, with
``Content-Encoding`` -- the same files the nginx image sends with ``gzip_static``.

Choosing is HTTP's content negotiation on ``Accept-Encoding`` (RFC 9110, 12.5.3): a
coding is acceptable when listed (or covered by ``*``) with a q-value above 0; among the
acceptable twins that exist the highest q wins, Brotli before gzip on a tie (smaller).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Encoding:
    """A content coding and the suffix of the twin compressed with it."""

    name: str
    suffix: str


# Best first: Brotli's twins are 15-20% smaller than gzip's at the settings the build uses.
ENCODINGS = (Encoding("br", ".br"), Encoding("gzip", ".gz"))


@dataclass(frozen=True)
class Choice:
    """What to send for a static file: ``path`` (the twin, or the file itself),
    ``encoding`` (``None``: send the file as it is) and ``varies`` (twins exist, so the
    answer depends on Accept-Encoding and a cache must key on it: ``Vary``)."""

    path: Path
    encoding: Encoding | None
    varies: bool


def accepted(header: str | None) -> dict[str, float]:
    """The q-value of each coding named in an Accept-Encoding header (lower-cased); a
    malformed q counts as 0 (not acceptable), as the safe reading."""
    weights: dict[str, float] = {}
    for item in (header or "").split(","):
        name, *params = (part.strip() for part in item.split(";"))
        if not name:
            continue
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.lower()] = q
    return weights


def choose(path: Path, accept_encoding: str | None) -> Choice:
    """The twin of ``path`` to send for this Accept-Encoding (``path`` itself if none)."""
    twins = [e for e in ENCODINGS if path.with_name(path.name + e.suffix).is_file()]
    weights = accepted(accept_encoding)
    best: tuple[float, Encoding] | None = None
    for encoding in twins:  # best first: a later one must weigh strictly more
        q = weights.get(encoding.name, weights.get("*", 0.0))
        if q > 0 and (best is None or q > best[0]):
            best = (q, encoding)
    if best is None:
        return Choice(path, None, varies=bool(twins))
    return Choice(path.with_name(path.name + best[1].suffix), best[1], varies=True)
