"""A real ``fiveup serve`` in a child process, which tests can SIGKILL and start again (the
harness's other servers, in process and as a program: tests/harness.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
import urllib.request
from pathlib import Path

import grpc

from fiveup.v1 import match_pb2_grpc

from .harness import READY, ROOT

# The test clients all come from 127.0.0.1 and move as fast as they can: no abuse limits.
# Drain quickly on SIGTERM.
TEST_ENV = {
    "FIVEUP_RATE_LIMIT_PEER": "0",
    "FIVEUP_RATE_LIMIT_SEAT": "0",
    "FIVEUP_GRACE_SECONDS": "2",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_command(address: str, db: str, metrics_port: int = -1) -> list[str]:
    """``fiveup serve`` (as ``python -m fiveup.cli``).  Metrics are off unless a port is given."""
    return [sys.executable, "-m", "fiveup.cli", "serve", "--address", address, "--db", db,
            "--metrics-port", str(metrics_port)]  # fmt: skip


class ServerProcess:
    def __init__(
        self, db: str, log_path: Path, *, metrics: bool = False, env: dict[str, str] | None = None
    ) -> None:
        self.db = db
        self.env = env or {}
        self.log_path = log_path
        self.metrics = metrics
        self.metrics_port = -1
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0
        self.channel: grpc.aio.Channel | None = None
        self.stub: match_pb2_grpc.MatchServiceStub | None = None
        self.starts = 0
        self._drain: asyncio.Task[None] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def start(self, timeout: float = 30.0) -> None:
        assert self.proc is None, "already running"
        port = free_port()
        self.metrics_port = free_port() if self.metrics else -1
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **TEST_ENV, **self.env}
        log = self.log_path.open("ab")
        log.write(f"---- start {self.starts} on port {port}\n".encode())
        log.flush()
        self.proc = await asyncio.create_subprocess_exec(
            *serve_command(f"127.0.0.1:{port}", self.db, self.metrics_port),
            cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=log,
        )  # fmt: skip
        log.close()
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self._ready_line(), timeout)
        except (TimeoutError, EOFError):
            self.kill_now()
            await self.proc.wait()
            self.proc = None
            raise RuntimeError(f"server did not start; log:\n{self.log_tail()}") from None
        match = READY.search(line)
        assert match is not None
        self.port = int(match[2])
        self.starts += 1
        self._drain = asyncio.get_running_loop().create_task(self._drain_stdout())
        self.channel = grpc.aio.insecure_channel(self.target)
        self.stub = match_pb2_grpc.MatchServiceStub(self.channel)

    async def _ready_line(self) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        while True:
            raw = await self.proc.stdout.readline()
            if not raw:
                raise EOFError
            line = raw.decode(errors="replace")
            if READY.search(line):
                return line

    async def _drain_stdout(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while await self.proc.stdout.readline():
            pass

    def kill_now(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGKILL)

    async def kill(self) -> None:
        """SIGKILL: no draining, no cleanup, exactly like a crash."""
        self.kill_now()
        await self._reap()

    async def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM and wait for the graceful drain (SIGKILL if it takes too long)."""
        code: int | None = None
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                code = await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.kill_now()
        await self._reap()
        return code

    async def _reap(self) -> None:
        if self.proc is not None:
            await self.proc.wait()
        if self._drain is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain, 5)
        if self.channel is not None:
            await self.channel.close()
        self.proc = None
        self._drain = None
        self.channel = None
        self.stub = None

    async def metric(self, name: str) -> float:
        """The sum of a Prometheus metric's samples (``name`` without labels)."""
        assert self.metrics_port > 0, "started without metrics"

        def scrape() -> str:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=10
            ) as r:
                return str(r.read().decode())

        text = await asyncio.to_thread(scrape)
        total = 0.0
        for line in text.splitlines():
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", "{"):
                total += float(line.rsplit(" ", 1)[1])
        return total

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"
