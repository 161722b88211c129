"""The stored form of events: every event type round-trips through the bytes a store
writes, and bodies stored by earlier servers still read and re-encode to the same bytes.

tests/data/stored-events.jsonl holds bodies exactly as stores wrote them (one a line:
the samples of test_events.py, a three-seat match played to its end with claims,
deadlines and a stand-in, a practice match with an undo, cancelled), written by the codec
that picked converters by field name, before the one that reads the declared types.
tests/data/stored-events-old.jsonl holds the same bodies line for line as servers wrote
them before turns were announced and before the later optional fields existed.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiveup.engine import Event, Turn, event_from_dict
from fiveup.engine.events import EVENT_TYPES
from fiveup.match.ports import encode_event
from fiveup_core import ALL_TILES, SIDES, ConnectionPoint

DATA = Path(__file__).resolve().parent.parent / "data"
STORED = (DATA / "stored-events.jsonl").read_text().splitlines()
STORED_OLD = (DATA / "stored-events-old.jsonl").read_text().splitlines()


def test_the_fixture_covers_every_event_type() -> None:
    assert {json.loads(line)["type"] for line in STORED} == set(EVENT_TYPES)
    assert len(STORED) == len(STORED_OLD)


@pytest.mark.parametrize("line", STORED)
def test_stored_bodies_decode_and_encode_to_the_same_bytes(line: str) -> None:
    stored = json.loads(line)
    event = event_from_dict(stored)
    assert event.kind == stored["type"]
    body = event.to_dict()
    # A field added after the fixture was written is the one allowed difference: it
    # holds its default, as the event had no such field when it was stored.
    defaults = {f.name: f.default for f in dataclasses.fields(event)}
    assert all(getattr(event, name) == defaults[name] for name in set(body) - set(stored))
    assert encode_event({k: v for k, v in body.items() if k in stored}) == line


def test_bodies_stored_before_turns_and_later_fields_read_as_the_same_events() -> None:
    for old, now in zip(STORED_OLD, STORED, strict=True):
        before, after = event_from_dict(json.loads(old)), event_from_dict(json.loads(now))
        assert before == after and before.turn is None
        assert encode_event(before.to_dict()) == encode_event(
            dataclasses.replace(after, turn=None).to_dict()
        )


# --------------------------------------------------------------------------- any event

# Values for each type a field of an event may declare.  Tiles and connection points are
# real ones (the codec normalises tiles when it reads them); a type missing here fails
# the test below loudly, so a new kind of field gets a strategy and a round trip.
LEAVES: dict[Any, st.SearchStrategy[Any]] = {
    int: st.integers(-(2**53), 2**53),
    bool: st.booleans(),
    str: st.text(),
    float: st.floats(allow_nan=False, allow_infinity=False),
    tuple[int, int]: st.sampled_from(ALL_TILES),  # fiveup_core.Tile
    ConnectionPoint: st.builds(ConnectionPoint, st.sampled_from(ALL_TILES), st.sampled_from(SIDES)),
}


def values_of(tp: Any) -> st.SearchStrategy[Any]:
    if tp in LEAVES:
        return LEAVES[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(st.none() if a is type(None) else values_of(a) for a in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(values_of(args[0]), max_size=6).map(tuple)
    if dataclasses.is_dataclass(tp):
        return fields_of(tp)
    raise AssertionError(f"no strategy for a field of type {tp!r}: add one")


def fields_of(cls: Any) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{f.name: values_of(hints[f.name]) for f in dataclasses.fields(cls)})


EVENTS = st.one_of(*(fields_of(cls) for cls in EVENT_TYPES.values()))


@given(EVENTS)
def test_every_event_round_trips_through_its_stored_bytes(event: Event) -> None:
    text = encode_event(event.to_dict())
    back = event_from_dict(json.loads(text))
    assert type(back) is type(event)
    assert back == event and back.turn == event.turn  # turn takes no part in ==
    assert encode_event(back.to_dict()) == text
    if event.turn is None:
        assert "turn" not in json.loads(text)  # no turn: stored as before turns were


def test_a_new_field_of_a_known_type_needs_no_codec_edit() -> None:
    @dataclass(frozen=True, slots=True)
    class Annotated(Event):
        kind = "annotated_for_test"
        spare: tuple[tuple[tuple[int, int], ...], ...]  # hands, by another name
        where: ConnectionPoint | None
        seen: tuple[int, int] | None  # a tile, by another name
        lead: Turn | None = None

    event = Annotated(
        (((6, 6), (0, 1)), ()), ConnectionPoint((4, 4), "branch_a"), (2, 3), Turn(1, 2.5)
    )
    stored = json.loads(encode_event(event.to_dict()))
    stored["seen"] = [3, 2]  # read back normalised, as every tile is
    EVENT_TYPES[Annotated.kind] = Annotated
    try:
        back = event_from_dict(stored)
    finally:
        del EVENT_TYPES[Annotated.kind]
    assert back == event
    assert isinstance(back, Annotated) and isinstance(back.where, ConnectionPoint)
    assert back.lead == Turn(1, 2.5) and isinstance(back.spare[0][0], tuple)
