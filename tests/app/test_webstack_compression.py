"""The page `make run` serves sends the build's precompressed twins (issue 25: app.js went
out uncompressed): the .br or .gz beside a file, to a browser that accepts that coding,
with Content-Encoding and Vary; the file itself to one that accepts neither.  The real
bundle's twins are checked end to end in tests/web/test_compression.py."""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from fiveup.devstack.precompressed import accepted, choose
from fiveup.devstack.webstack import static_server

GATEWAY = "http://127.0.0.1:8080"
SCRIPT = b"export const greeting = 'namaste';\n" * 200
# Brotli is not in Python's standard library: the server sends the twin's bytes as they
# are, so any bytes show which file went out (tests/web decodes the real ones).
BROTLI_TWIN = b"\x1b brotli twin of app.js"


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "app.js").write_bytes(SCRIPT)
    (tmp_path / "app.js.gz").write_bytes(gzip.compress(SCRIPT))
    (tmp_path / "app.js.br").write_bytes(BROTLI_TWIN)
    (tmp_path / "only-gzip.css").write_bytes(b"body{}" * 300)
    (tmp_path / "only-gzip.css.gz").write_bytes(gzip.compress(b"body{}" * 300))
    (tmp_path / "plain.js").write_bytes(b"1;")
    return tmp_path


def fetch(url: str, accept_encoding: str | None) -> tuple[Message, bytes]:
    """The answer's headers (names case-insensitive) and its body as sent."""
    request = urllib.request.Request(url)
    if accept_encoding is not None:
        request.add_header("Accept-Encoding", accept_encoding)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.headers, answer.read()


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("gzip, deflate, br, zstd", "br"),  # what Chromium sends
        ("br;q=0.5, gzip", "gzip"),
        ("gzip;q=1.0, br;q=0", "gzip"),
        ("*", "br"),
        ("*;q=0.1, br;q=0", "gzip"),
        ("GZIP", "gzip"),
        ("gzip;q=bogus", None),
        ("identity", None),
        ("deflate", None),
        ("", None),
        (None, None),
    ],
)
def test_the_best_accepted_twin_goes_out_with_its_coding(
    bundle: Path, accept: str | None, coding: str | None
) -> None:
    with static_server(bundle, GATEWAY, openapi=None) as url:
        headers, body = fetch(url + "/app.js", accept)
    assert headers.get("Content-Encoding") == coding
    assert headers["Vary"] == "Accept-Encoding"  # a cache must not mix the variants up
    assert headers["Content-Type"] in {"text/javascript", "application/javascript"}
    assert headers["Content-Length"] == str(len(body))
    assert "Content-Security-Policy" in headers  # the security headers on every variant
    expected = {"br": BROTLI_TWIN, "gzip": gzip.compress(SCRIPT), None: SCRIPT}[coding]
    if coding == "gzip":
        assert gzip.decompress(body) == SCRIPT
    else:
        assert body == expected


def test_a_file_with_only_a_gzip_twin_or_none(bundle: Path) -> None:
    with static_server(bundle, GATEWAY, openapi=None) as url:
        headers, body = fetch(url + "/only-gzip.css", "br, gzip")
        assert headers["Content-Encoding"] == "gzip"
        assert headers["Content-Type"] == "text/css"
        assert gzip.decompress(body) == b"body{}" * 300
        headers, body = fetch(url + "/only-gzip.css", "br")  # br wanted, none built
        assert "Content-Encoding" not in headers and body == b"body{}" * 300
        headers, body = fetch(url + "/plain.js", "br, gzip")
        assert "Content-Encoding" not in headers and "Vary" not in headers and body == b"1;"
        headers, _ = fetch(url + "/", "br, gzip")  # a folder: its index.html, as before
        assert "Content-Encoding" not in headers and headers["Content-Type"] == "text/html"


def test_a_missing_file_is_still_a_404(bundle: Path) -> None:
    with (
        static_server(bundle, GATEWAY, openapi=None) as url,
        pytest.raises(urllib.error.HTTPError) as refused,
    ):
        fetch(url + "/nothing.js", "br")
    assert refused.value.code == 404


def test_accept_encoding_parsing() -> None:
    assert accepted("gzip;q=0.8, BR , *;q=0") == {"gzip": 0.8, "br": 1.0, "*": 0.0}
    assert accepted(" , ;q=1") == {}
    assert choose(Path("/nonexistent/app.js"), "br").encoding is None
