"""Wake-ups for local watchers when a match gets new events.

Watchers always re-read from their own cursor after a wake-up, so a missed or merged
wake-up cannot lose an event: the broker carries no data, only "look again"."""

from __future__ import annotations

import asyncio


class Broker:
    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def waiter(self, match_id: str) -> asyncio.Event:
        """Take this before reading, then wait on it: nothing published after the read
        can slip past."""
        ev = self._events.get(match_id)
        if ev is None:
            ev = self._events[match_id] = asyncio.Event()
        return ev

    def waiting(self, match_id: str) -> bool:
        """Whether anyone took a waiter of ``match_id`` not published since."""
        return match_id in self._events

    def publish(self, match_id: str) -> None:
        ev = self._events.pop(match_id, None)
        if ev is not None:
            ev.set()

    def publish_all(self) -> None:
        for match_id in list(self._events):
            self.publish(match_id)
