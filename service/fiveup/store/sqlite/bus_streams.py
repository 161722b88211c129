"""The SQLite chat and notification stores of one of several ``--workers`` sharing one
file, telling the other workers' streams through the bus what they have to read.

Without a bus, a worker's chat and notice streams hear only that worker's own commits
and find the others' at their next poll (``ChatConfig.poll_seconds``,
``OutboxConfig.poll_seconds``).  With one, these stores are the listening kind
(``ListeningChatStore``, ``ListeningNotificationStore``), as PostgreSQL's are: a
committed chat line or release publishes its wake-up keys (``fiveup.chat.visible``: the
room's, or only the forks it reached, so a held message never wakes a reader it is held
from), notices publish their players' ids, and every worker hears the others' at once.
A wake-up stays a hint: the streams read from their own cursor, and their polls stay as
the backstop.  After the bus comes back, ``"*"`` wakes every stream (the bus's
``EVERYTHING``), as on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ...bus.ports import CHAT, NOTIFY, WakeBus
from ...chat.flood import Recent
from ...chat.ports import NewLine, Posted, Released, Tell
from ...chat.visible import reach_at_post, reach_at_release, wake_keys
from .chat import SqliteChatStore
from .notifications import SqliteNotificationStore


class SqliteBusChatStore(SqliteChatStore):
    def __init__(self, url: str, *, bus: WakeBus) -> None:
        super().__init__(url)
        self._bus = bus

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` for every other worker's chat commit (``ListeningChatStore``)."""
        await self._bus.subscribe(CHAT, callback)

    async def post(
        self,
        line: NewLine,
        check: Callable[[Recent], None],
        window: float,
        tell: Tell | None = None,
    ) -> Posted:
        posted = await super().post(line, check, window, tell)
        if posted.created:  # a retry wrote nothing new
            self._announce(wake_keys(line.match_id, line.room, reach_at_post(line)))
        return posted

    async def release(
        self, match_id: str, up_to_round: int, now: float, tell: Tell | None = None
    ) -> Released:
        released = await super().release(match_id, up_to_round, now, tell)
        self._announce(
            key
            for held in released.lines
            for key in wake_keys(match_id, held.line.room, reach_at_release(held.line))
        )
        return released

    def _announce(self, keys: Iterable[str]) -> None:
        for key in dict.fromkeys(keys):
            self._bus.publish(CHAT, key)


class SqliteBusNotificationStore(SqliteNotificationStore):
    def __init__(self, url: str, *, bus: WakeBus) -> None:
        super().__init__(url)
        self._bus = bus

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(player_id)`` for every other worker's commit with new notices,
        and ``callback(EVERYTHING)`` when some may have been missed (the bus came back)."""
        await self._bus.subscribe(NOTIFY, callback)

    def announce(self, player_ids: Iterable[str]) -> None:
        """Notices for these players were committed by this worker: tell the others."""
        for player_id in player_ids:
            self._bus.publish(NOTIFY, player_id)


def sqlite_chat_store(url: str, **kw: Any) -> SqliteChatStore:
    """The SQLite chat store, on the bus when given one (``bus=``: workers)."""
    bus = kw.pop("bus", None)
    return SqliteChatStore(url, **kw) if bus is None else SqliteBusChatStore(url, bus=bus, **kw)


def sqlite_notification_store(url: str, **kw: Any) -> SqliteNotificationStore:
    """The SQLite notification outbox, on the bus when given one (``bus=``: workers)."""
    bus = kw.pop("bus", None)
    if bus is None:
        return SqliteNotificationStore(url, **kw)
    return SqliteBusNotificationStore(url, bus=bus, **kw)
