"""Retention: what the store keeps, and for how long.

* A match still missing a player (a human seat nobody claimed) is deleted
  ``unjoined_seconds`` after its creation: nobody can play it, and creating them is cheap.
* A finished or cancelled match is kept ``finished_seconds`` after a sweep first saw it
  finished -- its record (all hands and the seed) can be fetched and verified all that
  time -- and then deleted with its events, seats and request records.

A sweep runs every ``sweep_seconds`` (and when a test calls ``sweep``); the clock is
injected, so tests move time by hand.  Several replicas may sweep the same database: each
step is idempotent.  Every bound is off at 0.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from .ports import RetainingStore

log = logging.getLogger(__name__)

NO_BOUND = float("-inf")


@dataclass(frozen=True)
class RetentionConfig:
    unjoined_seconds: float = 86_400.0
    finished_seconds: float = 30 * 86_400.0
    sweep_seconds: float = 300.0  # 0: no sweeping on its own (tests call sweep())
    batch: int = 500  # matches deleted per store call


@dataclass(frozen=True)
class Swept:
    """What one sweep did."""

    stamped: int  # finished matches whose keep time started now
    deleted: tuple[str, ...]  # ids of the matches deleted


class Retention:
    def __init__(
        self,
        store: RetainingStore,
        config: RetentionConfig,
        *,
        clock: Callable[[], float],
        forget: Callable[[str], None] = lambda match_id: None,
    ) -> None:
        self.store = store
        self.config = config
        self.clock = clock
        self._forget = forget  # the application drops its cached copy (Matches.forget)
        self._task: asyncio.Task[None] | None = None

    @property
    def enabled(self) -> bool:
        return self.config.unjoined_seconds > 0 or self.config.finished_seconds > 0

    async def sweep(self) -> Swept:
        config = self.config
        now = self.clock()
        stamped = await self.store.stamp_finished(now) if config.finished_seconds > 0 else 0
        unjoined_before = now - config.unjoined_seconds if config.unjoined_seconds > 0 else NO_BOUND
        finished_before = now - config.finished_seconds if config.finished_seconds > 0 else NO_BOUND
        deleted: list[str] = []
        while True:
            batch = await self.store.expired_match_ids(
                unjoined_before=unjoined_before, finished_before=finished_before, limit=config.batch
            )
            if not batch:
                break
            for match_id in batch:
                self._forget(match_id)
            await self.store.delete_matches(batch)
            deleted.extend(batch)
            if len(batch) < config.batch:
                break
        if deleted:
            log.info("retention: deleted %d expired matches", len(deleted))
        return Swept(stamped, tuple(deleted))

    def start(self) -> None:
        if self.enabled and self.config.sweep_seconds > 0 and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is retried at the next one
                log.exception("retention sweep failed")
