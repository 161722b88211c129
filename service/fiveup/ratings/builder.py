"""The ratings context's builder: ``build_ratings(config, store, players)`` makes its read
side (leaderboards and player statistics: ``Standings``) and the matchmaker's view of
ratings (``StoreRatingLookup``) over the rating store.  It depends on the identity context
(``Players``: who a player is); a match's outcome and its rating update are pure functions
of the log (``outcome``, ``model``) that the match context's store writes."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..identity import Players
from .bands import StoreRatingLookup
from .eligibility import RatedPlay, RatedPlayPolicy
from .ports import RatingStore
from .standings import RatingsConfig, Standings


@dataclass(frozen=True, slots=True)
class RatingsContext:
    standings: Standings
    lookup: StoreRatingLookup  # established ratings, for the matchmaker's bands
    rated_play: RatedPlay  # which rated outcomes count (the match context's gate)


def build_ratings(
    config: RatingsConfig,
    store: RatingStore,
    players: Players,
    *,
    rated_play: RatedPlayPolicy | None = None,
    clock: Callable[[], float] = time.time,
) -> RatingsContext:
    return RatingsContext(
        standings=Standings(store, players, config, clock=clock),
        lookup=StoreRatingLookup(store, config.rule),
        rated_play=RatedPlay(rated_play or RatedPlayPolicy(), store, players.store, clock=clock),
    )
