"""Presence: what a friend may see of a player -- online (the app is open: a live
notification stream), in a match (a seat at a live match that has not ended) and when
they were last seen, rounded down to ``LAST_SEEN_STEP`` so it is no keystroke timer.

Only ``Friends.list_friends`` asks it, and only for the caller's friends: no call answers anyone
else anything that depends on a player's presence (docs/security.md, "Friends and
presence").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..identity.ports import PlayerStore
from .ports import InMatch, Online

LAST_SEEN_STEP = 300.0  # seconds


@dataclass(frozen=True, slots=True)
class PresenceView:
    online: bool
    in_match: bool
    last_seen: float | None  # rounded down to LAST_SEEN_STEP; None: never seen


def coarse(seconds: float) -> float:
    return seconds - seconds % LAST_SEEN_STEP


class Presence:
    def __init__(
        self,
        players: PlayerStore,
        online: Online,
        in_match: InMatch,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.players = players
        self.online = online
        self.in_match = in_match
        self._clock = clock

    async def of(self, player_ids: Sequence[str]) -> dict[str, PresenceView]:
        """The presence of each of these players (the caller's friends: never anyone
        else's)."""
        live = self.online(player_ids)
        now = self._clock()
        found: dict[str, PresenceView] = {}
        for player_id in player_ids:
            record = await self.players.get_player(player_id)
            seen = record.last_seen_at if record is not None else None
            if player_id in live:
                seen = now
            found[player_id] = PresenceView(
                online=player_id in live,
                in_match=await self.in_match(player_id),
                last_seen=None if seen is None else coarse(seen),
            )
        return found
