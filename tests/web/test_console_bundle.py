"""The operators' console is a page and bundle of its own (issue 33): nothing of it is in
the players' app -- no AdminService (whose name a bundle carries only inside the
base64-encoded descriptor protobuf-es embeds, so every alignment of it is looked for), no
console code or text -- while the console's own bundle has all of it (so the search can
find what it looks for).  The page `make run` serves (fiveup.devstack.webstack) has the
console at /console/, compressed and with the players' app's security headers, and the
players' pages never name it.  The nginx image serves it at the same path
(deploy/docker/nginx-web.conf: checked as text here, as its headers are in
tests/app/test_webstack_headers.py)."""

from __future__ import annotations

import base64
import math
import re
import urllib.request
from pathlib import Path

from .conftest import CONSOLE_DIR, WEB_DIR, WebStack, WebTools

NGINX = WEB_DIR.parents[1] / "deploy" / "docker" / "nginx-web.conf"
DOCKERFILE = NGINX.with_name("Dockerfile.web")
# What only the console has: its storage keys, its title, the SDK's operators' entry and
# the messages generated from admin.proto (by their file names in a source map).
CONSOLE_MARKERS = ("fiveup:console:", "Five Up console", "sdk/dist/admin.js", "admin_pb")


def base64_forms(needle: bytes) -> list[str]:
    """The base64 text that encodes ``needle`` wherever it starts in a longer encoded
    run: one per alignment (0, 1 or 2 bytes before it), only the characters all of whose
    bits are the needle's."""
    forms = []
    for before in range(3):
        encoded = base64.b64encode(b"\0" * before + needle + b"\0\0").decode()
        first = math.ceil(8 * before / 6)
        last = (8 * (before + len(needle))) // 6
        forms.append(encoded[first:last])
    return forms


def findings(folder: Path) -> dict[str, list[str]]:
    """Which files of ``folder`` hold AdminService or a console marker."""
    needles = ["AdminService", *base64_forms(b"AdminService"), *CONSOLE_MARKERS]
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and re.search(r"\.(js|map|html|css|json)$", path.name):
            text = path.read_text(errors="replace")
            hits = [n for n in needles if n in text]
            if hits:
                found[str(path.relative_to(folder))] = hits
    return found


def test_the_base64_forms_find_a_name_at_any_alignment() -> None:
    for before in range(3):
        run = base64.b64encode(b"x" * before + b"fiveup.v1.AdminService;" + b"y" * 5).decode()
        assert any(form in run for form in base64_forms(b"AdminService")), before
    assert not any(form in base64.b64encode(b"MatchService" * 3).decode()
                   for form in base64_forms(b"AdminService"))  # fmt: skip


def test_the_players_bundle_has_no_admin_service_and_no_console_code(web_tools: WebTools) -> None:
    # (its source maps included: they carry the generated code's comments, and a comment
    # of a shared proto naming the operators' service once reached them)
    assert (WEB_DIR / "dist" / "app.js").exists()
    assert findings(WEB_DIR / "dist") == {}


def test_the_console_bundle_has_what_the_search_looks_for(web_tools: WebTools) -> None:
    found = findings(CONSOLE_DIR / "dist")
    script = found["console.js"]
    assert any(form in script for form in base64_forms(b"AdminService")), script
    assert {"fiveup:console:", "Five Up console"} <= set(script)
    assert {"sdk/dist/admin.js", "admin_pb"} <= set(found["console.js.map"])


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_the_local_stack_serves_the_console_at_its_own_path(web_stack: WebStack) -> None:
    status, headers, page = get(f"{web_stack.url}/console/")
    assert status == 200 and page == (CONSOLE_DIR / "dist" / "index.html").read_bytes()
    assert b'src="console.js"' in page and b"noindex" in page
    _, app_headers, players_page = get(f"{web_stack.url}/")
    assert b"console" not in players_page and b"app.js" in players_page
    for name in ("content-security-policy", "x-frame-options", "referrer-policy"):
        assert headers[name] == app_headers[name], name
    status, headers, script = get(f"{web_stack.url}/console/console.js")
    assert status == 200 and headers["content-encoding"] == "br"  # its precompressed twin
    assert script == (CONSOLE_DIR / "dist" / "console.js.br").read_bytes()
    # the page's relative URLs resolve under /console/ only with the slash
    with urllib.request.urlopen(f"{web_stack.url}/console", timeout=10) as answer:
        assert answer.url == f"{web_stack.url}/console/"
    # the gateway's address comes from the players' app's config.json, one folder up
    _, _, config = get(f"{web_stack.url}/config.json")
    assert web_stack.gateway_url.encode() in config


def test_the_image_serves_the_console_at_the_same_path() -> None:
    nginx = NGINX.read_text()
    assert "location /console/ {" in nginx and "try_files $uri /console/index.html;" in nginx
    assert "location ~ ^/console/(index\\.html)?$ {" in nginx
    dockerfile = DOCKERFILE.read_text()
    assert "npm run build --workspace fiveup-console" in dockerfile
    assert "COPY --from=build /src/clients/console/dist /usr/share/nginx/html/console" in dockerfile
