"""The notifications context's builder: ``build_notifications(...)`` makes the outbox's
use cases (``Outbox``: the stream, choices, subscriptions), the dispatcher with the
channels this server has (the signed webhook, Web Push) and the retention sweep, over
the notification store.  It depends on the identity context only (who a caller is);
every other context reaches it through the write API (``fiveup.notifications``) and
``Outbox.published``."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .delivery import Sender
from .destinations import DestinationState
from .dispatch import DispatchConfig, Dispatcher
from .outbox import Authenticator, Outbox, OutboxConfig, StreamPresence
from .ports import WEBHOOK, NotificationStore
from .webhook import WebhookConfig, WebhookSender
from .webpush import WebPushConfig, WebPushSender

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class NotificationsConfig:
    outbox: OutboxConfig = field(default_factory=OutboxConfig)
    dispatch: DispatchConfig = field(default_factory=DispatchConfig)
    webhook: WebhookConfig | None = None  # None: no webhook channel
    web_push: WebPushConfig | None = None  # None: no Web Push channel
    retention_seconds: float = 30 * 86_400.0  # notices (and their deliveries); 0: keep
    retention_sweep_seconds: float = 300.0


class NotificationsContext:
    """The outbox, its dispatcher (None without a push channel) and the retention sweep;
    the composition root starts and closes it."""

    def __init__(
        self,
        config: NotificationsConfig,
        store: NotificationStore,
        outbox: Outbox,
        dispatcher: Dispatcher | None,
        web_push_key: str,
        clock: Callable[[], float],
    ) -> None:
        self.config = config
        self.store = store
        self.outbox = outbox
        self.dispatcher = dispatcher
        self.web_push_key = web_push_key  # "" without Web Push
        self.clock = clock
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def webhook_available(self) -> bool:
        return self.dispatcher is not None and WEBHOOK in self.dispatcher.senders

    @property
    def web_push_available(self) -> bool:
        return self.dispatcher is not None and "web_push" in self.dispatcher.senders

    def troubled_destinations(self) -> list[DestinationState]:
        """This replica's failing destinations and their circuits, worst first (none
        without a push channel)."""
        return [] if self.dispatcher is None else self.dispatcher.destinations.troubled()

    async def start(self) -> None:
        await self.outbox.start()
        if self.dispatcher is not None:
            self.dispatcher.start()
        if self.config.retention_seconds > 0 and self.config.retention_sweep_seconds > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        """Streams end (ShuttingDown), the dispatcher finishes the attempts in flight
        (for a second; the rest are put back in the outbox, due at once)."""
        await self.outbox.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        if self.dispatcher is not None:
            await self.dispatcher.close()

    async def sweep(self) -> int:
        """Delete notices older than the retention (a batch at a time); how many."""
        before = self.clock() - self.config.retention_seconds
        deleted = 0
        while (batch := await self.store.delete_before(before, 500)) > 0:
            deleted += batch
        return deleted

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.retention_sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # the store is briefly unreachable: the next sweep retries
                log.exception("notification retention sweep failed")


def build_notifications(
    config: NotificationsConfig,
    store: NotificationStore,
    players: Authenticator,
    *,
    clock: Callable[[], float] = time.time,
    presence: StreamPresence | None = None,
) -> NotificationsContext:
    """``presence``: where live streams are recorded for the friends' presence (the
    relation store); ``clock``: the application's time (notices, claims, retries, retention); the
    senders sign with the wall clock whatever it is: a receiver checks a webhook's
    timestamp, and a push service a VAPID token's expiry, against real time."""
    senders: dict[str, Sender] = {}
    web_push_key = ""
    if config.webhook is not None:
        senders[WEBHOOK] = WebhookSender(config.webhook)
    if config.web_push is not None:
        push = WebPushSender(config.web_push)
        senders["web_push"] = push
        web_push_key = push.public_key
    dispatcher = None
    if senders:
        webhook_url = config.webhook.url if config.webhook is not None else ""
        dispatcher = Dispatcher(
            store, senders, config.dispatch, webhook_url=webhook_url, clock=clock
        )
    outbox = Outbox(
        store, players, config.outbox, clock=clock,
        on_published=dispatcher.wake if dispatcher is not None else None, presence=presence,
    )  # fmt: skip
    return NotificationsContext(config, store, outbox, dispatcher, web_push_key, clock)


__all__ = ["NotificationsConfig", "NotificationsContext", "build_notifications"]
