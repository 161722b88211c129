"""Events: lossless plain-data round trips, and redaction that hides exactly the secrets."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from fiveup.engine import (
    Event,
    Forfeited,
    Match,
    MatchCancelled,
    MatchConfig,
    MatchEnded,
    MatchStarted,
    MoveUndone,
    Passed,
    RoundDealt,
    RoundEnded,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    Turn,
    event_from_dict,
    redact,
)
from fiveup.engine.codec import ABSENT_WHEN_NONE
from fiveup.engine.events import EVENT_TYPES
from fiveup_core import ALL_TILES, ConnectionPoint

HANDS = (
    ((0, 0), (1, 4), (2, 6), (3, 3), (5, 6)),
    ((0, 1), (1, 1), (2, 2), (3, 4), (4, 6)),
    ((0, 2), (1, 2), (2, 3), (3, 5), (6, 6)),
)
BONEYARD = tuple(t for t in ALL_TILES if not any(t in h for h in HANDS))

DEALT = RoundDealt(
    round_no=2,
    starter=1,
    by_lot=False,
    hand_sizes=(5, 5, 5),
    boneyard_size=13,
    hands=HANDS,
    boneyard=BONEYARD,
)
DRAWN = TileDrawn(seat=2, tile=(4, 5), playable=True)

SAMPLES: list[Event] = [
    MatchStarted(seats=("human", "greedy", "human"), target_points=61, commitment="ab" * 32),
    DEALT,
    RoundDealt(1, 0, True, (5, 5), 18, (HANDS[0], HANDS[1]), BONEYARD + HANDS[2]),
    TilePlaced(seat=1, tile=(1, 4), on=None, points=5, end_sum=5),
    TilePlaced(seat=2, tile=(4, 4), on=ConnectionPoint((1, 4), "high"), points=0, end_sum=9),
    TilePlaced(seat=0, tile=(0, 4), on=ConnectionPoint((4, 4), "branch_b"), points=20, end_sum=20),
    DRAWN,
    TileDrawn(seat=0, tile=(0, 3), playable=False),
    TileDrawn(seat=0, tile=None, playable=None),  # as others see it
    Passed(seat=1),
    RoundEnded(
        round_no=2,
        blocked=False,
        winner=0,
        hands=((), ((3, 4),), ((0, 2), (6, 6))),
        deductions=(0, 5, 15),
        scores=(120, -5, 35),
    ),
    RoundEnded(
        round_no=3,
        blocked=True,
        winner=None,
        hands=(((0, 0),), ((1, 1),)),
        deductions=(0, 0),
        scores=(0, 0),
    ),
    MatchEnded(winner_side=1, scores=(290, 310)),
    SeatAutoPlayed(seat=2, turn=Turn(2, 1_800_000_012.5, stand_in=True)),
    SeatAutoPlayed(seat=2, active=False),
    MatchCancelled(reason="creator"),
    MatchCancelled(reason="length_limit"),
    SeatClaimed(seat=0),
    SeatClaimed(seat=2, display_name="Ada", turn=Turn(2, 1_800_000_030.0)),
    SeatClaimed(seat=1, display_name="Bob", player_id="p-bob"),
    TilePlaced(seat=1, tile=(0, 0), on=None, points=0, end_sum=0, turn=Turn(2)),
    MatchStarted(("human", "expert"), 61, "cd" * 32, hints=True, practice=True),
    MatchStarted(("human", "human"), 61, "ef" * 32, rated=True, turn_clock_seconds=86_400),
    MoveUndone(seat=0, to_version=17, turn=Turn(0, 1_800_000_040.0)),
    Forfeited(seat=1, reason="resigned"),
    Forfeited(seat=0, reason="abandoned"),
    MatchEnded(winner_side=0, scores=(40, 95), forfeited_side=1),
    SeatAutoPlayed(seat=1, since=1_800_000_050.25),
]


def test_the_samples_cover_every_event_type() -> None:
    assert {e.kind for e in SAMPLES} == set(EVENT_TYPES)


@pytest.mark.parametrize("e", SAMPLES, ids=lambda e: e.kind)
def test_round_trip_through_plain_data_and_json(e: Event) -> None:
    data = e.to_dict()
    assert data["type"] == e.kind
    # A field stored only when set (the turn, a correspondence clock) is absent when None.
    fields = {
        f.name for f in dataclasses.fields(e)
        if not (f.metadata.get(ABSENT_WHEN_NONE) and getattr(e, f.name) is None)
    }  # fmt: skip
    assert fields == set(data) - {"type"}
    assert event_from_dict(data) == e
    text = json.dumps(data)
    back = event_from_dict(json.loads(text))
    assert back == e
    assert back.turn == e.turn  # not part of ==: checked on its own
    assert type(back) is type(e)
    assert json.dumps(back.to_dict()) == text


def test_logs_written_before_turns_and_claims_existed_still_read() -> None:
    """Stored bodies from before the Turn annotation: no "turn" key at all."""
    old = {"type": "tile_placed", "seat": 1, "tile": [1, 4], "on": None, "points": 5}
    old["end_sum"] = 5
    placed = event_from_dict(old)
    assert placed == TilePlaced(1, (1, 4), None, 5, 5) and placed.turn is None
    assert placed.to_dict() == old  # and an event without a turn is stored as before
    assert event_from_dict({"type": "seat_claimed", "seat": 3}) == SeatClaimed(3, "")


def test_claims_stored_before_they_named_their_player_read_as_naming_none() -> None:
    """A SeatClaimed body from before ``player_id``: decodes with it empty (the rebuild of
    ratings then takes the seat's player from the lobby's binding)."""
    old = {"type": "seat_claimed", "seat": 2, "display_name": "Ada"}
    claim = event_from_dict(old)
    assert claim == SeatClaimed(2, "Ada", "") and claim.player_id == ""
    assert claim.to_dict() == {**old, "player_id": ""}
    named = SeatClaimed(2, "Ada", "p-ada")
    assert named.to_dict() == {**old, "player_id": "p-ada"}
    assert event_from_dict(json.loads(json.dumps(named.to_dict()))) == named


def test_round_trip_gives_typed_values_not_lists() -> None:
    placed = SAMPLES[4]
    back = event_from_dict(json.loads(json.dumps(placed.to_dict())))
    assert isinstance(back, TilePlaced)
    assert back.tile == (4, 4) and isinstance(back.tile, tuple)
    assert isinstance(back.on, ConnectionPoint) and back.on == ConnectionPoint((1, 4), "high")
    dealt = event_from_dict(json.loads(json.dumps(DEALT.to_dict())))
    assert isinstance(dealt, RoundDealt)
    assert all(isinstance(h, tuple) and all(isinstance(t, tuple) for t in h) for h in dealt.hands)
    assert isinstance(dealt.boneyard, tuple) and isinstance(dealt.hand_sizes, tuple)
    # events are hashable values, as immutable log entries should be
    assert len({back, dealt, *SAMPLES}) == len(SAMPLES)


def test_a_played_match_log_round_trips() -> None:
    config = MatchConfig(seats=("human",) * 3, seed=b"round trip", target_points=2)
    match, log = Match.start(config)
    while not match.finished:
        seat = match.to_move()
        assert seat is not None
        log += match.act(seat, match.legal_actions(seat)[-1])
    assert {e.kind for e in log} >= {"match_started", "round_dealt", "tile_placed", "round_ended"}
    stored = json.dumps([e.to_dict() for e in log])
    restored = [event_from_dict(d) for d in json.loads(stored)]
    assert restored == log
    assert Match.replay(config, restored).scores == match.scores


@pytest.mark.parametrize(
    "data",
    [{"type": "tile_flipped", "seat": 0}, {"seat": 0}, {"type": None}],
)
def test_unknown_event_types_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        event_from_dict(data)


def test_tiles_are_normalised_when_read() -> None:
    data = DRAWN.to_dict() | {"tile": [5, 4]}
    assert event_from_dict(data) == DRAWN


# --------------------------------------------------------------------------- redaction


@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_a_seat_sees_only_its_own_dealt_hand(viewer: int) -> None:
    seen = redact(DEALT, viewer)
    assert isinstance(seen, RoundDealt)
    assert seen.hands == tuple(h if s == viewer else () for s, h in enumerate(HANDS))
    assert seen.boneyard == ()
    # the public parts are untouched
    assert (seen.round_no, seen.starter, seen.by_lot) == (2, 1, False)
    assert (seen.hand_sizes, seen.boneyard_size) == ((5, 5, 5), 13)
    # and nothing hidden survives serialisation
    text = json.dumps(seen.to_dict())
    hidden = [t for s, h in enumerate(HANDS) if s != viewer for t in h] + list(BONEYARD)
    shown = {tuple(t) for hand in json.loads(text)["hands"] for t in hand}
    assert shown == set(HANDS[viewer])
    assert not shown & set(hidden)


def test_a_spectator_sees_no_dealt_tile() -> None:
    seen = redact(DEALT, None)
    assert isinstance(seen, RoundDealt)
    assert seen.hands == ((), (), ()) and seen.boneyard == ()
    assert seen.hand_sizes == (5, 5, 5) and seen.boneyard_size == 13
    assert redact(DEALT, 7) == seen  # a seat that does not exist sees no more


def test_a_drawn_tile_is_seen_only_by_its_drawer() -> None:
    assert redact(DRAWN, 2) == DRAWN
    for viewer in (0, 1, None):
        assert redact(DRAWN, viewer) == TileDrawn(seat=2, tile=None, playable=None)
        assert "[4, 5]" not in json.dumps(redact(DRAWN, viewer).to_dict())


@pytest.mark.parametrize(
    "e",
    [
        e
        for e in SAMPLES
        if not isinstance(e, (RoundDealt, TileDrawn))
        and not (isinstance(e, SeatClaimed) and e.player_id)
    ],
    ids=lambda e: e.kind,
)
def test_public_events_are_not_redacted(e: Event) -> None:
    # placements, passes, the reckoning (hands are revealed then), the end, stand-ins
    for viewer in (0, 1, 2, None):
        assert redact(e, viewer) == e


def test_a_claim_names_its_player_by_display_name_only_during_play() -> None:
    # The log keeps the player's id (it says whose result and rating the seat is); views
    # and streams of the live table show the display name (docs/security.md).
    claim = SeatClaimed(seat=1, display_name="Bob", player_id="p-bob")
    for viewer in (0, 1, 2, None):
        assert redact(claim, viewer) == SeatClaimed(seat=1, display_name="Bob")
        assert "p-bob" not in json.dumps(redact(claim, viewer).to_dict())
    assert claim.player_id == "p-bob"


def test_redaction_does_not_touch_the_authoritative_event() -> None:
    redact(DEALT, 0)
    redact(DRAWN, 0)
    assert DEALT.hands == HANDS and DEALT.boneyard == BONEYARD
    assert DRAWN.tile == (4, 5) and DRAWN.playable is True


def test_displayed_points_and_the_paper_tally() -> None:
    from fiveup.engine import displayed, tally

    assert [displayed(raw) for raw in (0, 5, 10, 15, 20, 305, -10)] == [0, 1, 2, 3, 4, 61, -2]
    assert tally(0) == "0"
    assert tally(3) == "|||"
    assert tally(10) == "X(xxxx)"  # a big X with a small x in each of its four spaces
    assert tally(23) == "X(xxxx) X(xxxx) |||"
    assert tally(-2) == "-||"


def test_a_cancelled_match_is_over_for_good_and_replays() -> None:
    from fiveup.engine import Draw, errors

    config = MatchConfig(seats=("human", "greedy"), seed=b"cancel me", target_points=61)
    match, events = Match.start(config)
    seat = match.to_move()
    assert seat is not None
    events += match.act(seat, match.legal_actions(seat)[0])
    cancelled = match.cancel("creator")
    assert cancelled == [MatchCancelled("creator")]
    events += cancelled
    assert match.finished and match.cancelled == "creator" and match.winner_side is None
    assert match.to_move() is None and not match.is_bot_turn()
    with pytest.raises(errors.MatchFinished, match="cancelled"):
        match.act(match.round.turn, Draw())  # type: ignore[union-attr]
    assert match.cancel("creator") == [] and match.cancel("length_limit") == []
    assert match.set_auto(0, True) == []
    replayed = Match.replay(
        config, [event_from_dict(json.loads(json.dumps(e.to_dict()))) for e in events]
    )
    assert replayed.cancelled == "creator" and replayed.version == match.version
    with pytest.raises(ValueError, match="cancel reason"):
        Match.start(config)[0].cancel("bored")
