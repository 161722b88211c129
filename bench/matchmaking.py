"""Matchmaking: time from queueing to seated, and tables formed per second.

    .venv/bin/python -m bench.matchmaking [--smoke] [--sizes 50,100,200] [--backends sqlite,postgres]

For each backend and queue size, a crowd of simulated players signs in as guests and
queues at once (FindMatch streams over real gRPC channels) through the replicas -- one
server on SQLite, two on PostgreSQL (one database), all in this process -- for tables of
2, 3 or 4 (a fixed-seed mix; some four-seat searches as parties of two).  Every search
allows bots after the server's default wait (``--bot-wait``, default the server's 30 s),
so every player is seated.  Printed per run: p50 / p99 / max of queued-to-seated, tables
formed, and tables of people per second (those formed before the bot wait, over the time
until the last of them).  The last
line is ``RESULT matchmaking_p99_seconds=<p99 of the largest PostgreSQL run>`` (or of the
largest run made).  ``--smoke``: only the largest crowd (every player queued at once,
which is what a server's caps would refuse) with a 1 s bot wait, to check the output.

Each simulated player is a client of its own (``x-forwarded-for`` from the benchmark
address range, believed from 127.0.0.1 as from a gateway), as people behind the gateway
are: the per-client stream cap stays at its production default and is never this
benchmark's own load.

Needs PostgreSQL at ``FIVEUP_BENCH_POSTGRES_URL`` (default the test server's maintenance
URL) for the PostgreSQL runs; without it they are skipped with a message.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import grpc

from bench._server import (
    TRUST_LOAD_ADDRESSES,
    client_address,
    key_directory,
    pg_problem,
    postgres_database,
)
from fiveup.app.config import ServerConfig
from fiveup.app.server import FiveUpServer, create_server
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc

DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_BOT_WAIT = ServerConfig.matchmaker_bot_wait_seconds


@dataclass(frozen=True)
class Wish:
    """What one simulated player asks for."""

    players: int
    allow_bots: bool
    party_code: str = ""
    bot_wait_seconds: int = 0


@dataclass
class Outcome:
    wish: Wish
    player_id: str = ""
    queued_at: float = 0.0
    seated_at: float | None = None
    match_id: str = ""
    seat: int = -1
    error: str = ""

    @property
    def waited(self) -> float | None:
        return None if self.seated_at is None else self.seated_at - self.queued_at


@dataclass
class Replica:
    app: FiveUpServer
    channel: grpc.aio.Channel
    players: players_pb2_grpc.PlayerServiceStub = field(init=False)
    lobby: lobby_pb2_grpc.LobbyServiceStub = field(init=False)

    def __post_init__(self) -> None:
        self.players = players_pb2_grpc.PlayerServiceStub(self.channel)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)


@asynccontextmanager
async def replicas(
    db: str, count: int, keys_dir: str, **settings: object
) -> AsyncIterator[list[Replica]]:
    """``count`` servers on one database, sharing access-token keys."""
    started: list[Replica] = []
    try:
        for _ in range(count):
            # bot_delay 0: the bench measures the server's capacity, not a person's pace
            config = ServerConfig(
                address="127.0.0.1:0", db=db, metrics_port=-1, grace_seconds=2.0,
                access_token_keys=keys_dir, bot_delay=0.0, **TRUST_LOAD_ADDRESSES,
            )  # fmt: skip
            for key, value in settings.items():
                setattr(config, key, value)
            app, port = await create_server(config)
            started.append(Replica(app, grpc.aio.insecure_channel(f"127.0.0.1:{port}")))
        yield started
    finally:
        for replica in reversed(started):
            await replica.channel.close()
            await replica.app.stop(grace=1.0)


def wishes(n: int, seed: int, *, bots_share: float = 1.0, party_share: float = 0.25) -> list[Wish]:
    """A fixed-seed mix of table sizes; some four-seat wishes in parties of two."""
    rng = random.Random(seed)
    out: list[Wish] = []
    while len(out) < n:
        players = rng.choice([2, 3, 4])
        allow = rng.random() < bots_share
        if players == 4 and n - len(out) >= 2 and rng.random() < party_share:
            code = f"party-{seed}-{len(out):05d}-{uuid.uuid4().hex[:8]}"
            out += [Wish(4, allow, code), Wish(4, allow, code)]
        else:
            out.append(Wish(players, allow))
    return out[:n]


async def one_player(
    replica: Replica, wish: Wish, outcome: Outcome, start: asyncio.Event, bot_wait: int,
    address: str,
) -> None:  # fmt: skip
    """One person (a client address of its own, as phones behind the gateway are: the
    per-client stream cap is a production setting, not the benchmark's to hit)."""
    device = uuid.uuid4().hex
    forwarded = (("x-forwarded-for", address),)
    session = (
        await replica.players.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=device), metadata=forwarded
        )
    ).session
    outcome.player_id = session.player.player_id
    metadata = (*forwarded, ("authorization", f"Bearer {session.access_token}"))
    await start.wait()
    outcome.queued_at = time.monotonic()
    request = lobby_pb2.FindMatchRequest(
        players=wish.players,
        allow_bots=wish.allow_bots,
        bot_wait_seconds=wish.bot_wait_seconds or bot_wait,
        party_code=wish.party_code,
    )
    try:
        async for message in replica.lobby.FindMatch(request, metadata=metadata):
            if message.HasField("matched"):
                outcome.seated_at = time.monotonic()
                outcome.match_id = message.matched.match_id
                outcome.seat = message.matched.seat
    except grpc.aio.AioRpcError as exc:
        outcome.error = f"{exc.code().name}: {exc.details()}"


async def run_crowd(
    group: Sequence[Replica],
    crowd: Sequence[Wish],
    *,
    bot_wait: int = 0,
    timeout: float = 120.0,
    enough: Callable[[list[Outcome]], Awaitable[bool]] | None = None,
) -> list[Outcome]:
    """Every player signs in (round-robin over the replicas), then all queue at once; the
    outcomes once every stream has ended, ``enough(outcomes)`` holds (checked every 0.2 s)
    or ``timeout`` has passed (the streams still open are then cancelled)."""
    start = asyncio.Event()
    outcomes = [Outcome(w) for w in crowd]
    tasks = [
        asyncio.ensure_future(
            one_player(group[i % len(group)], w, outcomes[i], start, bot_wait, client_address(i))
        )
        for i, w in enumerate(crowd)
    ]
    await asyncio.sleep(0)  # let them sign in before the clock starts
    while not all(o.player_id or t.done() for o, t in zip(outcomes, tasks, strict=True)):
        await asyncio.sleep(0.01)
    start.set()
    deadline = time.monotonic() + timeout
    while True:
        done, pending = await asyncio.wait(tasks, timeout=0.2)
        if not pending or time.monotonic() > deadline:
            break
        if enough is not None and await enough(outcomes):
            break
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        if task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
    return outcomes


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Figures:
    backend: str
    players: int
    p50: float
    p99: float
    worst: float
    tables: int
    tables_per_second: float


def figures(backend: str, outcomes: Sequence[Outcome], bot_wait: float) -> Figures:
    """Waits over every player; tables per second over the tables of people formed before
    the bot wait (those with bots only form once it is over, which says nothing about
    how fast the matchmaker works)."""
    waits = [o.waited for o in outcomes if o.waited is not None]
    tables = {o.match_id for o in outcomes if o.match_id}
    start = min(o.queued_at for o in outcomes)
    early = [o for o in outcomes if o.waited is not None and o.waited < bot_wait]
    end = max((o.seated_at for o in early if o.seated_at is not None), default=start)
    span = max(end - start, 1e-9)
    return Figures(
        backend, len(outcomes), percentile(waits, 0.5), percentile(waits, 0.99),
        max(waits, default=float("nan")), len(tables), len({o.match_id for o in early}) / span,
    )  # fmt: skip


async def bench_one(backend: str, db: str, size: int, bot_wait: int, seed: int) -> Figures:
    count = 2 if backend == "postgres" else 1
    keys = key_directory()
    async with replicas(db, count, keys, matchmaker_round_seconds=0.25) as group:
        outcomes = await run_crowd(group, wishes(size, seed), bot_wait=bot_wait,
                                   timeout=bot_wait + 120)  # fmt: skip
    unseated = [o for o in outcomes if o.seated_at is None]
    if unseated:
        raise SystemExit(f"{len(unseated)} of {size} players were not seated: {unseated[0]}")
    return figures(backend, outcomes, float(bot_wait or DEFAULT_BOT_WAIT))


async def main_async(args: argparse.Namespace) -> int:
    sizes = [int(s) for s in args.sizes.split(",")]
    backends = args.backends.split(",")
    maintenance = os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_POSTGRES)
    results: list[Figures] = []
    print(f"matchmaking: queue sizes {sizes}, bots after {args.bot_wait or 'the default'} s,"
          " seed 1; one in-process server on SQLite, two on PostgreSQL")  # fmt: skip
    print(f"{'backend':<9} {'players':>7} {'p50 s':>7} {'p99 s':>7} {'max s':>7} "
          f"{'tables':>6} {'people tables/s':>15}")  # fmt: skip
    for backend in backends:
        for size in sizes:
            if backend == "sqlite":
                folder = tempfile.mkdtemp(prefix="fiveup-bench-mm-")
                got = await bench_one(backend, os.path.join(folder, "mm.sqlite3"), size,
                                      args.bot_wait, 1)  # fmt: skip
            else:
                problem = pg_problem(maintenance)
                if problem is not None:
                    print(f"PostgreSQL unreachable ({problem}); skipping its runs", file=sys.stderr)
                    break
                with postgres_database(maintenance) as url:
                    got = await bench_one(backend, url, size, args.bot_wait, 1)
            results.append(got)
            print(f"{got.backend:<9} {got.players:>7} {got.p50:>7.2f} {got.p99:>7.2f} "
                  f"{got.worst:>7.2f} {got.tables:>6} {got.tables_per_second:>15.1f}",
                  flush=True)  # fmt: skip
    if not results:
        print("no run made", file=sys.stderr)
        return 1
    headline = [r for r in results if r.backend == "postgres"] or results
    best = max(headline, key=lambda r: r.players)
    print(f"RESULT matchmaking_p99_seconds={best.p99:.3f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="50,100,200")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--bot-wait", type=int, default=0,
                        help="seconds before bots fill (0: the server's default, 30)")  # fmt: skip
    parser.add_argument("--smoke", action="store_true",
                        help="the largest crowd only, 1 s bot wait")  # fmt: skip
    args = parser.parse_args(argv)
    if args.smoke:  # the full form's largest crowd: what its caps must admit
        args.sizes = str(max(int(size) for size in args.sizes.split(",")))
        args.bot_wait = 1
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
