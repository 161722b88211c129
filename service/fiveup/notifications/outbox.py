"""The use cases of the NotificationService: a player's stream of notices, their choice
of channels, muted matches and Web Push subscriptions.

The stream is the log itself: ``watch`` reads the player's notices after a cursor (the
``seq`` a client last saw, like WatchMatch's ``after_version``), then waits for a wake-up
-- this process's own commits (``published``), another replica's (the store's LISTEN),
or a poll every ``poll_seconds`` as a backstop -- and reads again.  A wake-up carries no
data ("look again"), so a missed or merged one loses nothing, and a client that
reconnects with its cursor gets exactly what it has not seen.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ..bus.ports import EVERYTHING
from ..egress import EgressPolicy, EgressRefused
from ..egress.policy import web_push_policy
from ..shared.broker import Broker
from ..shared.errors import InvalidRequest, ShuttingDown
from .errors import BadSubscription, EndpointNotAllowed
from .notices import StoredNotice
from .ports import ChannelSettings, ListeningNotificationStore, NotificationStore, PushSubscription

log = logging.getLogger(__name__)

MAX_MATCH_ID = 64
MAX_ENDPOINT = 1024
MAX_SUBSCRIPTIONS = 10  # browsers per player: an eleventh replaces the oldest


class StreamPresence(Protocol):
    """Where each replica records that a player holds a live notification stream on it,
    so every replica can tell the player's friends they are online
    (``fiveup.friends.presence``; the relation store keeps it)."""

    async def streaming(self, player_id: str, replica: str, until: float) -> None:
        """The player streams on ``replica`` at least until ``until`` (a heartbeat)."""

    async def stopped_streaming(self, player_id: str, replica: str, now: float) -> None:
        """The replica's last stream of the player ended ``now`` (their last seen)."""


PRESENCE_BEAT_SECONDS = 60.0  # a live stream renews its player's presence this often


class Authenticator(Protocol):
    """Who an access token belongs to (the identity context's ``Players``)."""

    async def authenticate(self, access_token: str | None) -> _Claims: ...


class _Claims(Protocol):
    @property
    def player_id(self) -> str: ...


@dataclass(frozen=True, slots=True)
class OutboxConfig:
    poll_seconds: float = 5.0  # a stream re-reads this often even without a wake-up
    page: int = 100  # notices read per store call
    # Where a Web Push endpoint may point (docs/security.md, "Egress"): a browser push
    # service over https (RFC 8030), or an operator's --egress-allow entry (a loopback
    # test service over http with --web-push-allow-http).  The sender checks it again.
    push_egress: EgressPolicy = field(default_factory=web_push_policy)


@dataclass(frozen=True, slots=True)
class Settings:
    """A player's channels and muted matches, and their Web Push subscriptions."""

    channels: ChannelSettings
    muted_matches: tuple[str, ...]
    subscriptions: tuple[PushSubscription, ...]


@dataclass(frozen=True, slots=True)
class NoticePage:
    """A page of a player's notices after a cursor, and their newest seq."""

    notices: tuple[StoredNotice, ...]
    latest_seq: int


class Outbox:
    def __init__(
        self,
        store: NotificationStore,
        players: Authenticator,
        config: OutboxConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        on_published: Callable[[], None] | None = None,
        presence: StreamPresence | None = None,
    ) -> None:
        self.store = store
        self.presence = presence
        self._replica = secrets.token_hex(8)  # this process, among the presence's writers
        self.players = players
        self.config = config or OutboxConfig()
        self.clock = clock
        self.broker = Broker()
        self._closing = asyncio.Event()
        self._on_published = on_published  # the dispatcher's wake-up
        # Live streams by player on this replica: presence's "online" (fiveup.friends).
        self._watching: dict[str, int] = {}
        # Tells other replicas of this one's notices (a store shared by replicas).
        self._announce = store.announce if isinstance(store, ListeningNotificationStore) else None

    async def start(self) -> None:
        """Hear other replicas' notices (a store that announces them)."""
        if isinstance(self.store, ListeningNotificationStore):
            await self.store.listen(self._heard)

    async def close(self) -> None:
        self._closing.set()
        self.broker.publish_all()

    def published(self, player_ids: Iterable[str]) -> None:
        """Notices for these players were committed: wake their streams and the
        dispatcher.  Every writer of notices calls it after its commit (the match
        repository after an append; other contexts likewise).  Other replicas are told
        by the store (``ListeningNotificationStore.announce``)."""
        ids = list(player_ids)
        self._wake(ids)
        if ids and self._announce is not None:
            self._announce(ids)

    def _heard(self, key: str) -> None:
        """Another replica's notices for a player, or "*": some may have been missed
        (the store's listening connection or the bus came back): wake every stream."""
        if key == EVERYTHING:
            self.broker.publish_all()
            if self._on_published is not None:
                self._on_published()
        else:
            self._wake([key])

    def _wake(self, player_ids: Iterable[str]) -> None:
        """This replica's streams and dispatcher (a local commit or another replica's)."""
        for player_id in player_ids:
            self.broker.publish(player_id)
        if self._on_published is not None:
            self._on_published()

    # ------------------------------------------------------------------ the stream

    async def watch(self, access_token: str | None, after_seq: int) -> AsyncIterator[StoredNotice]:
        """The signed-in player's notices after ``after_seq``, then live, until the
        server shuts down (ShuttingDown: reconnect with the last seq seen)."""
        if after_seq < 0:
            raise InvalidRequest("after_seq must be >= 0", field="after_seq")
        player_id = (await self.players.authenticate(access_token)).player_id
        self._watching[player_id] = self._watching.get(player_id, 0) + 1
        try:
            await self._beat(player_id, PRESENCE_BEAT_SECONDS * 1.5)
            async with contextlib.aclosing(self._follow(player_id, after_seq)) as follow:
                async for stored in follow:
                    yield stored
        finally:
            left = self._watching.pop(player_id) - 1
            if left:
                self._watching[player_id] = left
            else:  # this replica's last stream of theirs
                await self._beat(player_id, None)

    async def _beat(self, player_id: str, ahead: float | None) -> None:
        """Tell the presence store the player streams here for ``ahead`` more seconds
        (None: no longer); a store that fails costs the presence, never the stream (a
        missed end expires by itself)."""
        if self.presence is None:
            return
        try:
            if ahead is None:
                await self.presence.stopped_streaming(player_id, self._replica, self.clock())
            else:
                await self.presence.streaming(player_id, self._replica, self.clock() + ahead)
        except Exception:
            log.warning("presence not recorded", exc_info=True)

    def watching(self, player_ids: Iterable[str]) -> set[str]:
        """Which of these players hold a live notification stream on this replica."""
        return {p for p in player_ids if p in self._watching}

    async def _follow(self, player_id: str, after_seq: int) -> AsyncGenerator[StoredNotice]:
        cursor = after_seq
        beat_at = self.clock() + PRESENCE_BEAT_SECONDS
        while True:
            if self.clock() >= beat_at:
                await self._beat(player_id, PRESENCE_BEAT_SECONDS * 1.5)
                beat_at = self.clock() + PRESENCE_BEAT_SECONDS
            wake = self.broker.waiter(player_id)
            while True:
                page = await self.store.read_after(player_id, cursor, self.config.page)
                for stored in page:
                    yield stored
                    cursor = stored.seq
                if len(page) < self.config.page:
                    break
            if self._closing.is_set():
                raise ShuttingDown("the server is shutting down; reconnect with after_seq")
            # (a shutdown wakes it too: ``close`` publishes to every waiter)
            await wake.wait(self.config.poll_seconds)

    async def list_after(self, access_token: str | None, after_seq: int, limit: int) -> NoticePage:
        """A page of the signed-in player's notices after ``after_seq`` (for polling)."""
        if after_seq < 0:
            raise InvalidRequest("after_seq must be >= 0", field="after_seq")
        player_id = (await self.players.authenticate(access_token)).player_id
        latest = await self.store.latest_seq(player_id)
        page = await self.store.read_after(player_id, after_seq, limit)
        return NoticePage(tuple(page), max(latest, page[-1].seq if page else 0))

    async def latest_seq(self, access_token: str | None) -> int:
        player_id = (await self.players.authenticate(access_token)).player_id
        return await self.store.latest_seq(player_id)

    # ------------------------------------------------------------------ choices

    async def settings(self, access_token: str | None) -> Settings:
        player_id = (await self.players.authenticate(access_token)).player_id
        return await self._settings(player_id)

    async def _settings(self, player_id: str) -> Settings:
        return Settings(
            await self.store.settings(player_id),
            tuple(await self.store.muted_matches(player_id)),
            tuple(await self.store.subscriptions(player_id)),
        )

    async def choose_channels(
        self, access_token: str | None, *, webhook: bool | None, web_push: bool | None
    ) -> Settings:
        """Turn the webhook and Web Push on or off for the player (None: unchanged)."""
        player_id = (await self.players.authenticate(access_token)).player_id
        current = await self.store.settings(player_id)
        chosen = ChannelSettings(
            current.webhook if webhook is None else webhook,
            current.web_push if web_push is None else web_push,
        )
        if chosen != current:
            await self.store.set_settings(player_id, chosen, self.clock())
        return await self._settings(player_id)

    async def mute(self, access_token: str | None, match_id: str, muted: bool) -> Settings:
        """Mute (or unmute) a match: its notices stay in the stream but wake no phone."""
        if not match_id or len(match_id) > MAX_MATCH_ID:
            raise InvalidRequest(f"match_id must be 1-{MAX_MATCH_ID} characters", field="match_id")
        player_id = (await self.players.authenticate(access_token)).player_id
        await self.store.set_muted(player_id, match_id, muted, self.clock())
        return await self._settings(player_id)

    # ------------------------------------------------------------------ Web Push

    async def subscribe(
        self, access_token: str | None, endpoint: str, p256dh: str, auth: str
    ) -> PushSubscription:
        """Store a browser's push subscription (PushSubscription.toJSON(): its endpoint
        and keys) for the signed-in player."""
        player_id = (await self.players.authenticate(access_token)).player_id
        self._check_endpoint(endpoint)
        _check_key(p256dh, 65, "keys.p256dh", first=0x04)  # an uncompressed P-256 point
        _check_key(auth, 16, "keys.auth")
        existing = await self.store.subscriptions(player_id)
        for old in existing[: max(0, len(existing) - MAX_SUBSCRIPTIONS + 1)]:
            if old.endpoint != endpoint:
                await self.store.remove_subscription(player_id, old.endpoint)
        subscription = PushSubscription(
            "s_" + secrets.token_urlsafe(12), player_id, endpoint, p256dh, auth, self.clock()
        )
        return await self.store.add_subscription(subscription)

    async def unsubscribe(self, access_token: str | None, endpoint: str) -> bool:
        player_id = (await self.players.authenticate(access_token)).player_id
        return await self.store.remove_subscription(player_id, endpoint)

    def _check_endpoint(self, endpoint: str) -> None:
        if not endpoint or len(endpoint) > MAX_ENDPOINT:
            raise BadSubscription(f"endpoint must be 1-{MAX_ENDPOINT} characters", field="endpoint")
        try:
            self.config.push_egress.check_url(endpoint)
        except EgressRefused as exc:
            # Decided from the URL alone (no DNS, no connection): the answer cannot say
            # whether anything listens there.
            raise EndpointNotAllowed(
                f"endpoint is not allowed: {exc.detail}",
                field="endpoint",
                egress_reason=exc.reason,
            ) from None


def decode_key(value: str) -> bytes:
    """URL-safe base64 with or without padding (as browsers send it)."""
    return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))


def _check_key(value: str, size: int, field: str, *, first: int | None = None) -> None:
    try:
        raw = decode_key(value)
    except (binascii.Error, ValueError):
        raise BadSubscription(f"{field} is not URL-safe base64", field=field) from None
    if len(raw) != size or (first is not None and raw[0] != first):
        raise BadSubscription(f"{field} must be {size} bytes", field=field)
