"""What the use cases of ``fiveup.match.matches.Matches`` answer: small frozen values, so no
cache object (a session, a live ``Match``) ever reaches the API layer, and events as the
caller may see them (``seen_by``: the visibility rule stays in the match context; the
servicers only convert)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Action, Event, MatchView, ScoredAction, redact
from ..engine.verification import Verdict
from .ports import MatchRecord

VersionedEvent = tuple[int, Event]  # (version, event): how events leave the repository


def seen_by(viewer: int | None, events: Iterable[VersionedEvent]) -> tuple[VersionedEvent, ...]:
    """``events`` as seat ``viewer`` (None: a spectator) may see them during play: other
    seats' hands, the boneyard and others' drawn tiles hidden (``engine.redact``)."""
    return tuple((version, redact(event, viewer)) for version, event in events)


@dataclass(frozen=True, slots=True)
class Created:
    match_id: str
    version: int
    commitment: str  # SHA-256 of the secret shuffle seed, hex
    creator_token: str  # the creator's bearer token for CancelMatch: shown once


@dataclass(frozen=True, slots=True)
class Joined:
    seat: int
    token: str  # the seat's bearer token: shown once, stored only as a hash
    version: int


@dataclass(frozen=True, slots=True)
class SeatedView:
    """The match as one viewer may see it, and which human seats have been claimed."""

    view: MatchView
    joined: frozenset[int]


@dataclass(frozen=True, slots=True)
class LegalMoves:
    """A seat's legal moves at ``version``, each with its immediate outcome."""

    scored: tuple[ScoredAction, ...]
    version: int

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(s.action for s in self.scored)


@dataclass(frozen=True, slots=True)
class MoveResult:
    """A recorded command: the match's version after it and its events as ``seat`` may
    see them (``seen_by``)."""

    seat: int
    version: int
    events: tuple[VersionedEvent, ...]


@dataclass(frozen=True, slots=True)
class Cancelled:
    """The version at which the match was cancelled (now, or earlier)."""

    version: int


@dataclass(frozen=True, slots=True)
class Conceded:
    """A side's forfeit: the match ended at ``version`` (now, or earlier for a retry),
    ``seat`` conceding for its side, for ``reason`` (engine.FORFEIT_REASONS)."""

    version: int
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Undone:
    """A practice match's undo: the match is again as it was at ``to_version``."""

    seat: int
    version: int
    to_version: int


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """Where a match stands, for the parts that follow it without playing (table chat):
    no tile, no hand, nothing a spectator may not know."""

    seats: int
    version: int
    finished: bool  # finished or cancelled: no more rounds
    round_no: int  # the round in play (or the last one, once finished)
    ended_round: int  # the last round whose reckoning is done (0: none yet)


@dataclass(frozen=True, slots=True)
class Viewed:
    """An event of a watch that is the match's newest as it is sent, with the view at its
    version (as the watch's ``render`` made it from a ``SeatedView``)."""

    version: int
    event: Event
    view: object


@dataclass(frozen=True, slots=True)
class Resync:
    """A watcher too far behind: fetch the match (it is at ``version``) and watch again."""

    version: int


@dataclass(frozen=True, slots=True)
class MatchLog:
    """A finished match's creation record (with its seed) and every stored event."""

    record: MatchRecord
    events: tuple[VersionedEvent, ...]


@dataclass(frozen=True, slots=True)
class Inspection:
    """A match as an operator inspects it (AdminService.InspectMatch): its creation
    record (the seed included), every event with nothing hidden, each seat's view at
    ``version`` as that seat was shown it, and the verdict on its deals."""

    record: MatchRecord
    commitment: str  # SHA-256 of the seed, hex, as the match_started event published it
    events: tuple[VersionedEvent, ...]
    version: int  # the version the views are at
    views: tuple[SeatedView, ...]  # one per seat, in seat order
    verdict: Verdict
    joined: frozenset[int] = frozenset()  # the human seats claimed by the newest event
