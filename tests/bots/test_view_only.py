"""Every level decides from the seat's view only: two matches that differ in tiles the seat
cannot see (swapped between other hands and the boneyard, every action still legal) give
every bot, with the same RNG, the same decision -- the master included."""

from __future__ import annotations

import pytest

from fiveup.bots import BOT_KINDS, GreedyBot, make_bot, seeded_rng
from fiveup.engine import Match, MatchConfig, view_for
from fiveup.engine.actions import Place

from ..service.test_hints import swapped_history


def _position(n_seats: int, moves: int) -> tuple[MatchConfig, Match, list]:  # type: ignore[type-arg]
    config = MatchConfig(seats=("human",) * n_seats, seed=bytes(range(32)))
    match, events = Match.start(config)
    events = list(events)
    greedy = GreedyBot()
    for _ in range(moves):
        seat = match.to_move()
        assert seat is not None
        events += match.act(seat, greedy.choose(view_for(match, seat)))
    return config, match, events


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_hidden_tiles_do_not_change_any_decision(n_seats: int) -> None:
    # Play on until the seat to move has a real choice (several distinct placements).
    for moves in range(6, 40):
        config, live, events = _position(n_seats, moves)
        seat = live.to_move()
        assert seat is not None
        view = view_for(live, seat)
        if len({a.tile for a in view.legal_actions if isinstance(a, Place)}) >= 2:
            break
    else:
        raise AssertionError("no position with a choice")
    other_events, swapped = swapped_history(config, events, seat)
    twin = Match.replay(config, other_events)
    assert twin.round is not None and live.round is not None
    assert twin.round.hands != live.round.hands or twin.round.boneyard != live.round.boneyard
    assert view_for(twin, seat) == view
    for kind in BOT_KINDS:
        a = make_bot(kind, seeded_rng(f"view-only/{kind}")).choose(view)
        b = make_bot(kind, seeded_rng(f"view-only/{kind}")).choose(view_for(twin, seat))
        assert a == b, (kind, swapped)
