"""The notifications context's settings group: the webhook, Web Push and its VAPID key,
and the dispatcher's pace; ``notifications_config`` makes the context's config from it."""

from __future__ import annotations

from dataclasses import dataclass

from ..egress import AllowEntry, EgressRefused
from ..egress.policy import web_push_policy, webhook_policy
from ..shared.settings import ConfigError, SettingsGroup, setting
from .builder import NotificationsConfig
from .delivery import Backoff
from .dispatch import DispatchConfig
from .keys import VapidConfigError, vapid_key
from .outbox import OutboxConfig
from .webhook import WebhookConfig, WebhookConfigError, parse_secret
from .webpush import WebPushConfig


@dataclass
class NotificationSettings(SettingsGroup):
    TITLE = "notifications (docs/operations.md, Notifications)"

    # Notifications (docs/operations.md, "Notifications").  Secrets belong in the
    # environment (FIVEUP_WEBHOOK_SECRET), not on a command line others can read.
    webhook_url: str = setting(
        "", "the app backend's URL every notification is POSTed to, signed (empty: no webhook)"
    )
    webhook_secret: str = setting(
        "", "the webhook's signing secret (whsec_<base64> or 24+ bytes); several, comma-"
        "separated, during a rotation (each signs every request)",
    )  # fmt: skip
    webhook_timeout_seconds: float = setting(10.0, "a webhook attempt's time limit")
    web_push: bool = setting(True, "send Web Push to subscribed browsers")
    vapid_private_key: str = setting(
        "", "the Web Push VAPID key, a PEM P-256 private key file shared by every replica "
        "(empty: <db>.vapid.pem beside a SQLite file, created on first start)",
    )  # fmt: skip
    vapid_subject: str = setting(
        "mailto:operator@fiveup.invalid", "how push services reach the operator: a mailto: "
        "or https:// URL (set your own)",
    )  # fmt: skip
    web_push_allow_http: bool = setting(
        False, "accept http:// push endpoints (tests and local push services only)"
    )
    notify_poll_seconds: float = setting(
        1.0, "the dispatcher looks for due deliveries at least this often (retries, leases)"
    )
    notify_lease_seconds: float = setting(
        60.0, "a claimed delivery another replica may take over once this passes without a "
        "result (a replica killed mid-send); above the senders' time limits",
    )  # fmt: skip
    notify_max_attempts: int = setting(8, "attempts of one delivery before it is dead")
    notify_backoff_seconds: float = setting(
        2.0, "the first retry's delay; it doubles per attempt (with jitter), up to an hour"
    )
    notification_retention_seconds: float = setting(
        30 * 86_400.0, "notifications (and their deliveries) are deleted this long after "
        "(0: keep)",
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class KeyHome:
    """Where the deployment's database lives, for the VAPID key it was not given
    (``fiveup.notifications.keys``): ``db`` (a SQLite file keeps the key beside it) and
    whether replicas share it (``shared``: they must share one key too)."""

    db: str
    shared: bool


def notifications_config(
    settings: NotificationSettings, *, allow: tuple[AllowEntry, ...], key_home: KeyHome,
    sweep_seconds: float,
) -> NotificationsConfig:  # fmt: skip
    """The outbox's channels: the webhook when a URL is set (with its secret), Web Push
    with the deployment's VAPID key; each sends through the egress guard with its own
    policy (``allow``: the operator's ``--egress-allow`` entries, for both).
    ``sweep_seconds``: how often retention sweeps (the server's one retention pace)."""
    push_egress = web_push_policy(allow, allow_http=settings.web_push_allow_http)
    webhook = None
    if settings.webhook_url:
        if not settings.webhook_secret:
            raise ConfigError("--webhook-url needs --webhook-secret (FIVEUP_WEBHOOK_SECRET)")
        try:
            secrets = tuple(parse_secret(s) for s in settings.webhook_secret.split(",") if s)
        except WebhookConfigError as exc:
            raise ConfigError(f"--webhook-secret: {exc}") from None
        hook_egress = webhook_policy(allow, settings.webhook_url)
        try:
            hook_egress.check_url(settings.webhook_url)
        except (ValueError, EgressRefused) as exc:
            raise ConfigError(f"--webhook-url: {exc}") from None
        webhook = WebhookConfig(
            settings.webhook_url, secrets, settings.webhook_timeout_seconds, hook_egress
        )
    web_push = None
    if settings.web_push:
        try:
            key = vapid_key(
                settings.vapid_private_key, db=key_home.db, shared_database=key_home.shared
            )
        except VapidConfigError as exc:
            raise ConfigError(f"--vapid-private-key: {exc}") from None
        if key is not None:
            if not settings.vapid_subject.startswith(("mailto:", "https://")):
                raise ConfigError("--vapid-subject must be a mailto: or https:// URL")
            web_push = WebPushConfig(key, settings.vapid_subject, egress=push_egress)
    return NotificationsConfig(
        outbox=OutboxConfig(push_egress=push_egress),
        dispatch=DispatchConfig(
            poll_seconds=settings.notify_poll_seconds,
            lease_seconds=settings.notify_lease_seconds,
            max_attempts=settings.notify_max_attempts,
            backoff=Backoff(base_seconds=settings.notify_backoff_seconds),
        ),
        webhook=webhook,
        web_push=web_push,
        retention_seconds=settings.notification_retention_seconds,
        retention_sweep_seconds=sweep_seconds,
    )
