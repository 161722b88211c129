"""Build the master's win-chance tables (``fiveup.bots.winchance``) from seeded self-play.

    .venv/bin/python -m bench.win_chances [--matches 2=400,3=400,4=300] [--workdir DIR] [--check]

Plays ``expert`` against itself (every seat) for each player count, records every
round as the race sees it (the leader, each side's net, who went out), solves the race
for each player count and writes ``service/fiveup/bots/data/win_chances.json``.  Each
finished match is appended to ``DIR/rounds-<n>.jsonl`` (default ``build/win-chances``),
so a killed run continues where it stopped.  Deterministic for its seed: the same
matches give the same rounds, the same rounds the same tables.  ``--check`` rebuilds
into memory and fails if the shipped file differs.  ``make win-chances`` runs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fiveup.bots import make_bot, seeded_rng
from fiveup.bots.winchance import RoundOutcome, build
from fiveup.cli.simulate import match_seed
from fiveup.engine import Match, MatchConfig, RoundDealt, RoundEnded, TilePlaced, view_for
from fiveup.engine.scoring import n_sides, side_of

from ._selfplay import default_workers, progress_printer

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "service" / "fiveup" / "bots" / "data" / "win_chances.json"
DEFAULT_MATCHES = {2: 400, 3: 400, 4: 300}
SEED = "win-chances"
BOT = "expert"


def rounds_of_match(job: tuple[int, int]) -> list[dict[str, object]]:
    """The rounds of self-play match ``index`` with ``n`` seats, as dicts."""
    n, index = job
    bots = [make_bot(BOT, seeded_rng(f"{SEED}/{n}/{index}/bot/{s}")) for s in range(n)]
    match, events = Match.start(
        MatchConfig(seats=(BOT,) * n, seed=match_seed(f"{SEED}/{n}", index))
    )
    out: list[dict[str, object]] = []
    leader = 0
    points = [0] * n_sides(n)
    while True:
        for event in events:
            if isinstance(event, RoundDealt):
                leader, points = event.starter, [0] * n_sides(n)
            elif isinstance(event, TilePlaced):
                points[side_of(event.seat, n)] += event.points
            elif isinstance(event, RoundEnded):
                nets = list(points)
                for seat, deduction in enumerate(event.deductions):
                    nets[side_of(seat, n)] -= deduction
                out.append({"leader": leader, "nets": nets, "winner": event.winner})
        seat = match.to_move()
        if seat is None:
            return out
        events = match.act(seat, bots[seat].choose(view_for(match, seat)))


def collect(n: int, matches: int, workdir: Path, workers: int) -> list[RoundOutcome]:
    path = workdir / f"rounds-{n}.jsonl"
    done: dict[int, list[dict[str, object]]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            done[row["index"]] = row["rounds"]
    todo = [(n, i) for i in range(matches) if i not in done]
    show = progress_printer(f"{n} players")
    with open(path, "a") as f:
        if todo:
            import multiprocessing

            ctx = multiprocessing.get_context("spawn")
            with ctx.Pool(max(1, workers)) as pool:
                for job, rounds in zip(todo, pool.imap(rounds_of_match, todo), strict=True):
                    done[job[1]] = rounds
                    f.write(json.dumps({"index": job[1], "rounds": rounds}) + "\n")
                    f.flush()
                    if show:
                        show(sum(1 for i in done if i < matches), matches)
    return [
        RoundOutcome(n, int(r["leader"]), tuple(r["nets"]), r["winner"])  # type: ignore[arg-type]
        for i in range(matches)
        for r in done[i]
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.win_chances", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--matches",
        default=",".join(f"{n}={m}" for n, m in DEFAULT_MATCHES.items()),
        help="self-play matches per player count, as 2=400,3=400,4=300",
    )
    parser.add_argument("--workdir", type=Path, default=ROOT / "build" / "win-chances")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--out", type=Path, default=SHIPPED)
    parser.add_argument("--check", action="store_true", help="fail if the shipped tables differ")
    args = parser.parse_args(argv)
    counts = {int(k): int(v) for k, v in (p.split("=") for p in args.matches.split(","))}
    args.workdir.mkdir(parents=True, exist_ok=True)
    rounds: list[RoundOutcome] = []
    started = time.perf_counter()
    for n, m in sorted(counts.items()):
        mine = collect(n, m, args.workdir, args.workers)
        print(f"{n} players: {m} matches of {BOT} self-play, {len(mine)} rounds")
        rounds += mine
    played = time.perf_counter() - started
    tables = build(rounds)
    solved = time.perf_counter() - started - played
    text = tables.to_json()
    print(f"self-play {played:.0f} s, solving {solved:.0f} s (1 process)")
    for n in sorted(counts):
        t = tables.chance
        target = 61 * 5
        even = t(n, 0, [0] * n_sides(n), target, 0)
        print(
            f"  {n} players: leading the first round is worth {even - 1 / n_sides(n):+.3f} of a win"
        )
    if args.check:
        same = args.out.exists() and args.out.read_text() == text
        print("shipped tables", "match" if same else "DIFFER from", "the rebuild")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(
        f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} ({len(text)} bytes)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
