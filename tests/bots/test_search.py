"""Determinized search (``fiveup.bots.search``): reproducible, the same decisions on the
compiled and the pure-Python play-outs, bounded by its clock; the values it maximises;
the win-chance tables behind the master's value."""

from __future__ import annotations

import random

import pytest

import fiveup.bots.search as search_module
from fiveup.bots import SearchBot, SearchConfig
from fiveup.bots.expert import LOOKAHEAD_WEIGHTS, ExpertBot, master_config
from fiveup.bots.inference import infer
from fiveup.bots.search import candidates_of
from fiveup.bots.values import MarginValue, MatchValue, ValueContext, margin_of
from fiveup.bots.winchance import (
    LOT,
    OTHER,
    A,
    B,
    RoundOutcome,
    WinChances,
    build,
    load_win_chances,
    pair_outcomes,
    solve,
)
from fiveup.engine import MatchView
from fiveup_core import PlayOut, playout

from .helpers import positions


def _choice_views(n_seats: int, label: str, limit: int) -> list[MatchView]:
    out = []
    for _match, _seat, view in positions(n_seats, label, random.Random(label)):
        if len(candidates_of(view.legal_actions)) > 1:
            out.append(view)
        if len(out) >= limit:
            break
    return out


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_the_pure_python_play_outs_give_the_same_decisions(
    n_seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the twin's search and play-outs in place of the compiled ones, every
    estimate (values, margins, nets, win chances) is the same to the last bit."""
    views = _choice_views(n_seats, f"twin/{n_seats}", 25)
    configs = [SearchConfig(samples=40), master_config(samples=40)]
    compiled = []
    for view in views:
        for config in configs:
            bot = SearchBot(random.Random(3), config, "t")
            keys = list(candidates_of(view.legal_actions))
            compiled.append(bot.estimate(view, infer(view), keys))
    monkeypatch.setattr(search_module, "search", playout.search_py)
    monkeypatch.setattr(search_module, "play_outs", playout.play_outs_py)
    i = 0
    for view in views:
        for config in configs:
            bot = SearchBot(random.Random(3), config, "t")
            keys = list(candidates_of(view.legal_actions))
            assert bot.estimate(view, infer(view), keys) == compiled[i]
            i += 1


def test_a_seeded_search_is_reproducible_and_uses_every_deal() -> None:
    for view in _choice_views(3, "repro", 20):
        a = SearchBot(random.Random(9), master_config(samples=70), "master")
        b = SearchBot(random.Random(9), master_config(samples=70), "master")
        assert a.choose(view) == b.choose(view)
        assert a.last_values == b.last_values and len(a.last_values) > 1
        keys = list(candidates_of(view.legal_actions))
        found = SearchBot(random.Random(1), master_config(samples=70), "m").estimate(
            view, infer(view), keys
        )
        assert found.samples == 70
        assert found.win_chances is not None and all(0 <= c <= 1 for c in found.win_chances)


def test_the_clock_cuts_a_search_short() -> None:
    view = _choice_views(2, "clock", 1)[0]
    keys = list(candidates_of(view.legal_actions))
    bot = SearchBot(random.Random(1), SearchConfig(samples=100_000, max_seconds=0.0), "t")
    found = bot.estimate(view, infer(view), keys)
    assert 1 <= found.samples < 100_000


def test_the_expert_maximises_the_margin_and_reports_it() -> None:
    for view in _choice_views(4, "margin", 15):
        bot = ExpertBot(random.Random(4), samples=16)
        action = bot.choose(view)
        values = dict(bot.last_values)
        assert values[action] == max(values.values())
        keys = list(candidates_of(view.legal_actions))
        found = ExpertBot(random.Random(4), samples=16).estimate(view, infer(view), keys)
        assert found.values == found.margins and found.win_chances is None


def test_margin_of_counts_partners_and_the_out_bonus() -> None:
    four = ValueContext(
        seat=1, n_seats=4, sides=(0, 1, 0, 1), side=1, scores=(0, 0), target_raw=305
    )
    # seats 1 and 3 are partners: nets 10 + 5 against 0 + 20, seat 3 went out
    assert margin_of(four, [20, 15], winner=3, out_bonus=5.0) == 15 - 20 + 5
    three = ValueContext(
        seat=0, n_seats=3, sides=(0, 1, 2), side=0, scores=(0, 0, 0), target_raw=305
    )
    assert margin_of(three, [10, 0, 20], winner=2, out_bonus=6.0) == 10 - 10 - 3
    assert margin_of(three, [10, 0, 20], winner=-1, out_bonus=6.0) == 0


def test_the_match_value_counts_a_decided_match_exactly() -> None:
    context = ValueContext(
        seat=0, n_seats=2, sides=(0, 1), side=0, scores=(290, 280), target_raw=305
    )
    value = MatchValue()
    won = PlayOut((15, -5), 0)  # 305 against 275 after the reckoning: the match is over
    lost = PlayOut((-5, 30), 1)  # 285 against 310
    level = PlayOut((15, 25), 1)  # 305 against 305: a tie at the top plays on
    from fiveup.bots.values import Accumulator

    acc = Accumulator.zeros(3)
    value.add(context, [won, lost, level], acc)
    assert acc.win_chances[0] == 1.0 and acc.win_chances[1] == 0.0
    assert 0.0 < acc.win_chances[2] < 1.0
    assert acc.margins[0] == 20 + 5 and acc.side_nets[1] == -5


# --------------------------------------------------------------------------- win chances


def _toy(outcomes: dict[int, list[tuple[int, int, int, float]]], depth: int = 12) -> WinChances:
    return WinChances({"2": solve(outcomes, three_sides=False, depth=depth)}, depth)


def test_the_race_when_both_sides_score_alike() -> None:
    """Both sides gain 1 point a round: the one nearer the target wins; level sides stay
    level (and a level race is even)."""
    chances = _toy({A: [(1, 1, A, 1.0)]})
    for x in range(1, 12):
        for y in range(1, 12):
            expect = 1.0 if x < y else 0.0 if x > y else 0.5
            assert chances.pair(2, x, y, A) == pytest.approx(expect, abs=1e-3)


def test_a_fair_race_is_symmetric() -> None:
    """A coin decides who scores a point and leads next: leading is worth nothing, so
    A's chance at (x, y) and B's at (y, x) add up to one and a level race is even."""
    chances = _toy({A: [(1, 0, A, 0.5), (0, 1, B, 0.5)]})
    for x in range(1, 10):
        assert chances.pair(2, x, x, A) == pytest.approx(0.5, abs=1e-3)
        for y in range(1, 10):
            assert chances.pair(2, x, y, A) + chances.pair(2, y, x, A) == pytest.approx(1, abs=1e-3)
            assert chances.pair(2, x, y, A) == pytest.approx(chances.pair(2, x, y, B), abs=1e-3)
            if x < y:
                assert chances.pair(2, x, y, A) > 0.5


def test_pair_outcomes_see_each_round_from_every_pair() -> None:
    rounds = [
        RoundOutcome(3, leader=0, nets=(10, 5, -5), winner=2),
        RoundOutcome(2, leader=1, nets=(0, 15), winner=None),
    ]
    three = pair_outcomes(rounds[:1])
    # led by side 0: pairs (0,1) and (0,2) are A-led; (1,2) and (2,1) OTHER-led
    assert sorted(three[A]) == [(2, -1, B, 0.5), (2, 1, OTHER, 0.5)]
    assert sorted(three[OTHER]) == [(-1, 1, A, 0.5), (1, -1, B, 0.5)]
    two = pair_outcomes(rounds[1:])
    assert two == {A: [(3, 0, LOT, 1.0)]}


def test_tables_survive_their_storage() -> None:
    rounds = [
        RoundOutcome(2, leader=i % 2, nets=(5 * (i % 4), 5 * (i % 3)), winner=i % 2)
        for i in range(12)
    ]
    built = build(rounds, depth=10)
    again = WinChances.from_json(built.to_json())
    for x in range(11):
        for y in range(11):
            assert again.pair(2, x, y, A) == pytest.approx(built.pair(2, x, y, A), abs=1 / 65535)


def test_the_shipped_tables_know_the_race() -> None:
    chances = load_win_chances()
    target = 61 * 5
    for n, sides in ((2, 2), (3, 3), (4, 2)):
        start = [chances.chance(n, s, [0] * sides, target, 0) for s in range(sides)]
        assert sum(start) == pytest.approx(1, abs=1e-3)
        assert start[0] > 1 / sides  # leading the first round is worth something
        # nearly there against far behind: nearly sure, whoever leads
        near = [300] + [100] * (sides - 1)
        assert chances.chance(n, 0, near, target, 1) > 0.9
        # over the target alone at the top: decided
        assert chances.chance(n, 0, [310] + [300] * (sides - 1), target, 1) == 1.0
        assert chances.chance(n, 1, [310] + [300] * (sides - 1), target, 1) == 0.0
    # two sides: the chances of the two sides add up to one
    for a, b, leader in ((150, 200, 0), (280, 290, 1), (300, 300, -1)):
        assert chances.chance(2, 0, [a, b], target, leader) + chances.chance(
            2, 1, [a, b], target, leader
        ) == pytest.approx(1, abs=1e-3)


def test_the_master_plays_with_the_lookahead_policy_and_the_match_value() -> None:
    config = master_config()
    assert config.policy == LOOKAHEAD_WEIGHTS and isinstance(config.value, MatchValue)
    assert isinstance(SearchConfig().value, MarginValue)
    with pytest.raises(ValueError):
        SearchConfig(samples=0)
