"""The notifications context's port: the outbox store (adapters:
``fiveup.store.sqlite.notifications``, ``fiveup.store.postgres.notifications``).

Its tables live in the event store's database (schema version
``notifications_schema_version``), because other contexts' writes carry notices into
them in their own transactions (the write API: ``fiveup.notifications``).

* ``notifications``: the log.  One row per notice, unique by id; ``seq`` numbers each
  player's notices 1, 2, 3... in commit order (a per-player counter row, locked by the
  writing transaction, hands out the next one), so a stream that has seen ``seq`` N
  never misses one committed later with a smaller number.
* ``deliveries``: one row per (notice, push channel): the webhook, and each of the
  player's Web Push subscriptions, made by the fan-out from the player's settings and
  mutes at that moment.  A replica **claims** due rows (PostgreSQL: ``FOR UPDATE SKIP
  LOCKED``; SQLite: one write transaction) by moving their ``next_at`` a lease ahead:
  another replica sees them again only when the lease has run out without a result -- the
  claimer died (kill -9) or hung -- so each is sent once in the normal case and at least
  once always.  A claimed row the dispatcher does not send yet (its destination is busy
  or its circuit open) is **released**: due again later, its attempt not counted.  A
  failure reschedules with backoff; after ``max_attempts`` the row is
  ``dead`` (the dead letters, counted in metrics, kept for operators).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .notices import Notice, StoredNotice

WEBHOOK = "webhook"
WEB_PUSH_PREFIX = "web_push:"  # + the subscription id


class DeliveryState(enum.Enum):
    PENDING = "pending"
    DELIVERED = "delivered"
    DEAD = "dead"  # gave up after max_attempts (or the subscription is gone)


@dataclass(frozen=True, slots=True)
class ChannelSettings:
    """A player's choice of channels (the stream is always on: it is the log itself)."""

    webhook: bool = True
    web_push: bool = True


@dataclass(frozen=True, slots=True)
class PushSubscription:
    """A browser's Web Push subscription (PushSubscription.toJSON()): where to send and
    the keys to encrypt for (RFC 8291)."""

    subscription_id: str
    player_id: str
    endpoint: str
    p256dh: str  # the browser's P-256 public key, URL-safe base64
    auth: str  # the 16-byte authentication secret, URL-safe base64
    created_at: float


@dataclass(frozen=True, slots=True)
class Claimed:
    """A delivery this replica holds until ``lease_until``."""

    notice: Notice
    channel: str
    attempts: int  # including this one
    subscription: PushSubscription | None  # for a Web Push channel


@dataclass(frozen=True, slots=True)
class DeliveryCounts:
    pending: int
    dead: int


@dataclass(frozen=True, slots=True)
class ChannelDepth:
    """The outbox of one push channel kind (``webhook`` or ``web_push``), for operators:
    deliveries waiting, the creation time of the oldest notice among them (None: none
    waits) and the dead ones still kept (retention deletes them with their notices)."""

    channel: str
    pending: int
    oldest_created_at: float | None
    dead: int


class NotificationStore(Protocol):
    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    # ------------------------------------------------------------------ the log

    async def write(self, notices: Sequence[Notice]) -> list[str]:
        """Write notices whose cause is no other store's write (e.g. a deadline
        reminder); answer the players that got a new one."""

    async def read_after(self, player_id: str, after_seq: int, limit: int) -> list[StoredNotice]:
        """The player's notices with seq > ``after_seq``, oldest first, at most ``limit``."""

    async def latest_seq(self, player_id: str) -> int: ...

    # ------------------------------------------------------------------ choices

    async def settings(self, player_id: str) -> ChannelSettings: ...

    async def set_settings(self, player_id: str, settings: ChannelSettings, now: float) -> None: ...

    async def set_muted(self, player_id: str, match_id: str, muted: bool, now: float) -> None: ...

    async def muted_matches(self, player_id: str) -> list[str]: ...

    async def add_subscription(self, subscription: PushSubscription) -> PushSubscription:
        """Store it (a subscription already stored for the same endpoint is replaced:
        a browser re-subscribing gets new keys); answer what is stored."""

    async def remove_subscription(self, player_id: str, endpoint: str) -> bool: ...

    async def subscriptions(self, player_id: str) -> list[PushSubscription]: ...

    # ------------------------------------------------------------------ delivery

    async def fan_out(self, now: float, *, webhook: bool, web_push: bool, limit: int) -> int:
        """Make the delivery rows of up to ``limit`` notices not fanned out yet (``webhook``
        / ``web_push``: whether the server has that channel); how many notices."""

    async def claim(self, now: float, lease_seconds: float, limit: int) -> list[Claimed]:
        """Take up to ``limit`` due deliveries until ``now + lease_seconds``."""

    async def release(self, items: Sequence[tuple[Claimed, float]]) -> None:
        """Put claimed deliveries back unsent, each due at its time: the claim is undone
        (the attempt it counted too), so another replica may take it then.  A row no
        longer under that claim (finished, or claimed again after its lease) is left
        alone."""

    async def delivered(self, claimed: Claimed, now: float) -> None: ...

    async def failed(
        self, claimed: Claimed, now: float, error: str, retry_at: float | None
    ) -> None:
        """A failed attempt: try again at ``retry_at``, or (None) give up: dead."""

    async def drop_subscription(self, subscription_id: str, now: float) -> None:
        """The push service says the subscription is gone (404/410): forget it, and its
        pending deliveries are dead."""

    async def counts(self) -> DeliveryCounts: ...

    async def depth(self) -> list[ChannelDepth]:
        """The outbox by channel kind, a kind without deliveries left out (the
        operators' deliveries view)."""

    async def delete_before(self, before: float, limit: int) -> int:
        """Retention: delete notices created before ``before`` and their deliveries."""


@runtime_checkable
class ListeningNotificationStore(NotificationStore, Protocol):
    """A store shared by replicas that announces every commit with new notices
    (PostgreSQL: NOTIFY fiveup_notices, the player id; or the bus): streams and the
    fan-out on other replicas wake at once instead of at their next poll."""

    async def listen(self, callback: Callable[[str], None]) -> None:
        """``callback(player_id)`` for every commit with new notices, any replica's;
        ``callback("*")`` when some may have been missed (look at every stream)."""

    def announce(self, player_ids: Iterable[str]) -> None:
        """Notices for these players were committed on this replica: tell the others,
        where the commit itself did not (a bus publishes after the commit; NOTIFY needs
        nothing here)."""


__all__ = [
    "WEBHOOK",
    "WEB_PUSH_PREFIX",
    "ChannelSettings",
    "Claimed",
    "DeliveryCounts",
    "DeliveryState",
    "ListeningNotificationStore",
    "NotificationStore",
    "PushSubscription",
]
