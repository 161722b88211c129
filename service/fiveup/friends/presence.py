"""Presence: what a friend may see of a player -- online (the app is open: a live
notification stream on any replica), in a match (a seat at a live match that has not
ended) and when they were last seen (signed in, refreshed a session, or streaming),
rounded down to ``LAST_SEEN_STEP`` so it is no keystroke timer.

Every replica records its live streams in the relation store (the outbox's
``StreamPresence``: a row per player and replica, renewed every minute while a stream
lasts, ended when the replica's last stream of the player ends; a replica that dies
leaves a row that expires within 90 s), and reads this replica's own streams directly.

Only ``Friends.list_friends`` asks it, and only for the caller's friends: no call answers anyone
else anything that depends on a player's presence (docs/security.md, "Friends and
presence").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..identity.ports import PlayerStore
from .ports import FriendStore, InMatch, Online

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
        streams: FriendStore,
        online: Online,
        in_match: InMatch,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.players = players
        self.streams = streams  # every replica's live streams and their ends
        self.online = online
        self.in_match = in_match
        self._clock = clock

    async def of(self, player_ids: Sequence[str]) -> dict[str, PresenceView]:
        """The presence of each of these players (the caller's friends: never anyone
        else's)."""
        now = self._clock()
        streamed = await self.streams.streaming_until(player_ids)
        live = self.online(player_ids) | {p for p, until in streamed.items() if until > now}
        found: dict[str, PresenceView] = {}
        for player_id in player_ids:
            record = await self.players.get_player(player_id)
            times = [min(streamed[player_id], now)] if player_id in streamed else []
            if record is not None:
                times.append(record.last_seen_at)
            if player_id in live:
                times.append(now)
            seen = max(times) if times else None
            found[player_id] = PresenceView(
                online=player_id in live,
                in_match=await self.in_match(player_id),
                last_seen=None if seen is None else coarse(seen),
            )
        return found
