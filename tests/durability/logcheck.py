"""Checks on a match's stored log, straight from the store."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from fiveup.engine import Match, MatchConfig, event_from_dict
from fiveup.engine.actions import Action, Draw, Pass, Place
from fiveup.engine.events import (
    Forfeited,
    Passed,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
)
from fiveup.match.ports import EventStore
from fiveup.store import open_store


@dataclass
class Checked:
    version: int
    finished: bool
    actions: list[tuple[int, int, str]]  # (version of the action's first event, seat, kind)


def _plain(event: Any) -> Any:
    return _without_deadline(json.loads(json.dumps(event.to_dict())))


def _same(produced: list[dict[str, Any]], stored: list[dict[str, Any]]) -> bool:
    """The engine's events are the stored ones."""
    return len(produced) == len(stored) and all(
        _same_event(p, s) for p, s in zip(produced, stored, strict=True)
    )


def _same_event(produced: dict[str, Any], stored: dict[str, Any]) -> bool:
    """Every stored field as produced.  A field the body lacks was added after an older
    server stored it: produced, it must hold what the stored body decodes to (the
    field's default; match_started's ``rated`` before matches were rated).  A log from
    before turns were announced has none to compare."""
    if produced == stored:
        return True
    if "turn" not in stored:
        produced = {k: v for k, v in produced.items() if k != "turn"}
    decoded = _plain(event_from_dict(stored))
    decoded = {k: v for k, v in decoded.items() if k in produced}
    return all(produced.get(k) == v for k, v in stored.items()) and produced == decoded


def _without_deadline(body: dict[str, Any]) -> dict[str, Any]:
    """A body as the engine alone would write it: the turn's deadline comes from the
    application's clock (the seat to move and the stand-in flag are the engine's)."""
    if "turn" not in body:
        return body
    return {**body, "turn": {k: v for k, v in body["turn"].items() if k != "deadline"}}


def replay_strictly(config: MatchConfig, bodies: list[dict[str, Any]]) -> Checked:
    """Re-derive the whole log from the seed and the actions it records.

    Each recorded action is played again through ``Match.act`` (which rejects a seat
    acting out of turn and any illegal move) and must produce exactly the next recorded
    events.  So a bot that moved twice, a lost or duplicated event, or an event out of
    order all fail here; and a plain ``Match.replay`` of the log must fold too."""
    Match.replay(config, (event_from_dict(b) for b in bodies))
    bodies = [_without_deadline(b) for b in bodies]
    match, first = Match.start(config)
    assert _same([_plain(e) for e in first], bodies[: len(first)]), "the opening events differ"
    i = len(first)
    actions: list[tuple[int, int, str]] = []
    while i < len(bodies):
        event = event_from_dict(bodies[i])
        if isinstance(event, SeatAutoPlayed) and not event.active:
            match.apply(event)  # the owner's move follows and announces the next turn
            i += 1
            continue
        if isinstance(event, (SeatAutoPlayed, SeatClaimed)):
            step = (
                match.set_auto(event.seat, True, since=event.since)
                if isinstance(event, SeatAutoPlayed)
                else match.claim_seat(event.seat, event.display_name, event.player_id)
            )
            assert _same([_plain(e) for e in step], bodies[i : i + 1]), f"version {i + 1} differs"
            i += 1
            continue
        if isinstance(event, Forfeited):  # a concession: the end follows from it alone
            produced = [_plain(e) for e in match.forfeit(event.seat, event.reason)]
            assert _same(produced, bodies[i : i + len(produced)]), f"version {i + 1} differs"
            i += len(produced)
            continue
        action: Action
        if isinstance(event, TilePlaced):
            action = Place(event.tile, event.on)
        elif isinstance(event, TileDrawn):
            action = Draw()
        elif isinstance(event, Passed):
            action = Pass()
        else:
            raise AssertionError(f"version {i + 1}: {event.kind} is not the start of a move")
        assert match.to_move() == event.seat, (
            f"version {i + 1}: seat {event.seat} acted on seat {match.to_move()}'s turn"
        )
        produced = [_plain(e) for e in match.act(event.seat, action)]
        assert _same(produced, bodies[i : i + len(produced)]), f"version {i + 1}: the log differs"
        actions.append((i + 1, event.seat, event.kind))
        i += len(produced)
    return Checked(match.version, match.finished, actions)


async def check_match(store: EventStore, match_id: str) -> Checked:
    """The log is versions 1..n without gaps and replays strictly."""
    record = await store.load_match(match_id)
    stored = await store.read_events(match_id)
    versions = [e.version for e in stored]
    assert versions == list(range(1, len(stored) + 1)), f"{match_id}: gaps in {versions}"
    # The options chosen at creation travel in match_started (the creation record has
    # only the seats, the target and the seed): start the re-derivation with the same.
    started = stored[0].body if stored else {}
    config = MatchConfig(
        record.seats, record.seed, record.target_points,
        hints=bool(started.get("hints", False)),
        practice=bool(started.get("practice", False)),
        rated=bool(started.get("rated", False)),
    )  # fmt: skip
    return replay_strictly(config, [e.body for e in stored])


async def open_checked(url: str) -> EventStore:
    store = open_store(url)
    await store.open()
    return store
