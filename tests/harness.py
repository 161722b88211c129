"""The one harness that starts and stops a real server for the tests: a real port, a real
database and clients over real channels.

* in process: ``start``/``stop`` (``serving`` for both), and ``server_fixture`` for the
  fixture a module binds (``server = server_fixture(setting=value)``);
* as a program: ``start_process``/``stop_process`` (``running_server`` for both), the
  ``fiveup serve`` that clients, the terminal and the browsers talk to;
* one that tests SIGKILL and start again: ``ServerProcess`` in tests/serverproc.py.

Isolation is the default, so that no test sees another's matches, players or ratings (a
server shared by several modules made a leaderboard count other modules' matches, on a
loaded CI machine only): each server listens on a free port (``127.0.0.1:0``), and
``server_fixture`` gives each test a fresh database -- a new SQLite file in a folder of
its own, or the module's ``db`` (``database_on_each_store``: a new SQLite file or a new
PostgreSQL database per test).  tests/architecture/test_one_harness.py keeps
``create_server`` here."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest

from fiveup.app.config import ServerConfig
from fiveup.app.server import FiveUpServer, create_server
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, rules_pb2_grpc

from .rated_play import RELAXED_RATED_PLAY

ROOT = Path(__file__).resolve().parents[1]
READY = re.compile(r"fiveup: gRPC listening on (\S+):(\d+)")


@dataclass
class Running:
    app: FiveUpServer
    port: int
    channel: grpc.aio.Channel
    matches: match_pb2_grpc.MatchServiceStub
    rules: rules_pb2_grpc.RulesServiceStub
    db: Path | str

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"


async def start(
    db: Path | str, *, clock: Callable[[], float] = time.time, **overrides: object
) -> Running:
    """A server on a free port over ``db`` (``clock``: the application's wall clock)."""
    # bots at once (bot_delay: a pace for people, on by default, would only slow the tests)
    config = ServerConfig(
        address="127.0.0.1:0", db=str(db), metrics_port=-1, grace_seconds=2.0, bot_delay=0.0
    )
    for key, value in {**RELAXED_RATED_PLAY, **overrides}.items():
        setattr(config, key, value)
    app, port = await create_server(config, clock=clock)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    return Running(
        app,
        port,
        channel,
        match_pb2_grpc.MatchServiceStub(channel),
        rules_pb2_grpc.RulesServiceStub(channel),
        db,
    )


async def stop(running: Running) -> None:
    await running.channel.close()
    await running.app.stop(grace=1.0)


@contextlib.asynccontextmanager
async def serving(db: Path | str, **overrides: object) -> AsyncIterator[Running]:
    """``start`` and, whatever the test did, ``stop``."""
    running = await start(db, **overrides)
    try:
        yield running
    finally:
        await stop(running)


def server_fixture(*, on_each_store: bool = False, **overrides: object) -> Any:
    """A per-test fixture: a server with ``overrides`` (``ServerConfig`` fields) over a
    database of the test's own -- the module's ``db`` fixture when ``on_each_store``
    (``db = database_on_each_store(...)``: the tests run on SQLite and on PostgreSQL),
    else a new SQLite file in a new folder (two servers of one test never share it).
    Bind it under the name the tests ask for: ``server = server_fixture(...)``."""
    if on_each_store:

        @pytest.fixture
        async def over_each_store(db: str) -> AsyncIterator[Running]:
            async with serving(db, **overrides) as running:
                yield running

        return over_each_store

    @pytest.fixture
    async def over_sqlite(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Running]:
        folder = tmp_path_factory.mktemp("server")
        async with serving(folder / "matches.sqlite3", **overrides) as running:
            yield running

    return over_sqlite


def fiveup_command() -> list[str]:
    """``fiveup`` of this environment (the venv's script), else ``python -m fiveup.cli``."""
    script = Path(sys.executable).with_name("fiveup")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "fiveup.cli"]


@dataclass
class Server:
    address: str
    proc: subprocess.Popen[str]
    log: Path


def start_process(
    folder: Path, *flags: str, timeout: float = 30.0, program: Sequence[str] | None = None
) -> Server:
    """``fiveup serve`` on a free port with a fresh SQLite file in ``folder`` (and its log
    there); ``flags``: more of its flags; ``program``: the ``fiveup`` to run (default:
    ``fiveup_command()``).  ``stop_process`` stops it."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    command = [*(program or fiveup_command()), "serve", "--address", "127.0.0.1:0",
               "--db", str(folder / "fiveup.sqlite3"), "--metrics-port", "-1", *flags]  # fmt: skip
    with log.open("w") as err:
        proc = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
        )  # fmt: skip
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:  # keeps draining stdout so the server never blocks on it
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    deadline = time.monotonic() + timeout
    while True:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            line = None
        if line is None:
            stop_process(Server("", proc, log))
            raise RuntimeError(f"fiveup serve did not start:\n{log.read_text()[-3000:]}")
        found = READY.search(line)
        if found:
            return Server(f"{found.group(1)}:{found.group(2)}", proc, log)


def stop_process(server: Server) -> None:
    """SIGTERM, then SIGKILL if it has not ended in 20 s."""
    server.proc.terminate()
    try:
        server.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait(timeout=10)


@contextlib.contextmanager
def running_server(
    folder: Path, timeout: float = 30.0, extra: Sequence[str] = ()
) -> Iterator[Server]:
    """``start_process`` and, whatever the test did, ``stop_process``."""
    server = start_process(folder, *extra, timeout=timeout)
    try:
        yield server
    finally:
        stop_process(server)


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


def bot(kind: str = "random") -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=getattr(pb, f"BOT_KIND_{kind.upper()}"))


def auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def wait_for(predicate, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    """Poll an async predicate until it returns a truthy value (bounded, not a sleep-to-hide)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await predicate()
        if value:
            return value
        if loop.time() > deadline:
            raise TimeoutError("condition not reached")
        await asyncio.sleep(0.005)
