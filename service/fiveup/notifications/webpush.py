"""Web Push (RFC 8030) to browsers: payloads encrypted for each subscription's keys
(RFC 8291, ``aes128gcm``) and requests signed with the server's VAPID key (RFC 8292), by
pywebpush and py-vapid -- maintained libraries, not our own cryptography.

**The VAPID key** is one P-256 key for the whole deployment: browsers subscribe with its
public half (the "application server key"), and a push service refuses a request signed
by any other key, so every replica must sign with the same one.  The operator provides it
(``--vapid-private-key``: a PEM file, e.g. a mounted Secret); without one, ``keys``
finds or makes it.  Replacing the key invalidates every subscription: browsers must
subscribe again (docs/operations.md).

The payload is JSON: the notice's id (the service worker's notification ``tag``, so a
re-delivered push replaces itself instead of showing twice), kind, match, an English
title and body, and its facts.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPusher, WebPushException

from ..egress import EgressPolicy, EgressRefused, guarded_session, refusal_of
from ..egress.policy import web_push_policy
from .delivery import Attempt, Outcome
from .keys import VapidConfigError
from .notices import Notice, render
from .ports import Claimed

log = logging.getLogger(__name__)

TTL_SECONDS = 24 * 3600  # how long a push service keeps a message for a sleeping browser
VAPID_TOKEN_SECONDS = 12 * 3600  # a signed VAPID token's lifetime (RFC 8292: at most 24 h)


def application_server_key(key: Vapid02) -> str:
    """The public key browsers subscribe with: the uncompressed point, URL-safe base64."""
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def push_payload(notice: Notice) -> dict[str, Any]:
    title, body = render(notice)
    return {
        "id": notice.notice_id,
        "kind": notice.kind.value,
        "match_id": notice.match_id,
        "title": title,
        "body": body,
        "created_at": notice.created_at,
        "facts": dict(notice.data),
    }


def topic(notice: Notice) -> str:
    """RFC 8030 Topic: a newer undelivered push of the same kind for the same match
    replaces an older one at the push service (a sleeping phone wakes to one "your turn",
    not ten).  At most 32 URL-safe characters."""
    key = f"{notice.kind.value}:{notice.match_id or notice.notice_id}"
    return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()).decode()[:32]


@dataclass(frozen=True, slots=True)
class WebPushConfig:
    key: Vapid02
    subject: str  # "mailto:..." or an https:// URL: how a push service reaches the operator
    timeout_seconds: float = 5.0
    connect_timeout_seconds: float = 3.0
    ttl_seconds: int = TTL_SECONDS
    # Where pushes may go: the browser push services and the operator's --egress-allow
    # (docs/security.md, "Egress"); checked again at every send.
    egress: EgressPolicy = field(default_factory=web_push_policy)


class WebPushSender:
    """Encrypts with pywebpush and sends through the egress guard: the endpoint checked
    again (a subscription stored before a policy change, or by an older server), its host
    resolved once and connected to at the checked address, no redirect followed."""

    def __init__(self, config: WebPushConfig, *, clock: Callable[[], float] = time.time) -> None:
        if not config.subject.startswith(("mailto:", "https://")):
            raise VapidConfigError("the VAPID subject must be a mailto: or https:// URL")
        self.config = config
        self.clock = clock
        self.public_key = application_server_key(config.key)
        self._session: aiohttp.ClientSession | None = None
        self._tokens: dict[str, tuple[float, dict[str, str]]] = {}  # audience -> (exp, headers)

    def _vapid_headers(self, endpoint: str) -> dict[str, str]:
        """The Authorization header for the push service of ``endpoint`` (one signed
        token per push service, re-signed an hour before it expires)."""
        parts = urlsplit(endpoint)
        audience = f"{parts.scheme}://{parts.netloc}"
        now = self.clock()
        cached = self._tokens.get(audience)
        if cached is None or cached[0] - now < 3600:
            exp = int(now) + VAPID_TOKEN_SECONDS
            claims = {"sub": self.config.subject, "aud": audience, "exp": exp}
            cached = (float(exp), self.config.key.sign(claims))
            self._tokens[audience] = cached
        return dict(cached[1])

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            # No connection pool limit: aiohttp's default (100) would be a hidden barrier
            # shared by every push service; the dispatcher bounds sends per destination
            # and in all (--notify-max-in-flight).
            self._session = guarded_session(
                self.config.egress,
                timeout=self.config.timeout_seconds,
                connect_timeout=self.config.connect_timeout_seconds,
                pool_limit=0,
            )
        return self._session

    async def send(self, claimed: Claimed) -> Attempt:
        sub = claimed.subscription
        if sub is None:  # removed between the fan-out and this attempt
            return Attempt(Outcome.GIVE_UP, "the subscription was removed")
        try:
            destination = self.config.egress.check_url(sub.endpoint)
        except EgressRefused as exc:
            return _refused(exc)
        notice = claimed.notice
        info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
        data = json.dumps(push_payload(notice), separators=(",", ":")).encode()
        try:
            body = WebPusher(info).encode(data, "aes128gcm")["body"]
        except (ValueError, WebPushException) as exc:  # keys checked when stored
            return Attempt(Outcome.GIVE_UP, f"cannot encrypt: {exc}"[:200])
        headers = self._vapid_headers(sub.endpoint)
        headers.update({
            "topic": topic(notice), "urgency": "high", "ttl": str(self.config.ttl_seconds),
            "content-encoding": "aes128gcm", "content-type": "application/octet-stream",
        })  # fmt: skip
        try:
            async with self._client().post(
                destination.url, data=body, headers=headers, allow_redirects=False
            ) as resp:
                status = resp.status
                retry = resp.headers.get("retry-after", "")
        except (aiohttp.ClientError, TimeoutError, EgressRefused) as exc:
            refused = refusal_of(exc)
            if refused is not None:
                return _refused(refused)
            return Attempt(Outcome.RETRY, f"{type(exc).__name__}: {exc}"[:200])
        if status in (200, 201, 202):
            return Attempt(Outcome.DELIVERED)
        if status in (404, 410):
            # The subscription is dropped, which its player can see.  Only a push service
            # or an operator's --egress-allow destination ever answers here: every other
            # endpoint was refused before any connection, so this tells nobody whether
            # an internal port answered.
            return Attempt(Outcome.GONE, f"HTTP {status}: the subscription has expired")
        if status == 429 or status >= 500:
            return Attempt(
                Outcome.RETRY, f"HTTP {status}", float(retry) if retry.isdigit() else None
            )
        # 3xx included: a push service answers a push itself; a redirect is not followed.
        return Attempt(Outcome.GIVE_UP, f"HTTP {status}: the push service refused it")

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def _refused(exc: EgressRefused) -> Attempt:
    """An endpoint the egress policy refuses: given up at once, like any undeliverable
    push (a dead letter, counted by fiveup_egress_refused_total); the subscription is
    kept (the player sees nothing change) so a policy widened later serves it again."""
    return Attempt(Outcome.GIVE_UP, f"endpoint not allowed ({exc.reason})")
