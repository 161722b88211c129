"""``fiveup chat``: the operators' side of table chat, over the server's database -- the
reports players filed (with the copy of each message), resolving them, and silencing a
player (docs/operations.md, "Chat")."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from ..chat.ports import ChatStore, StoredReport
from ..store import open_chat_store, open_store
from .check_ratings import require_database


@asynccontextmanager
async def chat_store(url: str) -> AsyncIterator[ChatStore]:
    """The chat store of the database ``url`` (the event store opens first: it owns the
    tables the chat's retention joins)."""
    require_database(url)
    events, chat = open_store(url), open_chat_store(url)
    await events.open()
    try:
        await chat.open()
        try:
            yield chat
        finally:
            await chat.close()
    finally:
        await events.close()


async def list_reports(url: str, *, open_only: bool, limit: int) -> list[StoredReport]:
    async with chat_store(url) as store:
        return await store.reports(open_only=open_only, limit=limit)


async def resolve_report(url: str, report_id: int, resolution: str) -> bool:
    async with chat_store(url) as store:
        return await store.resolve_report(report_id, resolution, time.time())


async def silence_player(url: str, player_id: str, seconds: float, reason: str) -> float:
    """Silence ``player_id`` for ``seconds`` (0 lifts a silence); answer until when."""
    now = time.time()
    until = now + seconds if seconds > 0 else now
    async with chat_store(url) as store:
        await store.silence(player_id, until, reason, now)
    return until
