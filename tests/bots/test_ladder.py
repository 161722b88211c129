"""The ladder: one level per bot kind, the shipped ratings in the order of strength, the
nearest level to a rating, and bench.ladder's fit, data and docs table."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

import pytest

from bench import ladder as bench_ladder
from bench._selfplay import GameResult, pair_games
from fiveup.bots import BOT_KINDS, ladder
from fiveup.bots.ladder import ANCHOR_KIND, ANCHOR_MU, LADDER, LevelRating

from .test_simulate import ROOT, _env

KINDS = [lv.kind for lv in LADDER]


def test_every_bot_kind_is_one_level() -> None:
    assert sorted(KINDS) == sorted(BOT_KINDS)
    assert len(set(KINDS)) == len(KINDS)
    assert all(lv.title and lv.budget for lv in LADDER)


def test_shipped_ratings_rate_every_level_in_order_of_strength() -> None:
    rated = ladder.ratings()
    assert set(rated) == set(KINDS)
    mus = [rated[k].mu for k in KINDS]
    # The ladder's order is a measured fact: each level is rated above the one below it.
    assert mus == sorted(mus), mus
    assert rated[ANCHOR_KIND].mu == pytest.approx(ANCHOR_MU, abs=1e-3)
    assert all(r.matches > 0 and 0 < r.sigma < 8.34 for r in rated.values())


def _fake(monkeypatch: pytest.MonkeyPatch, ordinals: dict[str, float]) -> None:
    table = {k: LevelRating(k, o + 3.0, 1.0, 10) for k, o in ordinals.items()}
    monkeypatch.setattr(ladder, "ratings", lambda: table)


def test_nearest_picks_the_level_nearest_the_ordinal(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake(monkeypatch, {"random": -10.0, "novice": 0.0, "greedy": 20.0, "expert": 40.0})
    assert ladder.nearest(-50.0) == "random"
    assert ladder.nearest(4.0) == "novice"
    assert ladder.nearest(10.0) == "novice"  # a tie goes to the weaker level
    assert ladder.nearest(31.0) == "expert"
    assert ladder.nearest(500.0) == "expert"  # unrated levels (master) are never picked
    assert ladder.nearest(500.0, kinds=("random", "greedy")) == "greedy"
    with pytest.raises(ValueError, match="no rated bot level"):
        ladder.nearest(0.0, kinds=("master",))


def _result(a: str, b: str, i: int, winner: str) -> GameResult:
    kinds = (a, b) if i % 2 == 0 else (b, a)
    side = kinds.index(winner)
    scores = [61 * 5 if s == side else 30 * 5 for s in range(2)]
    return GameResult(
        key=f"{a}-{b}/{i}", kinds=list(kinds), index=i // 2, winner_side=side, scores=scores,
        rounds=10, scored=scores, deducted=[0, 0], placements=[1 if s == side else 2 for s in range(2)],
    )  # fmt: skip


def test_fit_orders_levels_by_results_and_anchors_greedy() -> None:
    kinds = ["random", "greedy", "expert"]
    # expert beats greedy 3 in 4; both always beat random.
    results = [_result("random", "greedy", i, "greedy") for i in range(8)]
    results += [_result("random", "expert", i, "expert") for i in range(8)]
    results += [
        _result("greedy", "expert", i, "greedy" if i % 4 == 0 else "expert") for i in range(8)
    ]
    fit = bench_ladder.fit(results, kinds)
    mu = {lv.kind: lv.mu for lv in fit.levels}
    assert mu["random"] < mu["greedy"] < mu["expert"]
    assert mu["greedy"] == pytest.approx(ANCHOR_MU)
    records = {(p.a, p.b): p for p in fit.pairs}
    assert records[("greedy", "expert")].a_wins == 2
    assert records[("greedy", "expert")].matches == 8
    assert 0.0 < records[("greedy", "expert")].predicted < 0.5
    assert all(lv.matches == 16 for lv in fit.levels)


def test_games_interleave_every_pair() -> None:
    games = bench_ladder.ladder_games(KINDS, 4)
    pairs = len(KINDS) * (len(KINDS) - 1) // 2
    assert len(games) == 4 * pairs
    # Match 0 of every pair comes before match 1 of any: a partial run rates every pair.
    assert [g.key.split("/")[1] for g in games[:pairs]] == ["0"] * pairs
    assert {g.key for g in games} == {
        g.key for a, b in itertools.combinations(KINDS, 2) for g in pair_games(a, b, 4)
    }


def test_docs_table_is_the_shipped_ratings() -> None:
    text = (ROOT / "docs/bots.md").read_text()
    start, end = text.index(bench_ladder.BEGIN), text.index(bench_ladder.END)
    rows = re.findall(
        r"^\| [^|]+ \| `(\w+)` \|[^|]+\| ([\d.-]+) \| ([\d.]+) \|", text[start:end], re.M
    )
    shown = {kind: (float(mu), float(sigma)) for kind, mu, sigma in rows}
    assert set(shown) == set(KINDS)
    for kind, r in ladder.ratings().items():
        assert shown[kind] == (round(r.mu, 1), round(r.sigma, 2)), kind


def test_rewrite_docs_replaces_only_the_table() -> None:
    text = f"before\n{bench_ladder.BEGIN}\nold\n{bench_ladder.END}\nafter\n"
    out = bench_ladder.rewrite_docs(text, f"{bench_ladder.BEGIN}\nnew\n{bench_ladder.END}")
    assert out == f"before\n{bench_ladder.BEGIN}\nnew\n{bench_ladder.END}\nafter\n"
    with pytest.raises(SystemExit, match="no ladder markers"):
        bench_ladder.rewrite_docs("no markers", "x")


def test_bench_ladder_smoke() -> None:
    data = ROOT / "service/fiveup/bots/data/ladder.json"
    before = data.read_bytes()
    proc = subprocess.run(
        [sys.executable, "-m", "bench.ladder", "--smoke"],
        capture_output=True, text=True, timeout=240, cwd=ROOT, env=_env(), check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for kind in KINDS:
        assert re.search(rf"{kind}: mu\s+[\d.-]+\s+sigma", out), out
    assert re.search(r"greedy: mu\s+25\.00", out), out
    assert re.search(r"expert vs master\s+\d+/2 ", out), out
    assert re.fullmatch(r"RESULT ladder_span=\d+\.\d+", out.strip().splitlines()[-1])
    assert data.read_bytes() == before  # the smoke form writes nothing
