"""The lobby's read side: open tables and a player's own matches."""

from __future__ import annotations

from ..identity import Players
from ..shared import paging
from ..shared.errors import InvalidRequest
from .ports import MyMatchPage, TableFilter, TablePage, TableStore


class Lobby:
    def __init__(self, players: Players, store: TableStore) -> None:
        self.players = players
        self.store = store

    async def open_tables(
        self, where: TableFilter, page_size: int, page_token: str
    ) -> tuple[TablePage, str]:
        """A page of public tables with a free human seat, and the next page's token."""
        if where.players and not 2 <= where.players <= 4:
            raise InvalidRequest("players must be 2-4 (or 0: any)", field="players")
        if not 0 <= where.target_points <= 10_000:
            raise InvalidRequest("target_points must be 0-10000", field="target_points")
        size = paging.page_size(page_size)
        cursor = paging.decode(page_token, (float, str))
        page = await self.store.open_tables(where, size, cursor)
        return page, paging.encode(page.next_cursor)

    async def my_matches(
        self, access_token: str | None, page_size: int, page_token: str
    ) -> tuple[MyMatchPage, str]:
        """A page of the signed-in player's matches -- those waiting for their move
        (nearest deadline first), the other unfinished ones, the finished ones -- and the
        next page's token."""
        claims = await self.players.authenticate(access_token)
        size = paging.page_size(page_size)
        cursor = paging.decode(page_token, (int, float, str))
        page = await self.store.my_matches(claims.player_id, size, cursor)
        return page, paging.encode(page.next_cursor)
