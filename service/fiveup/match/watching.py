"""Watching a match (WatchMatch): its events after a version, as a viewer may see them,
live -- from the session's recent events when the watcher keeps up, else from the store --
with the view at the end of each burst rendered once per (version, viewer) and shared by
every watcher of the match in this process.  A watch ends with the match, when the match
is deleted, or when the server shuts down."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator, Callable

from ..engine import redact, view_for
from ..shared.errors import InvalidRequest, ShuttingDown
from .autoplay import BotRunner
from .errors import MatchNotFound, check_reached
from .repository import MatchRepository, MatchSession
from .results import Resync, SeatedView, VersionedEvent, Viewed

FINAL_EVENTS = frozenset({"match_ended", "match_cancelled"})  # a watch ends after these


class MatchWatch:
    """The WatchMatch streams of one process, over the match repository."""

    def __init__(
        self,
        repository: MatchRepository,
        bots: BotRunner,
        closing: asyncio.Event,
        *,
        max_catchup_events: int,
        poll_seconds: float,
    ) -> None:
        """``max_catchup_events``: watchers further behind are told to resync;
        ``poll_seconds``: re-read the store this often even without a wake-up (0: never;
        with Freshness.SHARED other processes' appends wake nobody here)."""
        self.repository = repository
        self.bots = bots
        self._closing = closing
        self._max_catchup_events = max_catchup_events
        self._poll_seconds = poll_seconds

    async def watch(
        self,
        match_id: str,
        viewer: int | None,
        after_version: int,
        render: Callable[[SeatedView], object] | None = None,
    ) -> AsyncIterator[VersionedEvent | Viewed | Resync]:
        """Events after ``after_version`` as ``viewer`` may see them, live.  Yields a
        ``Resync`` instead when the watcher is too far behind.  Ends when the match is
        over and fully sent, or when the server shuts down (ShuttingDown).

        With ``render``: the last event of each burst comes as ``Viewed`` when the match
        is still at its version, with ``render(view)`` for ``viewer`` at that version
        (what ``view`` answers then).  A view is rendered once per (version, viewer) and
        shared by every watcher of the match in this process (spectators share one)."""
        if after_version < 0:
            raise InvalidRequest("after_version must be >= 0", field="after_version")
        repository = self.repository
        session = await repository.get(match_id)
        latest = await repository.latest_version(match_id)
        check_reached(latest, after_version, "after_version")
        if latest - after_version > self._max_catchup_events:
            yield Resync(latest)
            return
        cursor = after_version
        # Counted while open: a bot-only match someone watches plays at a person's pace.
        with self.bots.watching(match_id):
            async with contextlib.aclosing(
                self._follow(match_id, viewer, cursor, latest, session, render)
            ) as events:
                async for item in events:
                    yield item

    async def _follow(
        self,
        match_id: str,
        viewer: int | None,
        cursor: int,
        latest: int,
        session: MatchSession,
        render: Callable[[SeatedView], object] | None,
    ) -> AsyncGenerator[VersionedEvent | Viewed, None]:
        """The events after ``cursor`` as ``viewer`` may see them, live (see ``watch``)."""
        repository = self.repository
        while True:
            wake = self.repository.broker.waiter(match_id)
            finished = moved_on = False
            events = await repository.events_after(match_id, cursor, latest)
            last = events[-1][0] if events else cursor
            for version, event in events:
                finished = finished or event.kind in FINAL_EVENTS
                seen = redact(event, viewer)
                cursor = version
                if render is not None and version == last:
                    view = await self._view_at(match_id, viewer, version, render)
                    if view is not None:
                        yield Viewed(version, seen, view)
                        continue
                    moved_on = True  # newer events are in: the next burst carries the view
                yield version, seen
            session = repository.cached(match_id) or session
            if finished or (session.match.finished and cursor >= session.match.version):
                return
            if session.deleted:
                raise MatchNotFound("the match expired and was deleted (docs/security.md)")
            if self._closing.is_set():
                raise ShuttingDown("the server is shutting down; reconnect with after_version")
            if moved_on:
                continue
            # A shutdown wakes every waiter (Matches.close publishes to all of them), and
            # the check above then ends the stream.
            await wake.wait(self._poll_seconds)

    async def _view_at(
        self,
        match_id: str,
        viewer: int | None,
        version: int,
        render: Callable[[SeatedView], object],
    ) -> object | None:
        """``render`` of the match at ``version`` as ``viewer`` sees it, from the
        session's views when another watcher had it made; None when the match is past
        ``version`` already (that view can no longer be made from the fold)."""
        session = await self.repository.get(match_id)
        made = session.views.get(viewer)
        if made is not None and made[0] == version:
            return made[1]
        async with session.lock:  # the fold is committed state only under its lock
            made = session.views.get(viewer)
            if made is not None and made[0] == version:  # made while this one waited
                return made[1]
            await self.repository.refresh(session, for_read=True, seen=version)
            match = session.match
            if match.version != version:
                return None
            view = render(SeatedView(view_for(match, viewer), frozenset(session.tokens)))
            session.views[viewer] = (version, view)
            return view
