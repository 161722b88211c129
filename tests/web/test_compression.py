"""The built bundle is minified and goes out compressed (issue 25: app.js was 209 KB on the
wire): the build writes a Brotli and a gzip twin of every script and stylesheet, and the
page `make run` serves sends the one the browser accepts, which decodes to exactly the
file the build wrote.  Brotli is decoded by Node's zlib (Python's standard library has
no Brotli).  The landing page's split is checked here too: it never names the table's
chunk, which only the table loads."""

from __future__ import annotations

import gzip
import re
import subprocess
import urllib.request

import pytest

from .conftest import WEB_DIR, WebStack

DIST = WEB_DIR / "dist"


def get(url: str, accept_encoding: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url)
    if accept_encoding is not None:
        request.add_header("Accept-Encoding", accept_encoding)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def brotli_decode(node: str, data: bytes) -> bytes:
    done = subprocess.run(
        [node, "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
         "require('fs').readFileSync(0)))"],
        input=data, capture_output=True, timeout=30, check=True,
    )  # fmt: skip
    return done.stdout


def assets() -> list[str]:
    # (a file under 1 KiB, as the service worker's sw.js, has no twins: precompress.mjs)
    names = sorted(
        p.name
        for p in DIST.iterdir()
        if re.search(r"\.(js|css)$", p.name) and p.stat().st_size >= 1024
    )
    assert (
        "app.js" in names and "styles.css" in names and any(n.startswith("chunk-") for n in names)
    )
    return names


@pytest.mark.parametrize("accept", ["gzip, deflate, br, zstd", "gzip", None])
def test_every_script_and_stylesheet_goes_out_compressed(
    web_stack: WebStack, accept: str | None
) -> None:
    for name in assets():
        original = (DIST / name).read_bytes()
        headers, body = get(f"{web_stack.url}/{name}", accept)
        assert headers["vary"] == "Accept-Encoding", name
        assert headers["content-length"] == str(len(body)), name
        if accept is None:
            assert "content-encoding" not in headers and body == original, name
            continue
        coding = "br" if "br" in accept else "gzip"
        assert headers["content-encoding"] == coding, name
        decoded = brotli_decode(web_stack.node, body) if coding == "br" else gzip.decompress(body)
        assert decoded == original, name
        assert len(body) < len(original) * 0.4, (name, len(body), len(original))


def test_the_bundle_is_minified_and_the_landing_page_leaves_the_table_out(
    web_stack: WebStack,
) -> None:
    app = (DIST / "app.js").read_text()
    assert app.count("\n") < 5 and "\n  " not in app  # minified: no indentation, few lines
    _, html = get(f"{web_stack.url}/", "br")  # index.html is under 1 KiB: sent as it is
    page = html.decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    static = re.findall(r'from"\./(chunk-[^"]+\.js)"', app)
    dynamic = re.findall(r'import\("\./(chunk-[^"]+\.js)"\)', app)
    assert preloaded == static and static, (preloaded, static)  # fetched beside app.js
    assert dynamic and not set(dynamic) & set(static)  # the table: loaded when it opens
    assert all((DIST / name).exists() for name in preloaded + dynamic)
