"""The servers of one benchmark configuration, sized for a load of the load model:
``bench.capacity`` and ``bench.cluster`` start them here.

A ``Config`` says how many ``fiveup serve`` processes (replicas on one database, or
workers of one server), on which store, and whether they wake each other through a bus
(NATS); ``servers`` starts them (a throwaway PostgreSQL database or a SQLite file in the
run's folder; a key directory they share when there are several) and stops them after.
``server_settings`` sizes their stream caps for the largest load and makes them believe
each simulated person's ``x-forwarded-for``; ``check_plan`` says, through the server's own
configuration, why they would refuse that load.  ``NatsProcess`` is a private
``nats-server`` for a run (its CPU time is read like the servers'); ``nats`` gives a run
its NATS: a named one, or a private one.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench._server import (
    TRUST_LOAD_ADDRESSES,
    ServerProcess,
    free_port,
    key_directory,
    postgres_database,
    proc_cpu_seconds,
    split_cpus,
)
from bench.load_model import MODEL, Model
from fiveup.app.config import ServerConfig, env_name

TURN_TIMEOUT = 120.0  # the servers' turn timer: deliveries are timed from it
# Calls in flight at once besides the streams: unary calls of thousands of people.
UNARY_HEADROOM = 1_000
SHARED_NATS = "nats://127.0.0.1:4222"  # when nats-server is not installed here


@dataclass(frozen=True)
class Config:
    name: str
    store: str  # sqlite | postgres
    replicas: int  # separate servers on one database
    workers: int  # processes of one server (SO_REUSEPORT)
    env: tuple[tuple[str, str], ...] = ()  # settings of this configuration's servers only
    model: Model = MODEL  # the load against them
    bus: bool = False  # wake each other through NATS (--bus)
    # One server of one process on one CPU, the load on the other (on two cores or more);
    # False: every server process floats over all CPUs.
    pin: bool = True
    # Replicas that share nothing: each its own database and bus subjects (as many
    # processes as a cluster, none of its traffic between them).
    apart: bool = False


@dataclass
class Fleet:
    """A configuration's servers, started; ``dbs``: their databases (one they share,
    or one each when they are apart)."""

    servers: list[ServerProcess] = field(default_factory=list)
    dbs: list[str] = field(default_factory=list)


def streams_needed(players: int, model: Model = MODEL) -> int:
    """The streams the load holds at most with ``players`` players (a player's FindMatch
    or WatchMatch, the spectators'), with a margin for reconnects overlapping."""
    return math.ceil(players * model.streams_per_player() * 1.1) + 50


def server_settings(max_players: int) -> dict[str, str]:
    """The servers' settings for this load: every person is a client address of its own
    behind a gateway the servers trust (so the per-client caps apply as in production,
    unchanged); the server-wide stream cap and gRPC's concurrent-call limit are sized for
    the largest step, since the defaults (1,000 streams) are a replica's capacity limit of
    their own (docs/scaling.md)."""
    streams = streams_needed(max_players)
    return {
        **{env_name(k): v for k, v in TRUST_LOAD_ADDRESSES.items()},
        "FIVEUP_MAX_SERVER_STREAMS": str(streams),
        "FIVEUP_MAX_CONCURRENT_RPCS": str(streams + UNARY_HEADROOM),
        "FIVEUP_TURN_TIMEOUT_SECONDS": str(TURN_TIMEOUT),
        "FIVEUP_LOG_LEVEL": "INFO",  # as deployed: the access log is part of the cost
    }


def check_plan(max_players: int, settings: dict[str, str], model: Model = MODEL) -> list[str]:
    """Why the servers, so configured, would refuse the load of ``max_players`` (empty:
    they admit it).  Read through the server's own configuration, so a changed default
    or a new cap is seen here first."""
    config = ServerConfig.from_env(settings)
    problems = list(config.problems())
    streams = streams_needed(max_players, model)
    if 0 < config.max_server_streams < streams:
        problems.append(f"max_server_streams {config.max_server_streams} < {streams} streams")
    if 0 < config.max_client_streams < 1:
        problems.append("max_client_streams admits no stream per person")
    per_match = 4 + model.spectators_per_match  # seats + spectators of the fullest match
    if 0 < config.max_watchers_per_match < per_match:
        problems.append(
            f"max_watchers_per_match {config.max_watchers_per_match} < {per_match} watchers"
        )
    for name in ("max_match_spectators", "max_spectators_per_match"):  # a spectator cap
        cap = getattr(config, name, 0)
        if 0 < cap < model.spectators_per_match:
            problems.append(f"{name} {cap} < the model's {model.spectators_per_match}")
    if config.client_address_header.lower() != "x-forwarded-for" or "127.0.0.1" not in (
        config.trusted_proxies
    ):
        problems.append("the servers do not take each person's address from x-forwarded-for")
    return problems


@contextlib.asynccontextmanager
async def servers(
    config: Config, settings: dict[str, str], pg_url: str, workdir: Path, *, bus_url: str = ""
) -> AsyncIterator[Fleet]:
    """The configuration's servers, started and ready (on the bus at ``bus_url`` when
    ``config.bus``, with subjects of their own); stopped (and their database dropped)
    after."""
    shared = {**settings, **dict(config.env)}
    fleet = Fleet()
    with contextlib.ExitStack() as stack:
        if config.replicas > 1 or config.workers > 1:
            shared["FIVEUP_ACCESS_TOKEN_KEYS"] = key_directory()
        if config.bus and not bus_url:
            raise ValueError(f"{config.name} runs on a bus: give its NATS URL")
        alone = config.replicas == 1 and config.workers == 1
        cpus = split_cpus()[0] if config.pin and alone else None
        try:
            env: dict[str, str] = {}
            for index in range(config.replicas):
                if index == 0 or config.apart:  # a database (and subjects) of their own
                    env = dict(shared)
                    if config.store == "postgres":
                        env["FIVEUP_DB"] = stack.enter_context(postgres_database(pg_url))
                    else:
                        env["FIVEUP_DB"] = str(workdir / f"{config.name}-{index}.sqlite3")
                    fleet.dbs.append(env["FIVEUP_DB"])
                    if config.bus:
                        env["FIVEUP_BUS"] = bus_url
                        env["FIVEUP_BUS_PREFIX"] = f"fiveupbench{uuid.uuid4().hex[:10]}"
                server = ServerProcess(
                    workdir, workers=config.workers, cpus=cpus, env=env, metrics=True
                )
                await asyncio.to_thread(server.start)
                fleet.servers.append(server)
            yield fleet
        finally:
            for server in fleet.servers:
                await asyncio.to_thread(server.stop)


class NatsProcess:
    """A ``nats-server`` of the run's own on a free port of 127.0.0.1 (no JetStream: the
    bus is core publish/subscribe), so its CPU time is the configuration's alone."""

    def __init__(self, log: Path) -> None:
        binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
        if not Path(binary).exists():
            raise FileNotFoundError("nats-server is not installed (Debian: nats-server)")
        self.binary = binary
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10.0) -> NatsProcess:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [self.binary, "-a", "127.0.0.1", "-p", str(self.port)],
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nats-server did not start: {self.log}") from None
                time.sleep(0.05)

    def cpu_seconds(self) -> float:
        assert self.proc is not None
        return proc_cpu_seconds(self.proc.pid)

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def nats(url: str, workdir: Path) -> Iterator[tuple[str, NatsProcess | None]]:
    """The run's NATS and its URL: ``url``'s when given (its CPU not measured), else a
    private ``nats-server`` (measured: the configuration's alone), else, without the
    binary, the shared one at ``SHARED_NATS`` (not measured)."""
    if url:
        yield url, None
        return
    try:
        process = NatsProcess(workdir / "nats.log").start()
    except FileNotFoundError as exc:
        print(f"{exc}: using {SHARED_NATS} (its CPU is not measured)", file=sys.stderr)
        yield SHARED_NATS, None
        return
    try:
        yield process.url, process
    finally:
        process.stop()
