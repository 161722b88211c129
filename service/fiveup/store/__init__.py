"""Store adapters, by backend: ``sqlite/`` (the embedded default) and ``postgres/``
(several replicas), each implementing the contexts' ports (``fiveup.match.ports``,
``fiveup.identity.ports``, ``fiveup.lobby.ports``, ``fiveup.ratings.ports``,
``fiveup.notifications.ports``, ``fiveup.chat.ports``) on one database; the ratings and
chat tables' SQL that both share (``ratings_sql``, ``ratings_reads``, ``chat_sql``)
and the event store's typed options (``options``: ``StoreOptions``).  ``backends`` picks the backend of a URL."""

from __future__ import annotations

from .backends import (
    Backend,
    backend_for,
    is_postgres,
    open_block_store,
    open_chat_store,
    open_lobby_store,
    open_notification_store,
    open_player_store,
    open_rating_store,
    open_store,
)
from .options import StoreOptions

__all__ = [
    "Backend",
    "StoreOptions",
    "backend_for",
    "is_postgres",
    "open_block_store",
    "open_chat_store",
    "open_lobby_store",
    "open_notification_store",
    "open_player_store",
    "open_rating_store",
    "open_store",
]
