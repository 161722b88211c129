"""bench.appends: appends a second on one PostgreSQL, our event store's beside the
database's own floor, for each way of waking the other replicas.

    .venv/bin/python -m bench.appends [--writers 1,2,4,8,16,32] [--seconds S] [--rounds R]
                                      [--pg-url URL] [--nats URL] [--smoke]

One fresh database (``fiveup_bench_appends_<pid>_...``, created and dropped here) and,
for each number of writers, four ways of committing the moves of real matches (greedy
bots playing them through the engine beforehand: their events, one move's at a time):

* ``floor``: the rows an append of one move writes -- its events, its idempotency
  record, the finished flag with a match's last move -- inserted by psycopg in one
  statement, one transaction committed per move: nothing of ours around them;
* ``transaction``: our store's append (``PostgresStore.append``: ``fiveup_append``, its
  version and request checks included) with ``--pg-notify transaction``;
* ``after_commit``: the same with ``--pg-notify after_commit``;
* ``bus``: the same with ``--bus``: no NOTIFY, the match id published on NATS.

Each writer is an asyncio task with a connection of its own (the floor's opened by
psycopg; the store's from its pool, sized to the writers so that no writer waits for a
connection as the floor's never does), appending the next move of a match of its own and,
when the match has ended, taking the next: writers never race on a version, as players
of different matches never do.  All writers run in this one process: the Python client's
cost (psycopg's, and for the store modes ours) is part of every line, the floor's too.  A
second process, "another replica", hears the wake-ups (``LISTEN`` for the NOTIFY modes, a
NATS subscription for the bus), so they are delivered as in a cluster; its counts are
printed.

Each cell runs for ``S`` seconds after a short warm-up, in ``R`` rounds that go through
every writer count and mode in turn (a shared machine's drift weighs on all of them
alike).  Printed: appends a second (all rounds together), each mode's share of the floor,
the CPU per append of this client process and of the database's backends (from /proc,
when the server is local), and p99 latency.  PostgreSQL runs with its own settings
(``synchronous_commit``, ``fsync``, ``commit_delay``: printed, never changed).  Last:

    RESULT appends_vs_floor=<bus at the most writers / floor at the most writers>

PostgreSQL: a maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else
postgresql://postgres@127.0.0.1:5432/postgres).  NATS: ``--nats URL``, else a private
``nats-server`` started here on a free port (the binary on PATH or in /usr/sbin), else
nats://127.0.0.1:4222.  ``--smoke``: 1 and 4 writers, every mode, a second or so each
(tests/test_bench_appends_smoke.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from bench._server import free_port, percentile, pg_problem, postgres_database, proc_cpu_seconds
from fiveup.bots import make_bot, seeded_rng
from fiveup.bus.nats_bus import NatsBus
from fiveup.bus.ports import MATCH
from fiveup.engine import Match, MatchConfig, view_for
from fiveup.match.event_mapper import to_bodies
from fiveup.match.matches import new_match_id
from fiveup.match.ports import MatchRecord, RequestRecord, encode_event
from fiveup.shared.redact import redact_url
from fiveup.store import wake_by_bus
from fiveup.store.postgres.events import PostgresStore

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_NATS = "nats://127.0.0.1:4222"
MODES = ("floor", "transaction", "after_commit", "bus")
FULL_WRITERS = (1, 2, 4, 8, 16, 32)
SMOKE_WRITERS = (1, 4)
GAMES = 8  # distinct scripted matches (each ~350 moves to 61 points), dealt round robin
# Matches made ready before a cell: enough for this many appends a second per writer
# (a writer that runs out makes one more on the spot, outside no window: counted).
PLANNED_RATE_PER_WRITER = 1_500

# The floor: one statement, one transaction, per move -- the events of the move and its
# idempotency record (and, with the last move, the finished flag), as fiveup_append
# writes them, without its checks.
_EVENTS = (
    "INSERT INTO events (match_id, version, body)"
    " SELECT %(m)s, %(v)s + t.n::INTEGER, t.body::JSONB"
    " FROM unnest(%(b)s::TEXT[]) WITH ORDINALITY AS t(body, n)"
)
_REQUEST = "INSERT INTO requests VALUES (%(m)s, %(r)s, %(s)s, %(f)s, %(first)s, %(last)s)"
FLOOR = f"WITH e AS ({_EVENTS}) {_REQUEST}"
FLOOR_LAST = (
    f"WITH e AS ({_EVENTS}), d AS (UPDATE matches SET finished = TRUE WHERE match_id = %(m)s)"
    f" {_REQUEST}"
)


# ---------------------------------------------------------------------- the matches


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    fingerprint: str  # as the server records it: f"{seat}:{action}"
    bodies: list[dict[str, Any]]  # the store's input
    texts: list[str]  # the same, encoded as every store writes them (the floor's input)
    finished: bool


@dataclass(frozen=True, slots=True)
class Game:
    config: MatchConfig
    opening: list[dict[str, Any]]  # what create_match writes
    moves: list[Move]


def play_games(count: int) -> list[Game]:
    """``count`` two-seat matches played to their end by greedy bots, move by move."""
    games = []
    for index in range(count):
        seed = hashlib.sha256(f"bench.appends/{index}".encode()).digest()
        config = MatchConfig(seats=("human", "human"), seed=seed, target_points=61)
        match, opening = Match.start(config)
        bots = [make_bot("greedy", seeded_rng(f"{index}/{s}")) for s in range(2)]
        moves = []
        while (seat := match.to_move()) is not None:
            action = bots[seat].choose(view_for(match, seat))
            bodies = to_bodies(match.act(seat, action))
            texts = [encode_event(b) for b in bodies]
            moves.append(Move(seat, f"{seat}:{action}", bodies, texts, match.finished))
        games.append(Game(config, to_bodies(opening), moves))
    return games


class Supply:
    """The matches of one cell, created before it (through the store's own
    ``create_match``), each with the game it follows; ``leftovers`` are ended after the
    cell so that no later store wakes them when it opens."""

    def __init__(self, maker: PostgresStore, games: list[Game]) -> None:
        self.maker = maker
        self.games = games
        self.ready: list[tuple[str, Game]] = []
        self.taken: list[str] = []
        self.made_late = 0  # created during the cell: the plan was short
        self._n = 0

    async def make(self, count: int) -> None:
        for _ in range(count):
            self.ready.append(await self._create())

    async def take(self) -> tuple[str, Game]:
        if self.ready:
            match_id, game = self.ready.pop()
        else:
            self.made_late += 1
            match_id, game = await self._create()
        self.taken.append(match_id)
        return match_id, game

    async def _create(self) -> tuple[str, Game]:
        self._n += 1
        game = self.games[self._n % len(self.games)]
        match_id = new_match_id()  # the server's: random, spread over the indexes
        record = MatchRecord(
            match_id, game.config.seats, game.config.target_points, game.config.seed, time.time()
        )
        await self.maker.create_match(record, game.opening)
        return match_id, game

    async def end_leftovers(self) -> None:
        ids = self.taken + [m for m, _ in self.ready]
        async with self.maker.pool.connection() as conn:
            await conn.execute(
                "UPDATE matches SET finished = TRUE WHERE match_id = ANY(%s) AND NOT finished",
                (ids,),
            )


# ---------------------------------------------------------------------- the writers


@dataclass(slots=True)
class Tally:
    """What the writers did: appends and latencies, counted only inside the window."""

    counting: bool = False
    stopping: bool = False
    appends: int = 0
    total: int = 0  # the warm-up's and the tail's too (what the other replica may hear)
    latencies: list[float] = field(default_factory=list)

    def done(self, started: float) -> None:
        self.total += 1
        if self.counting:
            self.appends += 1
            self.latencies.append(time.perf_counter() - started)


AppendOne = Callable[[str, int, Move], Awaitable[int]]  # (match, version, move) -> version


async def write(supply: Supply, tally: Tally, append: AppendOne) -> None:
    """One writer: the moves of its matches, one append at a time, until told to stop."""
    while not tally.stopping:
        match_id, game = await supply.take()
        version = len(game.opening)
        for move in game.moves:
            if tally.stopping:
                return
            started = time.perf_counter()
            version = await append(match_id, version, move)
            tally.done(started)


def floor_append(conn: psycopg.AsyncConnection[Any]) -> AppendOne:
    async def append(match_id: str, version: int, move: Move) -> int:
        last = version + len(move.texts)
        params = {
            "m": match_id, "v": version, "b": move.texts, "r": uuid.uuid4().hex,
            "s": move.seat, "f": move.fingerprint, "first": version + 1, "last": last,
        }  # fmt: skip
        await conn.execute(FLOOR_LAST if move.finished else FLOOR, params)
        return last

    return append


def store_append(store: PostgresStore) -> AppendOne:
    async def append(match_id: str, version: int, move: Move) -> int:
        request = RequestRecord(
            uuid.uuid4().hex, move.seat, move.fingerprint, version + 1, version + len(move.bodies)
        )
        return await store.append(
            match_id, version, move.bodies, request=request, finished=move.finished
        )

    return append


# ---------------------------------------------------------------------- one cell


@dataclass(slots=True)
class Cell:
    mode: str
    writers: int
    appends: int = 0
    seconds: float = 0.0
    client_cpu: float = 0.0  # this process
    server_cpu: float | None = 0.0  # the database's backends of this run (None: not local)
    others_cpu: float | None = 0.0  # the other replica and the private nats-server
    total: int = 0  # appends, the warm-up's included
    heard: int = 0  # wake-ups the other process heard (of ``total``)
    made_late: int = 0
    latencies: list[float] = field(default_factory=list)

    def add(self, other: Cell) -> None:
        self.appends += other.appends
        self.seconds += other.seconds
        self.client_cpu += other.client_cpu
        self.server_cpu = _plus(self.server_cpu, other.server_cpu)
        self.others_cpu = _plus(self.others_cpu, other.others_cpu)
        self.total += other.total
        self.heard += other.heard
        self.made_late += other.made_late
        self.latencies.extend(other.latencies)

    @property
    def rate(self) -> float:
        return self.appends / self.seconds if self.seconds else 0.0

    def per_append_us(self, cpu: float | None) -> str:
        return "-" if cpu is None or not self.appends else f"{cpu / self.appends * 1e6:.0f}"


def _plus(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a + b


class Cpu:
    """CPU seconds of some processes of this machine, from /proc (a process that cannot
    be read -- the database on another machine -- counts as unknown)."""

    def __init__(self, pids: Sequence[int]) -> None:
        self.pids = list(pids)

    def read(self) -> dict[int, float]:
        found = {}
        for pid in self.pids:
            with contextlib.suppress(OSError, IndexError, ValueError):
                found[pid] = proc_cpu_seconds(pid)
        return found

    @staticmethod
    def spent(before: dict[int, float], after: dict[int, float]) -> float | None:
        """CPU seconds between two readings of the processes read both times (None:
        none was)."""
        both = before.keys() & after.keys()
        return sum(after[p] - before[p] for p in both) if both else None


async def backend_pids(url: str) -> list[int]:
    """The database server's processes serving this run's database (ours, the other
    replica's, the match maker's), as the database names them."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        cur = await conn.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [int(r[0]) for r in await cur.fetchall()]


@dataclass(slots=True)
class Run:
    """What every cell shares: the database, the games, the bus, the other replica."""

    url: str
    games: list[Game]
    bus: NatsBus
    hearer: Hearer
    maker: PostgresStore
    warmup: float
    seconds: float
    others: list[int]  # pids: the other replica, the private nats-server

    async def cell(self, mode: str, writers: int) -> Cell:
        supply = Supply(self.maker, self.games)
        moves = sum(len(g.moves) for g in self.games) / len(self.games)
        planned = PLANNED_RATE_PER_WRITER * (self.warmup + self.seconds) / moves
        async with self._appender(mode, writers) as appenders:
            await supply.make(writers * (math.ceil(planned) + 1))
            heard = await self.hearer.count()
            cell = await self._measure(mode, writers, appenders, supply)
        cell.heard = await self.hearer.settled(heard)  # the notifier's last batch is sent
        await supply.end_leftovers()
        return cell

    @contextlib.asynccontextmanager
    async def _appender(self, mode: str, writers: int) -> AsyncIterator[list[AppendOne]]:
        if mode == "floor":
            conns = [await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                     for _ in range(writers)]  # fmt: skip
            try:
                yield [floor_append(conn) for conn in conns]
            finally:
                for conn in conns:
                    await conn.close()
            return
        bus = self.bus if mode == "bus" else None
        url = wake_by_bus(self.url) if bus else self.url
        # The store open_store builds (with the bus, the database URL the server gives it
        # and ``notify`` unused), with a pool of one connection per writer (the server's
        # default holds 10).
        notify = "transaction" if bus else mode
        store = PostgresStore(url, min_size=writers, max_size=writers, notify=notify, bus=bus)
        await store.open()
        try:
            yield [store_append(store)] * writers
        finally:
            await store.close()

    async def _measure(
        self, mode: str, writers: int, appenders: list[AppendOne], supply: Supply
    ) -> Cell:
        tally = Tally()
        tasks = [asyncio.create_task(write(supply, tally, a)) for a in appenders]
        try:
            await asyncio.sleep(self.warmup)  # connections warm, statements prepared
            backends, others = Cpu(await backend_pids(self.url)), Cpu(self.others)
            server0, others0 = backends.read(), others.read()
            client0, wall0 = time.process_time(), time.perf_counter()
            tally.counting = True
            await asyncio.sleep(self.seconds)
            tally.counting = False
            wall, client = time.perf_counter(), time.process_time()
            server, others1 = backends.read(), others.read()
        finally:
            tally.stopping = True
            await asyncio.gather(*tasks)
        return Cell(
            mode, writers, tally.appends, wall - wall0, client - client0,
            Cpu.spent(server0, server), Cpu.spent(others0, others1), total=tally.total,
            made_late=supply.made_late, latencies=tally.latencies,
        )  # fmt: skip


# ---------------------------------------------------------------------- the other replica


class Hearer:
    """A second process that hears the wake-ups as another replica would: the store's
    LISTEN (NOTIFY modes) and a bus subscription (``python -m bench.appends --hear``)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.pid = proc.pid

    @classmethod
    async def start(cls, url: str, nats_url: str, prefix: str) -> Hearer:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.appends", "--hear", url, nats_url, prefix,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            cwd=Path(__file__).resolve().parent.parent,
        )  # fmt: skip
        hearer = cls(proc)
        if await hearer._line() != "listening":
            raise RuntimeError("the listening process did not start")
        return hearer

    async def _line(self) -> str:
        assert self.proc.stdout is not None
        return (await asyncio.wait_for(self.proc.stdout.readline(), 60)).decode().strip()

    async def count(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"count\n")
        await self.proc.stdin.drain()
        return int(await self._line())

    async def settled(self, before: int, quiet: float = 0.3, limit: float = 5.0) -> int:
        """Heard since ``before``, once nothing more arrives for ``quiet`` seconds."""
        last, deadline = await self.count(), time.monotonic() + limit
        while time.monotonic() < deadline:
            await asyncio.sleep(quiet)
            now = await self.count()
            if now == last:
                break
            last = now
        return last - before

    async def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.proc.wait(), 10)
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


async def hear(url: str, nats_url: str, prefix: str) -> None:
    """The other replica: count every wake-up heard; answer ``count`` lines on stdin."""
    heard = 0

    def tick(_: str) -> None:
        nonlocal heard
        heard += 1

    store = PostgresStore(url, min_size=1, max_size=1)
    await store.open()
    bus = NatsBus(nats_url, prefix=prefix, name="bench-appends-hearer")
    await bus.open()
    try:
        await store.listen(tick)
        await bus.subscribe(MATCH, tick)
        print("listening", flush=True)
        loop = asyncio.get_running_loop()
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            if line.strip() == "count":
                print(heard, flush=True)
    finally:
        await bus.close()
        await store.close()


# ---------------------------------------------------------------------- NATS


@contextlib.contextmanager
def nats_address(given: str | None, log: Path) -> Iterator[tuple[str, int | None]]:
    """(URL, pid): ``given``, else a private nats-server on a free port (its pid: its CPU
    is counted), else the shared default."""
    binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
    if given or not Path(binary).exists():
        yield given or DEFAULT_NATS, None
        return
    port = free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [binary, "-a", "127.0.0.1", "-p", str(port)], stdout=out, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"nats-server did not start (log: {log})") from None
                time.sleep(0.02)
        yield f"nats://127.0.0.1:{port}", proc.pid
    finally:
        proc.kill()
        proc.wait()


def nats_problem(url: str) -> str | None:
    host, _, port = url.partition("://")[2].rpartition("@")[2].partition(":")
    try:
        with socket.create_connection((host, int(port or 4222)), timeout=3) as sock:
            sock.settimeout(3)
            if not sock.recv(7).startswith(b"INFO"):
                return f"{url} is not a NATS server"
    except OSError as exc:
        return f"NATS not reachable at {url}: {exc}"
    return None


# ---------------------------------------------------------------------- the run


async def server_settings(url: str) -> dict[str, str]:
    names = ("synchronous_commit", "fsync", "commit_delay", "wal_sync_method", "max_connections")
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        out = {}
        for name in names:
            cur = await conn.execute(f"SHOW {name}")
            row = await cur.fetchone()
            out[name] = str(row[0]) if row else "?"
        return out


def table(cells: dict[tuple[str, int], Cell], writers: Sequence[int]) -> list[str]:
    lines = ["appends a second (x floor):",
             f"{'writers':>7}" + "".join(f"{m:>22}" for m in MODES)]  # fmt: skip
    for w in writers:
        floor = cells[("floor", w)].rate
        parts = []
        for m in MODES:
            rate = cells[(m, w)].rate
            parts.append(f"{rate:>14,.0f} ({rate / floor if floor else 0:4.2f})")
        lines.append(f"{w:>7}" + "".join(parts))
    lines.append("")
    lines.append("CPU per append, us (this client / the database's backends / the other replica"
                 " and nats-server), and p99 latency, ms:")  # fmt: skip
    lines.append(f"{'writers':>7}" + "".join(f"{m:>22}" for m in MODES))
    for w in writers:
        parts = []
        for m in MODES:
            c = cells[(m, w)]
            p99 = percentile(sorted(c.latencies), 0.99) * 1e3
            cpu = "/".join(c.per_append_us(x) for x in (c.client_cpu, c.server_cpu, c.others_cpu))
            text = f"{cpu} {p99:.1f}"
            parts.append(f"{text:>22}")
        lines.append(f"{w:>7}" + "".join(parts))
    return lines


async def main_async(
    args: argparse.Namespace, url: str, nats_url: str, nats_pid: int | None
) -> int:
    writers = [int(w) for w in args.writers.split(",")]
    settings = await server_settings(url)
    need = max(writers) + 8
    if int(settings["max_connections"]) < need:
        print(f"PostgreSQL's max_connections ({settings['max_connections']}) is below the "
              f"{need} connections this run needs", file=sys.stderr)  # fmt: skip
        return 1
    print(f"appends: writers {writers}, {args.seconds:g} s a cell after {args.warmup:g} s of "
          f"warm-up, {args.rounds} round(s); PostgreSQL {', '.join(f'{k}={v}' for k, v in settings.items())} "
          f"(its own settings); NATS {nats_url}; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the start", flush=True)  # fmt: skip
    games = play_games(GAMES)
    prefix = f"fiveupbenchappends{os.getpid()}"
    maker = PostgresStore(url, min_size=1, max_size=2)  # migrates; creates the matches
    await maker.open()
    bus = NatsBus(nats_url, prefix=prefix, name="bench-appends")
    await bus.open()
    hearer = await Hearer.start(url, nats_url, prefix)
    others = [hearer.pid] + ([nats_pid] if nats_pid else [])
    run = Run(url, games, bus, hearer, maker, args.warmup, args.seconds, others)
    cells: dict[tuple[str, int], Cell] = {}
    try:
        for _ in range(args.rounds):
            for w in writers:
                for mode in MODES:
                    cell = await run.cell(mode, w)
                    print(f"  {mode:<13}{w:>3} writers: {cell.rate:>9,.0f} appends/s", flush=True)
                    if (mode, w) in cells:
                        cells[(mode, w)].add(cell)
                    else:
                        cells[(mode, w)] = cell
    finally:
        await hearer.close()
        await bus.close()
        await maker.close()
    print()
    for line in table(cells, writers):
        print(line)
    print()
    heard = ", ".join(
        f"{m} {sum(c.heard for (mm, _), c in cells.items() if mm == m):,} of "
        f"{sum(c.total for (mm, _), c in cells.items() if mm == m):,}"
        for m in MODES[1:]
    )
    print(f"wake-ups heard by the other process (coalesced per match in after_commit and bus; "
          f"appends, warm-ups included): {heard}")  # fmt: skip
    late = sum(c.made_late for c in cells.values())
    if late:
        print(f"note: {late} matches were created inside windows (the plan was short)")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    top = max(writers)
    floor = cells[("floor", top)].rate
    print(f"RESULT appends_vs_floor={cells[('bus', top)].rate / floor if floor else 0:.2f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", default=",".join(map(str, FULL_WRITERS)),
                        help="concurrent writers, comma-separated")  # fmt: skip
    parser.add_argument("--seconds", type=float, default=3.0, help="measured seconds a cell")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds before each window")
    parser.add_argument("--rounds", type=int, default=3, help="passes over every cell")
    parser.add_argument("--pg-url", default=os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_PG))
    parser.add_argument("--nats", default=None,
                        help="a NATS URL (default: a private nats-server, else the local one)")  # fmt: skip
    parser.add_argument("--smoke", action="store_true", help="1 and 4 writers, short cells")
    parser.add_argument("--hear", nargs=3, help=argparse.SUPPRESS)  # the other replica
    args = parser.parse_args(argv)
    if args.hear:
        asyncio.run(hear(*args.hear))
        return 0
    # A run stopped by SIGTERM (``make bench`` interrupted, the full-size start test)
    # unwinds like ^C: the database is dropped and the private nats-server stopped.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.smoke:
        args.writers = ",".join(map(str, SMOKE_WRITERS))
        args.seconds, args.warmup, args.rounds = 0.8, 0.3, 1
    # Nothing to measure without a database or a bus: a line, as the other benchmarks
    # skip a store they cannot reach (the smoke test fails under CI=true without them).
    problem = pg_problem(args.pg_url)
    if problem is not None:
        print(f"appends: skipped, PostgreSQL not reachable at {redact_url(args.pg_url)}: "
              f"{problem}")  # fmt: skip
        return 0
    log = Path(tempfile.gettempdir()) / f"bench-appends-nats-{os.getpid()}.log"
    with nats_address(args.nats, log) as (nats_url, nats_pid):
        problem = nats_problem(nats_url)
        if problem is not None:
            print(f"appends: skipped, {problem} (the bus's line needs one)")
            return 0
        with postgres_database(args.pg_url, prefix="fiveup_bench_appends") as url:
            return asyncio.run(main_async(args, url, nats_url, nats_pid))


if __name__ == "__main__":
    sys.exit(main())
