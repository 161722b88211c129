"""The friends context's builder: ``build_friends`` makes ``Friends`` (with its
``Presence``) from its settings and the ports it uses -- identity's players and its
relations store, the ratings' standings (the friends' board), the outbox's wake-up and
live streams, and whether a player is at a live match (the lobby's store, handed over
by the composition root)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from ..identity import Players
from ..ratings.standings import Standings
from .friends import Friends, FriendsConfig
from .ports import FriendStore, InMatch, Online
from .presence import Presence


def build_friends(
    config: FriendsConfig,
    store: FriendStore,
    players: Players,
    standings: Standings,
    *,
    online: Online,
    in_match: InMatch,
    published: Callable[[Iterable[str]], None] | None = None,
    clock: Callable[[], float] = time.time,
) -> Friends:
    presence = Presence(store, online, in_match, clock=clock)
    return Friends(players, store, presence, standings, config, published=published, clock=clock)
