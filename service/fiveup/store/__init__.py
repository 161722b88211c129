"""Store adapters, by backend: ``sqlite/`` (the embedded default) and ``postgres/``
(several replicas), each implementing the contexts' ports (``fiveup.match.ports``,
``fiveup.identity.ports``, ``fiveup.lobby.ports``, ``fiveup.ratings.ports``,
``fiveup.notifications.ports``, ``fiveup.chat.ports``, and the operators' audit log,
``fiveup.admin.ports``) on one database (a port with
several jobs, the lobby's, by one module per job: ``lobby_seats``, ``lobby_tables``, ...);
the SQL and row mappings that both share (``ratings_sql``, ``ratings_reads``,
``chat_sql``, ``invites_sql``, ``lobby_sql``) and the event store's typed options (``options``: ``StoreOptions``).
``backends`` picks the backend of a URL.

Each context's adapter owns its tables: it migrates them as it opens.  A row of another
context's written in the event store's transaction (a finished match's outcome, an
append's notices) is written by that context's adapter, handed to the event store as a
transaction participant (``fiveup.match.ports``); the lobby's and chat's notices go
through the outbox's write API (``sqlite/outbox.py``, ``postgres/outbox.py``)."""

from __future__ import annotations

from .backends import (
    Backend,
    backend_for,
    is_postgres,
    open_audit_store,
    open_block_store,
    open_chat_store,
    open_lobby_store,
    open_moderation_store,
    open_notification_store,
    open_player_store,
    open_rating_store,
    open_season_store,
    open_signal_store,
    open_store,
    open_tournament_store,
    wake_by_bus,
)
from .options import StoreOptions

__all__ = [
    "Backend",
    "StoreOptions",
    "backend_for",
    "is_postgres",
    "open_audit_store",
    "open_block_store",
    "open_chat_store",
    "open_lobby_store",
    "open_moderation_store",
    "open_notification_store",
    "open_player_store",
    "open_rating_store",
    "open_season_store",
    "open_signal_store",
    "open_store",
    "open_tournament_store",
    "wake_by_bus",
]
