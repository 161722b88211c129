"""The events of a match: the only things that are ever stored.

A match is its creation record plus an ordered, versioned list of these events; the
state is a fold over them (``fiveup.engine.match.Match.replay``).  Events are immutable
and serialise to small JSON-friendly dicts (``to_dict`` / ``event_from_dict``).

Some events hold secrets (the dealt hands, the boneyard, a drawn tile).  ``redact``
returns the version of an event that a given seat -- or a spectator -- may see; the
authoritative log keeps the full version.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from fiveup_core import ConnectionPoint, Tile, normalize_tile

Hand = tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    """The public settings of the match (the shuffle seed stays in the creation record)."""

    kind: ClassVar[str] = "match_started"
    seats: tuple[str, ...]  # "human" or the name of a bot kind, per seat
    target_points: int  # displayed points to win (61)
    commitment: str  # SHA-256 of the secret shuffle seed, hex


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    kind: ClassVar[str] = "round_dealt"
    round_no: int
    starter: int
    by_lot: bool  # starter chosen by a fair lot (first round, or after a blocked round)
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    hands: tuple[Hand, ...]  # redacted: only the viewer's own hand is non-empty
    boneyard: Hand  # redacted: empty


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    kind: ClassVar[str] = "tile_placed"
    seat: int
    tile: Tile
    on: ConnectionPoint | None
    points: int  # raw points scored by this placement
    end_sum: int


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    kind: ClassVar[str] = "tile_drawn"
    seat: int
    tile: Tile | None  # redacted to None for everyone but the drawer
    playable: bool | None  # likewise hidden: it would tell others about the tile


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round_no: int
    blocked: bool
    winner: int | None  # the seat that went out; None when blocked
    hands: tuple[Hand, ...]  # every remaining hand, revealed
    deductions: tuple[int, ...]  # raw points deducted per seat (rounded separately)
    scores: tuple[int, ...]  # raw score per side after the reckoning


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    kind: ClassVar[str] = "match_ended"
    winner_side: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchCancelled(Event):
    """The match ended without a winner: its creator cancelled it (``creator``) or it
    reached the server's bound on a match's length (``length_limit``)."""

    kind: ClassVar[str] = "match_cancelled"
    reason: str


CANCEL_REASONS = ("creator", "length_limit")


@dataclass(frozen=True, slots=True)
class SeatAutoPlayed(Event):
    """A stand-in bot is playing for a seat whose turn timer ran out (or the seat's owner
    took it back: ``active=False``)."""

    kind: ClassVar[str] = "seat_auto_played"
    seat: int
    active: bool = field(default=True)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        MatchStarted,
        RoundDealt,
        TilePlaced,
        TileDrawn,
        Passed,
        RoundEnded,
        MatchEnded,
        SeatAutoPlayed,
        MatchCancelled,
    )
}


def event_from_dict(data: dict[str, Any]) -> Event:
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown event type {kind!r}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        kwargs[f.name] = _typed(f.name, data.get(f.name))
    return cls(**kwargs)


def redact(event: Event, viewer: int | None) -> Event:
    """The event as seat ``viewer`` (None: a spectator) may see it during play."""
    if isinstance(event, RoundDealt):
        hands = tuple(h if seat == viewer else () for seat, h in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands, boneyard=())
    if isinstance(event, TileDrawn) and event.seat != viewer:
        return dataclasses.replace(event, tile=None, playable=None)
    return event


# --------------------------------------------------------------------------- plain data

_TILE_FIELDS = {"tile"}
_HANDS_FIELDS = {"hands"}
_HAND_FIELDS = {"boneyard"}
_TUPLE_FIELDS = {"seats", "hand_sizes", "deductions", "scores"}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _typed(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in _TILE_FIELDS:
        return normalize_tile(tuple(value))
    if name == "on":
        tile, side = value
        return ConnectionPoint(normalize_tile(tuple(tile)), str(side))
    if name in _HANDS_FIELDS:
        return tuple(tuple(normalize_tile(tuple(t)) for t in hand) for hand in value)
    if name in _HAND_FIELDS:
        return tuple(normalize_tile(tuple(t)) for t in value)
    if name in _TUPLE_FIELDS:
        return tuple(value)
    return value
