"""Wake-ups for local watchers when a match (a chat room, a player's notices) gets news.

Watchers always re-read from their own cursor after a wake-up, so a missed or merged
wake-up cannot lose an event: the broker carries no data, only "look again".

Why not ``asyncio.Event`` and ``asyncio.wait``: every open stream waits here between two
events, for seconds, and what it allocates to wait lives that long.  A young collection
of the garbage collector walks every object made since the previous one that is still
alive, and stops the event loop meanwhile.  Waiting on the match or shutting down, as the
streams did, took two tasks (each with its coroutine, context copy and weak reference),
their futures and ``asyncio.wait``'s own coroutines, set and callback: some 25 tracked
objects per stream per wake-up, about 18,000 of the 41,000-50,000 objects each young
collection walked at 1,250 players (25,000-28,000 since), and those collections' pauses
were the p99 SubmitMove tail (docs/performance.md, "One replica's tail").  A waiting
stream now holds one plain future (and its coroutine); a shutdown wakes everyone
through ``publish_all``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence


class Wake:
    """One key's next wake-up: set once (``Broker.publish``), then replaced by a fresh
    one for later waiters.  Its waiters are plain futures, one per waiting stream."""

    __slots__ = ("_futures", "_set")

    def __init__(self) -> None:
        self._set = False
        self._futures: list[asyncio.Future[None]] = []

    def is_set(self) -> bool:
        return self._set

    def waiting(self) -> int:
        """How many waiters it would wake now."""
        return len(self._futures)

    def set(self) -> None:
        self._set = True
        futures, self._futures = self._futures, []
        for future in futures:
            if not future.done():
                future.set_result(None)

    async def wait(self, timeout: float | None = None) -> None:
        """Until it is set (at once if it is), or ``timeout`` seconds have passed (None
        or 0: no limit).  A cancelled waiter leaves nothing behind."""
        if self._set:
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._futures.append(future)
        timer = loop.call_later(timeout, _expire, future) if timeout else None
        try:
            await future
        finally:
            if timer is not None:
                timer.cancel()
            if not self._set:  # a set wake has dropped its futures already
                self._futures.remove(future)


def _expire(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def wait_any(wakes: Sequence[Wake], timeout: float | None = None) -> None:
    """``Wake.wait`` on several wakes: until the first is set, or ``timeout``.  One
    future, however many wakes it listens to; a cancelled waiter leaves nothing behind
    in them."""
    for wake in wakes:
        if wake._set:
            return
    loop = asyncio.get_running_loop()
    future: asyncio.Future[None] = loop.create_future()
    for wake in wakes:
        wake._futures.append(future)
    timer = loop.call_later(timeout, _expire, future) if timeout else None
    try:
        await future
    finally:
        if timer is not None:
            timer.cancel()
        for wake in wakes:
            if not wake._set:  # a set wake has dropped its futures already
                with contextlib.suppress(ValueError):
                    wake._futures.remove(future)


class Broker:
    def __init__(self) -> None:
        self._wakes: dict[str, Wake] = {}

    def waiter(self, key: str) -> Wake:
        """Take this before reading, then wait on it: nothing published after the read
        can slip past."""
        wake = self._wakes.get(key)
        if wake is None:
            wake = self._wakes[key] = Wake()
        return wake

    def waiting(self, key: str) -> bool:
        """Whether anyone took a waiter of ``key`` not published since."""
        return key in self._wakes

    def publish(self, key: str) -> None:
        wake = self._wakes.pop(key, None)
        if wake is not None:
            wake.set()

    def publish_all(self) -> None:
        """Wake every waiter (a shutdown: each then sees its owner closing)."""
        for key in list(self._wakes):
            self.publish(key)
