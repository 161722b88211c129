"""Benchmark: the expert bot against the greedy bot, two players, seats alternating.

    .venv/bin/python -m bench.bots [--matches N] [--smoke] [--workers W] [--samples K]

Match ``i`` puts the expert in seat ``i % 2`` and uses the shuffle seed
``sha256(f"{seed}/{i}")``, so a run is reproducible whatever the number of workers.
Prints the expert's match win rate with its 95% (Wilson) interval, how fast the matches
went, and the speed of greedy self-play; the last line is
``RESULT expert_vs_greedy_winrate=<fraction>``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass

from fiveup.bots import ExpertBot, make_bot, seeded_rng
from fiveup.bots.base import Bot
from fiveup.bots.expert import DEFAULT_SAMPLES
from fiveup.simulate import match_seed, play_match, simulate, wilson


@dataclass(frozen=True)
class Outcome:
    index: int
    expert_seat: int
    expert_won: bool
    rounds: int
    blocked: int
    expert_raw: int
    greedy_raw: int
    expert_deducted: int
    greedy_deducted: int


def play_one(job: tuple[str, int, int]) -> Outcome:
    seed, index, samples = job
    expert_seat = index % 2
    kinds = ["greedy", "greedy"]
    kinds[expert_seat] = "expert"
    bots: list[Bot] = []
    for s, kind in enumerate(kinds):
        rng = seeded_rng(f"{seed}/{index}/bot/{s}")
        bots.append(ExpertBot(rng, samples=samples) if kind == "expert" else make_bot(kind, rng))
    r = play_match(kinds, match_seed(seed, index), bots=bots)
    g = 1 - expert_seat
    return Outcome(
        index=index,
        expert_seat=expert_seat,
        expert_won=r.winner_side == expert_seat,
        rounds=r.rounds,
        blocked=r.blocked_rounds,
        expert_raw=r.scored[expert_seat],
        greedy_raw=r.scored[g],
        expert_deducted=r.deducted[expert_seat],
        greedy_deducted=r.deducted[g],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bots", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--smoke", action="store_true", help="a few seconds: tiny match counts")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--samples", type=int, default=None, help=f"expert deals per decision ({DEFAULT_SAMPLES})"
    )
    parser.add_argument("--seed", default="bench-bots")
    parser.add_argument("--greedy-matches", type=int, default=200)
    args = parser.parse_args(argv)
    matches = 6 if args.smoke else args.matches
    greedy_matches = 10 if args.smoke else args.greedy_matches
    samples = args.samples or (8 if args.smoke else DEFAULT_SAMPLES)
    workers = 1 if args.smoke else max(1, args.workers)
    jobs = [(args.seed, i, samples) for i in range(matches)]
    show = sys.stderr.isatty()

    print(
        f"expert vs greedy: 2 players, seats alternating, {matches} matches, seed {args.seed!r}, "
        f"expert samples {samples}, {workers} worker(s)"
    )
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    if workers == 1:
        for job in jobs:
            outcomes.append(play_one(job))
            _progress(show, len(outcomes), matches)
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for outcome in pool.imap_unordered(play_one, jobs, chunksize=4):
                outcomes.append(outcome)
                _progress(show, len(outcomes), matches)
    elapsed = time.perf_counter() - started
    if show:
        print(file=sys.stderr)

    won = sum(o.expert_won for o in outcomes)
    lo, hi = wilson(won, matches)
    rounds = sum(o.rounds for o in outcomes)
    for seat in (0, 1):
        mine = [o for o in outcomes if o.expert_seat == seat]
        if mine:
            w = sum(o.expert_won for o in mine)
            print(f"  expert in seat {seat}: {w}/{len(mine)} won ({w / len(mine):.1%})")
    print(
        f"  raw points per round: expert {sum(o.expert_raw for o in outcomes) / rounds:.2f} scored, "
        f"{sum(o.expert_deducted for o in outcomes) / rounds:.2f} deducted; "
        f"greedy {sum(o.greedy_raw for o in outcomes) / rounds:.2f} scored, "
        f"{sum(o.greedy_deducted for o in outcomes) / rounds:.2f} deducted"
    )
    print(
        f"  rounds: {rounds} ({rounds / matches:.2f} per match), blocked "
        f"{sum(o.blocked for o in outcomes) / rounds:.1%}"
    )
    print(
        f"expert vs greedy: {matches / elapsed:.2f} matches/s "
        f"({elapsed:.1f} s wall, {workers} process(es))"
    )
    g = simulate(2, greedy_matches, ["greedy", "greedy"], seed=f"{args.seed}/greedy")
    print(
        f"greedy self-play: {g.matches_per_second:.1f} matches/s (1 process, {greedy_matches} matches)"
    )
    print(f"expert win rate: {won}/{matches} = {won / matches:.4f}, 95% CI [{lo:.4f}, {hi:.4f}]")
    print(f"RESULT expert_vs_greedy_winrate={won / matches:.4f}")
    return 0


def _progress(show: bool, done: int, total: int) -> None:
    if show:
        print(f"\r  {done}/{total} matches", end="", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
