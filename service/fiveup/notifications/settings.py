"""The notifications context's settings group: the webhook, Web Push and its VAPID key,
and the dispatcher's pace; ``notifications_config`` makes the context's config from it."""

from __future__ import annotations

from dataclasses import dataclass

from ..egress import AllowEntry, EgressRefused
from ..egress.policy import web_push_policy, webhook_policy
from ..shared.settings import ConfigError, SettingsGroup, setting
from .builder import NotificationsConfig
from .delivery import Backoff
from .destinations import IsolationConfig
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
    webhook_timeout_seconds: float = setting(
        5.0, "a webhook attempt's time limit (--notify-timeout-seconds caps it)"
    )
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
    # Deliveries isolated by destination (docs/security.md, "Deliveries"): a slow or
    # hung push service or webhook holds only its own slots.
    notify_timeout_seconds: float = setting(
        5.0, "one delivery attempt's hard time limit, any channel (a hung destination "
        "holds a slot this long at most)",
    )  # fmt: skip
    notify_connect_timeout_seconds: float = setting(
        3.0, "time limit to connect to a push service or the webhook"
    )
    notify_max_in_flight: int = setting(
        256, "delivery attempts in flight on a replica, all destinations together"
    )
    notify_destination_concurrency: int = setting(
        16, "attempts in flight to one destination (origin) that answers well and fast; "
        "an unknown, slow or failing one gets 1",
    )  # fmt: skip
    notify_circuit_failures: int = setting(
        5, "consecutive failed attempts (no answer, refused, 5xx, 429) that open a "
        "destination's circuit: nothing is sent there until a probe",
    )  # fmt: skip
    notify_circuit_open_seconds: float = setting(
        5.0, "how long a circuit first stays open (with jitter); doubles per failed probe"
    )
    notify_circuit_max_open_seconds: float = setting(
        300.0, "the longest a destination's circuit stays open between probes"
    )
    notify_max_destinations: int = setting(
        10_000, "destinations (origins) a replica remembers, least recently used forgotten"
    )
    notification_retention_seconds: float = setting(
        30 * 86_400.0, "notifications (and their deliveries) are deleted this long after "
        "(0: keep)",
    )  # fmt: skip

    def problems(self) -> list[str]:
        found = []
        if self.notify_lease_seconds <= 2 * self.notify_timeout_seconds:
            found.append(
                f"notify_lease_seconds ({self.notify_lease_seconds}) must be above twice "
                f"notify_timeout_seconds ({self.notify_timeout_seconds}): a claim must outlive "
                "its attempt, or two replicas could send one delivery at once"
            )
        if min(self.notify_max_in_flight, self.notify_destination_concurrency,
               self.notify_circuit_failures, self.notify_max_destinations) < 1:  # fmt: skip
            found.append(
                "notify_max_in_flight, notify_destination_concurrency, notify_circuit_failures"
                " and notify_max_destinations must be at least 1"
            )
        return found


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
            settings.webhook_url, secrets,
            min(settings.webhook_timeout_seconds, settings.notify_timeout_seconds),
            connect_timeout_seconds=settings.notify_connect_timeout_seconds,
            egress=hook_egress,
        )  # fmt: skip
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
            web_push = WebPushConfig(
                key, settings.vapid_subject, settings.notify_timeout_seconds,
                connect_timeout_seconds=settings.notify_connect_timeout_seconds,
                egress=push_egress,
            )  # fmt: skip
    return NotificationsConfig(
        outbox=OutboxConfig(push_egress=push_egress),
        dispatch=DispatchConfig(
            poll_seconds=settings.notify_poll_seconds,
            lease_seconds=settings.notify_lease_seconds,
            max_attempts=settings.notify_max_attempts,
            backoff=Backoff(base_seconds=settings.notify_backoff_seconds),
            attempt_timeout_seconds=settings.notify_timeout_seconds,
            max_in_flight=settings.notify_max_in_flight,
            max_defer_seconds=2 * settings.notify_timeout_seconds,
            isolation=IsolationConfig(
                per_destination=settings.notify_destination_concurrency,
                # an answer slower than a fifth of the limit: the destination gets 1 slot
                slow_seconds=settings.notify_timeout_seconds / 5,
                failures=settings.notify_circuit_failures,
                open_seconds=settings.notify_circuit_open_seconds,
                max_open_seconds=settings.notify_circuit_max_open_seconds,
                max_destinations=settings.notify_max_destinations,
            ),
        ),
        webhook=webhook,
        web_push=web_push,
        retention_seconds=settings.notification_retention_seconds,
        retention_sweep_seconds=sweep_seconds,
    )
