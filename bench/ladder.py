"""The ladder's ratings: every pair of bot levels by seeded self-play, rated with the
players' own model.

    .venv/bin/python -m bench.ladder [--pair-matches 100] [--results DIR] [--docs]
                                     [--report] [--smoke]

Every pair of levels of ``fiveup.bots.ladder.LADDER`` plays ``--pair-matches``
two-player 61-point matches (seats alternating on shared deals: ``_selfplay.pair_games``,
the same games ``bench.bots`` reports, read from one results file,
``build/ladder/games.jsonl``, appended to as each match ends, so a killed run continues).
The results are rated as if each level were one player, with ``fiveup.ratings``'s own
``rebuild`` (openskill's Plackett-Luce, category ``2``), the matches interleaved across
pairs (match ``i`` of every pair, then match ``i + 1``...) so that no pair is rated
after the others have settled.  Self-play fixes only the differences between levels; the
scale is anchored by shifting every mu so that ``greedy`` sits at a newcomer's 25
(``ladder.ANCHOR_KIND``, ``ANCHOR_MU``): Plackett-Luce updates depend on differences of
mu only, so the shift changes nothing else.

Writes ``service/fiveup/bots/data/ladder.json`` (the ratings ``ladder.rating`` and
``ladder.nearest`` read, and every pair's record) unless ``--smoke``; ``--docs`` also
rewrites the table in ``docs/bots.md`` between its ladder markers.  ``--report`` plays
nothing and rates what the results file holds.  The last line is
``RESULT ladder_span=<strongest mu - weakest mu>``.
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

from fiveup.bots.ladder import ANCHOR_KIND, ANCHOR_MU, LADDER
from fiveup.ratings.model import MODEL, RatedMatch, Rating, rebuild
from fiveup.ratings.scale import display_rating
from fiveup.ratings.wilson import wilson_interval

from ._selfplay import Game, GameResult, default_workers, pair_games, progress_printer, run

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "service/fiveup/bots/data/ladder.json"
DOCS = ROOT / "docs/bots.md"
BEGIN = "<!-- ladder:begin (python -m bench.ladder --docs rewrites this table) -->"
END = "<!-- ladder:end -->"
CATEGORY = "2"
COMMAND = "make ladder"  # nice -n 19 python -m bench.ladder --docs


@dataclass(frozen=True, slots=True)
class PairRecord:
    """Two levels' matches: ``a_wins`` of ``matches`` for ``a`` (the weaker, first in
    the ladder), and what the fitted ratings predict for it."""

    a: str
    b: str
    a_wins: int
    matches: int
    predicted: float

    @property
    def rate(self) -> float:
        return self.a_wins / self.matches if self.matches else float("nan")


@dataclass(frozen=True, slots=True)
class LevelFit:
    kind: str
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class LadderFit:
    levels: tuple[LevelFit, ...]  # weakest first, the rated ones
    pairs: tuple[PairRecord, ...]
    games: int


def ladder_games(kinds: Sequence[str], pair_matches: int, adjacent: bool = False) -> list[Game]:
    """Every pair's games (``adjacent``: only neighbouring levels, a chain that still
    connects them all), interleaved: match 0 of every pair, then match 1..."""
    pairs = itertools.pairwise(kinds) if adjacent else itertools.combinations(kinds, 2)
    per_pair = [pair_games(a, b, pair_matches) for a, b in pairs]
    return [g for i in range(pair_matches) for games in per_pair for g in games[i : i + 1]]


def pair_of(result: GameResult) -> tuple[str, str]:
    a, b = result.key.split("/")[0].split("-")
    return a, b


def rated_match(result: GameResult) -> RatedMatch:
    # Two players: each seat is a side of one, the level is the "player".
    return RatedMatch(
        match_id=result.key,
        sides=tuple((kind,) for kind in result.kinds),
        scores=tuple(result.scores),
        winner_side=result.winner_side,
    )


def fit(results: Sequence[GameResult], kinds: Sequence[str]) -> LadderFit:
    """The levels' ratings from ``results`` (in the order given), anchored, and every
    pair's record beside what the ratings predict."""
    raw = rebuild(rated_match(r) for r in results)
    played: dict[str, int] = {}
    for r in results:
        for kind in r.kinds:
            played[kind] = played.get(kind, 0) + 1
    anchor = raw.get((CATEGORY, ANCHOR_KIND))
    shift = ANCHOR_MU - anchor.mu if anchor is not None else 0.0
    levels = tuple(
        LevelFit(k, raw[(CATEGORY, k)].mu + shift, raw[(CATEGORY, k)].sigma, played[k])
        for k in kinds
        if (CATEGORY, k) in raw
    )
    by_kind = {lv.kind: Rating(lv.mu, lv.sigma) for lv in levels}
    tally: dict[tuple[str, str], list[int]] = {}
    for r in results:
        a, _ = pair_of(r)
        t = tally.setdefault(pair_of(r), [0, 0])
        t[0] += r.kinds[r.winner_side] == a
        t[1] += 1
    pairs = tuple(
        PairRecord(a, b, w, n, predicted_win(by_kind[a], by_kind[b]))
        for (a, b), (w, n) in tally.items()
    )
    return LadderFit(levels, pairs, len(results))


def predicted_win(a: Rating, b: Rating) -> float:
    """Plackett-Luce's chance that ``a`` places above ``b``."""
    teams = [[MODEL.rating(a.mu, a.sigma)], [MODEL.rating(b.mu, b.sigma)]]
    return float(MODEL.predict_win(teams)[0])


def ladder_document(result: LadderFit, pair_matches: int) -> dict[str, object]:
    return {
        "about": (
            "The bot levels' ratings on the players' scale (openskill Plackett-Luce, "
            "category 2), from seeded self-play of every pair of levels; rebuilt by "
            f"{COMMAND} (bench/ladder.py)."
        ),
        "anchor": {"kind": ANCHOR_KIND, "mu": ANCHOR_MU},
        "pair_matches": pair_matches,
        "games": result.games,
        "ratings": {
            lv.kind: {"mu": round(lv.mu, 3), "sigma": round(lv.sigma, 3), "matches": lv.matches}
            for lv in result.levels
        },
        "pairs": [
            {"a": p.a, "b": p.b, "a_wins": p.a_wins, "matches": p.matches} for p in result.pairs
        ],
    }


def docs_table(result: LadderFit, pair_matches: int) -> str:
    titles = {lv.kind: lv for lv in LADDER}
    counts = sorted({p.matches for p in result.pairs}) or [0]
    per_pair = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    lines = [
        BEGIN,
        "",
        f"Rebuilt by `{COMMAND}` (`nice -n 19 python -m bench.ladder --docs`, resumable: "
        f"the matches accumulate in `build/ladder/games.jsonl`): {result.games} two-player "
        "61-point matches "
        f"({per_pair} a pair, seats alternating on shared deals), rated with "
        f"openskill's Plackett-Luce (the players' model), `{ANCHOR_KIND}` anchored at "
        f"mu {ANCHOR_MU:g}; *rating shown* is mu on the display scale players see "
        "(1500 + 29.48 (mu - 25), docs/ratings.md).",
        "",
        "| level | kind | think budget | mu | sigma | ordinal | matches | rating shown |",
        "|-------|------|--------------|----|-------|---------|---------|--------------|",
    ]
    for lv in result.levels:
        level = titles[lv.kind]
        # The shipped file's figures (3 decimals), so the table and data/ladder.json agree.
        mu, sigma = round(lv.mu, 3), round(lv.sigma, 3)
        lines.append(
            f"| {level.title} | `{lv.kind}` | {level.budget} | {mu:.1f} | {sigma:.2f} "
            f"| {mu - 3 * sigma:.1f} | {lv.matches} | {display_rating(mu)} |"
        )
    lines += [
        "",
        "Every pair: the weaker level's wins with the 95% Wilson interval, and the chance "
        "openskill's `predict_win` gives it from the two ratings (its Gaussian prediction "
        "is more certain than the results: read the ratings as an order and a scale to "
        "compare players with, not as exact odds):",
        "",
        "| pair | weaker won | 95% CI | predicted |",
        "|------|------------|--------|-----------|",
    ]
    for p in result.pairs:
        ci = wilson_interval(p.a_wins, p.matches)
        lines.append(
            f"| `{p.a}` vs `{p.b}` | {p.a_wins}/{p.matches} = {p.rate:.2f} "
            f"| [{ci.lower:.2f}, {ci.upper:.2f}] | {p.predicted:.2f} |"
        )
    lines += ["", END]
    return "\n".join(lines)


def rewrite_docs(text: str, table: str) -> str:
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"docs/bots.md has no ladder markers ({BEGIN!r} ... {END!r})")
    return text[:start] + table + text[end + len(END) :]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.ladder", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--pair-matches", type=int, default=100)
    parser.add_argument("--results", type=Path, default=ROOT / "build")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--docs", action="store_true", help="rewrite docs/bots.md's table")
    parser.add_argument("--report", action="store_true", help="play nothing: rate what is there")
    parser.add_argument(
        "--smoke", action="store_true", help="2 matches a pair of neighbours, in memory"
    )
    args = parser.parse_args(argv)
    kinds = [lv.kind for lv in LADDER]
    if args.smoke:
        args.pair_matches, args.workers = 2, 1
    games = ladder_games(kinds, args.pair_matches, adjacent=args.smoke)
    path = None if args.smoke else args.results / "ladder/games.jsonl"
    started = time.perf_counter()
    if args.report:
        done = {}
        if path is not None and path.exists():
            for line in path.read_text().splitlines():
                if line.strip():
                    r = GameResult(**json.loads(line))
                    done[r.key] = r
        results = [done[g.key] for g in games if g.key in done]
    else:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        results = run(games, path, args.workers, progress=progress_printer("ladder"))
    result = fit(results, kinds)
    print(f"ladder: {result.games} matches rated, {time.perf_counter() - started:.0f} s this run")
    for lv in result.levels:
        print(
            f"  {lv.kind:>7}: mu {lv.mu:6.2f}  sigma {lv.sigma:5.2f}  ordinal {lv.ordinal:6.2f}"
            f"  ({lv.matches} matches)"
        )
    for p in result.pairs:
        ci = wilson_interval(p.a_wins, p.matches)
        print(
            f"  {p.a:>7} vs {p.b:<7} {p.a_wins:4d}/{p.matches:<4d} = {p.rate:.3f}  "
            f"95% CI [{ci.lower:.3f}, {ci.upper:.3f}]  predicted {p.predicted:.3f}"
        )
    if not args.smoke:
        DATA.write_text(json.dumps(ladder_document(result, args.pair_matches), indent=2) + "\n")
        print(f"wrote {DATA.relative_to(ROOT)}")
        if args.docs:
            DOCS.write_text(rewrite_docs(DOCS.read_text(), docs_table(result, args.pair_matches)))
            print(f"wrote {DOCS.relative_to(ROOT)}")
    span = result.levels[-1].mu - result.levels[0].mu if result.levels else float("nan")
    print(f"RESULT ladder_span={span:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
