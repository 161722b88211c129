"""The pure tournament engine's pairing time and quality: whole Swiss events (two- and
four-seat tables, random results) and arena waves, against a naive pairing in the same
run -- the field sorted by score and cut into consecutive tables, no repeat check -- over
the very same histories.  ``python -m bench.tournament_pairing``; ``--smoke`` is a
small run.  Per field it prints the mean and worst time to pair a round and the repeat
meetings (two players at a table again) each pairing would have made; some fields have
"heavy blockers", players who each block three quarters of the field (the search must
stay bounded whatever players block); the headline is
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

# (players, seats, heavy blockers: players who each block three quarters of the field)
FULL = [(16, 2, 0), (64, 2, 0), (256, 2, 0), (12, 4, 0), (64, 4, 0), (256, 4, 0), (63, 3, 0)]
FULL += [(40, 2, 10), (40, 3, 10), (40, 4, 10)]
SMOKE = [(16, 2, 0), (12, 4, 0), (16, 4, 4)]


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


def blocks(ids: list[str], blockers: int, rng: random.Random) -> list[frozenset[str]]:
    return [
        frozenset((a, b))
        for a in ids[:blockers]
        for b in rng.sample(ids, 3 * len(ids) // 4)
        if a != b
    ]


def swiss(
    n: int, size: int, blockers: int, rng: random.Random
) -> tuple[list[float], int, int, int]:
    players = [Entrant(f"p{i:03d}", rating=float(n - i)) for i in range(n)]
    apart = blocks([e.player_id for e in players], blockers, rng)
    config = Config(table_size=size)
    history: list[TableResult] = []
    met: Counter[frozenset[str]] = Counter()
    times: list[float] = []
    ours = theirs = sat_out = 0
    for round_ in range(1, config.rounds_for(n) + 1):
        scores = final_points(history, config)
        ranked = sorted(scores.keys() | {e.player_id for e in players},
                        key=lambda p: (-scores.get(p, 0.0), p))  # fmt: skip
        theirs += repeats(naive(ranked, size), met)
        start = time.perf_counter()
        pairing = pair_round(players, history, config, rng, apart=apart)
        sat_out += len(pairing.unseated)
        times.append(time.perf_counter() - start)
        tables = [t.seats for t in pairing.tables]
        ours += repeats(tables, met)
        for seats in tables:
            met.update(frozenset(p) for p in combinations(seats, 2))
            played = outcome(rng, seats)
            history.append(TableResult(round_, seats, scores=played.scores,
                                       winner_side=played.winner_side))  # fmt: skip
        history.extend(TableResult.bye(round_, p) for p in pairing.byes)
    return times, ours, theirs, sat_out


def arena(n: int, size: int, blockers: int, waves: int, rng: random.Random) -> list[float]:
    """Everyone waiting at once, ``waves`` times over (the worst wave: the start)."""
    config = Config(format=ARENA, table_size=size)
    players = [f"p{i:03d}" for i in range(n)]
    apart = blocks(players, blockers, rng)
    history: list[TableResult] = []
    times = []
    for _ in range(waves):
        scores = {p: s.points for p, s in arena_points(history, config).items()}
        start = time.perf_counter()
        tables = pair_waiting(players, scores, history, config, rng, apart=apart)
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
    for n, size, blockers in SMOKE if args.smoke else FULL:
        times, ours, theirs, sat_out = swiss(n, size, blockers, rng)
        worst = max(worst, max(times))
        field = f"{n} players, {size} seats, {blockers} heavy blockers"
        print(f"swiss {field}, {len(times)} rounds: pairing a round "
              f"mean {1000 * statistics.mean(times):.1f} ms, worst {1000 * max(times):.1f} ms;"
              f" repeat meetings {ours} (naive by score: {theirs}); sat out {sat_out}")  # fmt: skip
        waves = arena(n, size, blockers, 3 if args.smoke else 10, rng)
        print(f"arena {field}: pairing everyone waiting "
              f"mean {1000 * statistics.mean(waves):.1f} ms, worst {1000 * max(waves):.1f} ms")  # fmt: skip
    print(f"RESULT swiss_worst_round_ms={1000 * worst:.1f}")


if __name__ == "__main__":
    main()
