"""The events of a match: the only things that are ever stored.

A match is its creation record plus an ordered, versioned list of these events; the
state is a fold over them (``fiveup.engine.match.Match.replay``).  Events are immutable
and serialise to small JSON-friendly dicts (``to_dict`` / ``event_from_dict``), each field
by its declared type (``fiveup.engine.codec``).

Some events hold secrets (the dealt hands, the boneyard, a drawn tile).  ``redact``
returns the version of an event that a given seat -- or a spectator -- may see; the
authoritative log keeps the full version.

The last event of each step (a move and its consequences, a stand-in taking over, a seat
being claimed) carries a ``Turn``: who moves next and, when the application's turn timer
is on, until when.  It is an announcement stored with the event, not a fact the fold
derives (the deadline comes from a clock the engine does not have), so it takes no part in
an event's equality, and logs written before it existed simply have none.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from fiveup_core import ConnectionPoint, Tile

from .codec import ABSENT_WHEN_NONE, field_codecs, from_plain, to_plain

Hand = tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is after an event, and until when."""

    seat: int
    # Unix time (seconds) the turn ends: for a claimed human seat with the turn timer on,
    # when a stand-in bot takes over; for a seat a stand-in already plays, the earliest
    # moment the stand-in moves (until then the owner takes the seat back by moving).
    # None: no limit (a bot's turn, an unclaimed seat, no turn timer, or an old log).
    deadline: float | None = None
    stand_in: bool = False  # a stand-in bot is playing this human seat

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "deadline": self.deadline, "stand_in": self.stand_in}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Turn:
        deadline = data.get("deadline")
        return cls(
            int(data["seat"]),
            None if deadline is None else float(deadline),
            bool(data.get("stand_in", False)),
        )


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"
    # Who moves next, on the last event of a step (see the module docstring).  Events
    # without one keep the stored form they had before it existed: no "turn" key.
    turn: Turn | None = field(
        default=None, kw_only=True, compare=False, metadata={ABSENT_WHEN_NONE: True}
    )

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, **to_plain(self)}


@dataclass(frozen=True, slots=True)
class MatchStarted(Event):
    """The public settings of the match (the shuffle seed stays in the creation record)."""

    kind: ClassVar[str] = "match_started"
    seats: tuple[str, ...]  # "human" or the name of a bot kind, per seat
    target_points: int  # displayed points to win (61)
    commitment: str  # SHA-256 of the secret shuffle seed, hex
    hints: bool = False  # SuggestMoves may be asked (chosen at creation)
    practice: bool = False  # one human with bots, unrated, may undo its moves
    # Rated if every seat turns out to be a signed-in player (chosen at creation; never
    # with bots, hints or practice).  Logs from before ratings decode as not rated.
    rated: bool = False
    # A correspondence match: each turn lasts this many seconds (minutes to days) and no
    # stand-in plays by default (docs/api.md, "Correspondence").  None: a live match on
    # the server's turn timer -- the stored form of a live match has no such key.
    turn_clock_seconds: int | None = field(default=None, metadata={ABSENT_WHEN_NONE: True})


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
    # Whether the drawn tile can be placed (then it must be, at once).  Hidden -- None,
    # not False -- for everyone but the drawer: it would tell others about the tile.
    playable: bool | None


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

    @property
    def blocked_without_passes(self) -> bool:
        """A blocked round is declared as soon as the boneyard is empty and no seat can
        place (``Match._consequences``): the round of passes that would follow is never
        played.  Every blocked round ends so; this says it in so many words."""
        return self.blocked


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    kind: ClassVar[str] = "match_ended"
    winner_side: int
    scores: tuple[int, ...]
    # The side that conceded (a Forfeited event just before says which seat and why): it
    # places last whatever its score.  None: the match was played out -- the stored form
    # of such an end has no key, as before forfeits existed.
    forfeited_side: int | None = field(default=None, metadata={ABSENT_WHEN_NONE: True})


@dataclass(frozen=True, slots=True)
class Forfeited(Event):
    """A seat conceded the match for its side (docs/ratings.md, "Ending a match"): its
    player resigned (``resigned``), a stand-in played for the abandoned seat longer than
    the server allows in a rated match (``abandoned``), or a correspondence turn's clock
    ran out in a rated match (``deadline``).  The MatchEnded that follows ranks the side
    last; the record, a replay and a rating rebuild all read it from the log."""

    kind: ClassVar[str] = "forfeited"
    seat: int
    reason: str


FORFEIT_REASONS = ("resigned", "abandoned", "deadline")


@dataclass(frozen=True, slots=True)
class MatchCancelled(Event):
    """The match ended without a winner: its creator cancelled it (``creator``), it
    reached the server's bound on a match's length (``length_limit``), or an operator
    ended it, stuck (``operator``: AdminService.EndMatch)."""

    kind: ClassVar[str] = "match_cancelled"
    reason: str


CANCEL_REASONS = ("creator", "length_limit", "operator")


@dataclass(frozen=True, slots=True)
class SeatAutoPlayed(Event):
    """A stand-in bot is playing for a seat whose turn timer ran out (or the seat's owner
    took it back: ``active=False``)."""

    kind: ClassVar[str] = "seat_auto_played"
    seat: int
    active: bool = field(default=True)
    # When the stand-in took over (Unix seconds; set by the application's clock): a rated
    # match's abandoned seat forfeits so long after (docs/ratings.md).  None when it
    # stopped, and in logs written before forfeits: no key in the stored form.
    since: float | None = field(default=None, metadata={ABSENT_WHEN_NONE: True})


@dataclass(frozen=True, slots=True)
class SeatClaimed(Event):
    """A human seat was claimed (JoinMatch).  Public: the token is never part of it."""

    kind: ClassVar[str] = "seat_claimed"
    seat: int
    # The claiming player's public display name, once players have identities; "" for an
    # anonymous claim (a bare seat token).
    display_name: str = field(default="")
    # The signed-in player who holds the seat from now on: the log alone then says whose
    # result and rating a seat is (docs/ratings.md, "Rebuilding from the logs").  A public
    # id, not a credential; shown only in a finished match's record (``redact`` leaves it
    # out during play).  "" for an anonymous claim and in logs written before it existed.
    player_id: str = field(default="")


@dataclass(frozen=True, slots=True)
class MoveUndone(Event):
    """In a practice match, ``seat`` took back its last own action and the bots' replies:
    the match is again as it was right after the event at ``to_version``.  The undone
    events stay in the log (it is append-only); the fold replays up to that point."""

    kind: ClassVar[str] = "move_undone"
    seat: int
    to_version: int


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
        SeatClaimed,
        MatchCancelled,
        MoveUndone,
        Forfeited,
    )
}
for _cls in EVENT_TYPES.values():
    field_codecs(_cls)  # every field has a stored form (TypeError at import if not)


def event_from_dict(data: dict[str, Any]) -> Event:
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown event type {kind!r}")
    return cls(**from_plain(cls, data))


def redact(event: Event, viewer: int | None) -> Event:
    """The event as seat ``viewer`` (None: a spectator) may see it during play."""
    if isinstance(event, RoundDealt):
        hands = tuple(h if seat == viewer else () for seat, h in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands, boneyard=())
    if isinstance(event, TileDrawn) and event.seat != viewer:
        return dataclasses.replace(event, tile=None, playable=None)
    if isinstance(event, SeatClaimed) and event.player_id:
        # Who sits at a live table is shown by display name only: a player id leads to a
        # profile, and what a profile shows is finished matches (docs/security.md).
        return dataclasses.replace(event, player_id="")
    return event
