"""``SqliteBusStore``: the SQLite event store of one of several ``--workers`` sharing one
file, told of the other workers' appends through the bus instead of re-reading the file.

Without a bus, workers on one SQLite file cannot tell each other anything, so their
caches re-read the file on use and their watchers poll it (``Freshness.SHARED``).  With
one, each append is published on the bus once it has committed (an append whose outcome
is unknown too: a spurious wake-up is harmless), and ``listen`` (``NotifyingStore``)
wakes this worker's watchers and bots for the others' appends -- so the cache is
``Freshness.NOTIFIED`` and nobody polls.  When the bus comes back after a disconnect,
every unfinished match is woken once (what was published meanwhile is gone).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any

from ...bus.ports import EVERYTHING, MATCH, WakeBus
from ...match.ports import (
    DuplicateRequest,
    MatchNotFound,
    RequestRecord,
    StoreError,
    TurnIndex,
    VersionConflict,
)
from ...notifications.notices import Notice
from ...ratings.outcome import MatchOutcome
from .events import SqliteStore

log = logging.getLogger(__name__)


class SqliteBusStore(SqliteStore):
    def __init__(self, url: str, synchronous: str = "normal", *, bus: WakeBus, **kw: Any) -> None:
        super().__init__(url, synchronous, **kw)
        self._bus = bus
        self._callbacks: list[Callable[[str], None]] = []
        self._wake_all: set[asyncio.Task[None]] = set()

    async def open(self) -> None:
        await super().open()
        # A previous life of this worker may have died between a commit and its
        # wake-up: announce every unfinished match once.
        for match_id in await self.active_match_ids():
            self._bus.publish(MATCH, match_id)

    async def close(self) -> None:
        for task in list(self._wake_all):
            task.cancel()
        await asyncio.gather(*self._wake_all, return_exceptions=True)
        await super().close()

    async def append(
        self,
        match_id: str,
        expected_version: int,
        events: Sequence[dict[str, Any]],
        *,
        request: RequestRecord | None = None,
        finished: bool = False,
        outcome: MatchOutcome | None = None,
        turn: TurnIndex | None = None,
        notices: Sequence[Notice] = (),
    ) -> int:
        try:
            version = await super().append(
                match_id, expected_version, events, request=request, finished=finished,
                outcome=outcome, turn=turn, notices=notices,
            )  # fmt: skip
        except (VersionConflict, DuplicateRequest, MatchNotFound):
            raise  # nothing was written
        except BaseException:
            self._bus.publish(MATCH, match_id)  # the outcome is unknown: announce it
            raise
        self._bus.publish(MATCH, match_id)
        return version

    async def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(match_id)`` for every other worker's append (``NotifyingStore``)."""
        self._callbacks.append(callback)
        if len(self._callbacks) == 1:
            await self._bus.subscribe(MATCH, self._heard)

    def _heard(self, key: str) -> None:
        if key != EVERYTHING:
            self._dispatch(key)
            return
        task = asyncio.get_running_loop().create_task(self._wake_every_active_match())
        self._wake_all.add(task)
        task.add_done_callback(self._wake_all.discard)

    async def _wake_every_active_match(self) -> None:
        try:
            match_ids = await self.active_match_ids()
        except (sqlite3.Error, StoreError) as exc:
            log.warning("could not list active matches after the bus came back: %s", exc)
            return
        for match_id in match_ids:
            self._dispatch(match_id)

    def _dispatch(self, match_id: str) -> None:
        for callback in self._callbacks:
            try:
                callback(match_id)
            except Exception:
                log.exception("wake-up callback failed for %s", match_id)


def sqlite_event_store(url: str, synchronous: str = "normal", **kw: Any) -> SqliteStore:
    """The SQLite event store, on the bus when given one (``bus=``: workers)."""
    bus = kw.pop("bus", None)
    if bus is None:
        return SqliteStore(url, synchronous, **kw)
    return SqliteBusStore(url, synchronous, bus=bus, **kw)
