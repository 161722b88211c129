"""The matchmaker's view of ratings: the established ordinal of each waiting player, read
from the RatingStore.

A formation round runs every fraction of a second over the same waiting players, while a
player's rating changes only when one of their matches ends (and a player who waits is
not playing); each player's ratings are therefore kept for ``ttl_seconds`` instead of
being read again every round.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from ..store.ratings import RatingStore


@dataclass(frozen=True, slots=True)
class _Known:
    read_at: float
    ordinals: Mapping[str, float]  # category -> ordinal, established ones only


class StoreRatingLookup:
    """``RatingLookup`` (fiveup.lobby.matchmaker) over a RatingStore."""

    MAX_CACHED = 10_000

    def __init__(
        self,
        store: RatingStore,
        provisional_matches: int,
        *,
        ttl_seconds: float = 30.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.provisional_matches = provisional_matches
        self.ttl_seconds = ttl_seconds
        self._monotonic = monotonic
        self._known: dict[str, _Known] = {}

    async def established(
        self, keys: Collection[tuple[str, str]]
    ) -> Mapping[tuple[str, str], float]:
        now = self._monotonic()
        out: dict[tuple[str, str], float] = {}
        for category, player_id in keys:
            known = self._known.get(player_id)
            if known is None or now - known.read_at > self.ttl_seconds:
                known = await self._read(player_id, now)
            ordinal = known.ordinals.get(category)
            if ordinal is not None:
                out[(category, player_id)] = ordinal
        return out

    async def _read(self, player_id: str, now: float) -> _Known:
        summaries = await self.store.player_summary(player_id)
        known = _Known(
            now,
            {
                s.category: s.rating.ordinal
                for s in summaries
                if s.rating is not None and s.rated_matches >= self.provisional_matches
            },
        )
        if len(self._known) >= self.MAX_CACHED:  # the oldest reads go first
            for stale in sorted(self._known, key=lambda p: self._known[p].read_at)[
                : self.MAX_CACHED // 10
            ]:
                del self._known[stale]
        self._known[player_id] = known
        return known
