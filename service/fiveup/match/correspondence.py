"""The correspondence clock: correspondence matches last days and leave the cache, so
their deadlines are kept by the store, not by a sweep over cached sessions.  Every
append of such a match indexes its turn (``fiveup.match.notices.turn_index``); every
``correspondence_sweep_seconds`` each replica asks the store for due turns and

* sends **deadline soon** (``record_reminder``: the notice and the cleared reminder in
  one transaction, only if no move has set a new one since -- two replicas' sweeps send
  it once);
* gives an **expired turn** to a stand-in bot (the owner takes it back by moving again):
  the casual matches' rule by default (``casual_timeout``).  A rated match's expired turn
  is a forfeit (issue 21's forfeit operation; until it lands here the turn is given to
  the stand-in as well, and the log says so).

Each acts like any writer: under the session's lock, on a refreshed fold, with a
version-checked append; a replica that loses the race reloads and moves on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from ..engine.errors import MatchError
from .notices import reminder_notices
from .ports import DueTurn, StoreError, VersionConflict
from .repository import MatchRepository

if TYPE_CHECKING:
    from .autoplay import AutoplayConfig, BotRunner, TurnDeadlines

log = logging.getLogger(__name__)


class CorrespondenceClock:
    def __init__(
        self,
        repository: MatchRepository,
        config: AutoplayConfig,
        bots: BotRunner,
        deadlines: TurnDeadlines,
        closing: asyncio.Event,
    ) -> None:
        self.repository = repository
        self.config = config
        self.bots = bots
        self.deadlines = deadlines
        self._closing = closing
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.config.correspondence_sweep_seconds > 0 and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None and not self._sweeper.done():
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)

    async def sweep(self) -> tuple[list[str], list[tuple[str, int]]]:
        """Send due reminders and hand expired turns on: (matches reminded, (match, seat)
        pairs taken over)."""
        reminded: list[str] = []
        expired: list[tuple[str, int]] = []
        if self._closing.is_set():
            return reminded, expired
        for due in await self.repository.store.due_turns(self.repository.clock()):
            try:
                if due.expired:
                    seat = await self._expire(due)
                    if seat is not None:
                        expired.append((due.match_id, seat))
                elif await self._remind(due):
                    reminded.append(due.match_id)
            except (MatchError, StoreError):
                log.warning("correspondence: could not handle %s", due.match_id, exc_info=True)
        return reminded, expired

    async def _remind(self, due: DueTurn) -> bool:
        assert due.remind_at is not None
        repository = self.repository
        session = await repository.get(due.match_id)
        async with session.lock:
            await repository.refresh(session)
            notices = reminder_notices(due.match_id, session.match, repository.clock())
        players = await repository.store.record_reminder(due.match_id, due.remind_at, notices)
        repository.noticed(players)
        return bool(players)

    async def _expire(self, due: DueTurn) -> int | None:
        repository = self.repository
        session = await repository.get(due.match_id)
        async with session.lock:
            await repository.refresh(session)
            match = session.match
            turn = match.current_turn()
            now = repository.clock()
            if turn is None or turn.stand_in or turn.deadline is None or now < turn.deadline:
                return None  # moved since the index was read (another replica's sweep too)
            before = match.version
            forfeits = match.rated or self.config.casual_deadline_forfeits
            if forfeits:  # the turn clock is the match's rule: missing it concedes
                events = match.forfeit(turn.seat, "deadline")
            else:  # a casual match goes on: a stand-in plays until its owner is back
                events = self.deadlines.stamp(session, match.set_auto(turn.seat, True))
            try:
                await repository.append(session, before, events)
            except VersionConflict:
                await repository.reload(session)
                return None
        if forfeits:
            log.info("seat %d of %s forfeits: its turn clock ran out", turn.seat, due.match_id)
            repository.observer.forfeited(match, turn.seat, "deadline")
        else:
            self.bots.kick(session)
        return turn.seat

    async def _sweep_forever(self) -> None:
        while not self._closing.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self._closing.wait(), self.config.correspondence_sweep_seconds
                )
            try:
                await self.sweep()
            except Exception:  # the clock must outlive a bad sweep
                log.exception("correspondence sweep failed")
