"""The web image serves the operators' console at /console/ beside the players' app: its
nginx config (deploy/docker/nginx-web.conf), run by Debian's nginx on the folder the
image's Dockerfile lays out (the app's bundle at the root, the console's under
console/), answers /console with a relative redirect to /console/, the console's page
there (revalidated, not indexed, with the same security headers as the app's), its
bundle's gzip twins, and its page for any other path under /console/ -- while the app's
own paths stay the app's."""

from __future__ import annotations

import gzip
import os
import pwd
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from fiveup.devstack.gateway import free_port

from ..clients.conftest import in_ci
from .conftest import CONSOLE_DIR, WEB_DIR, WebTools

NGINX = "/usr/sbin/nginx"
CONFIG = WEB_DIR.parents[1] / "deploy" / "docker" / "nginx-web.conf"
HEADERS = CONFIG.with_name("security-headers.conf")


def server_block(html: Path, port: int) -> str:
    """The image's server block, pointed at this folder, port and headers file."""
    text = CONFIG.read_text()
    for old, new in (
        ("root /usr/share/nginx/html;", f"root {html};"),
        ("listen 8080;", f"listen 127.0.0.1:{port};"),
        ("include /etc/nginx/security-headers.conf;", f"include {HEADERS};"),
    ):
        assert old in text, old  # the image's config still says what this test rewrites
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def nginx(web_tools: WebTools, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not os.access(NGINX, os.X_OK):
        message = f"{NGINX} not found: scripts/install-browser.sh installs Debian's nginx"
        if in_ci():
            pytest.fail(message + " -- required when CI=true", pytrace=False)
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("nginx")
    html = folder / "html"  # as deploy/docker/Dockerfile.web copies the two bundles
    shutil.copytree(WEB_DIR / "dist", html)
    shutil.copytree(CONSOLE_DIR / "dist", html / "console")
    port = free_port()
    temp = folder / "temp"
    temp.mkdir()
    (folder / "server.conf").write_text(server_block(html, port))
    # workers as this user (nginx started by root would run them as nobody, who may not
    # read a test's temporary folder); the directive is ignored when not root
    user = pwd.getpwuid(os.getuid()).pw_name
    temps = [
        f"{kind}_temp_path {temp};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    ]
    main = [f"user {user};", f"pid {folder}/nginx.pid;", f"error_log {folder}/error.log;",
            "events {}", "http {", "include /etc/nginx/mime.types;", "access_log off;", *temps,
            f"include {folder}/server.conf;", "}"]  # fmt: skip
    (folder / "nginx.conf").write_text("\n".join(main) + "\n")
    proc = subprocess.Popen(
        [NGINX, "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"nginx did not start: {proc.communicate()[1]}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def get(url: str, gzip_ok: bool = False) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_the_console_page_is_served_at_its_path_with_the_apps_headers(nginx: str) -> None:
    status, headers, _ = get(f"{nginx}/console")
    assert status == 301 and headers["location"] == "/console/"  # relative: no :8080 leaks
    page = (CONSOLE_DIR / "dist" / "index.html").read_bytes()
    _, app_headers, app_page = get(f"{nginx}/")
    assert app_page == (WEB_DIR / "dist" / "index.html").read_bytes()
    for path in ("/console/", "/console/index.html", "/console/audit"):
        status, headers, body = get(f"{nginx}{path}")
        assert status == 200 and body == page, path
        assert headers["cache-control"] == "no-cache", path
        assert headers["x-robots-tag"] == "noindex, nofollow", path
        for name in ("content-security-policy", "x-frame-options", "referrer-policy",
                     "x-content-type-options"):  # fmt: skip
            assert headers[name] == app_headers[name], (path, name)


def test_the_console_bundle_goes_out_compressed(nginx: str) -> None:
    for name in ("console.js", "styles.css"):
        status, headers, body = get(f"{nginx}/console/{name}", gzip_ok=True)
        assert status == 200 and headers["content-encoding"] == "gzip", name
        assert gzip.decompress(body) == (CONSOLE_DIR / "dist" / name).read_bytes(), name
    status, headers, _ = get(f"{nginx}/console/fonts/noto-sans-devanagari-400.woff2")
    assert status == 200 and headers["content-type"] == "font/woff2"


def test_the_apps_paths_stay_the_apps(nginx: str) -> None:
    players = (WEB_DIR / "dist" / "index.html").read_bytes()
    for path in ("/", "/leaderboard", "/consoles"):
        status, _, body = get(f"{nginx}{path}")
        assert status == 200 and body == players, path
