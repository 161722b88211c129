"""What a client needs to draw a live table, as the engine says it: the seat to move
announced on each step's last event, seat claims, the round's starter in views, an
explicit blocked round, hidden draws, and each legal move's immediate outcome."""

from __future__ import annotations

import json

import pytest

from fiveup.engine import (
    Event,
    Match,
    MatchConfig,
    Place,
    RoundDealt,
    RoundEnded,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    Turn,
    errors,
    event_from_dict,
    redact,
    view_for,
)
from fiveup_core import Layout
from tests.engine.helpers import new_match, play, stacked_deck
from tests.engine.test_scenarios import BLOCKED_BONEYARD, BLOCKED_HANDS, BLOCKED_SCRIPT


def announced(events: list[Event]) -> list[Turn | None]:
    return [e.turn for e in events]


def test_each_step_announces_the_seat_to_move_on_its_last_event_only() -> None:
    config = MatchConfig(seats=("human", "greedy", "human"), seed=b"turns", target_points=3)
    match, first = Match.start(config)
    assert announced(first) == [None, Turn(match.to_move() or 0)]
    log = list(first)
    while not match.finished:
        seat = match.to_move()
        assert seat is not None
        step = match.act(seat, match.legal_actions(seat)[0])
        log += step
        *inner, last = step
        assert all(e.turn is None for e in inner)
        if match.finished:
            assert last.turn is None  # nobody moves after the end
        else:
            assert last.turn == Turn(match.to_move() or 0)
            assert last.turn is not None and last.turn.seat == match.to_move()
            if isinstance(last, RoundDealt):
                assert last.turn.seat == last.starter
    # the announcements are stored and read back with the log
    back = [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in log]
    assert [e.turn for e in back] == [e.turn for e in log]
    assert Match.replay(config, back).current_turn() is None


def test_the_deadline_is_stamped_by_the_application_and_folded_into_views() -> None:
    config = MatchConfig(seats=("human", "human"), seed=b"deadline")
    match, events = Match.start(config)
    seat = match.to_move()
    assert seat is not None
    step = match.stamp_deadline(match.act(seat, match.legal_actions(seat)[0]), 1000.5)
    assert step[-1].turn == Turn(1 - seat, 1000.5)
    assert view_for(match, None).current_turn == Turn(1 - seat, 1000.5)
    # a replica that reads the stored log sees the very same deadline
    stored = [event_from_dict(e.to_dict()) for e in [*events, *step]]
    assert view_for(Match.replay(config, stored), 0).current_turn == Turn(1 - seat, 1000.5)


def test_a_log_without_announcements_still_gives_the_seat_to_move() -> None:
    config = MatchConfig(seats=("human", "human"), seed=b"old log")
    match, events = Match.start(config)
    old = [event_from_dict({k: v for k, v in e.to_dict().items() if k != "turn"}) for e in events]
    replayed = Match.replay(config, old)
    assert replayed.current_turn() == Turn(match.to_move() or 0, None)


def test_a_stand_in_is_announced_and_the_owner_taking_back_too() -> None:
    config = MatchConfig(seats=("human", "human"), seed=b"stand-in")
    match, _ = Match.start(config)
    seat = match.to_move()
    assert seat is not None
    took = match.set_auto(seat, True)
    assert took[-1].turn == Turn(seat, None, stand_in=True)
    assert view_for(match, seat).current_turn == Turn(seat, None, stand_in=True)
    back = [*match.set_auto(seat, False), *match.act(seat, match.legal_actions(seat)[0])]
    assert back[0].turn is None and back[-1].turn == Turn(1 - seat)


def test_seat_claims_are_public_events_folded_into_the_match() -> None:
    config = MatchConfig(seats=("human", "expert", "human"), seed=b"claims", target_points=2)
    match, _ = Match.start(config)
    turn = match.current_turn()
    (claim,) = match.claim_seat(2, "Ada")
    assert claim == SeatClaimed(2, "Ada") and claim.turn == turn  # the turn is unchanged
    assert match.claimed_seats == {2}
    assert all(redact(claim, viewer) == claim for viewer in (None, 0, 1, 2))
    with pytest.raises(errors.MatchError):
        match.claim_seat(1)  # a bot's seat
    with pytest.raises(errors.MatchError):
        match.claim_seat(3)
    while not match.finished:
        seat = match.to_move()
        assert seat is not None
        match.act(seat, match.legal_actions(seat)[-1])
    assert match.claim_seat(0) == []  # a finished match's log ends with its end


def test_a_drawn_tiles_playability_is_hidden_not_false_for_others() -> None:
    deck = stacked_deck(["[2|3] [0|2] [0|4] [4|5] [2|5]", "[6|6] [1|1] [1|3] [3|3] [0|0]"])
    match, _, _ = new_match(deck, n_seats=2)
    play(match, "0: [2|5]")
    (drawn,) = play(match, "1: draw")
    assert isinstance(drawn, TileDrawn) and drawn.playable is not None
    assert redact(drawn, 1).playable is drawn.playable  # type: ignore[attr-defined]
    for other in (None, 0):
        seen = redact(drawn, other)
        assert isinstance(seen, TileDrawn) and seen.tile is None and seen.playable is None


def test_views_name_the_rounds_starter_and_whether_the_lot_chose_it() -> None:
    deck = stacked_deck(BLOCKED_HANDS, BLOCKED_BONEYARD)
    match, _, dealer = new_match(deck, n_seats=4, lots={1: 2, 2: 3})
    for viewer in (None, 0, 1):
        seen = view_for(match, viewer)
        assert (seen.round_starter, seen.round_by_lot) == (2, True)
    assert dealer.lots[1] == 2


def test_a_blocked_round_says_the_passes_were_not_played() -> None:
    deck = stacked_deck(BLOCKED_HANDS, BLOCKED_BONEYARD)
    match, _, _ = new_match(deck, n_seats=4, lots={1: 0, 2: 3})
    play(match, *BLOCKED_SCRIPT)
    events = play(match, *["0: draw"] * 8)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.blocked and ended.blocked_without_passes
    assert not any(e.kind == "passed" for e in events)
    dealt = events[-1]
    assert isinstance(dealt, RoundDealt) and dealt.turn == Turn(3)
    assert (view_for(match, 1).round_starter, view_for(match, 1).round_by_lot) == (3, True)


def test_scored_legal_actions_are_what_placing_each_would_give() -> None:
    config = MatchConfig(seats=("human", "human"), seed=b"scored moves")
    match, _ = Match.start(config)
    for _ in range(40):
        if match.finished:
            break
        seat = match.to_move()
        assert seat is not None
        seen = view_for(match, seat)
        assert [s.action for s in seen.scored_legal_actions] == list(seen.legal_actions)
        for scored in seen.scored_legal_actions:
            if isinstance(scored.action, Place):
                layout = Layout.from_bytes(seen.layout_compact)
                assert scored.points == layout.score_if(scored.action.tile, scored.action.on)
                layout.place(scored.action.tile, scored.action.on)
                assert scored.end_sum == layout.end_sum()
            else:
                assert (scored.points, scored.end_sum) == (0, seen.end_sum)
        best = max(seen.scored_legal_actions, key=lambda s: s.points)
        step = match.act(seat, best.action)
        if isinstance(best.action, Place):
            placed = step[0]
            assert isinstance(placed, TilePlaced)
            assert (placed.points, placed.end_sum) == (best.points, best.end_sum)
    assert view_for(match, None).scored_legal_actions == ()
