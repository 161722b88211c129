"""``NatsBus``: the wake-up port over NATS core publish/subscribe (``nats-py``).

Each kind is one subject, ``<prefix>.wake.<kind>`` (the prefix lets two deployments
share one NATS).  Publishing never waits for the network: keys are gathered per kind
(a match that moved twice before the sender ran is announced once) and a sender task
hands them to the client, which writes them out in the background.  The connection is
opened with ``no_echo``: a replica does not hear its own wake-ups (its caller already
knows, as the PostgreSQL listener skips its own connections).

NATS core delivers at most once: while the connection is down, wake-ups from the other
replicas are lost.  So when the client reconnects (it retries for ever; its
subscriptions come back with it) every subscriber is called with ``EVERYTHING`` once,
as the LISTEN connection's reconnect does; the same when the server reports this client
as a slow consumer (it dropped messages for us).  The wake-ups this replica publishes
while it is away wait in its own sets (one entry per match, however many moves: bounded
by the live matches, not by the outage's length) and are sent when it is back, so the
other replicas' watchers of the matches that moved here catch up then too (late is
harmless; only a replica that dies meanwhile loses them, and it announces every
unfinished match when it starts again: ``PostgresStore.open``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import Error as NatsError
from nats.errors import SlowConsumerError

from .observer import BusObserver, NullBusObserver
from .ports import EVERYTHING, KINDS, BusUnavailable

log = logging.getLogger(__name__)

DEFAULT_PREFIX = "fiveup"
FLUSH_ON_CLOSE_SECONDS = 2.0


def redact(url: str) -> str:
    """``nats://user:secret@host:4222`` -> ``nats://host:4222`` (for logs and errors)."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme}{sep}{rest.rpartition('@')[2]}" if sep else url.rpartition("@")[2]


class NatsBus:
    def __init__(
        self,
        url: str,
        *,
        prefix: str = DEFAULT_PREFIX,
        name: str = "fiveup",
        observer: BusObserver | None = None,
        reconnect_wait: float = 0.25,
        ping_interval: int = 5,
        connect_timeout: int = 5,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.name = name
        self.observer: BusObserver = observer or NullBusObserver()
        self.reconnect_wait = reconnect_wait
        self.ping_interval = ping_interval  # a dead peer is noticed after two of these
        self.connect_timeout = connect_timeout
        self.reconnects = 0
        self.counts: Counter[tuple[str, str]] = Counter()  # (kind, outcome): tests, diagnostics
        self._nc: Client | None = None
        self._callbacks: dict[str, list[Callable[[str], None]]] = {}
        self._pending: dict[str, set[str]] = {kind: set() for kind in KINDS}
        self._wanted = asyncio.Event()
        self._up = asyncio.Event()  # connected: the sender hands keys to the client
        self._sender: asyncio.Task[None] | None = None
        self._told_error = False  # one log line per outage, not one per retry

    def __repr__(self) -> str:
        return f"NatsBus({redact(self.url)!r}, prefix={self.prefix!r})"

    def subject(self, kind: str) -> str:
        return f"{self.prefix}.wake.{kind}"

    @property
    def connected(self) -> bool:
        return self._nc is not None and self._nc.is_connected

    @property
    def client(self) -> Client | None:
        """The NATS connection (tests drop it to play a lost bus)."""
        return self._nc

    async def _probe(self) -> None:
        """One TCP connection first: the client retries for ever (right once serving,
        wrong at start, where an unreachable bus must stop the server in one line)."""
        parts = urlsplit(self.url)
        try:
            _, writer = await asyncio.wait_for(
                asyncio.open_connection(parts.hostname or "127.0.0.1", parts.port or 4222),
                self.connect_timeout,
            )
        except (OSError, TimeoutError) as exc:
            raise BusUnavailable(
                f"could not connect to the bus (NATS) at {redact(self.url)}: "
                f"{exc or type(exc).__name__}: is nats-server running, and does --bus name "
                "its host and port?"
            ) from None
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()

    async def open(self) -> None:
        await self._probe()
        try:
            self._nc = await nats.connect(
                servers=[self.url],
                name=self.name,
                no_echo=True,
                allow_reconnect=True,
                max_reconnect_attempts=-1,  # for ever: the store is the truth meanwhile
                reconnect_time_wait=self.reconnect_wait,
                connect_timeout=self.connect_timeout,
                ping_interval=self.ping_interval,
                max_outstanding_pings=2,
                disconnected_cb=self._disconnected,
                reconnected_cb=self._reconnected,
                error_cb=self._error,
            )
        except (TimeoutError, NatsError, OSError) as exc:
            raise BusUnavailable(
                f"could not connect to the bus (NATS) at {redact(self.url)}: {exc or type(exc).__name__}:"
                " is nats-server running, and does --bus name its host and port?"
            ) from None
        self.observer.connected(True)
        self._up.set()
        self._sender = asyncio.get_running_loop().create_task(
            self._send(), name="fiveup-bus-sender"
        )

    async def close(self) -> None:
        sender, self._sender = self._sender, None
        if sender is not None:
            if any(self._pending.values()):
                self._wanted.set()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._flushed(), FLUSH_ON_CLOSE_SECONDS)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
        nc, self._nc = self._nc, None
        if nc is not None:
            # What was published is sent (bounded: a bus that is away is not waited for).
            with contextlib.suppress(NatsError, OSError, asyncio.TimeoutError):
                await asyncio.wait_for(nc.drain(), FLUSH_ON_CLOSE_SECONDS)
            with contextlib.suppress(NatsError, OSError, asyncio.TimeoutError):
                await nc.close()
            self.observer.connected(False)

    # ------------------------------------------------------------------ publishing

    def publish(self, kind: str, key: str) -> None:
        self._pending[kind].add(key)
        self._wanted.set()

    async def _send(self) -> None:
        while True:
            await self._wanted.wait()
            await self._up.wait()  # while away, keys gather (deduplicated) in _pending
            self._wanted.clear()
            for kind in KINDS:
                keys, self._pending[kind] = self._pending[kind], set()
                for key in sorted(keys):
                    await self._publish_one(kind, key)

    async def _publish_one(self, kind: str, key: str) -> None:
        nc = self._nc
        if nc is None:  # closed
            self._count(kind, "failed")
            return
        try:
            await nc.publish(self.subject(kind), key.encode())
        except (NatsError, OSError) as exc:
            # Lost the connection in between (or the client's buffer is full): keep the
            # key for when the bus is back.
            self._count(kind, "failed")
            log.debug("could not publish a %s wake-up yet (%s)", kind, exc)
            self._pending[kind].add(key)
            self._wanted.set()
            await self._up.wait()
        else:
            self._count(kind, "sent")

    async def _flushed(self) -> None:
        while any(self._pending.values()):
            await asyncio.sleep(0.005)

    # ------------------------------------------------------------------ hearing

    async def subscribe(self, kind: str, callback: Callable[[str], None]) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        if self._nc is None:
            raise BusUnavailable("the bus is not open")
        callbacks = self._callbacks.get(kind)
        if callbacks is None:
            callbacks = self._callbacks[kind] = []

            async def heard(msg: Msg) -> None:
                self._count(kind, "received")
                self._dispatch(kind, msg.data.decode())

            await self._nc.subscribe(self.subject(kind), cb=heard)
            await self._nc.flush()  # the server has the subscription when this returns
        callbacks.append(callback)

    def _count(self, kind: str, outcome: str) -> None:
        self.counts[kind, outcome] += 1
        self.observer.wakeup(kind, outcome)

    def _dispatch(self, kind: str, key: str) -> None:
        for callback in self._callbacks.get(kind, ()):
            try:
                callback(key)
            except Exception:
                log.exception("bus %s callback failed", kind)

    def _wake_everything(self, kinds: Any) -> None:
        for kind in kinds:
            if kind in self._callbacks:
                self._count(kind, "missed")
                self._dispatch(kind, EVERYTHING)

    async def _disconnected(self) -> None:
        if self._nc is not None:  # not our own close
            log.warning("lost the bus at %s; reconnecting", redact(self.url))
        self._up.clear()
        self.observer.connected(False)

    async def _reconnected(self) -> None:
        self.reconnects += 1
        self._told_error = False
        self._up.set()
        self.observer.connected(True)
        self.observer.reconnected()
        log.warning("the bus at %s is back: waking everything once", redact(self.url))
        self._wake_everything(KINDS)

    async def _error(self, exc: Exception) -> None:
        if isinstance(exc, SlowConsumerError):
            # The server (or the client's own buffer) dropped wake-ups for us.
            kind = exc.subject.rpartition(".")[2]
            self._wake_everything([kind])
            return
        if not self._told_error:
            self._told_error = True
            log.warning("bus error: %s (retrying every %s s)", exc, self.reconnect_wait)
