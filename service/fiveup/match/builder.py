"""The match context's builder: ``build_match(...)`` makes the use cases (``Matches``),
hints and retention over the event store, from the context's own settings.  It depends
on no other context's services: the outcome and rating of a finished match are pure
functions of its log (``fiveup.ratings``), written by the store in the same transaction
as the match's end; the seat owners it names them by come in through a port
(``Matches.record_outcomes(owners)``, given by the composition root once the lobby is
built)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .hints import HintsConfig, HintService
from .matches import Matches, MatchesConfig
from .observer import Observer
from .ports import RetainingStore
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
    observer: Observer | None = None,
    clock: Callable[[], float] = time.time,
) -> MatchContext:
    """The match context over ``store``, an event store that can forget (its type says
    so: every backend's is one, and mypy checks it); the composition root starts and
    closes its parts (``matches``, then ``retention``) in the server's order."""
    use_cases = Matches(store, matches, clock=clock, observer=observer)
    return MatchContext(
        matches=use_cases,
        hints=HintService(use_cases.repository, hints, observer=use_cases.observer),
        retention=Retention(store, retention, clock=clock, forget=use_cases.forget),
    )
