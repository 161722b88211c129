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

from .ports import FriendRecord, FriendStore, InMatch, Online

LAST_SEEN_STEP = 300.0  # seconds


@dataclass(frozen=True, slots=True)
class PresenceView:
    online: bool
    in_match: bool
    last_seen: float  # rounded down to LAST_SEEN_STEP


def coarse(seconds: float) -> float:
    return seconds - seconds % LAST_SEEN_STEP


class Presence:
    def __init__(
        self,
        streams: FriendStore,
        online: Online,
        in_match: InMatch,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.streams = streams  # every replica's live streams and their ends
        self.online = online
        self.in_match = in_match
        self._clock = clock

    async def of(self, friends: Sequence[FriendRecord]) -> dict[str, PresenceView]:
        """The presence of each of these players (the caller's friends, read with their
        last sign-in or refresh: never anyone else's)."""
        now = self._clock()
        ids = [f.player_id for f in friends]
        streamed = await self.streams.streaming_until(ids)
        live = self.online(ids) | {p for p, until in streamed.items() if until > now}
        found: dict[str, PresenceView] = {}
        for friend in friends:
            player_id = friend.player_id
            times = [friend.last_seen_at]
            if player_id in streamed:
                times.append(min(streamed[player_id], now))
            if player_id in live:
                times.append(now)
            found[player_id] = PresenceView(
                online=player_id in live,
                in_match=await self.in_match(player_id),
                last_seen=coarse(max(times)),
            )
        return found
