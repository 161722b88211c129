"""Blocks between players: one player refuses another (docs/security.md, "Invitations
and blocks").

A block is one-sided to record (only the blocker can lift it) and two-sided in effect:
no invitation either way, the matchmaker never seats the two at one table, neither
takes a seat at a table the other holds, and the blocked player's chat lines are hidden
from the blocker.  The blocked player is never told: nothing a call answers them says
"you are blocked" (an invitation from them goes silently nowhere; a seat they try to
take is "not available").  Other contexts ask through ``BlockLookup`` (the lobby: the
matchmaker's pairs, invitations, seats; the chat: whom a reader hides).

Each player keeps at most ``max_per_player`` blocks, so a list (and the chat's set of
hidden authors, read per stream) stays bounded.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..shared.errors import InvalidRequest
from .errors import CannotBlockSelf, PlayerNotFound, TooManyBlocks
from .players import Players, is_player_id
from .ports import BlockPage, BlockRecord, BlockStore

DEFAULT_MAX_BLOCKS = 1000


class BlockLookup(Protocol):
    """What other contexts ask of blocks."""

    async def blocked_either_way(self, a: str, b: str) -> bool: ...

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]: ...

    async def blocked_by(self, blocker: str) -> frozenset[str]: ...


@dataclass(frozen=True, slots=True)
class BlocksConfig:
    max_per_player: int = DEFAULT_MAX_BLOCKS


class Blocks:
    """The use cases of blocks, for the signed-in player (``BlockLookup`` for the
    other contexts)."""

    def __init__(
        self,
        players: Players,
        store: BlockStore,
        config: BlocksConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.players = players
        self.store = store
        self.config = config or BlocksConfig()
        self._clock = clock

    async def block(self, access_token: str | None, player_id: str) -> BlockRecord:
        claims = await self.players.authenticate(access_token)
        if not is_player_id(player_id):
            raise InvalidRequest("not a player id", field="player_id")
        if player_id == claims.player_id:
            raise CannotBlockSelf("a player cannot block themself", field="player_id")
        if await self.players.store.get_player(player_id) is None:
            raise PlayerNotFound("no player has this id", field="player_id")
        limit = self.config.max_per_player
        record = await self.store.block(claims.player_id, player_id, self._clock(), limit)
        if record is None:
            raise TooManyBlocks(
                f"you have blocked {limit} players, the most this server keeps: unblock"
                " someone first", limit=str(limit),
            )  # fmt: skip
        return record

    async def unblock(self, access_token: str | None, player_id: str) -> bool:
        claims = await self.players.authenticate(access_token)
        if not is_player_id(player_id):
            raise InvalidRequest("not a player id", field="player_id")
        return await self.store.unblock(claims.player_id, player_id)

    async def list(
        self, access_token: str | None, limit: int, after: tuple[float, str] | None
    ) -> BlockPage:
        claims = await self.players.authenticate(access_token)
        return await self.store.blocks_of(claims.player_id, limit, after)

    # ------------------------------------------------------------------ BlockLookup

    async def blocked_either_way(self, a: str, b: str) -> bool:
        return await self.store.blocked_either_way(a, b)

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        unique = sorted(set(player_ids))
        if len(unique) < 2:
            return set()
        return await self.store.pairs_among(unique)

    async def blocked_by(self, blocker: str) -> frozenset[str]:
        return await self.store.blocked_by(blocker)


class NoBlocks:
    """A ``BlockLookup`` that knows of no block (contexts built without blocks: tests,
    tools)."""

    async def blocked_either_way(self, a: str, b: str) -> bool:
        return False

    async def pairs_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        return set()

    async def blocked_by(self, blocker: str) -> frozenset[str]:
        return frozenset()
