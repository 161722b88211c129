"""The dispatcher: every replica runs one.  It fans new notices out into deliveries (one
per push channel the player has), claims due deliveries, sends them, and records each
outcome: delivered, retried after a backoff, or dead after ``max_attempts`` (the dead
letters stay in the store for operators; metrics count them).

It works when woken (a commit with notices on this replica, or another replica's NOTIFY)
and every ``poll_seconds`` regardless (retries come due, leases run out).  A replica
killed between a claim and its result leaves the claim to run out after
``lease_seconds``; then any replica sends it again: at least once, never lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .delivery import Attempt, Backoff, Outcome, Sender
from .observer import DeliveryObserver, PrometheusDeliveryObserver
from .ports import WEB_PUSH_PREFIX, WEBHOOK, Claimed, NotificationStore

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DispatchConfig:
    poll_seconds: float = 1.0
    lease_seconds: float = 60.0  # above every sender's timeout: a live claim never expires
    batch: int = 64  # deliveries claimed (and sent concurrently) at once
    max_attempts: int = 8  # then the delivery is dead
    backoff: Backoff = field(default_factory=Backoff)
    backlog_seconds: float = 15.0  # how often the pending/dead gauges are refreshed


def channel_kind(channel: str) -> str:
    return WEBHOOK if channel == WEBHOOK else "web_push"


class Dispatcher:
    def __init__(
        self,
        store: NotificationStore,
        senders: Mapping[str, Sender],  # by channel kind: "webhook", "web_push"
        config: DispatchConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        observer: DeliveryObserver | None = None,
    ) -> None:
        self.store = store
        self.senders = dict(senders)
        self.config = config or DispatchConfig()
        self.clock = clock
        self.observer = observer or PrometheusDeliveryObserver()
        self._wanted = asyncio.Event()
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._backlog_at = 0.0

    @property
    def channels(self) -> tuple[str, ...]:
        return tuple(self.senders)

    def wake(self) -> None:
        self._wanted.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        self._closing.set()
        self._wanted.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        for sender in self.senders.values():
            await sender.close()

    async def run_once(self) -> int:
        """Fan out, then claim and send one batch; how many deliveries were attempted."""
        now = self.clock()
        while await self.store.fan_out(
            now, webhook=WEBHOOK in self.senders, web_push="web_push" in self.senders,
            limit=self.config.batch,
        ) == self.config.batch:  # fmt: skip
            pass
        claimed = await self.store.claim(now, self.config.lease_seconds, self.config.batch)
        if claimed:
            await asyncio.gather(*(self._deliver(c) for c in claimed))
        if now - self._backlog_at >= self.config.backlog_seconds:
            self._backlog_at = now
            counts = await self.store.counts()
            self.observer.backlog(counts.pending, counts.dead)
        return len(claimed)

    async def _run(self) -> None:
        while not self._closing.is_set():
            self._wanted.clear()
            try:
                busy = await self.run_once()
            except Exception:  # the store is briefly unreachable: the next round retries
                log.exception("notification dispatch failed")
                busy = 0
            if busy >= self.config.batch or self._closing.is_set():
                continue  # more may be due at once
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wanted.wait(), self.config.poll_seconds)

    async def _deliver(self, claimed: Claimed) -> None:
        kind = channel_kind(claimed.channel)
        sender = self.senders.get(kind)
        if sender is None:  # the server lost the channel (config) since the fan-out
            attempt = Attempt(Outcome.GIVE_UP, f"this server has no {kind} channel")
        else:
            try:
                attempt = await sender.send(claimed)
            except Exception as exc:  # a sender's own bug must not stop the others
                log.exception("%s sender failed", kind)
                attempt = Attempt(Outcome.RETRY, f"{type(exc).__name__}: {exc}"[:200])
        now = self.clock()
        outcome = attempt.outcome
        if outcome is Outcome.DELIVERED:
            await self.store.delivered(claimed, now)
            label = "delivered"
        elif outcome is Outcome.GONE and claimed.subscription is not None:
            await self.store.drop_subscription(claimed.subscription.subscription_id, now)
            label = "gone"
        elif outcome is Outcome.RETRY and claimed.attempts < self.config.max_attempts:
            delay = self.config.backoff.delay(claimed.attempts, attempt.retry_after)
            await self.store.failed(claimed, now, attempt.error, now + delay)
            label = "retry"
        else:
            await self.store.failed(claimed, now, attempt.error, None)
            label = "dead"
            log.warning(
                "notification %s to %s is dead after %d attempts: %s",
                claimed.notice.notice_id, claimed.channel, claimed.attempts, attempt.error,
            )  # fmt: skip
        self.observer.attempted(kind, label, now - claimed.notice.created_at)


__all__ = ["WEB_PUSH_PREFIX", "DispatchConfig", "Dispatcher", "channel_kind"]
