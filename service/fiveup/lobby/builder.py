"""The lobby context's builder: ``build_lobby(...)`` makes seats bound to players, the
open and private tables and the matchmaker over the lobby store.  It depends on the
match context (``Matches``: tables are matches), the identity context (``Players``) and,
for the matchmaker's bands, a ``RatingLookup`` (the ratings context gives one)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..friends.ports import FriendLookup
from ..identity import Players
from ..identity.relations import BlockLookup
from ..match.matches import Matches
from .matchmaker import Matchmaker, MatchmakerConfig, RatingLookup
from .ports import InviteQuota, LobbyStore
from .private import PrivateTables
from .rematch import Rematches
from .seating import SeatedTables
from .seats import PlayerSeats
from .tables import Lobby


@dataclass(frozen=True, slots=True)
class LobbyContext:
    seats: PlayerSeats
    seated: SeatedTables  # opens a match with its players seated (tournaments use it)
    tables: Lobby
    private: PrivateTables
    matchmaker: Matchmaker
    rematches: Rematches


def build_lobby(
    config: MatchmakerConfig,
    store: LobbyStore,
    matches: Matches,
    players: Players,
    ratings: RatingLookup,
    *,
    blocks: BlockLookup | None = None,
    friends: FriendLookup | None = None,
    invite_quota: InviteQuota | None = None,
    clock: Callable[[], float] = time.time,
    published: Callable[[Iterable[str]], None] | None = None,
) -> LobbyContext:
    """``published``: the notifications context's ``Outbox.published``, told after a
        commit of the lobby's that wrote notices (a rematch's, a formation round's);
        ``blocks``: the identity context's blocks (kept apart at tables, in the queue and in
        invitations); ``friends``: the friends context's lookup (a friend's invitation is
    pushed like an acquaintance's); ``invite_quota``: the invitation limits."""
    seats = PlayerSeats(matches, players, store, blocks=blocks, clock=clock)
    seated = SeatedTables(matches, players, store, clock=clock)
    return LobbyContext(
        seats=seats,
        seated=seated,
        tables=Lobby(players, store),
        private=PrivateTables(
            matches,
            players,
            seats,
            store,
            blocks=blocks,
            friends=friends,
            quota=invite_quota,
            clock=clock,
        ),
        matchmaker=Matchmaker(
            seated,
            players,
            store,
            config,
            ratings=ratings,
            blocks=blocks,
            clock=clock,
            published=published,
        ),
        rematches=Rematches(
            matches,
            players,
            seats,
            store,
            seated,
            blocks=blocks,
            clock=clock,
            published=published,
        ),
    )
