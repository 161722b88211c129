"""Signed webhooks to the app's own backend (which bridges to FCM/APNs or anything else).

Each delivery is an HTTP POST of JSON, signed as the Standard Webhooks scheme describes
(what receivers' libraries already verify):

* ``webhook-id``: the notice's id -- the same on every retry, so the receiver
  de-duplicates by it (deliveries are at least once);
* ``webhook-timestamp``: Unix seconds when this attempt was signed (a receiver refuses
  one too far from its clock: a replayed request);
* ``webhook-signature``: ``v1,`` and the base64 HMAC-SHA256 of ``id.timestamp.body``,
  once per configured secret, space-separated (during a secret's rotation both sign).

A 2xx answer is delivered; anything else (or no answer within ``timeout_seconds``) is
retried with backoff, honouring ``Retry-After``, until the dead letter.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp

from ..egress import EgressPolicy, EgressRefused, guarded_session, refusal_of
from ..egress.policy import webhook_policy
from .delivery import Attempt, Outcome
from .notices import Notice, render
from .ports import Claimed

SECRET_PREFIX = "whsec_"
MIN_SECRET_BYTES = 24
USER_AGENT = "fiveup-webhooks/1"


class WebhookConfigError(ValueError):
    """A webhook secret the server cannot sign with."""


def parse_secret(text: str) -> bytes:
    """A secret as operators write it: ``whsec_<base64>`` (the Standard Webhooks form),
    or any other string of at least MIN_SECRET_BYTES bytes, used as it is."""
    text = text.strip()
    if text.startswith(SECRET_PREFIX):
        try:
            key = base64.b64decode(text.removeprefix(SECRET_PREFIX), validate=True)
        except ValueError:
            raise WebhookConfigError(
                "a whsec_ webhook secret must be base64 after the prefix"
            ) from None
    else:
        key = text.encode()
    if len(key) < MIN_SECRET_BYTES:
        raise WebhookConfigError(f"a webhook secret needs at least {MIN_SECRET_BYTES} bytes")
    return key


def sign(secrets: Sequence[bytes], msg_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` header's value."""
    signed = f"{msg_id}.{timestamp}.".encode() + body
    return " ".join(
        "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
        for key in secrets
    )


def verify(
    secret: bytes, headers: dict[str, str], body: bytes, *, now: float, tolerance: float = 300
) -> bool:
    """What a receiver checks (used by the tests and the bench's receiver): a fresh
    timestamp and one matching signature, compared in constant time."""
    msg_id, stamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "")
    if not msg_id or not stamp.isdigit() or abs(now - int(stamp)) > tolerance:
        return False
    expected = sign([secret], msg_id, int(stamp), body).split(",", 1)[1]
    for candidate in headers.get("webhook-signature", "").split():
        version, _, value = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return True
    return False


def payload(notice: Notice) -> dict[str, Any]:
    """The JSON body: the event type, and the notice with an English title and body."""
    title, text = render(notice)
    return {
        "type": f"notification.{notice.kind.value}",
        "timestamp": notice.created_at,
        "data": {
            "notification_id": notice.notice_id,
            "player_id": notice.player_id,
            "kind": notice.kind.value,
            "match_id": notice.match_id,
            "created_at": notice.created_at,
            "title": title,
            "body": text,
            "facts": dict(notice.data),
        },
    }


@dataclass(frozen=True, slots=True)
class WebhookConfig:
    url: str
    secrets: tuple[bytes, ...]  # the first signs; all sign during a rotation
    timeout_seconds: float = 5.0
    connect_timeout_seconds: float = 3.0
    # The egress guard's rules (docs/security.md, "Egress"): the operator's URL itself and
    # the --egress-allow entries; None: the URL alone.
    egress: EgressPolicy | None = None

    @property
    def policy(self) -> EgressPolicy:
        return self.egress if self.egress is not None else webhook_policy((), self.url)


class WebhookSender:
    def __init__(self, config: WebhookConfig, *, clock: Callable[[], float] = time.time) -> None:
        if not config.secrets:
            raise WebhookConfigError("a webhook needs a secret to sign with")
        self.config = config
        self.clock = clock
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = guarded_session(
                self.config.policy,
                timeout=self.config.timeout_seconds,
                connect_timeout=self.config.connect_timeout_seconds,
                headers={"user-agent": USER_AGENT},
            )
        return self._session

    async def send(self, claimed: Claimed) -> Attempt:
        notice = claimed.notice
        body = json.dumps(payload(notice), separators=(",", ":")).encode()
        stamp = int(self.clock())
        headers = {
            "content-type": "application/json",
            "webhook-id": notice.notice_id,
            "webhook-timestamp": str(stamp),
            "webhook-signature": sign(self.config.secrets, notice.notice_id, stamp, body),
        }
        try:
            # A redirect is not followed (the operator configures the final URL): a 3xx is
            # an ordinary failure, retried.
            async with self._client().post(
                self.config.url, data=body, headers=headers, allow_redirects=False
            ) as resp:
                await resp.read()
                if 200 <= resp.status < 300:
                    return Attempt(Outcome.DELIVERED)
                return Attempt(Outcome.RETRY, f"HTTP {resp.status}", _retry_after(resp.headers))
        except (aiohttp.ClientError, TimeoutError, EgressRefused) as exc:
            refused = refusal_of(exc)
            if refused is not None:  # a name of the operator's that now resolves elsewhere
                return Attempt(Outcome.RETRY, f"refused by the egress guard ({refused.reason})")
            return Attempt(Outcome.RETRY, f"{type(exc).__name__}: {exc}"[:200])

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


def _retry_after(headers: Any) -> float | None:
    value = headers.get("retry-after", "")
    return float(value) if value.isdigit() else None
