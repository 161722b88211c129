"""NATS for tests, and the one rule about a missing server (as ``postgres_db.py``).

The shared server is ``nats://127.0.0.1:4222`` unless ``FIVEUP_TEST_NATS_URL`` names
another; tests that need it are skipped when it cannot be reached, except under
``CI=true``, where they fail: CI must never pass by skipping the bus.  Each test takes
its own subject prefix, so tests (and deployments) sharing one server never hear each
other.  A fault test starts a NATS server of its own (``NatsServer``: the binary on a
free port) so it can stop and restart it without touching the shared one, and may put a
``CuttableProxy`` between one replica and it to drop that replica's connection alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import uuid
from pathlib import Path

import pytest

from .postgres_db import in_ci

DEFAULT_URL = "nats://127.0.0.1:4222"

_failure: str | None = None


def nats_url() -> str:
    return os.environ.get("FIVEUP_TEST_NATS_URL") or DEFAULT_URL


def _unavailable(why: str) -> None:
    if in_ci():
        pytest.fail(why + " (CI=true: the bus tests must run)", pytrace=False)
    pytest.skip(why)


def _address(url: str) -> tuple[str, int]:
    hostport = url.partition("://")[2].rpartition("@")[2]
    host, _, port = hostport.partition(":")
    return host, int(port or 4222)


def require_nats() -> str:
    """The shared NATS URL, or skip (fail under CI=true) when nothing answers there."""
    global _failure
    url = nats_url()
    if _failure is None:
        try:
            with socket.create_connection(_address(url), timeout=3) as sock:
                sock.settimeout(3)
                if not sock.recv(7).startswith(b"INFO"):
                    raise OSError("not a NATS server")
        except OSError as exc:
            _failure = f"NATS not reachable at {url}: {exc}"
    if _failure is not None:
        _unavailable(_failure)
    return url


def prefix() -> str:
    """A subject prefix of the test's own."""
    return f"fiveuptest{uuid.uuid4().hex[:12]}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def accepting(port: int, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.02)
            continue
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return


class NatsServer:
    """A nats-server process of the test's own on a free port; ``stop`` and ``start``
    again keep the port (a restart, as an operator's or a crash's)."""

    def __init__(self, log: Path) -> None:
        binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
        if not Path(binary).exists():
            _unavailable("nats-server is not installed (Debian: apt-get install nats-server)")
        self.binary = binary
        self.port = free_port()
        self.log = log
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    async def start(self) -> None:
        with self.log.open("ab") as out:
            self._proc = subprocess.Popen(
                [self.binary, "-a", "127.0.0.1", "-p", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip
        await accepting(self.port)

    async def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            await asyncio.to_thread(proc.wait)


class CuttableProxy:
    """A TCP relay to ``target_port``: ``cut()`` drops every connection through it and
    refuses new ones until ``heal()`` (one replica losing the bus, the others not)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.cut_off = False
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def cut(self) -> None:
        self.cut_off = True
        for writer in list(self._writers):
            writer.transport.abort()

    def heal(self) -> None:
        self.cut_off = False

    async def close(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            for w in (writer, up_writer):
                self._writers.discard(w)
                w.transport.abort()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError, ConnectionError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.transport.abort()
