"""What a season's board costs (docs/seasons.md, "Cost"): the live board is read from the
week's counting results on every request, and the rollover reads them once more.

    .venv/bin/python -m bench.season_board [--smoke] [--matches N] [--players P]

A SQLite file (the server's store) is filled with N rated two-player matches among P
players spread over one week (the results rows the rating store writes when a match
ends, one per player).  Then, on the season store the server uses:

* ``assign_members`` puts every player into a league group (the first tick after they
  played; later ticks find nobody new) -- once;
* one league group's table, and the read a running season's board is served from (every
  player's tally: the server keeps it ``--season-board-cache-seconds`` for every page
  and row) -- each timed over repeated reads, the median printed;
* ``archive`` -- the rollover's one transaction: the final board, a league change and a
  notice per player -- once.

Ends with ``RESULT season_board_read_seconds=<median>``.  The figures in docs/seasons.md
come from a 2-core machine shared with other work.
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
from datetime import UTC, datetime
from pathlib import Path

from fiveup.ratings.leagues import LeaguePolicy
from fiveup.ratings.schedule import SeasonCalendar
from fiveup.ratings.seasons import plan_archive
from fiveup.store import (
    open_notification_store,
    open_player_store,
    open_rating_store,
    open_season_store,
    open_store,
)
from fiveup.store import ratings_sql as sql

MONDAY = datetime(2026, 12, 7, tzinfo=UTC).timestamp()
WEEK = 7 * 86_400.0


def fill(path: Path, matches: int, players: int, rng: random.Random) -> None:
    rows = []
    for m in range(matches):
        a, b = rng.sample(range(players), 2)
        ended = MONDAY + rng.random() * WEEK
        for seat, player in enumerate((a, b)):
            won = seat == 0
            rows.append(
                (
                    f"p{player:06d}", f"m{m:07d}", ended, "2", seat, seat, won,
                    1 if won else 2, 12, 40, 5, 1, 15, True,
                    25.0, 8.0, 25.5, 7.9, "rated", 60, 10, "",
                )
            )  # fmt: skip
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(sql.INSERT_RESULT, rows)
    conn.close()


async def timed(call: Callable[[], Awaitable[object]], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


async def run(matches: int, players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = str(Path(folder) / "season.sqlite3")
        ratings, notifications = open_rating_store(url), open_notification_store(url)
        events = open_store(url, ratings=ratings, notifications=notifications)
        stores = [events, ratings, notifications, open_player_store(url), open_season_store(url)]
        for store in stores:
            await store.open()
        seasons = stores[-1]
        try:
            started = time.perf_counter()
            fill(Path(url), matches, players, random.Random(7))
            print(f"filled {matches} matches among {players} players in "
                  f"{time.perf_counter() - started:.1f} s")  # fmt: skip
            spec = SeasonCalendar().at("weekly", MONDAY + 1)
            await seasons.ensure_seasons([spec])  # type: ignore[attr-defined]
            start = time.perf_counter()
            assigned = await seasons.assign_members(spec, 30, MONDAY + WEEK - 60)  # type: ignore[attr-defined]
            print(f"RESULT season_assign_seconds={time.perf_counter() - start:.4f}"
                  f"  ({assigned} players into groups of 30)")  # fmt: skip
            again = await timed(lambda: seasons.assign_members(spec, 30, MONDAY), 3)  # type: ignore[attr-defined]
            print(f"RESULT season_full_assign_seconds={again:.4f}  (the whole week, nobody new)")
            recent = MONDAY + WEEK - 180  # the last tick's look, less its margin
            tick = await timed(lambda: seasons.assign_members(spec, 30, MONDAY, recent), rounds)  # type: ignore[attr-defined]
            print(f"RESULT season_tick_assign_seconds={tick:.4f}  (a tick: what ended since)")
            member = f"p{players // 2:06d}"
            found = await seasons.member(spec.season_id, member)  # type: ignore[attr-defined]
            group = await timed(
                lambda: seasons.group_table(spec, found.tier, found.group_no),
                rounds,  # type: ignore[attr-defined]
            )
            print(f"RESULT season_group_table_seconds={group:.4f}")
            policy = LeaguePolicy()
            start = time.perf_counter()
            done = await seasons.archive(  # type: ignore[attr-defined]
                spec.season_id, MONDAY + WEEK + 31,
                lambda given: plan_archive(given, policy, ()), policy.group_size,
            )  # fmt: skip
            print(f"RESULT season_archive_seconds={time.perf_counter() - start:.4f}"
                  f"  ({len(done.board)} players, {len(done.notices)} notices)")  # fmt: skip
            archived = await timed(lambda: seasons.archived_board(spec.season_id, 0, 20), rounds)  # type: ignore[attr-defined]
            print(f"RESULT season_archived_page_seconds={archived:.4f}")
            every = await timed(lambda: seasons.live_tallies(spec), rounds)  # type: ignore[attr-defined]
            print(f"RESULT season_board_read_seconds={every:.4f}")
        finally:
            for store in reversed(stores):
                await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a small run (the test's)")
    parser.add_argument("--matches", type=int, default=25_000)
    parser.add_argument("--players", type=int, default=5_000)
    args = parser.parse_args()
    if args.smoke:
        asyncio.run(run(400, 60, 3))
    else:
        asyncio.run(run(args.matches, args.players, 15))


if __name__ == "__main__":
    main()
