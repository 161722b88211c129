"""The matchmaker's view of ratings: the established ordinal of each waiting player, read
from the RatingStore in one query per round (``current_ratings``), so a band always uses
the rating the player's last match left."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .ports import RatingStore


class StoreRatingLookup:
    """``RatingLookup`` (fiveup.lobby.matchmaker) over a RatingStore: a rating counts once
    it stands on ``provisional_matches`` rated matches (the leaderboards' rule)."""

    def __init__(self, store: RatingStore, provisional_matches: int) -> None:
        self.store = store
        self.provisional_matches = provisional_matches

    async def established(
        self, keys: Collection[tuple[str, str]]
    ) -> Mapping[tuple[str, str], float]:
        wanted = set(keys)
        current = await self.store.current_ratings({player for _, player in wanted})
        return {
            (r.category, r.player_id): r.rating.ordinal
            for r in current
            if (r.category, r.player_id) in wanted and r.rated_matches >= self.provisional_matches
        }
