"""The pure tournament engine's pairing time and quality: whole Swiss events (two- and
four-seat tables, random results) and arena waves, against a naive pairing in the same
run -- the field sorted by score and cut into consecutive tables, no repeat check -- over
the very same histories.  ``python -m bench.tournament_pairing``; ``--smoke`` is a
small run.  Per field it prints the mean and worst time to pair a round and the repeat
meetings (two players at a table again) each pairing would have made; the headline is
the worst round's pairing time in milliseconds (between two rounds the scheduler waits
for it; the figures come from a shared 2-core machine)."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from itertools import combinations

from fiveup.tournaments.arena import arena_points, pair_waiting
from fiveup.tournaments.model import ARENA, Config, Entrant, TableResult
from fiveup.tournaments.standings import final_points
from fiveup.tournaments.swiss import pair_round

FULL = [(16, 2), (64, 2), (256, 2), (12, 4), (64, 4), (256, 4), (63, 3)]
SMOKE = [(16, 2), (12, 4)]


def outcome(rng: random.Random, seats: tuple[str, ...]) -> TableResult:
    sides = 2 if len(seats) == 4 else len(seats)
    scores = [rng.randrange(0, 60) * 5 for _ in range(sides)]
    winner = rng.randrange(sides)
    scores[winner] = 305
    return TableResult(0, seats, scores=tuple(scores), winner_side=winner)


def repeats(tables: list[tuple[str, ...]], met: Counter[frozenset[str]]) -> int:
    return sum(1 for t in tables for a, b in combinations(t, 2) if met[frozenset((a, b))])


def naive(ranked: list[str], size: int) -> list[tuple[str, ...]]:
    usable = len(ranked) - len(ranked) % size
    return [tuple(ranked[i : i + size]) for i in range(0, usable, size)]


def swiss(n: int, size: int, rng: random.Random) -> tuple[list[float], int, int]:
    players = [Entrant(f"p{i:03d}", rating=float(n - i)) for i in range(n)]
    config = Config(table_size=size)
    history: list[TableResult] = []
    met: Counter[frozenset[str]] = Counter()
    times: list[float] = []
    ours = theirs = 0
    for round_ in range(1, config.rounds_for(n) + 1):
        scores = final_points(history, config)
        ranked = sorted(scores.keys() | {e.player_id for e in players},
                        key=lambda p: (-scores.get(p, 0.0), p))  # fmt: skip
        theirs += repeats(naive(ranked, size), met)
        start = time.perf_counter()
        pairing = pair_round(players, history, config, rng)
        times.append(time.perf_counter() - start)
        tables = [t.seats for t in pairing.tables]
        ours += repeats(tables, met)
        for seats in tables:
            met.update(frozenset(p) for p in combinations(seats, 2))
            played = outcome(rng, seats)
            history.append(TableResult(round_, seats, scores=played.scores,
                                       winner_side=played.winner_side))  # fmt: skip
        history.extend(TableResult.bye(round_, p) for p in pairing.byes)
    return times, ours, theirs


def arena(n: int, size: int, waves: int, rng: random.Random) -> list[float]:
    """Everyone waiting at once, ``waves`` times over (the worst wave: the start)."""
    config = Config(format=ARENA, table_size=size)
    players = [f"p{i:03d}" for i in range(n)]
    history: list[TableResult] = []
    times = []
    for _ in range(waves):
        scores = {p: s.points for p, s in arena_points(history, config).items()}
        start = time.perf_counter()
        tables = pair_waiting(players, scores, history, config, rng)
        times.append(time.perf_counter() - start)
        history.extend(outcome(rng, t.seats) for t in tables)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a small, quick run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst = 0.0
    for n, size in SMOKE if args.smoke else FULL:
        times, ours, theirs = swiss(n, size, rng)
        worst = max(worst, max(times))
        print(f"swiss {n} players, {size} seats, {len(times)} rounds: pairing a round "
              f"mean {1000 * statistics.mean(times):.1f} ms, worst {1000 * max(times):.1f} ms;"
              f" repeat meetings {ours} (naive by score: {theirs})")  # fmt: skip
        waves = arena(n, size, 3 if args.smoke else 10, rng)
        print(f"arena {n} players, {size} seats: pairing everyone waiting "
              f"mean {1000 * statistics.mean(waves):.1f} ms, worst {1000 * max(waves):.1f} ms")  # fmt: skip
    print(f"RESULT swiss_worst_round_ms={1000 * worst:.1f}")


if __name__ == "__main__":
    main()
