"""The match context's builder: ``build_match(...)`` makes the use cases (``Matches``),
hints and retention over the event store, from the context's own settings.  It depends
on no other context's services: the outcome and rating of a finished match are pure
functions of its log (``fiveup.ratings``), written by the store in the same transaction
as the match's end.  Everything else it uses comes in here, as ports, and nothing sets
it later: the seat owners it names results by (``SeatOwners``: the composition root
passes the lobby's store, which implements it), the rated-play gate (the ratings
context's) and the notice publisher (the notifications context's outbox)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..ratings.outcome import OutcomeGate, SeatOwners
from .hints import HintsConfig, HintService
from .matches import Matches, MatchesConfig
from .observer import Observer
from .ports import NoticePublisher, RetainingStore
from .retention import Retention, RetentionConfig


@dataclass(frozen=True, slots=True)
class MatchContext:
    matches: Matches
    hints: HintService
    retention: Retention


def build_match(
    matches: MatchesConfig,
    hints: HintsConfig,
    retention: RetentionConfig,
    store: RetainingStore,
    *,
    owners: SeatOwners | None = None,
    rated_play: OutcomeGate | None = None,
    published: NoticePublisher | None = None,
    observer: Observer | None = None,
    clock: Callable[[], float] = time.time,
) -> MatchContext:
    """The match context over ``store``, an event store that can forget (its type says
    so: every backend's is one, and mypy checks it); the composition root starts and
    closes its parts (``matches``, then ``retention``) in the server's order.  ``owners``,
    ``rated_play`` and ``published``: see ``Matches``."""
    use_cases = Matches(
        store, matches, clock=clock, observer=observer, owners=owners, rated_play=rated_play,
        published=published,
    )  # fmt: skip
    return MatchContext(
        matches=use_cases,
        hints=HintService(use_cases.repository, hints, observer=use_cases.observer),
        retention=Retention(store, retention, clock=clock, forget=use_cases.forget),
    )
