"""What an operator's ListIntegritySignals costs: the scan it runs first over the rated
matches of the window (docs/operations.md, "Ratings integrity").

    .venv/bin/python -m bench.integrity_scan [--smoke] [--matches N] [--players P]

A SQLite file is filled with N rated two-player matches among P players over the last
20 days (each rated by the real model, in order, as the stores write them; most played
out with dozens of own moves, a twentieth short ones that ended by play, and a farm of
a main account throwing against socks, each match's forfeit in its log), and every
player's address prefix (a few hundred players behind one carrier's NAT).  A real
server (in this process, the gRPC API over a real channel) then answers, alternately:

* **the scan** -- ListIntegritySignals of the open signals (it reads the window, the
  logs of the short matches, every player's prefixes, and keeps what it finds);
* **the baseline** -- ListIntegritySignals of the confirmed ones (the same call, its
  audit entry and its list, without the scan), and a page of the 2-player leaderboard
  (a public read over the same ratings).

Ends with ``RESULT integrity_scan_seconds=<median>`` after the baselines' lines.  The
figures in docs/operations.md come from a 2-core machine shared with other work.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import grpc

from fiveup.app.config import ServerConfig
from fiveup.app.server import create_server
from fiveup.engine import Forfeited, MatchEnded
from fiveup.match.ports import MatchRecord
from fiveup.ratings.model import Rating
from fiveup.ratings.outcome import MatchOutcome, SeatOutcome
from fiveup.store import open_moderation_store, open_rating_store, open_store
from fiveup.store import ratings_sql as sql
from fiveup.v1 import admin_pb2, admin_pb2_grpc, ratings_pb2, ratings_pb2_grpc

DAY = 86_400.0
SOCKS = 4


def seat(n: int, player: str, won: bool, own_moves: int) -> SeatOutcome:
    return SeatOutcome(
        seat=n, player_id=player, side=n, won=won, placement=1 if won else 2, rounds=6,
        points=61 if won else 30, deducted=5, blocked_rounds=0, best_placement=20,
        own_moves=own_moves, own_rounds=6 if own_moves > 10 else 0,
    )  # fmt: skip


async def populate(path: str, matches: int, players: int, rng: random.Random) -> None:
    """The database: rated matches written as the rating store writes an end (its rows
    from ``ratings_sql.outcome_writes``, in rating order), logs for the short ones, and
    the players' prefixes through the identity context's store."""
    ratings, events = open_rating_store(path), open_store(path)
    moderation = open_moderation_store(path)
    for store in (events, ratings, moderation):
        await store.open()
    now = time.time()
    current: dict[str, Rating] = {}
    writes, logs = [], []
    farm = ["main"] + [f"sock{i}" for i in range(SOCKS)]
    every = max(5, matches // 100)  # a hundredth of the matches are the farm's
    for n in range(matches):
        ended = now - 20 * DAY + n * (20 * DAY / matches)
        if n % every == 0:  # a farm's match: a sock resigns after 3 own moves
            a, b, moves, log = farm[0], farm[1 + (n // every) % SOCKS], (3, 3), "forfeit"
        else:
            a, b = (f"p{i:05d}" for i in rng.sample(range(players), 2))
            short = rng.random() < 0.05
            moves = (rng.randint(2, 10), rng.randint(2, 10)) if short else (
                rng.randint(20, 70), rng.randint(20, 70))  # fmt: skip
            log = "played" if short else ""
        won = log == "forfeit" or rng.random() < 0.5
        outcome = MatchOutcome(
            match_id=f"m{n:06d}", ended_at=ended, category="2", rated=True,
            seats=(seat(0, a, won, moves[0]), seat(1, b, not won, moves[1])),
            scores=(61, 30) if won else (30, 61), winner_side=0 if won else 1,
            forfeited_side=1 if log == "forfeit" else None,
        )  # fmt: skip
        before = {p: current.get(p, Rating()) for p in (a, b)}
        out = sql.outcome_writes(outcome, n + 1, before)
        current.update({str(r[1]): Rating(float(r[2]), float(r[3])) for r in out.ratings})
        writes.append(out)
        if log:
            logs.append((outcome.match_id, log))
    with sqlite3.connect(path) as conn:
        for out in writes:
            for query, rows in sql._statements(out):
                conn.executemany(query, rows)
    for match_id, how in logs:
        ended_event = MatchEnded(winner_side=0, scores=(61, 30)).to_dict()
        body = [Forfeited(seat=1, reason="resigned").to_dict(), ended_event]
        record = MatchRecord(match_id, ("human", "human"), 61, bytes(32), now)
        await events.create_match(record, body if how == "forfeit" else [ended_event])
    for i in range(players):
        prefix = (
            "100.64.9.0/24" if i < 300 else f"{10 + i // 65536}.{i // 256 % 256}.{i % 256}.0/24"
        )
        await moderation.record_address(f"p{i:05d}", prefix, now)
    for player in farm:
        await moderation.record_address(player, "203.0.113.0/24", now)
    for store in (moderation, ratings, events):
        await store.close()


async def timed(call: Callable[[], Awaitable[object]], rounds: int) -> list[float]:
    spent = []
    for _ in range(rounds):
        started = time.perf_counter()
        await call()
        spent.append(time.perf_counter() - started)
    return spent


async def run(matches: int, players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="fiveup-integrity-") as folder:
        path = str(Path(folder) / "scan.sqlite3")
        started = time.perf_counter()
        await populate(path, matches, players, random.Random(7))
        print(f"{matches} rated matches among {players} players written in"
              f" {time.perf_counter() - started:.1f} s")  # fmt: skip
        config = ServerConfig(address="127.0.0.1:0", db=path, metrics_port=-1,
                              grace_seconds=1.0)  # fmt: skip
        app, port = await create_server(config)
        try:
            assert app.contexts is not None
            token = app.contexts.admin.operators.credentials.issue("bench").token
            md = (("authorization", f"Bearer {token}"),)
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                admin = admin_pb2_grpc.AdminServiceStub(channel)
                board = ratings_pb2_grpc.RatingsServiceStub(channel)
                scan = admin_pb2.ListIntegritySignalsRequest(reason="bench")
                confirmed = admin_pb2.ListIntegritySignalsRequest(
                    reason="bench", status=admin_pb2.INTEGRITY_STATUS_CONFIRMED
                )
                page = ratings_pb2.GetLeaderboardRequest(
                    category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS, page_size=50
                )
                found = (await admin.ListIntegritySignals(scan, metadata=md)).signals
                kinds = sorted(admin_pb2.IntegritySignalKind.Name(s.kind) for s in found)
                print(f"signals: {len(found)} ({', '.join(kinds)})")
                spent: dict[str, list[float]] = {"scan": [], "list": [], "board": []}
                for _ in range(rounds):  # alternating: the machine's drift hits all alike
                    spent["list"] += await timed(
                        lambda: admin.ListIntegritySignals(confirmed, metadata=md), 1
                    )
                    spent["board"] += await timed(lambda: board.GetLeaderboard(page), 1)
                    spent["scan"] += await timed(
                        lambda: admin.ListIntegritySignals(scan, metadata=md), 1
                    )
        finally:
            await app.stop(grace=1.0)
    median = {name: statistics.median(times) for name, times in spent.items()}
    print(
        f"median of {rounds}: scan {median['scan'] * 1000:.1f} ms, list without the scan"
        f" {median['list'] * 1000:.1f} ms, leaderboard page {median['board'] * 1000:.1f} ms"
    )
    print(f"RESULT integrity_list_seconds={median['list']:.4f}")
    print(f"RESULT integrity_board_page_seconds={median['board']:.4f}")
    print(f"RESULT integrity_scan_seconds={median['scan']:.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a small database, 3 rounds")
    parser.add_argument(
        "--matches",
        type=int,
        default=20_000,
        help="rated matches in the window (default 20000: the scan's bound)",
    )
    parser.add_argument("--players", type=int, default=5_000, help="players (default 5000)")
    parser.add_argument("--rounds", type=int, default=9, help="timed rounds (default 9)")
    args = parser.parse_args()
    if args.smoke:
        args.matches, args.players, args.rounds = 400, 100, 3
    asyncio.run(run(args.matches, args.players, args.rounds))


if __name__ == "__main__":
    main()
