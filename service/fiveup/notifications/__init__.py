"""The notifications context: the outbox, and the channels that deliver it.

Every notification (a ``Notice``: your turn, deadline soon, invited, table found, match
ended, chat message while away) is written **in the same transaction as its cause**, so
none is lost and none is invented, and is delivered at least once to every channel the
player has: the ``WatchNotifications`` stream (the log itself, resumable from a cursor),
Web Push to each browser subscription, and the signed webhook to the app's backend.

The write API (for any context)
-------------------------------
A context whose write causes a notification does three things:

1. **Build the notices** in its domain code with ``Notice.of(kind, player_id, cause,
   now, match_id=..., data=..., push=...)``.  ``cause`` names what happened, uniquely for
   that kind and player (e.g. ``f"{room_id}/{message_id}"`` for a chat message): the id is
   derived from it, so writing the same cause twice stores one notice.  ``data`` is a
   small JSON object (under 2 KiB) of facts a client renders; ``push=False`` keeps a
   notice in the stream only (it wakes no phone).  Add a kind to ``NoticeKind`` (and to
   the proto's ``NotificationKind``, and a line to ``notices.render``) for a new cause.
2. **Pass them to its own store port's write** (e.g. ``ChatStore.post(message,
   notices=...)``), whose adapters write them inside the same transaction as the cause,
   with one call each:

   * SQLite: ``fiveup.store.sqlite.outbox.write_notices(conn, notices)`` inside the
     adapter's ``BEGIN IMMEDIATE`` transaction (``_transaction(conn)``);
   * PostgreSQL: ``await fiveup.store.postgres.outbox.write_notices(conn, notices)`` on
     the connection of the adapter's ``conn.transaction()``; it locks each player's
     counter row, so call it **last** in the transaction (after any other lock the
     transaction takes), as every writer does, and no two writers deadlock.

   Both answer the players that got a new notice.  The outbox's tables exist once the
   event store has opened (it migrates them, as the rating tables).
3. **After the commit, call** ``Outbox.published(player_ids)`` (the notifications
   context's ``outbox``, handed to the context by the composition root): this replica's
   streams and dispatcher wake at once.  Other replicas hear the commit themselves
   (PostgreSQL NOTIFY, sent by ``write_notices``); without the call nothing is lost, only
   later (the next poll).

Whether a player is "away" (no stream open, say) is the writing context's decision;
the outbox delivers what it is given, except to channels the player turned off and for
matches they muted (those notices stay in the stream, and wake no phone).

Modules: ``notices`` (the value type, ids, rendering), ``ports`` (the store), ``outbox``
(stream, choices, subscriptions), ``dispatch`` (fan-out, claims, sends isolated by
destination, retries, dead letters), ``destinations`` (per-origin concurrency and circuit
breakers), ``webhook`` and ``webpush`` (the senders), ``builder``.
"""

from __future__ import annotations

from .notices import Notice, NoticeKind, StoredNotice
from .outbox import Outbox

__all__ = ["Notice", "NoticeKind", "Outbox", "StoredNotice"]
