"""The whole local stack for a browser: ``fiveup serve``, the Envoy gRPC-Web gateway in
front of it, and a static file server for the web app (clients/web/dist), which tells the
app where the gateway is (``/config.json``), with the operators' console (clients/console/dist,
its own bundle) at ``/console/``.  ``make run`` uses it:

    python -m fiveup.devstack.webstack [--port 8000] [--gateway-port 8080] [--address 127.0.0.1:50051]
    python -m fiveup.devstack.webstack --upstream 127.0.0.1:50051   # the browser part alone

It prints the URL to open and stops everything on Ctrl-C.  With ``--upstream`` it starts
no server: only Envoy and the web app, in front of a server that is already running
(which then sees every browser as the gateway unless it was started with
``--client-address-header x-forwarded-for --trusted-proxies 127.0.0.1``).  Local only: it binds
127.0.0.1 and the gateway admits only local origins (deploy/envoy/envoy.yaml).

The server signs access tokens with a key kept beside the database (``<db>.keys/local``,
made on first start, mode 0600; ``--token-keys`` or ``FIVEUP_ACCESS_TOKEN_KEYS`` name
another directory), so stopping and starting the stack keeps every browser signed in.

It also prints, once, an operator credential for the console (``/console/``): the
server signs it at start-up (``--print-operator-credential``, named after the login) and
the stack shows it on one line beside the console's address, before the line to open.
It lasts ``--operator-credential-ttl-seconds`` (12 hours): start the stack again, or run
``fiveup admin credential``, for another (docs/operations.md, "Operating a live
service").
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import getpass
import http.server
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

import jwt

from ..admin.operators import OPERATOR_CREDENTIAL_LINE, OPERATOR_NAME
from ..identity.keys import KeyConfigError, ensure_local_key, local_key_directory
from .gateway import Gateway, GatewayError
from .precompressed import choose

WEB_DIST = Path(__file__).resolve().parents[3] / "clients" / "web" / "dist"
# The operators' console: a page and bundle of its own, served under CONSOLE_PATH (the
# nginx image serves it at the same path: deploy/docker/nginx-web.conf).
CONSOLE_DIST = Path(__file__).resolve().parents[3] / "clients" / "console" / "dist"
CONSOLE_PATH = "/console"
# The REST API's OpenAPI document (`make openapi`, scripts/openapi.py; not committed).
OPENAPI = Path(__file__).resolve().parents[3] / "build" / "openapi" / "fiveup.swagger.json"
READY = re.compile(r"fiveup: gRPC listening on (\S+):(\d+)")
# The web app's security headers, the nginx image's own definition (one file for both).
SECURITY_HEADERS = (
    Path(__file__).resolve().parents[3] / "deploy" / "docker" / "security-headers.conf"
)
_ADD_HEADER = re.compile(r'^\s*add_header\s+(\S+)\s+"([^"]*)"\s+always;\s*$')


def security_headers(gateway_url: str, source: Path = SECURITY_HEADERS) -> dict[str, str]:
    """The headers of ``source`` (nginx ``add_header`` lines), the gateway's origin added
    to the CSP's connect-src: the page calls Envoy on its own port locally, on the
    page's origin behind the ingress."""
    headers = {}
    for line in source.read_text().splitlines():
        found = _ADD_HEADER.match(line)
        if found:
            headers[found.group(1)] = found.group(2)
    if not headers:
        raise ValueError(f"{source}: no add_header lines")
    csp = headers.get("Content-Security-Policy")
    if csp is not None and gateway_url:
        origin = "/".join(gateway_url.split("/", 3)[:3])
        headers["Content-Security-Policy"] = csp.replace(
            "connect-src 'self'", f"connect-src 'self' {origin}", 1
        )
    return headers


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """The bundle, plus /config.json naming the gateway and /openapi.json describing its
    REST API (pointed at the gateway); quiet, no caching surprises.  A file the build
    precompressed goes out as its .br or .gz twin to a browser that accepts it
    (``precompressed.choose``): app.js is a fifth of its size on the wire."""

    gateway_url = ""
    openapi: Path | None = None
    console: Path | None = None  # served under CONSOLE_PATH when set
    headers_to_send: dict[str, str] = {}  # set per server (static_server)
    _varies = False  # this answer depends on Accept-Encoding (set per request)

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        self._varies = False
        path = Path(self.translate_path(self.path))
        if not path.is_file():  # a folder (index.html, < 1 KiB, has no twins) or a 404
            return super().send_head()
        choice = choose(path, self.headers.get("Accept-Encoding"))
        self._varies = choice.varies
        if choice.encoding is None:
            return super().send_head()
        body = choice.path.open("rb")
        stat = os.fstat(body.fileno())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))  # the original's
        self.send_header("Content-Encoding", choice.encoding.name)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        return body

    def translate_path(self, path: str) -> str:
        """``/console/...`` from the console's folder, everything else from the app's."""
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if self.console is None or not (
            bare == CONSOLE_PATH or bare.startswith(CONSOLE_PATH + "/")
        ):
            return super().translate_path(path)
        own = self.directory
        try:  # the handler is made per request: its folder may change for this one
            self.directory = str(self.console)
            return super().translate_path(path[len(CONSOLE_PATH) :] or "/")
        finally:
            self.directory = own

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == "/config.json":
            self._json(200, {"gateway": self.gateway_url})
            return
        if path == "/openapi.json":
            if self.openapi is None or not self.openapi.exists():
                self._json(404, {"error": "no OpenAPI document: generate it with make openapi"})
                return
            document = json.loads(self.openapi.read_text())
            document["host"] = self.gateway_url.split("://", 1)[-1]
            document["schemes"] = [self.gateway_url.split("://", 1)[0]]
            self._json(200, document)
            return
        super().do_GET()

    def _json(self, status: int, value: object) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self._varies:
            self.send_header("Vary", "Accept-Encoding")
        for name, value in self.headers_to_send.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def static_server(
    folder: Path, gateway_url: str, host: str = "127.0.0.1", port: int = 0,
    openapi: Path | None = OPENAPI, console: Path | None = CONSOLE_DIST,
) -> Iterator[str]:  # fmt: skip
    """Serve ``folder`` on ``host:port`` in a thread, and ``console`` under
    ``/console/``; yields the base URL."""
    handler = type(
        "Handler", (StaticHandler,),
        {"gateway_url": gateway_url, "openapi": openapi, "console": console,
         "headers_to_send": security_headers(gateway_url)},
    )  # fmt: skip
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _echo(lines: Iterable[str]) -> None:
    """Keep passing the server's output on (and never let its pipe fill up)."""
    for line in lines:
        sys.stdout.write(line)


def valid_until(credential: str) -> str:
    """When ``credential`` expires, for the line that shows it (read, not verified: the
    server that printed it signed it)."""
    try:
        expires = jwt.decode(credential, options={"verify_signature": False})["exp"]
        return f"valid until {time.strftime('%H:%M', time.localtime(float(expires)))}"
    except (jwt.PyJWTError, KeyError, TypeError, ValueError):
        return "valid for --operator-credential-ttl-seconds"


def local_operator() -> str:
    """The name the local stack's operator credential is for: the login, when it is a
    name an operator may have, else ``operator``."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):  # no user name in a bare container
        return "operator"
    return login if OPERATOR_NAME.fullmatch(login) else "operator"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fiveup.devstack.webstack", description=__doc__)
    parser.add_argument("--port", type=int, default=8000, help="the web app's port")
    parser.add_argument("--gateway-port", type=int, default=8080, help="Envoy's gRPC-Web port")
    parser.add_argument("--address", default="127.0.0.1:50051", help="fiveup serve's address")
    parser.add_argument("--db", default="fiveup.sqlite3")
    parser.add_argument("--metrics-port", default="-1", help="the server's metrics port")
    parser.add_argument("--web-dir", type=Path, default=WEB_DIST)
    parser.add_argument("--console-dir", type=Path, default=CONSOLE_DIST)
    parser.add_argument("--upstream", help="a running server (host:port): start none")
    parser.add_argument(
        "--token-keys", type=Path,
        help="the access-token key directory (default: <db>.keys beside the database)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if not (args.web_dir / "index.html").exists():
        print(
            f"fiveup.devstack.webstack: no web app in {args.web_dir}: build it first (make web)",
            file=sys.stderr,
        )
        return 2
    if args.upstream:
        return serve_browser_part(args, args.upstream)
    keys: list[str] = []  # FIVEUP_ACCESS_TOKEN_KEYS set: the server reads it, untouched
    if not os.environ.get("FIVEUP_ACCESS_TOKEN_KEYS"):
        try:
            folder = ensure_local_key(args.token_keys or local_key_directory(args.db))
        except (KeyConfigError, OSError) as exc:
            print(f"fiveup.devstack.webstack: {exc}", file=sys.stderr)
            return 2
        keys = ["--access-token-keys", str(folder)]
    command = [
        sys.executable, "-m", "fiveup.cli", "serve", "--address", args.address, "--db", args.db,
        "--metrics-port", args.metrics_port, "--client-address-header", "x-forwarded-for",
        "--trusted-proxies", "127.0.0.1", "--print-operator-credential", local_operator(), *keys,
    ]  # fmt: skip
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1")
    )
    assert server.stdout is not None
    address, credential = None, ""
    for line in server.stdout:
        if line.startswith(OPERATOR_CREDENTIAL_LINE):  # shown once, below, with its console
            credential = line[len(OPERATOR_CREDENTIAL_LINE) :].strip()
            continue
        sys.stdout.write(line)
        found = READY.search(line)
        if found:
            address = f"{found.group(1)}:{found.group(2)}"
            break
    if address is None:
        print("fiveup.devstack.webstack: the server did not start (see above)", file=sys.stderr)
        return 1
    threading.Thread(target=_echo, args=(server.stdout,), daemon=True).start()
    try:
        return serve_browser_part(args, address, credential)
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=15)


def serve_browser_part(args: argparse.Namespace, upstream: str, credential: str = "") -> int:
    """Envoy in front of ``upstream`` and the web app, until Ctrl-C or SIGTERM
    (``credential``: an operator credential of the server, shown with the console)."""
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):  # Ctrl-C, or a supervisor's stop
        signal.signal(signum, lambda *_: stop.set())
    try:
        gateway = Gateway(upstream, listen=f"127.0.0.1:{args.gateway_port}")
        with (
            gateway,
            static_server(
                args.web_dir, gateway.url, port=args.port, console=args.console_dir
            ) as url,
        ):
            print(f"fiveup: gRPC-Web gateway (Envoy) on {gateway.url} -> {upstream}", flush=True)
            print(f"fiveup: REST/JSON on {gateway.url}/v1/... (OpenAPI: {url}/openapi.json)",
                  flush=True)  # fmt: skip
            if credential:
                print(f"fiveup: operator console {url}{CONSOLE_PATH}/ with this credential (shown"
                      f" once; {valid_until(credential)}): {credential}", flush=True)  # fmt: skip
            elif (args.console_dir / "index.html").exists():
                print(f"fiveup: the operators' console: {url}{CONSOLE_PATH}/", flush=True)
            print(f"fiveup: open {url}/ in a browser to play (Ctrl-C stops)", flush=True)
            stop.wait()
            print("fiveup: stopping", flush=True)
    except (GatewayError, OSError) as exc:
        print(f"fiveup.devstack.webstack: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
