"""What this process pays for another's appends, heard through the store's wake-ups
(``NotifyingStore``: LISTEN/NOTIFY or the bus): as little as the match needs here.

* **A match this process does not hold**: nothing is read; whoever waits on it is woken
  (nobody, unless a watcher's session left the cache: it reads the store itself).
* **A match it holds that nobody here follows** -- no watch stream, no chat stream
  waiting on it, no bot or stand-in seat: the cached fold is only marked behind.  No
  read, no task; whoever uses it next reads (``MatchRepository.refresh``).
* **A match followed here**: the new events are read once (``MatchRepository.catch_up``),
  outside the match's lock, however many watchers there are and however many wake-ups
  came meanwhile -- one catch-up at a time per match, run once more when wake-ups came
  during it -- and the watchers are served from memory; then the bots look whether it
  is their turn (the fold takes the events from memory: no second read).
* **A match with bots nobody here follows**: as before, the bots refresh and look whether
  they may move (they race the other replicas' for the turn: the version key picks one).
"""

from __future__ import annotations

import asyncio
import logging

from ..engine import HUMAN, Match
from .autoplay import BotRunner
from .repository import MatchRepository, MatchSession

log = logging.getLogger(__name__)


def has_bots(match: Match) -> bool:
    """Whether bots may move in ``match`` (a bot seat, or a stand-in playing a seat)."""
    return bool(match.auto_seats) or any(kind != HUMAN for kind in match.config.seats)


class CatchUp:
    """Handles the other processes' wake-ups for one process's matches."""

    def __init__(self, repository: MatchRepository, bots: BotRunner) -> None:
        self.repository = repository
        self.bots = bots
        # The sessions being caught up, each with whether wake-ups came during it.
        self._running: dict[MatchSession, bool] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    @property
    def running(self) -> int:
        """Catch-ups under way (tests, diagnostics)."""
        return len(self._tasks)

    def heard(self, match_id: str) -> None:
        """Another process appended to ``match_id``."""
        session = self.repository.remote_append(match_id)
        if session is None or self._closed:
            return
        if not (self.bots.watched(match_id) or self.repository.followed(match_id)):
            if has_bots(session.match):
                self.bots.after_remote_append(session)
            return
        if session in self._running:
            self._running[session] = True  # read again once the running one is done
            return
        self._running[session] = False
        task = asyncio.get_running_loop().create_task(self._catch_up(session))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, session: MatchSession) -> None:
        running = self._running
        try:
            while True:
                await self.repository.catch_up(session)  # the watchers are served
                if not running[session]:
                    await self.bots.look(session)  # the fold from memory; a bot's turn?
                    if not running[session]:
                        break
                running[session] = False  # more came meanwhile: once more
        except Exception:  # the watchers were woken: they read the store themselves
            log.warning("could not catch up with %s", session.match_id, exc_info=True)
        finally:
            del running[session]

    async def close(self) -> None:
        self._closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
