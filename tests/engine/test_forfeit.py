"""A side's concession (Match.forfeit): the events, who wins, the side placed last, the
fold after a replay; when play has really started; and the stand-in's count of turns
and its start, which a rated match's abandoned seat forfeits by."""

from __future__ import annotations

import json

import pytest

from fiveup.engine import (
    Forfeited,
    Match,
    MatchConfig,
    MatchEnded,
    Passed,
    TilePlaced,
    errors,
    event_from_dict,
)
from fiveup.ratings.stats import match_figures, placements


def started(seats: tuple[str, ...], seed: bytes = b"forfeit") -> tuple[Match, list]:  # type: ignore[type-arg]
    return Match.start(MatchConfig(seats=seats, seed=seed, target_points=61))


def play_one(match: Match) -> list:  # type: ignore[type-arg]
    seat = match.to_move()
    assert seat is not None
    return match.act(seat, match.legal_actions(seat)[0])


def test_a_forfeit_ends_the_match_for_the_other_side_and_replays() -> None:
    match, events = started(("human", "human"))
    while not match.play_started:
        events += play_one(match)
    step = match.forfeit(0, "resigned")
    assert step == [Forfeited(0, "resigned"), MatchEnded(1, tuple(match.scores), forfeited_side=0)]
    events += step
    assert match.finished and match.winner_side == 1 and match.to_move() is None
    assert match.forfeited == Forfeited(0, "resigned") and not match.cancelled
    with pytest.raises(errors.MatchFinished):
        match.forfeit(1, "resigned")
    config = MatchConfig(seats=("human", "human"), seed=b"forfeit", target_points=61)
    replayed = Match.replay(
        config, [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in events]
    )
    assert replayed.forfeited == match.forfeited and replayed.winner_side == 1
    # the figures a result is filed with: the conceding seat lost, whatever its score
    figures = {f.seat: f for f in match_figures(events)}
    assert (figures[0].won, figures[0].placement) == (False, 2)
    assert (figures[1].won, figures[1].placement) == (True, 1)


def test_the_conceding_side_places_last_and_the_best_other_side_wins() -> None:
    match, _ = started(("human", "human", "human"))
    match.scores = [100, 20, 45]  # the leader concedes
    step = match.forfeit(0, "abandoned")
    ended = step[-1]
    assert isinstance(ended, MatchEnded)
    assert ended.winner_side == 2 and ended.forfeited_side == 0
    assert placements(ended.scores, ended.winner_side, ended.forfeited_side) == (3, 2, 1)
    # with partnerships either partner concedes for the side
    four, _ = started(("human", "human", "human", "human"))
    assert four.forfeit(3, "deadline")[-1] == MatchEnded(0, (0, 0), forfeited_side=1)


def test_only_a_human_seat_forfeits_and_only_for_a_known_reason() -> None:
    match, _ = started(("human", "greedy"))
    with pytest.raises(errors.MatchError):
        match.forfeit(1, "resigned")
    with pytest.raises(ValueError, match="forfeit reason"):
        match.forfeit(0, "bored")
    assert not match.finished


def test_play_has_started_once_every_seat_has_moved() -> None:
    match, _ = started(("human", "human", "human"))
    moved = []
    while not match.play_started:
        assert len(match.moved_seats) < 3
        moved.append(match.to_move())
        play_one(match)
    assert match.moved_seats == {0, 1, 2} and len(moved) >= 3


def test_the_stand_in_counts_its_turns_from_its_takeover() -> None:
    match, _ = started(("human", "human"), seed=b"stand-in")
    seat = match.to_move()
    assert seat is not None
    match.set_auto(seat, True, since=1_000.0)
    assert (match.stand_in_turns[seat], match.stand_in_since[seat]) == (0, 1_000.0)
    turns = 0
    while turns < 3 and not match.finished:
        step = play_one(match)
        turns += sum(isinstance(e, (TilePlaced, Passed)) and e.seat == seat for e in step)
    assert match.stand_in_turns[seat] == turns
    # the owner takes the seat back: the count and its start are forgotten
    match.set_auto(seat, False)
    assert seat not in match.stand_in_turns and seat not in match.stand_in_since
    match.set_auto(seat, True, since=2_000.0)
    assert (match.stand_in_turns[seat], match.stand_in_since[seat]) == (0, 2_000.0)
