"""The matchmaker's view of ratings: the established ordinal of each waiting player, read
from the RatingStore in one query per round (``current_ratings``), so a band always uses
the rating the player's last match left."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .ports import RatingStore
from .scale import SettledRule


class StoreRatingLookup:
    """``RatingLookup`` (fiveup.lobby.matchmaker) over a RatingStore: a rating counts once
    it is settled (``scale.SettledRule``, the leaderboards' rule)."""

    def __init__(self, store: RatingStore, rule: SettledRule) -> None:
        self.store = store
        self.rule = rule

    async def established(
        self, keys: Collection[tuple[str, str]]
    ) -> Mapping[tuple[str, str], float]:
        wanted = set(keys)
        current = await self.store.current_ratings({player for _, player in wanted})
        return {
            (r.category, r.player_id): r.rating.ordinal
            for r in current
            if (r.category, r.player_id) in wanted and not self.rule.provisional(r.rating)
        }
