"""Benchmark: the strongest bot against the expert, every pair of levels, think times.

    .venv/bin/python -m bench.bots [--matches 800] [--matches-3 300] [--matches-4 300]
                                   [--pair-matches 100] [--results DIR] [--smoke]

1. **master vs expert**, 61-point matches: two players (``--matches``; match ``i`` puts
   the master in seat ``i % 2`` on the deals of ``i // 2``, so both seatings see the same
   deals), three players (the master and two experts, the master's seat rotating) and
   four (a master partnership against an expert one, sides alternating).  Win rates with
   95% Wilson intervals (the bar in three players is 1/3).
2. **Every pair of levels** (``fiveup.bots.ladder.LADDER``), two players,
   ``--pair-matches`` each: the games ``bench.ladder`` rates, shared through the same
   results file.
3. **Think time** of each level per searching decision (more than one distinct
   placement to choose from; forced moves cost nothing): CPU time of the deciding
   thread, p50 / p90 / p99 / max, and wall-clock p50 / p99.

Every match is appended to a results file under ``--results`` (default ``build/bench-bots``
and ``build/ladder``) as it ends, so a killed run continues.  The sections are played in
``--waves`` slices (a tenth of every section, then the next tenth...), so a run stopped
early still has every section at a proportional sample size; ``--report`` plays nothing
and reports what the results files hold.  ``--smoke`` plays a few matches of each kind in
memory.  The last line is ``RESULT strongest_vs_expert_win_rate=<two-player fraction>``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fiveup.bots.ladder import LADDER
from fiveup.cli.simulate import wilson
from fiveup.engine.scoring import side_of

from ._selfplay import (
    Game,
    GameResult,
    default_workers,
    pair_games,
    percentile,
    progress_printer,
    run,
)

ROOT = Path(__file__).resolve().parents[1]
STRONGEST = LADDER[-1].kind
BASELINE = "expert"
SEED = "bench-bots"


def head_to_head(players: int, matches: int) -> list[Game]:
    """The strongest against the baseline with ``players`` seats, rotating."""
    games = []
    for i in range(matches):
        if players == 4:
            side = i % 2
            kinds = tuple(STRONGEST if s % 2 == side else BASELINE for s in range(4))
            deal = i // 2
        else:
            kinds = tuple(STRONGEST if s == i % players else BASELINE for s in range(players))
            deal = i // players
        games.append(Game(f"{players}p/{i}", kinds, f"{SEED}/{players}p", deal))
    return games


def strongest_wins(results: Sequence[GameResult]) -> tuple[int, int]:
    won = 0
    for r in results:
        seats = [s for s, k in enumerate(r.kinds) if k == STRONGEST]
        won += side_of(seats[0], len(r.kinds)) == r.winner_side
    return won, len(results)


def report_head_to_head(players: int, results: Sequence[GameResult]) -> float:
    won, n = strongest_wins(results)
    lo, hi = wilson(won, n)
    bar = {2: "1/2", 3: "1/3", 4: "1/2"}[players]
    rounds = sum(r.rounds for r in results)
    print(
        f"  {players} players: {STRONGEST} won {won}/{n} = {won / n:.3f}, 95% CI "
        f"[{lo:.3f}, {hi:.3f}] (an equal player: {bar}); {rounds / n:.1f} rounds a match"
    )
    if players == 2:
        for seat in (0, 1):
            mine = [r for r in results if r.kinds[seat] == STRONGEST]
            w, m = strongest_wins(mine)
            print(f"    {STRONGEST} in seat {seat}: {w}/{m}")
    return won / n if n else float("nan")


@dataclass(frozen=True, slots=True)
class Section:
    """A list of games and the results file they accumulate in."""

    name: str
    games: list[Game]
    path: Path | None


def read_results(path: Path | None) -> dict[str, GameResult]:
    done: dict[str, GameResult] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = GameResult(**json.loads(line))
                done[r.key] = r
    return done


def play_in_waves(sections: Sequence[Section], waves: int, workers: int) -> None:
    """Play every section's games in ``waves`` proportional slices (each slice of every
    section before the next slice of any), appending to the sections' files."""
    for w in range(waves):
        for section in sections:
            n = len(section.games)
            part = section.games[n * w // waves : n * (w + 1) // waves]
            if part:
                run(part, section.path, workers, progress=progress_printer(section.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.bots", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--matches", type=int, default=800, help="two-player head-to-head")
    parser.add_argument("--matches-3", type=int, default=300)
    parser.add_argument("--matches-4", type=int, default=300)
    parser.add_argument("--pair-matches", type=int, default=100)
    parser.add_argument("--results", type=Path, default=ROOT / "build")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--waves", type=int, default=10, help="slices every section is played in")
    parser.add_argument("--report", action="store_true", help="play nothing: report what is there")
    parser.add_argument("--smoke", action="store_true", help="a few matches of each, in memory")
    args = parser.parse_args(argv)
    if args.smoke:
        args.matches, args.matches_3, args.matches_4, args.pair_matches = 4, 3, 2, 2
        args.workers, args.waves = 1, 1
    kinds = [lv.kind for lv in LADDER]
    pairs = (
        list(itertools.pairwise(kinds)) if args.smoke else list(itertools.combinations(kinds, 2))
    )

    def file(name: str) -> Path | None:
        if args.smoke:
            return None
        path = args.results / name
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    sections = [
        Section(
            f"{players} players",
            head_to_head(players, matches),
            file(f"bench-bots/{players}p.jsonl"),
        )
        for players, matches in ((2, args.matches), (3, args.matches_3), (4, args.matches_4))
    ]
    # Interleaved like bench.ladder's (match i of every pair, then i + 1), so a partial
    # run rates every pair on a similar number of matches.
    per_pair = [pair_games(a, b, args.pair_matches) for a, b in pairs]
    pair_list = [g for i in range(args.pair_matches) for gs in per_pair for g in gs[i : i + 1]]
    sections.append(Section("pairs", pair_list, file("ladder/games.jsonl")))

    print(f"{STRONGEST} vs {BASELINE}: 61-point matches, seats rotating; {args.workers} worker(s)")
    started = time.perf_counter()
    if args.smoke:
        found = {s.name: run(s.games, None, 1) for s in sections}
    else:
        if not args.report:
            play_in_waves(sections, args.waves, args.workers)
        found = {}
        for s in sections:
            done = read_results(s.path)
            found[s.name] = [done[g.key] for g in s.games if g.key in done]
    everything: list[GameResult] = []
    headline = float("nan")
    for players in (2, 3, 4):
        results = found[f"{players} players"]
        everything += results
        rate = report_head_to_head(players, results)
        if players == 2:
            headline = rate
    results = found["pairs"]
    everything += results
    print(
        f"pairs of levels: two players, up to {args.pair_matches} matches a pair, seats alternating"
    )
    by_pair: dict[tuple[str, str], list[GameResult]] = {}
    for r in results:
        a, b = r.key.split("/")[0].split("-")
        by_pair.setdefault((a, b), []).append(r)
    for (a, b), mine in by_pair.items():
        w = sum(1 for r in mine if r.kinds[r.winner_side] == a)
        lo, hi = wilson(w, len(mine))
        print(
            f"  {a:>7} vs {b:<7} {w:4d}/{len(mine):<4d} = {w / len(mine):.3f}  95% CI [{lo:.3f}, {hi:.3f}]"
        )
    print("think time per searching decision (ms; CPU of the deciding thread, wall clock):")
    report_think_times(kinds, everything)
    print(f"{len(everything)} matches, {time.perf_counter() - started:.0f} s this run")
    print(f"RESULT strongest_vs_expert_win_rate={headline:.4f}")
    return 0


def report_think_times(kinds: Sequence[str], everything: Sequence[GameResult]) -> None:
    """Each level's percentiles over every match; the strongest's also by table size
    (more players, more hidden tiles and longer play-outs)."""
    groups: list[tuple[str, list[GameResult]]] = [("", list(everything))]
    groups += [(f" ({n}p)", [r for r in everything if len(r.kinds) == n]) for n in (2, 3, 4)]
    for suffix, results in groups:
        for kind in kinds if not suffix else [STRONGEST]:
            cpu = [t for r in results for t in r.think_cpu.get(kind, [])]
            wall = [t for r in results for t in r.think_wall.get(kind, [])]
            if not cpu:
                continue
            print(
                f"  {kind + suffix:>12}: {len(cpu):7d} decisions  cpu p50 {percentile(cpu, 0.5) * 1e3:7.2f}  "
                f"p90 {percentile(cpu, 0.9) * 1e3:7.2f}  p99 {percentile(cpu, 0.99) * 1e3:7.2f}  "
                f"max {max(cpu) * 1e3:7.2f}   wall p50 {percentile(wall, 0.5) * 1e3:7.2f}  "
                f"p99 {percentile(wall, 0.99) * 1e3:7.2f}"
            )


if __name__ == "__main__":
    sys.exit(main())
