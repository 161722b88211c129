"""The page `make run` serves sends the nginx image's security headers (issue 21,
finding 9: it sent no Content-Security-Policy; the strict one lived only in the image).
One definition: deploy/docker/security-headers.conf, included by nginx and read by the
local static server."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

from fiveup.devstack.webstack import SECURITY_HEADERS, security_headers, static_server

NGINX = SECURITY_HEADERS.with_name("nginx-web.conf")
DOCKERFILE = SECURITY_HEADERS.with_name("Dockerfile.web")
GATEWAY = "http://127.0.0.1:8080"


def test_nginx_includes_the_one_definition_everywhere_it_sends_headers() -> None:
    nginx = NGINX.read_text()
    assert "Content-Security-Policy" not in nginx  # only in the shared file
    # a location with add_header of its own inherits none, so each includes the file
    assert nginx.count("include /etc/nginx/security-headers.conf;") == 3
    assert "COPY deploy/docker/security-headers.conf /etc/nginx/security-headers.conf" in (
        DOCKERFILE.read_text()
    )
    assert "!deploy/docker/security-headers.conf" in (
        DOCKERFILE.with_name("Dockerfile.web.dockerignore").read_text()
    )


def test_the_local_page_sends_the_same_headers_with_the_gateway_allowed(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    lines = SECURITY_HEADERS.read_text()
    shipped = dict(re.findall(r'^add_header (\S+) "([^"]*)" always;$', lines, re.M))
    assert set(shipped) >= {"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"}
    with static_server(tmp_path, GATEWAY, openapi=None) as url:
        for path in ("/", "/index.html", "/config.json"):
            with urllib.request.urlopen(url + path, timeout=10) as answer:
                sent = {name: answer.headers[name] for name in shipped}
            csp = sent.pop("Content-Security-Policy")
            assert csp == shipped["Content-Security-Policy"].replace(
                "connect-src 'self'", f"connect-src 'self' {GATEWAY}"
            )
            assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
            assert sent == {k: v for k, v in shipped.items() if k != "Content-Security-Policy"}


def test_without_a_gateway_url_the_csp_is_the_image_own() -> None:
    shipped = security_headers("")
    assert "connect-src 'self';" in shipped["Content-Security-Policy"]
