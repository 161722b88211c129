"""Seats bound to players: who acts for a seat, whether they hold a seat token or are a
signed-in player.

A bearer token is either a **seat token** (opaque, from an anonymous JoinMatch: it acts
for its one seat, as it always has) or a player's **access token** (a JWT: two dots).  A
signed-in player who joins a seat is bound to it (``seat_players``); from then on every
call for that seat accepts any live access token of that player, from any device, and no
other seat's.  A player holds at most one seat per match.

Bindings never change once written, so this replica remembers the ones it has read
(bounded); a player without a seat here is looked up again each time (they may be
seated through another replica at any moment).

**Sanctions.**  A player an operator suspended from rated play takes no seat of a match
created rated (``RATED_PLAY_SUSPENDED``: ``check_rated_seat``; the matchmaker, private
tables and rematches ask the same), docs/security.md, "Sanctions".

**Blocks.**  A signed-in player takes no seat at a table where someone seated has a
block with them either way (docs/security.md, "Invitations and blocks"): by code, by
invitation or from the open tables alike.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from ..identity import Players
from ..identity.relations import BlockLookup, NoBlocks
from ..match.matches import Matches
from ..match.results import Joined
from ..shared.errors import PermissionDenied
from .errors import InviteExpired, InviteRequired, PlayerBlocked, TableNotAvailable
from .ports import LobbyStore, SeatAlreadyBound

BINDING_CACHE_SIZE = 100_000


async def check_rated_seat(players: Players, player_id: str) -> None:
    """Refuse a rated seat to a player suspended from rated play (identity's sanctions)."""
    if players.sanctions is not None:
        await players.sanctions.check_rated_play(player_id)


def is_access_token(token: str | None) -> bool:
    """A JWT (header.payload.signature); seat tokens are URL-safe base64 without dots."""
    return token is not None and token.count(".") == 2


class PlayerSeats:
    def __init__(
        self,
        matches: Matches,
        players: Players,
        store: LobbyStore,
        *,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.matches = matches
        self.blocks: BlockLookup = blocks or NoBlocks()
        self.players = players
        self.store = store
        self._clock = clock
        self._bound: OrderedDict[tuple[str, str], int] = OrderedDict()

    async def join(
        self, match_id: str, seat: int | None, bearer: str | None, *, invited: bool = False
    ) -> Joined:
        """Anonymous without an access token (a seat token comes back); with one, the
        signed-in player is bound to the seat (no seat token: their access token acts for
        it) -- and joining again answers the seat they already have.  A private table's
        seats are taken only through its invite (``invited``)."""
        if not is_access_token(bearer):
            await self._check_invited(match_id, invited)
            return await self.matches.join(match_id, seat)
        player = await self.players.get(bearer)  # who, with the name others will see
        await self.matches.authenticate(match_id, None, required=False)  # exists? valid id?
        held = await self.bound_seat(match_id, player.player_id)
        if held is not None:
            return Joined(held, "", await self._version(match_id, held))
        await self._check_invited(match_id, invited, player.player_id)
        await self._check_blocks(match_id, player.player_id)
        if (await self.matches.view(match_id, None)).view.rated:
            await check_rated_seat(self.players, player.player_id)
        joined = await self.matches.join(
            match_id, seat, display_name=player.display_name, player_id=player.player_id
        )
        try:
            await self.store.bind_seat(match_id, joined.seat, player.player_id, self._clock())
        except SeatAlreadyBound as exc:
            # The same player joined this match from another device at the same moment:
            # that join won.  The seat claimed here stays unbound (a stand-in bot plays it
            # when its turn timer runs out).
            if exc.seat is None:
                raise
            return Joined(exc.seat, "", await self._version(match_id, exc.seat))
        self._remember(match_id, player.player_id, joined.seat)
        return Joined(joined.seat, "", joined.version)

    async def _check_invited(
        self, match_id: str, invited: bool, player_id: str | None = None
    ) -> None:
        """A private table's seat is taken with its code (``invited``) or by a signed-in
        player the table names, until its invite expires."""
        if invited or not await self.store.is_private(match_id):
            return
        if player_id is not None:
            until = await self.store.invited_until(match_id, player_id)
            if until is not None:
                if until <= self._clock():
                    raise InviteExpired("this invitation has expired: ask for a new table")
                return
        raise InviteRequired("this table is private: join it with its invite code")

    async def _check_blocks(self, match_id: str, player_id: str) -> None:
        """No seat at a table where the player and someone seated there have a block
        either way: the blocker is told (``PLAYER_BLOCKED``), the blocked player only
        that the table is not available to them (the block is not revealed)."""
        seated = [p for p in (await self.store.seat_owners(match_id)).values() if p != player_id]
        if not seated:
            return
        pairs = await self.blocks.pairs_among([player_id, *seated])
        involved = [p for p in seated if frozenset((player_id, p)) in pairs]
        if not involved:
            return
        if await self.blocks.blocked_by(player_id) & set(involved):
            raise PlayerBlocked("you blocked a player at this table: unblock them to join")
        raise TableNotAvailable("this table is not available to you")

    async def seat_for(self, match_id: str, bearer: str | None, *, required: bool) -> int | None:
        """The seat the caller acts for: by seat token as before, or the seat the
        signed-in player holds in this match (None for reads by a player without one:
        they watch as a spectator; PERMISSION_DENIED for calls that act for a seat)."""
        if not is_access_token(bearer):
            return await self.matches.authenticate(match_id, bearer, required=required)
        claims = await self.players.authenticate(bearer)
        await self.matches.authenticate(match_id, None, required=False)  # exists? valid id?
        seat = await self.bound_seat(match_id, claims.player_id)
        if seat is None and required:
            raise PermissionDenied("you have no seat in this match")
        return seat

    async def bound_seat(self, match_id: str, player_id: str) -> int | None:
        seat = self._bound.get((match_id, player_id))
        if seat is not None:
            self._bound.move_to_end((match_id, player_id))
            return seat
        seat = await self.store.seat_of(match_id, player_id)
        if seat is not None:
            self._remember(match_id, player_id, seat)
        return seat

    async def owners(self, match_id: str) -> dict[int, str]:
        """Every bound seat of the match and the player who holds it."""
        return await self.store.seat_owners(match_id)

    def _remember(self, match_id: str, player_id: str, seat: int) -> None:
        self._bound[(match_id, player_id)] = seat
        while len(self._bound) > BINDING_CACHE_SIZE:
            self._bound.popitem(last=False)

    async def _version(self, match_id: str, seat: int) -> int:
        return (await self.matches.view(match_id, seat)).view.version
