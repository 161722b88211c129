"""Benchmark: end-to-end move submission through gRPC, against a no-op RPC, per store.

    .venv/bin/python -m bench.moves [--smoke] [--seconds N] [--matches N]
                                    [--stores sqlite,postgres] [--pg-url URL]

For each store (a SQLite file; a fresh PostgreSQL database) it starts a real server
process (``fiveup serve``, one process, metrics off), creates ``--matches`` matches of
two human seats and a greedy bot (seats: human, bot, human) and runs one load-client
task per match, all at once (so the client concurrency is the number of matches).

Each task plays its match through the public API: ``GetMatch`` with the seat token of the
human to move (the view lists that seat's legal moves), then ``SubmitMove`` of one of the
listed moves with a fresh request id; while the bot is to move it waits on the match's
``WatchMatch`` stream (the server's bot answers on its own).  Finished matches are
replaced by new ones.  Two phases of ``--seconds`` each, on the same server, run in four
alternating slices (noop, submit, noop, submit...) so that load drifting on a shared
machine weighs on both alike:

* **noop**: the same loop with ``SubmitMove`` replaced by the standard health check
  ``grpc.health.v1.Health/Check`` (nothing is written, nobody moves);
* **submit**: the real loop.

``submit_vs_noop = (SubmitMove calls/s) / (Check calls/s)`` at the same concurrency, so
the listing call, the client and gRPC costs are in both, and the ratio shows what the
move itself costs: the engine, the durable append (commit before the answer), the bot's
answer with its own append, and the watchers' wake-ups.  A plain Check-only loop is
reported too, for scale.  Latencies are client-side, per call.  It prints moves/s,
p50/p99 per phase and store and, last, one line per store:

    RESULT submit_vs_noop_sqlite=<ratio>
    RESULT submit_vs_noop_postgres=<ratio>

PostgreSQL: a maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else
``postgresql://postgres@127.0.0.1:5432/postgres``) is used to create and drop a
throwaway database.  ``--smoke`` runs tiny phases so a test can check the output format.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import socket
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ._server import CROWD_LIMITS_OFF

ROOT = Path(__file__).resolve().parent.parent
READY = re.compile(r"fiveup: gRPC listening on (\S+):(\d+)")
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
SEATS = [
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
    pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY),
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
]
HUMANS = (0, 2)

_FALLBACK = """
import asyncio, dataclasses, sys
from fiveup.app.config import ServerConfig
from fiveup.app.server import serve
config = dataclasses.replace(ServerConfig.from_env(), address=sys.argv[1], db=sys.argv[2], metrics_port=-1)
asyncio.run(serve(config))
"""

# name -> (database kind, extra environment of the server).  The first two are the
# headline; the others show what the durability and notification choices cost.
VARIANTS: dict[str, tuple[str, dict[str, str]]] = {
    "sqlite": ("sqlite", {"FIVEUP_SQLITE_SYNCHRONOUS": "normal"}),
    "postgres": ("postgres", {"FIVEUP_PG_NOTIFY": "transaction"}),
    "sqlite_full": ("sqlite", {"FIVEUP_SQLITE_SYNCHRONOUS": "full"}),
    "postgres_after_commit": ("postgres", {"FIVEUP_PG_NOTIFY": "after_commit"}),
}
HEADLINE = ("sqlite", "postgres")
# One load client, one address, as fast as it can: the per-client abuse limits are off,
# the call rates and a crowd's sign-ins and tables alike.
SERVER_ENV = {"FIVEUP_RATE_LIMIT_PEER": "0", "FIVEUP_RATE_LIMIT_SEAT": "0", **CROWD_LIMITS_OFF}


# ---------------------------------------------------------------------- the server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_command(address: str, db: str) -> list[str]:
    from fiveup.cli import commands as cli

    if "serve" in cli.COMMANDS:
        # bots at once: the benchmark times the server, not a person's pace (bot_delay)
        return [sys.executable, "-m", "fiveup.cli", "serve", "--address", address,
                "--db", db, "--metrics-port", "-1", "--bot-delay", "0"]  # fmt: skip
    return [sys.executable, "-c", _FALLBACK, address, db]


@contextlib.asynccontextmanager
async def running_server(
    db: str, env: dict[str, str] | None = None
) -> AsyncIterator[tuple[str, int]]:
    """A ``fiveup serve`` child process; yields (target address, pid)."""
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        *server_command(f"127.0.0.1:{port}", db),
        cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1", **SERVER_ENV, **(env or {})},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    drains: list[asyncio.Task[bytes]] = []
    try:
        while True:
            line = await asyncio.wait_for(proc.stdout.readline(), 60)
            if not line:
                err = await proc.stderr.read()
                raise RuntimeError(f"server failed to start:\n{err.decode(errors='replace')}")
            found = READY.search(line.decode(errors="replace"))
            if found:
                break
        drains = [asyncio.ensure_future(s.read()) for s in (proc.stdout, proc.stderr)]
        yield f"127.0.0.1:{found[2]}", proc.pid
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), 20)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        for d in drains:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(d, 5)


@contextlib.contextmanager
def postgres_database(maintenance: str) -> Iterator[str]:
    """A throwaway database on the server of ``maintenance`` (a postgresql:// URL)."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    name = f"fiveup_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    info = conninfo_to_dict(maintenance)
    user = info.get("user", "postgres")
    password = info.get("password")
    creds = f"{user}:{password}" if password else f"{user}"
    host, port = info.get("host", "127.0.0.1"), info.get("port", 5432)
    try:
        yield f"postgresql://{creds}@{host}:{port}/{name}"
    finally:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# ---------------------------------------------------------------------- the load


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)  # of the counted call
    calls: int = 0
    other_calls: int = 0
    elapsed: float = 0.0

    def add(self, other: Phase) -> None:
        self.latencies.extend(other.latencies)
        self.calls += other.calls
        self.other_calls += other.other_calls
        self.elapsed += other.elapsed

    @property
    def rate(self) -> float:
        return self.calls / self.elapsed if self.elapsed else 0.0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        data = sorted(self.latencies)
        return data[min(len(data) - 1, int(q * len(data)))] * 1000


@dataclass
class Table:
    """One match driven by one client task."""

    stub: match_pb2_grpc.MatchServiceStub
    match_id: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    version: int = 0  # highest version seen on the stream
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    stream: asyncio.Task[None] | None = None
    finished: bool = False

    async def new_match(self) -> None:
        if self.stream is not None:
            self.stream.cancel()
            await asyncio.gather(self.stream, return_exceptions=True)
        created = await self.stub.CreateMatch(pb.CreateMatchRequest(seats=SEATS))
        self.match_id, self.version, self.finished = created.match_id, created.version, False
        self.tokens = {}
        for seat in HUMANS:
            joined = await self.stub.JoinMatch(
                pb.JoinMatchRequest(match_id=self.match_id, seat=seat)
            )
            self.tokens[seat] = joined.seat_token
        self.stream = asyncio.ensure_future(self._follow())

    async def _follow(self) -> None:
        call = self.stub.WatchMatch(pb.WatchMatchRequest(match_id=self.match_id))
        with contextlib.suppress(grpc.aio.AioRpcError):
            async for item in call:
                self.version = max(self.version, item.event.version)
                self.changed.set()
        self.finished = True
        self.changed.set()

    async def wait_beyond(self, version: int, timeout: float = 1.0) -> None:
        """Until the stream shows a version beyond ``version`` (or ``timeout``: list anyway)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.version <= version and not self.finished:
            self.changed.clear()
            if self.version > version:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - loop.time()))
            if loop.time() >= deadline:
                return

    async def close(self) -> None:
        if self.stream is not None:
            self.stream.cancel()
            await asyncio.gather(self.stream, return_exceptions=True)


def _auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def drive(
    table: Table,
    health: health_pb2_grpc.HealthStub,
    phase: Phase,
    stop: asyncio.Event,
    rng: random.Random,
    *,
    submit: bool,
) -> None:
    """Play ``table`` until ``stop``: list (GetMatch) then submit (or Check, for noop)."""
    check = health_pb2.HealthCheckRequest(service="")
    seat = HUMANS[0]  # the human expected to move next
    beyond = 0  # the bot is to move: wait for a version beyond this before listing
    while not stop.is_set():
        if table.finished or not table.match_id:
            await table.new_match()
            seat, beyond = HUMANS[0], 0
        if beyond:
            await table.wait_beyond(beyond)  # the bot answers on its own
            beyond = 0
        view = (
            await table.stub.GetMatch(
                pb.GetMatchRequest(match_id=table.match_id, min_version=table.version),
                metadata=_auth(table.tokens[seat]),
            )
        ).view
        phase.other_calls += 1
        if view.status == pb.MATCH_STATUS_FINISHED:
            table.finished = True
            continue
        if view.turn_seat != seat:
            if view.turn_seat in table.tokens:
                seat = view.turn_seat  # the other human: ask with its token
            else:
                beyond = view.version
            continue
        started = time.perf_counter()
        if not submit:
            await health.Check(check)
        else:
            try:
                response = await table.stub.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=table.match_id, move=rng.choice(list(view.legal_moves)),
                        expected_version=view.version, request_id=uuid.uuid4().hex,
                    ),
                    metadata=_auth(table.tokens[seat]),
                )  # fmt: skip
            except grpc.aio.AioRpcError as exc:
                if exc.code() != grpc.StatusCode.ABORTED:  # a bot raced us: list again
                    raise
                phase.other_calls += 1
                continue
            table.version = max(table.version, response.version)
            following = (seat + 1) % len(SEATS)
            if response.HasField("round_ended") or response.HasField("drawn_tile"):
                pass  # a new deal, or a drawer moving again: GetMatch says who is next
            elif following not in table.tokens:  # the bot's turn, then the other human's
                seat, beyond = HUMANS[1] if seat == HUMANS[0] else HUMANS[0], response.version
            else:
                seat = following
        if not stop.is_set():
            phase.latencies.append(time.perf_counter() - started)
            phase.calls += 1


async def plain_checks(
    health: health_pb2_grpc.HealthStub, phase: Phase, stop: asyncio.Event
) -> None:
    check = health_pb2.HealthCheckRequest(service="")
    while not stop.is_set():
        started = time.perf_counter()
        await health.Check(check)
        if not stop.is_set():
            phase.latencies.append(time.perf_counter() - started)
            phase.calls += 1


async def run_phase(
    name: str, seconds: float, tables: list[Table], health: health_pb2_grpc.HealthStub,
    rng: random.Random, *, submit: bool | None,
) -> Phase:  # fmt: skip
    phase = Phase(name)
    stop = asyncio.Event()
    if submit is None:
        tasks = [asyncio.ensure_future(plain_checks(health, phase, stop)) for _ in tables]
    else:
        tasks = [
            asyncio.ensure_future(drive(t, health, phase, stop, rng, submit=submit)) for t in tables
        ]
    started = time.perf_counter()
    await asyncio.sleep(seconds)
    phase.elapsed = time.perf_counter() - started
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return phase


async def bench_store(
    label: str, db: str, env: dict[str, str], seconds: float, matches: int, warmup: float,
    profile: Path | None = None, rounds: int = 4,
) -> float:  # fmt: skip
    rng = random.Random(1)
    async with running_server(db, env) as (target, pid):
        channel = grpc.aio.insecure_channel(
            target, options=[("grpc.max_concurrent_streams", 10_000)]
        )
        stub = match_pb2_grpc.MatchServiceStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        tables = [Table(stub) for _ in range(matches)]
        try:
            await asyncio.gather(*(t.new_match() for t in tables))
            await run_phase("warmup", warmup, tables, health, rng, submit=True)
            plain = await run_phase("check", seconds / 2, tables, health, rng, submit=None)
            # Alternate the two phases in short slices, so a machine whose load drifts
            # during the run (a shared CI box) weighs on both alike.
            noop, moves = Phase("noop"), Phase("submit")
            spy = (
                await start_py_spy(pid, seconds * 2, profile / f"{label}.txt") if profile else None
            )
            for _ in range(rounds):
                noop.add(
                    await run_phase("noop", seconds / rounds, tables, health, rng, submit=False)
                )
                moves.add(
                    await run_phase("submit", seconds / rounds, tables, health, rng, submit=True)
                )
            if spy is not None:
                await spy.wait()
        finally:
            for t in tables:
                await t.close()
            await channel.close()
    ratio = moves.rate / noop.rate if noop.rate else 0.0
    settings = " ".join(f"{k}={v}" for k, v in env.items())
    print(f"{label} ({settings}): {matches} concurrent matches = client concurrency", flush=True)
    names = {"check": "Check alone", "noop": "list + Check", "submit": "list + Submit"}
    for p in (plain, noop, moves):
        what = f"{names[p.name]:14s}"
        print(
            f"  {what} {p.rate:9.0f} calls/s   p50 {p.pct(0.5):6.2f} ms   p99 {p.pct(0.99):6.2f} ms"
            f"   ({p.calls} calls, {p.other_calls} other calls, {p.elapsed:.1f}s)"
        )
    print(f"  moves/s (SubmitMove acknowledged): {moves.rate:.0f}   submit/noop {ratio:.2f}")
    if profile is not None and (profile / f"{label}.txt").exists():
        print(summarise_profile(profile / f"{label}.txt"))
    return ratio


# ---------------------------------------------------------------------- profiling


async def start_py_spy(pid: int, seconds: float, out: Path) -> asyncio.subprocess.Process | None:
    """Sample the server during the submit phase with py-spy (raw collapsed stacks)."""
    exe = os.environ.get("PY_SPY") or shutil.which("py-spy")
    if exe is None:
        print("  (--profile: py-spy not found; set PY_SPY=/path/to/py-spy)")
        return None
    out.parent.mkdir(parents=True, exist_ok=True)
    return await asyncio.create_subprocess_exec(
        exe, "record", "-p", str(pid), "-d", str(max(1, int(seconds))), "-r", "250",
        "-f", "raw", "-o", str(out),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip


def summarise_profile(path: Path, top: int = 22) -> str:
    """Share of the server's busy samples spent in (below) each function."""
    inclusive: dict[str, int] = {}
    total = 0
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        stack, count = line.rsplit(" ", 1)
        n = int(count)
        total += n
        seen: set[str] = set()
        for frame in stack.split(";"):
            name = frame.split(" (")[0]
            where = frame.split(" (")[1].split(":")[0] if " (" in frame else ""
            key = f"{name} ({where})"
            if key not in seen:
                seen.add(key)
                inclusive[key] = inclusive.get(key, 0) + n
    interesting = [
        (n, k) for k, n in inclusive.items()
        if any(p in k for p in ("fiveup/", "psycopg", "sqlite3", "logging/__init__"))
    ]  # fmt: skip
    lines = [f"  py-spy, submit phase: {total} busy samples; time spent in (and below):"]
    for n, k in sorted(interesting, reverse=True)[:top]:
        lines.append(f"    {n / total * 100:5.1f}%  {k}")
    return "\n".join(lines)


# ---------------------------------------------------------------------- store level


async def store_appends(
    kind: str, db: str, env: dict[str, str], seconds: float, writers: int
) -> float:
    """Appends/s straight through the store API (no gRPC, no engine): ``writers`` tasks,
    each appending one small event at a time to its own match, as the server does."""
    from fiveup.match.ports import MatchRecord
    from fiveup.store.postgres.events import PostgresStore
    from fiveup.store.sqlite.events import SqliteStore

    store: SqliteStore | PostgresStore
    if kind == "sqlite":
        store = SqliteStore(db, synchronous=env["FIVEUP_SQLITE_SYNCHRONOUS"])
    else:
        store = PostgresStore(db, notify=env["FIVEUP_PG_NOTIFY"])
    await store.open()
    body = {"type": "tile_placed", "seat": 0, "tile": [5, 5], "on": None, "points": 10}
    try:
        prefix = uuid.uuid4().hex[:8]
        for w in range(writers):
            record = MatchRecord(f"{prefix}-{w}", ("human", "greedy"), 61, bytes(32), time.time())
            await store.create_match(record, [body])
        stop = time.perf_counter() + seconds
        counts = [0] * writers

        async def writer(w: int) -> None:
            version = 1
            while time.perf_counter() < stop:
                version = await store.append(f"{prefix}-{w}", version, [body])
                counts[w] += 1

        started = time.perf_counter()
        await asyncio.gather(*(writer(w) for w in range(writers)))
        return sum(counts) / (time.perf_counter() - started)
    finally:
        await store.close()


def _pg_reachable(url: str) -> str | None:
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=5) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return str(exc).strip()
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--matches", type=int, default=64, help="concurrent matches (clients)")
    parser.add_argument(
        "--stores",
        default=",".join(VARIANTS),
        help=f"comma-separated, from {', '.join(VARIANTS)} (default: all; --smoke: the first two)",
    )
    parser.add_argument("--pg-url", default=os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_PG))
    parser.add_argument("--smoke", action="store_true", help="tiny phases (format check)")
    parser.add_argument(
        "--profile", type=Path, default=None, metavar="DIR",
        help="record the server with py-spy during each submit phase into DIR/<store>.txt",
    )  # fmt: skip
    parser.add_argument(
        "--store-level", action="store_true",
        help="instead: appends/s straight through the store API, 1 and --matches writers",
    )  # fmt: skip
    args = parser.parse_args(argv)
    rounds = 4
    if args.smoke:
        args.seconds, args.matches, rounds = 0.6, min(args.matches, 8), 1
        if args.stores == parser.get_default("stores"):
            args.stores = ",".join(HEADLINE)
    warmup = 0.3 if args.smoke else min(3.0, args.seconds / 3)
    names = [s.strip() for s in args.stores.split(",") if s.strip()]
    for name in names:
        if name not in VARIANTS:
            parser.error(f"unknown store {name!r} (choose from {', '.join(VARIANTS)})")
    results: dict[str, float] = {}
    pg_problem = (
        _pg_reachable(args.pg_url) if any(VARIANTS[n][0] == "postgres" for n in names) else None
    )
    if args.store_level:
        for name in names:
            kind, env = VARIANTS[name]
            if kind == "postgres" and pg_problem is not None:
                print(f"{name}: skipped, PostgreSQL not reachable: {pg_problem}")
                continue
            for writers in sorted({1, args.matches}):
                with contextlib.ExitStack() as stack:
                    if kind == "sqlite":
                        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="fiveup-"))
                        db = str(Path(tmp) / "bench.sqlite3")
                    else:
                        db = stack.enter_context(postgres_database(args.pg_url))
                    rate = asyncio.run(store_appends(kind, db, env, args.seconds, writers))
                print(f"{name:22s} {writers:4d} writers: {rate:8.0f} appends/s", flush=True)
        return 0
    for name in names:
        kind, env = VARIANTS[name]
        if kind == "sqlite":
            with tempfile.TemporaryDirectory(prefix="fiveup-bench-") as tmp:
                db = str(Path(tmp) / "bench.sqlite3")
                results[name] = asyncio.run(
                    bench_store(
                        name, db, env, args.seconds, args.matches, warmup, args.profile, rounds
                    )
                )
        elif pg_problem is not None:
            print(f"{name}: skipped, PostgreSQL not reachable at {args.pg_url}: {pg_problem}")
        else:
            with postgres_database(args.pg_url) as url:
                results[name] = asyncio.run(
                    bench_store(
                        name, url, env, args.seconds, args.matches, warmup, args.profile, rounds
                    )
                )
    extra = [n for n in results if n not in HEADLINE]
    if extra:
        print("other settings: " + ", ".join(f"submit_vs_noop_{n}={results[n]:.2f}" for n in extra))
    for name in HEADLINE:
        if name in results:
            print(f"RESULT submit_vs_noop_{name}={results[name]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
