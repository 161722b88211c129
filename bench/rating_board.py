"""GetLeaderboard's store reads on SQLite with N rated players: the board of settled,
active players by mu (issue 21: its history join for the last rated match) against the
ordinal board it replaced (a count threshold, no join), the same database, alternating
rounds.  ``python -m bench.rating_board --players 20000``; the headline is the new page's
time over the old one's (a page is a count and a page query).

Not run by make test: a board of thousands of players takes a minute to build."""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from fiveup.ratings.ports import BoardRule
from fiveup.store import open_player_store, open_rating_store, open_store
from fiveup.store import ratings_sql as sql

# The board before issue 21: players with min_matches rated matches, by ordinal.
OLD = (
    "WITH q AS (SELECT player_id, matches, wins FROM ratings WHERE category = ?"
    " AND matches >= ?), ranked AS (SELECT ROW_NUMBER() OVER (ORDER BY r.ordinal DESC,"
    " r.player_id) AS rank, r.player_id, r.mu, r.sigma, r.ordinal, q.matches, q.wins"
    " FROM q JOIN ratings r ON r.category = ? AND r.player_id = q.player_id)"
)
OLD_PAGE = OLD + sql._BOARD_PAGE.replace(", ranked.last_at", "")
OLD_TOTAL = OLD + sql._BOARD_TOTAL


async def run(players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "board.sqlite3")
        events, names = open_store(path), open_player_store(path)
        ratings = open_rating_store(path)
        for store in (events, names, ratings):
            await store.open()
        rng = random.Random(1)
        now = time.time()
        with sqlite3.connect(path) as conn:
            for i in range(players):
                pid, mu, sigma = f"p{i:06d}", rng.gauss(25, 4), rng.uniform(3, 8.3)
                conn.execute(
                    "INSERT INTO ratings VALUES ('2', ?, ?, ?, ?, 10, 5, ?)",
                    (pid, mu, sigma, mu - 3 * sigma, i + 1),
                )
                conn.execute(
                    "INSERT INTO rating_history VALUES (?, '2', ?, ?, ?, ?, ?, ?)",
                    (pid, i + 1, f"m{i}", now - rng.uniform(0, 60) * 86_400, mu, sigma,
                     mu - 3 * sigma),
                )  # fmt: skip
        rule = BoardRule(settled_sigma=7.3, active_since=now - 30 * 86_400)
        new = sql.board("2", rule)
        spent = {"new": 0.0, "old": 0.0, "standing": 0.0}
        for _ in range(rounds):
            t = time.perf_counter()
            await ratings.fetch(new.total, new.params)
            await ratings.fetch(new.page, (*new.params, 20, 0))
            spent["new"] += time.perf_counter() - t
            t = time.perf_counter()
            await ratings.fetch(OLD_TOTAL, ("2", 5, "2"))
            await ratings.fetch(OLD_PAGE, ("2", 5, "2", 20, 0))
            spent["old"] += time.perf_counter() - t
            t = time.perf_counter()
            await ratings.standing("2", f"p{players // 2:06d}", rule)
            spent["standing"] += time.perf_counter() - t
        for store in (ratings, names, events):
            await store.close()
    ms = {k: 1000 * v / rounds for k, v in spent.items()}
    print(f"players {players}: new board page {ms['new']:.1f} ms, old {ms['old']:.1f} ms,"
          f" a standing (Find me) {ms['standing']:.1f} ms")  # fmt: skip
    print(f"RESULT board_new_vs_old={ms['new'] / ms['old']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.rounds))


if __name__ == "__main__":
    main()
