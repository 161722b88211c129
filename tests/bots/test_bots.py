"""The bots: legal actions only, greedy maximises points now, views not matches."""

from __future__ import annotations

import random

import pytest

from fiveup.bots import (
    BOT_KINDS,
    Bot,
    ExpertBot,
    GreedyBot,
    NoviceBot,
    RandomBot,
    SearchBot,
    make_bot,
    seeded_rng,
)
from fiveup.bots.expert import master_config
from fiveup.bots.simple import LayoutCache
from fiveup.engine import Draw, Match, MatchConfig, MatchView, Pass, Place, view_for
from fiveup_core import Layout

from .helpers import positions, seed_bytes


def _bots(rng: random.Random) -> list[Bot]:
    master = SearchBot(rng, master_config(samples=3), "master")
    return [RandomBot(rng), NoviceBot(rng), GreedyBot(rng), ExpertBot(rng, samples=3), master]


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_every_bot_returns_a_legal_action(n_seats: int) -> None:
    rng = random.Random(n_seats)
    bots = _bots(rng)
    seen = 0
    for game in range(3):
        for _match, _seat, view in positions(n_seats, f"legal/{n_seats}/{game}", rng):
            for bot in bots:
                action = bot.choose(view)
                assert action in view.legal_actions, (bot.kind, action, view.legal_actions)
            seen += 1
    assert seen > 200


def test_bots_play_whole_matches_legally_through_the_engine() -> None:
    # the engine rejects an illegal action, so finishing the match is the check
    for n_seats in (2, 3, 4):
        kinds = ("master", "greedy", "novice", "adept")[:n_seats]
        match, _ = Match.start(
            MatchConfig(seats=kinds, seed=seed_bytes(f"whole/{n_seats}"), target_points=15)
        )
        bots = [make_bot(k, seeded_rng(f"whole/{n_seats}/{s}")) for s, k in enumerate(kinds)]
        while (seat := match.to_move()) is not None:
            match.act(seat, bots[seat].choose(view_for(match, seat)))
        assert match.finished


def test_greedy_picks_a_placement_scoring_the_most_points() -> None:
    rng = random.Random(11)
    bot = GreedyBot()
    checked = 0
    for n_seats in (2, 3, 4):
        for game in range(4):
            for _match, _seat, view in positions(n_seats, f"greedy/{n_seats}/{game}", rng):
                action = bot.choose(view)
                places = [a for a in view.legal_actions if isinstance(a, Place)]
                if not places:
                    assert isinstance(action, (Draw, Pass))
                    assert action == view.legal_actions[0]
                    continue
                layout = Layout.from_placements(view.layout)
                best = max(layout.score_if(a.tile, a.on) for a in places)
                assert isinstance(action, Place)
                assert layout.score_if(action.tile, action.on) == best
                # tie-break: the heaviest of the best-scoring tiles
                heaviest = max(sum(a.tile) for a in places if layout.score_if(a.tile, a.on) == best)
                assert sum(action.tile) == heaviest
                checked += 1
    assert checked > 200


def test_greedy_is_deterministic_and_layout_cache_follows_rounds() -> None:
    rng = random.Random(3)
    cache = LayoutCache()
    for _match, _seat, view in positions(2, "cache", rng):
        assert cache.layout_for(view.layout).placements() == list(view.layout)
        assert GreedyBot().choose(view) == GreedyBot().choose(view)


@pytest.mark.parametrize("kind", sorted(BOT_KINDS))
def test_bots_refuse_a_match(kind: str) -> None:
    match, _ = Match.start(MatchConfig(seats=("human", "human"), seed=seed_bytes("refuse")))
    bot = make_bot(kind, random.Random(0))
    with pytest.raises(TypeError, match="MatchView"):
        bot.choose(match)  # type: ignore[arg-type]
    seat = match.to_move()
    assert seat is not None
    other = view_for(match, 1 - seat)  # not its turn: nothing to choose from
    with pytest.raises(ValueError):
        bot.choose(other)


def test_simulation_hands_bots_only_views(monkeypatch: pytest.MonkeyPatch) -> None:
    import fiveup.bots as bots_pkg
    from fiveup.cli.simulate import simulate

    received: list[type] = []

    class Spy:
        kind = "greedy"

        def __init__(self, rng: random.Random) -> None:
            self.inner = GreedyBot(rng)

        def choose(self, view: MatchView) -> Place | Draw | Pass:
            received.append(type(view))
            return self.inner.choose(view)

    monkeypatch.setitem(bots_pkg.BOT_KINDS, "greedy", Spy)
    simulate(2, 2, ["greedy", "random"], seed="spy")
    assert received and set(received) == {MatchView}


def test_make_bot_kinds() -> None:
    assert set(BOT_KINDS) == {"random", "novice", "greedy", "adept", "expert", "master"}
    for kind in BOT_KINDS:
        bot = make_bot(kind, random.Random(1))
        assert bot.kind == kind
        assert isinstance(bot, Bot)
    with pytest.raises(ValueError, match="unknown bot kind"):
        make_bot("oracle", random.Random(1))
    capped = make_bot("master", random.Random(1), max_seconds=0.25)
    assert isinstance(capped, SearchBot) and capped.config.max_seconds == 0.25
    assert make_bot("greedy", random.Random(1), max_seconds=0.25).kind == "greedy"


def test_expert_fast_path_and_reproducibility() -> None:
    rng = random.Random(5)
    for _match, _seat, view in positions(3, "expert-fast", rng, max_actions=150):
        if len(view.legal_actions) == 1:
            bot = ExpertBot(random.Random(0))
            assert bot.choose(view) == view.legal_actions[0]
            assert bot.last_values == []  # no search for a forced move
        else:
            a = ExpertBot(random.Random(9), samples=4).choose(view)
            b = ExpertBot(random.Random(9), samples=4).choose(view)
            assert a == b
