"""Practice mode's undo: the human takes back its last own action and the bots' replies.

The log stays append-only (a ``MoveUndone`` event names the version the match returns
to), a replay of the log rebuilds exactly the same state, and the deals never change:
they come from the seed, so a round dealt again after an undo is dealt the same tiles.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.engine import (
    Action,
    Event,
    Match,
    MatchConfig,
    MoveUndone,
    RoundDealt,
    errors,
    event_from_dict,
    view_for,
)

from .helpers import snapshot

SEED = b"practice seed for the undo tests"


def practice(n_seats: int = 2, seed: bytes = SEED) -> tuple[Match, list[Event]]:
    seats = ("human", *("greedy",) * (n_seats - 1))
    return Match.start(MatchConfig(seats=seats, seed=seed, practice=True))


def state(match: Match) -> dict[str, Any]:
    """Everything but the version (an undo adds an event, so the version moves on)."""
    out = snapshot(match)
    del out["version"]
    return out


def first_action(match: Match, seat: int) -> Action:
    return match.legal_actions(seat)[0]


def bots_reply(match: Match, log: list[Event]) -> None:
    """Let every seat but 0 move (first legal action) until it is seat 0's turn again."""
    while (seat := match.to_move()) is not None and seat != 0:
        log += match.act(seat, first_action(match, seat))


def test_undo_takes_back_the_human_action_and_the_bots_replies() -> None:
    match, log = practice(3)
    bots_reply(match, log)
    before_version = match.version
    before = state(match)
    human = first_action(match, 0)
    log += match.act(0, human)
    bots_reply(match, log)
    assert match.version > before_version + 1  # the bots replied

    undo = match.undo(0)

    assert undo == [MoveUndone(seat=0, to_version=before_version)]
    assert match.version == len(log) + 1  # the log only grows
    assert state(match) == before
    assert match.to_move() == 0 and match.legal_actions(0)[0] == human


def test_undo_then_redo_gives_the_same_state_and_replay_agrees() -> None:
    match, log = practice(2)
    bots_reply(match, log)
    log += match.act(0, first_action(match, 0))
    bots_reply(match, log)
    after = state(match)
    log += match.undo(0)
    log += match.act(0, first_action(match, 0))
    bots_reply(match, log)
    assert state(match) == after
    replayed = Match.replay(match.config, [event_from_dict(e.to_dict()) for e in log])
    assert snapshot(replayed) == snapshot(match)
    assert replayed.undoable(0) == match.undoable(0)


def test_undo_is_refused_outside_practice_and_for_bots_and_with_nothing_to_undo() -> None:
    casual, _ = Match.start(MatchConfig(seats=("human", "greedy"), seed=SEED))
    with pytest.raises(errors.UndoNotAllowed):
        casual.undo(0)
    match, _ = practice(2)
    with pytest.raises(errors.UndoNotAllowed):
        match.undo(1)  # a bot seat
    if match.to_move() == 0:  # the human leads: nothing of its own yet
        with pytest.raises(errors.NothingToUndo):
            match.undo(0)
    version = match.version
    with pytest.raises(errors.UndoNotAllowed):
        match.undo(7)
    assert match.version == version


def test_a_practice_match_needs_exactly_one_human() -> None:
    with pytest.raises(errors.InvalidConfig) as caught:
        MatchConfig(seats=("human", "human", "greedy"), seed=SEED, practice=True)
    assert caught.value.details["field"] == "practice"
    with pytest.raises(errors.InvalidConfig):
        MatchConfig(seats=("greedy", "expert"), seed=SEED, practice=True)


def test_practice_options_travel_in_the_log() -> None:
    match, log = practice(2)
    assert match.practice and match.hints_allowed
    replayed = Match.replay(MatchConfig(seats=match.config.seats, seed=SEED), log)
    assert replayed.practice and replayed.hints_allowed
    old_body = log[0].to_dict()
    del old_body["hints"], old_body["practice"]  # a body stored before the options existed
    started = event_from_dict(old_body)
    assert not started.hints and not started.practice  # type: ignore[attr-defined]


def test_an_undo_across_a_round_end_deals_the_same_round_again() -> None:
    match, log = practice(2)
    rounds_dealt: list[RoundDealt] = []
    # play until the human's action ends a round (or the match), then undo it
    rng = random.Random(3)
    for _ in range(5000):
        seat = match.to_move()
        if seat is None:
            break
        actions = match.legal_actions(seat)
        new = match.act(seat, actions[rng.randrange(len(actions))])
        log += new
        if seat == 0 and any(isinstance(e, RoundDealt) for e in new):
            rounds_dealt = [e for e in new if isinstance(e, RoundDealt)]
            break
    assert rounds_dealt, "the human never ended a round in 5000 actions"
    dealt = rounds_dealt[0]
    log += match.undo(0)
    assert match.round is not None and match.round.round_no == dealt.round_no - 1
    # the human ends the round the same way: the next round is dealt the very same tiles
    while True:
        seat = match.to_move()
        assert seat is not None
        new = match.act(seat, match.legal_actions(seat)[0])
        again = [e for e in new if isinstance(e, RoundDealt)]
        if again:
            assert again[0].hands == dealt.hands and again[0].boneyard == dealt.boneyard
            break


def test_the_views_say_whether_hints_and_undo_are_available() -> None:
    match, log = practice(2)
    bots_reply(match, log)
    view = view_for(match, 0)
    assert view.practice and view.hints_allowed and not view.can_undo
    match.act(0, first_action(match, 0))
    assert view_for(match, 0).can_undo
    assert not view_for(match, 1).can_undo and not view_for(match, None).can_undo


@settings(max_examples=40, deadline=None)
@given(
    seed=st.binary(min_size=8, max_size=8),
    n_seats=st.integers(2, 4),
    choices=st.lists(st.integers(0, 1_000), min_size=1, max_size=120),
    undo_at=st.sets(st.integers(0, 119), max_size=6),
)
def test_undo_redo_and_replay_property(
    seed: bytes, n_seats: int, choices: list[int], undo_at: set[int]
) -> None:
    """At random points: undo, then redo the same actions -> the same state; and the
    whole log (undo events included) always replays to the live state."""
    match, log = practice(n_seats, seed)
    for step, choice in enumerate(choices):
        seat = match.to_move()
        if seat is None:
            break
        actions = match.legal_actions(seat)
        action = actions[choice % len(actions)]
        log += match.act(seat, action)
        if step in undo_at and match.undoable(0) is not None:
            # take back seat 0's last action, and redo everything that was undone
            to_version = match.undoable(0)
            assert to_version is not None
            redo = _actions_after(log, to_version, match)
            expected = state(match)
            log += match.undo(0)
            for redo_seat, redo_action in redo:
                log += match.act(redo_seat, redo_action)
            assert state(match) == expected
        replayed = Match.replay(match.config, [event_from_dict(e.to_dict()) for e in log])
        assert snapshot(replayed) == snapshot(match)


def _actions_after(log: list[Event], to_version: int, match: Match) -> list[tuple[int, Action]]:
    """The actions on the match's current line after ``to_version``, to play again."""
    from fiveup.engine import Draw, Pass, Passed, Place, TileDrawn, TilePlaced

    line = Match.replay(match.config, log)._line  # the same line the live match holds
    out: list[tuple[int, Action]] = []
    for version, event in line:
        if version <= to_version:
            continue
        if isinstance(event, TilePlaced):
            out.append((event.seat, Place(event.tile, event.on)))
        elif isinstance(event, TileDrawn):
            out.append((event.seat, Draw()))
        elif isinstance(event, Passed):
            out.append((event.seat, Pass()))
    return out
