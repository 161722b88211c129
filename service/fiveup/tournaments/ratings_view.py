"""The ratings a tournament reads (``service.RatingsAtStart``) over the rating store:
each player's established rating in a category on the display scale -- the entry
band's and the start's (the pairing's tie-break after score)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..ratings.ports import RatingStore
from ..ratings.scale import SettledRule, display_rating


class StoreRatings:
    def __init__(self, store: RatingStore, rule: SettledRule) -> None:
        self.store = store
        self.rule = rule

    async def display_ratings(
        self, category: str, player_ids: Collection[str]
    ) -> Mapping[str, float]:
        if not player_ids:
            return {}
        current = await self.store.current_ratings(set(player_ids))
        return {
            r.player_id: float(display_rating(r.rating.mu))
            for r in current
            if r.category == category and not self.rule.provisional(r.rating)
        }
