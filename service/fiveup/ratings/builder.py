"""The ratings context's builder: ``build_ratings(config, store, players)`` makes its read
side (leaderboards and player statistics: ``Standings``) and the matchmaker's view of
ratings (``StoreRatingLookup``) over the rating store, and the seasons and leagues
(``Seasons``) over the season store.  It depends on the identity context
(``Players``: who a player is); a match's outcome and its rating update are pure functions
of the log (``outcome``, ``model``) that the match context's store writes."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..identity import Players
from .bands import StoreRatingLookup
from .eligibility import RatedPlay, RatedPlayPolicy
from .ports import RatingStore
from .season_ports import SeasonStore
from .seasons import Seasons, SeasonsConfig, Suspensions
from .standings import RatingsConfig, Standings


@dataclass(frozen=True, slots=True)
class RatingsContext:
    standings: Standings
    lookup: StoreRatingLookup  # established ratings, for the matchmaker's bands
    rated_play: RatedPlay  # which rated outcomes count (the match context's gate)
    seasons: Seasons | None = None  # seasons and leagues (SeasonService); None: no store


def build_ratings(
    config: RatingsConfig,
    store: RatingStore,
    players: Players,
    *,
    rated_play: RatedPlayPolicy | None = None,
    clock: Callable[[], float] = time.time,
    season_store: SeasonStore | None = None,
    seasons: SeasonsConfig | None = None,
    suspensions: Suspensions | None = None,
    published: Callable[[Iterable[str]], None] = lambda _players: None,
) -> RatingsContext:
    """``season_store`` and ``suspensions`` (who is suspended from rated play: identity's
    moderation store) make the seasons; ``published``: the outbox's wake-up after a
    season's end wrote its league notices."""
    season_part = None
    if season_store is not None:
        if suspensions is None:
            raise ValueError("seasons need the suspensions (the moderation store)")
        season_part = Seasons(
            season_store, players, seasons or SeasonsConfig(), suspensions=suspensions,
            published=published, clock=clock,
        )  # fmt: skip
    return RatingsContext(
        standings=Standings(store, players, config, clock=clock),
        lookup=StoreRatingLookup(store, config.rule),
        rated_play=RatedPlay(rated_play or RatedPlayPolicy(), store, players.store, clock=clock),
        seasons=season_part,
    )
