"""What the service tells its observers (metrics), one method per happening.

``Observer`` is the protocol: ``Matches``, ``Limits`` and the ``RulesServicer`` call it,
``fiveup.telemetry.metrics.MatchObserver`` implements it, and mypy checks both sides, so a
misspelt happening is a type error rather than a silent no-op.  ``NullObserver`` does
nothing (a base for observers that care about a few happenings); ``Contained`` wraps an
observer so that its failures are logged and never break a move.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Sequence
from typing import Protocol

from ..engine import Action, Event, Match

log = logging.getLogger(__name__)


class Observer(Protocol):
    def match_created(self, match: Match) -> None:
        """A match was created in this process."""

    def move(self, match: Match, seat: int, action: Action, events: Sequence[Event]) -> None:
        """A move (a player's or a bot's) was recorded, with the events it produced."""

    def move_rejected(self, match: Match, reason: str, action: Action) -> None:
        """The rules or the match's state refused a submitted move (``reason``: the
        error's machine-readable reason)."""

    def bot_thought(self, kind: str, seconds: float) -> None:
        """A bot of ``kind`` took ``seconds`` to choose its move."""

    def store_append(self, seconds: float) -> None:
        """An append to the event store succeeded after ``seconds``."""

    def store_conflict(self) -> None:
        """The store refused an append: another writer recorded that version first."""

    def store_read(self, operation: str, seconds: float) -> None:
        """A read of the event store (``operation``: the port's method) took ``seconds``."""

    def seat_auto_played(self, seat: int, active: bool) -> None:
        """A stand-in bot took over a seat (``active``) or gave it back."""

    def rate_limited(self, method: str, scope: str) -> None:
        """An abuse limit refused a call of ``method`` (scope: peer, seat or streams)."""

    def rules_checked(self, rpc: str, items: int, seconds: float) -> None:
        """A RulesService request checked ``items`` layouts or placements in ``seconds``."""

    def hint_given(self, seconds: float, samples: int) -> None:
        """SuggestMoves answered after ``seconds``, having sampled ``samples`` deals."""

    def move_undone(self, match: Match, seat: int, events: Sequence[Event]) -> None:
        """A practice match's human took moves back (``events``: the undo event)."""

    def forfeited(self, match: Match, seat: int, reason: str) -> None:
        """``seat`` conceded ``match`` for its side (``reason``: engine.FORFEIT_REASONS)."""


class NullObserver:
    """Hears everything, does nothing."""

    def match_created(self, match: Match) -> None:
        pass

    def move(self, match: Match, seat: int, action: Action, events: Sequence[Event]) -> None:
        pass

    def move_rejected(self, match: Match, reason: str, action: Action) -> None:
        pass

    def bot_thought(self, kind: str, seconds: float) -> None:
        pass

    def store_append(self, seconds: float) -> None:
        pass

    def store_conflict(self) -> None:
        pass

    def store_read(self, operation: str, seconds: float) -> None:
        pass

    def seat_auto_played(self, seat: int, active: bool) -> None:
        pass

    def rate_limited(self, method: str, scope: str) -> None:
        pass

    def rules_checked(self, rpc: str, items: int, seconds: float) -> None:
        pass

    def hint_given(self, seconds: float, samples: int) -> None:
        pass

    def move_undone(self, match: Match, seat: int, events: Sequence[Event]) -> None:
        pass

    def forfeited(self, match: Match, seat: int, reason: str) -> None:
        pass


@contextlib.contextmanager
def _contained(what: str) -> Iterator[None]:
    try:
        yield
    except Exception:  # metrics must never break a move
        log.exception("observer failed on %s", what)


class Contained:
    """An observer whose failures are logged, never raised to the caller."""

    def __init__(self, inner: Observer | None) -> None:
        self.inner: Observer = inner if inner is not None else NullObserver()

    def match_created(self, match: Match) -> None:
        with _contained("match_created"):
            self.inner.match_created(match)

    def move(self, match: Match, seat: int, action: Action, events: Sequence[Event]) -> None:
        with _contained("move"):
            self.inner.move(match, seat, action, events)

    def move_rejected(self, match: Match, reason: str, action: Action) -> None:
        with _contained("move_rejected"):
            self.inner.move_rejected(match, reason, action)

    def bot_thought(self, kind: str, seconds: float) -> None:
        with _contained("bot_thought"):
            self.inner.bot_thought(kind, seconds)

    def store_append(self, seconds: float) -> None:
        with _contained("store_append"):
            self.inner.store_append(seconds)

    def store_conflict(self) -> None:
        with _contained("store_conflict"):
            self.inner.store_conflict()

    def store_read(self, operation: str, seconds: float) -> None:
        with _contained("store_read"):
            self.inner.store_read(operation, seconds)

    def seat_auto_played(self, seat: int, active: bool) -> None:
        with _contained("seat_auto_played"):
            self.inner.seat_auto_played(seat, active)

    def rate_limited(self, method: str, scope: str) -> None:
        with _contained("rate_limited"):
            self.inner.rate_limited(method, scope)

    def rules_checked(self, rpc: str, items: int, seconds: float) -> None:
        with _contained("rules_checked"):
            self.inner.rules_checked(rpc, items, seconds)

    def hint_given(self, seconds: float, samples: int) -> None:
        with _contained("hint_given"):
            self.inner.hint_given(seconds, samples)

    def move_undone(self, match: Match, seat: int, events: Sequence[Event]) -> None:
        with _contained("move_undone"):
            self.inner.move_undone(match, seat, events)

    def forfeited(self, match: Match, seat: int, reason: str) -> None:
        with _contained("forfeited"):
            self.inner.forfeited(match, seat, reason)
