"""What a client must never receive before the match ends: the seed, the boneyard and the
other seats' hands.  ``leaks`` looks for them in the bytes and text of an answer."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable

import grpc

from fiveup.engine import Match
from fiveup_core import tile_index
from tests.service.helpers import hidden_tiles

Tile = tuple[int, int]
BONEYARD_WINDOW = 6
TILE_TEXT = re.compile(r"[\[(](\d)\s*[|,]\s*(\d)[\])]")  # [3|4], (3, 4)


def seed_forms(seed: bytes) -> list[bytes]:
    return [
        seed, seed.hex().encode(), seed.hex().upper().encode(),
        base64.b64encode(seed).rstrip(b"="), base64.urlsafe_b64encode(seed).rstrip(b"="),
    ]  # fmt: skip


def error_blobs(exc: grpc.RpcError) -> tuple[bytes, str]:
    """Everything a failed call gave the client: its message and its trailing metadata."""
    text = exc.details() or ""  # type: ignore[attr-defined]
    blob = text.encode()
    for key, value in exc.trailing_metadata() or ():  # type: ignore[attr-defined]
        blob += key.encode() + (value if isinstance(value, bytes) else str(value).encode())
        if isinstance(value, str):
            text += " " + value
    return blob, text


def leaks(
    blob: bytes, text: str, match: Match, viewer: int | None, named: Iterable[Tile] = ()
) -> list[str]:
    """Secrets of ``match`` found in an answer to ``viewer`` (tiles the request itself
    ``named`` do not count: the caller knew them)."""
    found = [
        f"seed form {i}" for i, form in enumerate(seed_forms(match.config.seed)) if form in blob
    ]
    r = match.round
    # The boneyard's order as tile-index bytes.  Six tiles, not fewer: any three bytes
    # below 28 turn up in protobuf framing by chance (``08 03 12`` opens a
    # google.rpc.Status with code INVALID_ARGUMENT), which made this check fail on an
    # innocent error one fuzz run in a few; six such bytes in a row by chance are ~1e-9.
    if r is not None and not r.over and len(r.boneyard) >= BONEYARD_WINDOW:
        order = bytes(tile_index(t) for t in r.boneyard[:BONEYARD_WINDOW])
        if order in blob:
            found.append("boneyard order")
    hidden = hidden_tiles(match, viewer) - {tuple(sorted(t)) for t in named}
    for a, b in TILE_TEXT.findall(text):
        tile = (min(int(a), int(b)), max(int(a), int(b)))
        if tile in hidden:
            found.append(f"hidden tile {tile}")
    return found
