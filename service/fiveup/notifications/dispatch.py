"""The dispatcher: every replica runs one.  It fans new notices out into deliveries (one
per push channel the player has), claims due deliveries, sends them, and records each
outcome: delivered, retried after a backoff, or dead after ``max_attempts`` (the dead
letters stay in the store for operators; metrics count them).

It works when woken (a commit with notices on this replica, another replica's NOTIFY, a
send ending) and every ``poll_seconds`` regardless (retries come due, leases run out).
A replica killed between a claim and its result leaves the claim to run out after
``lease_seconds``; then any replica sends it again: at least once, never lost.

**Deliveries are isolated by destination** (``destinations``: the origin a send connects
to).  There is no batch to wait for: each claimed delivery is sent on its own task the
moment its destination and the replica have a free slot, and its result is recorded when
it ends, whatever the others do.  A claimed delivery whose destination's circuit is open,
or whose destination has no free slot (a stranger's endpoint gets one until it answers
well), is **put back** in the outbox with the time it may go (the circuit's probe, or
when the destination is expected free, at its own pace): it holds nothing, and the
attempt is not counted.  Each attempt has a hard time limit (``attempt_timeout_seconds``)
on top of the sender's own.  So a hung push service holds one slot of one destination for
at most that limit, then its circuit opens; everyone else's deliveries go on.

Two replicas never send one row at once: a row is sent only under this replica's claim
(its lease, longer than two attempts), and one that waited here so long that its lease
could run out mid-send is put back instead of sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .delivery import Attempt, Backoff, Outcome, Sender
from .destinations import CircuitState, Destination, Destinations, IsolationConfig, origin
from .observer import DeliveryObserver, PrometheusDeliveryObserver
from .ports import WEB_PUSH_PREFIX, WEBHOOK, Claimed, NotificationStore

log = logging.getLogger(__name__)
_JITTER = secrets.SystemRandom()


@dataclass(frozen=True, slots=True)
class DispatchConfig:
    poll_seconds: float = 1.0
    lease_seconds: float = 60.0  # above two attempts' time limit: a live claim never expires
    batch: int = 64  # deliveries claimed per store call (each is then sent on its own)
    max_attempts: int = 8  # then the delivery is dead
    backoff: Backoff = field(default_factory=Backoff)
    backlog_seconds: float = 15.0  # how often the pending/dead gauges are refreshed
    attempt_timeout_seconds: float = 5.0  # one attempt's hard limit, whatever the sender
    max_in_flight: int = 256  # attempts in flight on this replica, all destinations
    isolation: IsolationConfig = field(default_factory=IsolationConfig)
    max_defer_seconds: float = 10.0  # a busy destination's deliveries wait at most this
    close_grace_seconds: float = 1.0  # at shutdown, attempts in flight may end this long
    # A delivery held back by an open circuit for longer than this after its notice is
    # dead instead (a push service keeps a message a day at most; an endpoint that has
    # been down that long is not waited for, and its rows do not pile up).
    max_age_seconds: float = 86_400.0


def channel_kind(channel: str) -> str:
    return WEBHOOK if channel == WEBHOOK else "web_push"


@dataclass(slots=True)
class _Held:
    """A delivery this replica claimed, waiting here or in flight."""

    claimed: Claimed
    kind: str
    claimed_at: float  # the application clock's time of the claim


class Dispatcher:
    def __init__(
        self,
        store: NotificationStore,
        senders: Mapping[str, Sender],  # by channel kind: "webhook", "web_push"
        config: DispatchConfig | None = None,
        *,
        webhook_url: str = "",
        clock: Callable[[], float] = time.time,
        observer: DeliveryObserver | None = None,
    ) -> None:
        self.store = store
        self.senders = dict(senders)
        self.config = config or DispatchConfig()
        self.clock = clock
        self.observer = observer or PrometheusDeliveryObserver()
        self.destinations: Destinations[_Held] = Destinations(self.config.isolation)
        self._webhook_destination = origin(webhook_url)
        self._wanted = asyncio.Event()
        self._closing = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._backlog_at = 0.0
        self._running: dict[asyncio.Task[None], _Held] = {}
        self._ready: OrderedDict[str, None] = OrderedDict()  # destinations with a queue
        self._queued = 0
        self._put_back: list[tuple[_Held, float, str]] = []  # to write to the store
        self._wakes: list[float] = []  # times deliveries put back come due (a heap)
        self._paced: dict[str, int] = {}  # deliveries put back per destination this round
        self._starved = False  # the last round claimed nothing: the queues were full
        self._expired: list[_Held] = []  # held back too long: dead (written by the round)

    @property
    def channels(self) -> tuple[str, ...]:
        return tuple(self.senders)

    @property
    def in_flight(self) -> int:
        return len(self._running)

    def wake(self) -> None:
        self._wanted.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop claiming; attempts in flight may end for ``close_grace_seconds``, then
        are cancelled, and every delivery this replica still holds is put back, due now
        (a restart or another replica sends it at once instead of after the lease)."""
        self._closing.set()
        self._wanted.set()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._running:
            await asyncio.wait(list(self._running), timeout=self.config.close_grace_seconds)
        now = self.clock()
        for task, held in list(self._running.items()):
            if not task.done():
                task.cancel()
                self._put_back.append((held, now, "shutdown"))
        await asyncio.gather(*self._running, return_exceptions=True)
        for dest in self.destinations:
            while dest.queue:
                self._put_back.append((dest.queue.popleft(), now, "shutdown"))
        self._queued = 0
        with contextlib.suppress(Exception):  # the store is gone: the leases run out
            await self._write_put_back()
        for sender in self.senders.values():
            await sender.close()

    # ------------------------------------------------------------------ the loop

    async def _run(self) -> None:
        while not self._closing.is_set():
            self._wanted.clear()
            try:
                more = await self._round()
            except Exception:  # the store is briefly unreachable: the next round retries
                log.exception("notification dispatch failed")
                more = False
            if more or self._closing.is_set():
                continue  # more may be due at once
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wanted.wait(), self._sleep_seconds())

    def _sleep_seconds(self) -> float:
        """Until the poll, or the first delivery put back comes due, if sooner."""
        now = self.clock()
        while self._wakes and self._wakes[0] <= now:
            heapq.heappop(self._wakes)
        if self._wakes:
            return max(0.0, min(self.config.poll_seconds, self._wakes[0] - now))
        return self.config.poll_seconds

    async def _round(self) -> bool:
        """Fan out, claim what this replica has room for, route each claimed delivery;
        whether a full batch was claimed (more may be due)."""
        now = self.clock()
        while await self.store.fan_out(
            now, webhook=WEBHOOK in self.senders, web_push="web_push" in self.senders,
            limit=self.config.batch,
        ) == self.config.batch:  # fmt: skip
            pass
        claimed: list[Claimed] = []
        self._starved = self._queued >= self.config.max_in_flight
        if not self._starved:  # else: the queues drain first
            claimed = await self.store.claim(now, self.config.lease_seconds, self.config.batch)
        self._paced.clear()
        for c in claimed:
            self._route(_Held(c, channel_kind(c.channel), now), now)
        self._start_ready()
        await self._write_put_back()
        if self._expired:  # dead without an attempt: one log line, not one a row
            expired, self._expired = self._expired, []
            error = f"held back by an open circuit past {self.config.max_age_seconds:g} s"
            for held in expired:
                await self.store.failed(held.claimed, now, error, None)
                self.observer.attempted(held.kind, "dead", now - held.claimed.notice.created_at)
            log.warning("%d notification deliveries are dead: %s", len(expired), error)
        if now - self._backlog_at >= self.config.backlog_seconds:
            self._backlog_at = now
            counts = await self.store.counts()
            self.observer.backlog(counts.pending, counts.dead)
            self.observer.circuits(self.destinations.states())
        return len(claimed) == self.config.batch

    # ------------------------------------------------------------------ scheduling

    def destination_of(self, claimed: Claimed) -> str:
        """The origin the delivery connects to ("" for one that connects nowhere: a
        Web Push subscription removed since the fan-out, an endpoint not a URL)."""
        if claimed.channel == WEBHOOK:
            return self._webhook_destination
        if claimed.subscription is None:
            return ""
        # An endpoint that is no URL (it cannot be stored so; be safe) shares one slot.
        return origin(claimed.subscription.endpoint) or "web_push:unparsable"

    def _route(self, held: _Held, now: float) -> None:
        key = self.destination_of(held.claimed)
        if not key or held.kind not in self.senders:
            self._begin(None, held)  # settled without a connection: nothing to isolate
            return
        dest = self.destinations.find(key, held.kind, pace_limited=held.kind != WEBHOOK)
        if dest is None:  # every remembered destination is busy: wait in the store
            self._defer(held, now + self.config.attempt_timeout_seconds, "busy")
            return
        probe_at = dest.blocked_until(now)
        if probe_at is not None:
            if now - held.claimed.notice.created_at > self.config.max_age_seconds:
                self._expired.append(held)
            else:
                self._defer(held, probe_at + _JITTER.random() * 0.5, "circuit_open")
            return
        iso = self.config.isolation
        if not dest.queue and dest.in_flight < dest.limit(iso) and self._has_slot():
            self._begin(dest, held)
        elif len(dest.queue) < dest.queue_room(iso):
            dest.queue.append(held)
            self._queued += 1
            self._ready[key] = None
        else:
            self._defer(held, self._paced_time(dest, now), "busy")

    def _has_slot(self) -> bool:
        return len(self._running) < self.config.max_in_flight

    def _paced_time(self, dest: Destination[_Held], now: float) -> float:
        """When a delivery put back for a busy destination may go: after one of its
        usual attempt times (a slot should be free), plus one more for each ``limit``
        put back before it this round (they come back in order, not all at once to be
        put back again)."""
        ahead = self._paced.get(dest.key, 0)
        self._paced[dest.key] = ahead + 1
        pace = dest.expected_seconds(self.config.attempt_timeout_seconds)
        at = now + pace * (1 + ahead // dest.limit(self.config.isolation))
        at = min(at, now + self.config.max_defer_seconds)
        soonest = 0.02 if self._has_slot() else 0.25  # the replica is full: a slot frees later
        return max(at, now + soonest) + _JITTER.random() * 0.05 * max(pace, 0.1)

    def _defer(self, held: _Held, at: float, reason: str) -> None:
        self._put_back.append((held, at, reason))

    async def _write_put_back(self) -> None:
        if not self._put_back:
            return
        items, self._put_back = self._put_back, []
        await self.store.release([(h.claimed, at) for h, at, _ in items])
        for held, at, reason in items:
            self.observer.deferred(held.kind, reason)
            heapq.heappush(self._wakes, at)

    def _start_ready(self) -> None:
        """Start queued deliveries while the replica has slots: one per destination in
        turn (round robin), so a destination with a long queue does not starve others."""
        iso = self.config.isolation
        while self._ready and self._has_slot():
            key, _ = self._ready.popitem(last=False)
            dest = self.destinations.get(key)
            if dest is None or not dest.queue or dest.in_flight >= dest.limit(iso):
                continue  # it rejoins when one of its sends ends
            held = dest.queue.popleft()
            self._queued -= 1
            now = self.clock()
            if now + 2 * self.config.attempt_timeout_seconds > (
                held.claimed_at + self.config.lease_seconds
            ):  # it could outlive its lease: another replica may take it; put it back
                self._defer(held, now, "lease")
            else:
                self._begin(dest, held)
            if dest.queue:
                self._ready[key] = None

    def _begin(self, dest: Destination[_Held] | None, held: _Held) -> None:
        if dest is not None:
            dest.began()
        task = asyncio.get_running_loop().create_task(self._attempt(dest, held))
        self._running[task] = held
        task.add_done_callback(self._ended)
        self.observer.in_flight(held.kind, self._count_in_flight(held.kind))

    def _ended(self, task: asyncio.Task[None]) -> None:
        held = self._running.pop(task, None)
        if held is not None:
            self.observer.in_flight(held.kind, self._count_in_flight(held.kind))
        if not self._closing.is_set():
            self._start_ready()
            if self._put_back or self._starved:
                self._wanted.set()  # write what was put back; claim into the free room

    def _count_in_flight(self, kind: str) -> int:
        return sum(1 for h in self._running.values() if h.kind == kind)

    # ------------------------------------------------------------------ one attempt

    async def _attempt(self, dest: Destination[_Held] | None, held: _Held) -> None:
        claimed, kind = held.claimed, held.kind
        sender = self.senders.get(kind)
        loop = asyncio.get_running_loop()
        started = loop.time()
        limit = self.config.attempt_timeout_seconds
        if sender is None:  # the server lost the channel (config) since the fan-out
            attempt = Attempt(Outcome.GIVE_UP, f"this server has no {kind} channel")
        else:
            try:
                async with asyncio.timeout(limit):
                    attempt = await sender.send(claimed)
            except TimeoutError:
                attempt = Attempt(Outcome.RETRY, f"no answer within {limit:g} s")
            except Exception as exc:  # a sender's own bug must not stop the others
                log.exception("%s sender failed", kind)
                attempt = Attempt(Outcome.RETRY, f"{type(exc).__name__}: {exc}"[:200])
        seconds = loop.time() - started
        now = self.clock()
        if dest is not None:
            answered = attempt.outcome is not Outcome.RETRY
            self.observer.attempt_took(kind, answered, seconds)
            changed = dest.ended(answered, seconds, now, self.config.isolation, attempt.error)
            self._after_result(dest, changed, now)
        try:
            await self._record(claimed, attempt, kind, now)
        except Exception:  # the store is briefly unreachable: the lease runs out, retried
            log.exception("recording a notification delivery failed")

    def _after_result(
        self, dest: Destination[_Held], changed: CircuitState | None, now: float
    ) -> None:
        """A destination's circuit or limit changed: what waits here that may no longer
        wait goes back to the store (until the probe, or at its new pace)."""
        if changed is not None:
            self.observer.circuit_changed(dest.kind, changed.value)
            self.observer.circuits(self.destinations.states())
            if changed is CircuitState.OPEN:
                log.warning(
                    "notification destination %s (%s) failed %d times: circuit open for"
                    " %.1f s", dest.key, dest.kind, dest.failures, dest.open_until - now,
                )  # fmt: skip
        room = dest.queue_room(self.config.isolation)
        while len(dest.queue) > room:
            held = dest.queue.pop()
            self._queued -= 1
            if dest.state is CircuitState.OPEN:
                self._defer(held, dest.open_until + _JITTER.random() * 0.5, "circuit_open")
            else:
                self._defer(held, self._paced_time(dest, now), "busy")
        if dest.queue:
            self._ready[dest.key] = None

    async def _record(self, claimed: Claimed, attempt: Attempt, kind: str, now: float) -> None:
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
