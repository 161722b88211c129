"""Each context's settings, filled from the server's (``ServerConfig``): the one place
that knows which setting of ``fiveup serve`` goes to which part.  A context defines its
own settings type (``MatchesConfig``, ``IdentityConfig``...) and never sees the server's;
a new context adds its function here."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from ..api.limits import LimitsConfig
from ..bots import BOT_KINDS
from ..chat.flood import FloodLimits
from ..chat.read_limit import ReadLimits
from ..chat.rooms import ChatConfig
from ..chat.text import WordAction
from ..egress import AllowEntry, EgressRefused, parse_allow_list
from ..egress.policy import web_push_policy, webhook_policy
from ..identity.builder import IdentityConfig
from ..identity.relations import BlocksConfig
from ..lobby.matchmaker import MatchmakerConfig
from ..lobby.ports import InviteQuota
from ..match.hints import HintsConfig
from ..match.matches import MatchesConfig
from ..match.ports import EventStore
from ..match.repository import Freshness
from ..match.retention import RetentionConfig
from ..notifications.builder import NotificationsConfig
from ..notifications.delivery import Backoff
from ..notifications.destinations import IsolationConfig
from ..notifications.dispatch import DispatchConfig
from ..notifications.outbox import OutboxConfig
from ..notifications.webhook import WebhookConfig, WebhookConfigError, parse_secret
from ..notifications.webpush import (
    VapidConfigError,
    WebPushConfig,
    ephemeral_vapid_key,
    load_or_create_vapid_key,
    load_vapid_key,
)
from ..ratings.eligibility import RatedPlayPolicy
from ..ratings.standings import RatingsConfig
from ..store import is_postgres
from .config import ConfigError, ServerConfig

log = logging.getLogger(__name__)

# Workers sharing a store that cannot notify (several on one SQLite file) re-read it this
# often for their watchers: another worker's append wakes nobody here.
SHARED_POLL_SECONDS = 0.25


def store_options(config: ServerConfig) -> dict[str, object]:
    if is_postgres(config.db):
        return {"notify": config.pg_notify}
    return {"synchronous": config.sqlite_synchronous}


def matches_config(config: ServerConfig, store: EventStore) -> MatchesConfig:
    """The application's settings; the cache's freshness is chosen here, once: other
    workers share the store when there are several (``workers``), and a store that
    notifies tells them about each other's appends."""
    freshness = Freshness.for_store(store, shared=config.workers > 1)
    return MatchesConfig(
        cache_size=config.cache_size,
        bot_delay=config.bot_delay,
        freshness=freshness,
        watch_poll_seconds=SHARED_POLL_SECONDS if freshness is Freshness.SHARED else 0.0,
        turn_timeout_seconds=config.turn_timeout_seconds,
        stand_in_delay_seconds=config.stand_in_delay_seconds,
        forfeit_after_stand_in_turns=config.forfeit_after_stand_in_turns,
        forfeit_after_stand_in_seconds=config.forfeit_after_stand_in_seconds,
        casual_deadline_forfeits=config.correspondence_casual_forfeit,
        max_match_rounds=config.max_match_rounds,
        max_match_events=config.max_match_events,
        bot_only_cpu_share=config.bot_only_cpu_share,
        bot_only_min_delay=config.bot_only_min_delay,
        rated_targets=rated_targets(config.rated_targets),
    )


def rated_targets(text: str) -> frozenset[int] | None:
    """``--rated-targets``: 'any', or comma-separated targets of 2..10000 points."""
    if text.strip().lower() == "any":
        return None
    try:
        targets = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ConfigError(f"--rated-targets: not a list of numbers: {text!r}") from None
    if not targets or not all(2 <= t <= 10_000 for t in targets):
        raise ConfigError(
            f"--rated-targets: targets of 2..10000 points (a 1-point match is never rated),"
            f" or 'any'; got {text!r}"
        )
    return targets


def rated_play_policy(config: ServerConfig) -> RatedPlayPolicy:
    return RatedPlayPolicy(
        standing=config.rated_standing,
        guest_min_matches=config.rated_guest_min_matches,
        guest_min_rounds=config.rated_guest_min_rounds,
        guest_min_age_seconds=config.rated_guest_min_age_seconds,
        pair_limit=config.rated_pair_limit,
        pair_window_seconds=config.rated_pair_window_seconds,
        min_own_moves=config.rated_min_own_moves,
    )


def hints_config(config: ServerConfig) -> HintsConfig:
    return HintsConfig(
        samples=config.hint_samples,
        default_deadline=config.hint_default_deadline_ms / 1000,
        max_deadline=config.hint_max_deadline_ms / 1000,
        max_concurrent=config.hint_workers,
    )


def retention_config(config: ServerConfig) -> RetentionConfig:
    return RetentionConfig(
        unjoined_seconds=config.retention_unjoined_seconds,
        finished_seconds=config.retention_finished_seconds,
        sweep_seconds=config.retention_sweep_seconds,
    )


def identity_config(config: ServerConfig) -> IdentityConfig:
    """Identity's settings bear the server's names: copied by name, so none is forgotten."""
    return IdentityConfig(
        **{f.name: getattr(config, f.name) for f in dataclasses.fields(IdentityConfig)}
    )


def ratings_config(config: ServerConfig) -> RatingsConfig:
    return RatingsConfig(
        settled_sigma=config.rating_settled_sigma,
        active_days=config.rating_active_days,
        min_opponents=config.rated_board_min_opponents,
    )


def matchmaker_config(config: ServerConfig) -> MatchmakerConfig:
    if config.matchmaker_bot not in BOT_KINDS:
        raise ValueError(
            f"--matchmaker-bot must be one of {', '.join(BOT_KINDS)}, not {config.matchmaker_bot!r}"
        )
    if config.matchmaker_strongest_bot not in BOT_KINDS:
        raise ValueError(
            f"--matchmaker-strongest-bot must be one of {', '.join(BOT_KINDS)}, "
            f"not {config.matchmaker_strongest_bot!r}"
        )
    return MatchmakerConfig(
        round_seconds=config.matchmaker_round_seconds,
        bot_wait_seconds=config.matchmaker_bot_wait_seconds,
        max_bot_wait_seconds=config.matchmaker_max_bot_wait_seconds,
        bot=config.matchmaker_bot,
        strongest_bot=config.matchmaker_strongest_bot,
        ticket_ttl_seconds=config.matchmaker_ticket_ttl_seconds,
        heartbeat_seconds=min(2.0, config.matchmaker_ticket_ttl_seconds / 4),
        band_width=config.matchmaker_band_width,
        band_widen_per_second=config.matchmaker_band_widen_per_second,
    )


def invite_quota(config: ServerConfig) -> InviteQuota:
    """The invitation limits (``fiveup.lobby.ports.InviteQuota``)."""
    for name in ("invites_per_minute", "invites_per_day", "invites_per_invitee"):
        if getattr(config, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be at least 1")
    if config.invites_invitee_window_seconds <= 0:
        raise ValueError("--invites-invitee-window-seconds must be positive")
    return InviteQuota(
        per_minute=config.invites_per_minute,
        per_day=config.invites_per_day,
        per_invitee=config.invites_per_invitee,
        invitee_window=config.invites_invitee_window_seconds,
    )


def blocks_config(config: ServerConfig) -> BlocksConfig:
    if config.max_blocks_per_player < 1:
        raise ValueError("--max-blocks-per-player must be at least 1")
    return BlocksConfig(max_per_player=config.max_blocks_per_player)


def limits_config(config: ServerConfig) -> LimitsConfig:
    return LimitsConfig(
        rate_limit_peer=config.rate_limit_peer,
        rate_limit_peer_burst=config.rate_limit_peer_burst,
        rate_limit_seat=config.rate_limit_seat,
        rate_limit_seat_burst=config.rate_limit_seat_burst,
        max_watchers_per_match=config.max_watchers_per_match,
        rate_limit_hints=config.rate_limit_hints,
        rate_limit_hints_burst=config.rate_limit_hints_burst,
        rate_limit_reads=config.rate_limit_reads,
        rate_limit_reads_burst=config.rate_limit_reads_burst,
        client_address_header=config.client_address_header.lower(),
        max_client_streams=config.max_client_streams,
        max_server_streams=config.max_server_streams,
        max_network_streams=config.max_network_streams,
        stream_player_reserve=config.stream_player_reserve,
        max_anonymous_streams=config.max_anonymous_streams,
        max_client_anonymous_streams=config.max_client_anonymous_streams,
        max_network_anonymous_streams=config.max_network_anonymous_streams,
        max_spectators_per_match=config.max_spectators_per_match,
        max_seat_streams=config.max_seat_streams,
        max_player_notification_streams=config.max_player_notification_streams,
        max_player_chat_streams=config.max_player_chat_streams,
        # a part of the players' reserve: never more than all of it
        stream_signed_in_reserve=min(config.stream_signed_in_reserve, config.stream_player_reserve),
        max_client_reserve_streams=config.max_client_reserve_streams,
        rate_limit_sign_in=config.rate_limit_sign_in,
        rate_limit_sign_in_burst=config.rate_limit_sign_in_burst,
        rate_limit_create=config.rate_limit_create,
        rate_limit_create_burst=config.rate_limit_create_burst,
        rate_limit_invites=config.rate_limit_invites,
        rate_limit_invites_burst=config.rate_limit_invites_burst,
        creation_network_factor=config.creation_network_factor,
        max_client_bot_matches=config.max_client_bot_matches,
        max_bot_matches=config.max_bot_matches,
        trusted_proxies=tuple(config.trusted_proxies.split(",")),
    )


def chat_config(config: ServerConfig) -> ChatConfig:
    return ChatConfig(
        max_text_length=config.chat_max_length,
        flood=FloodLimits(
            burst=config.chat_burst,
            per_minute=config.chat_per_minute,
            room_burst=config.chat_room_burst,
        ),
        word_list=config.chat_word_list,
        word_action=WordAction(config.chat_word_action),
        retention_seconds=config.chat_retention_seconds,
        report_retention_seconds=config.chat_report_retention_seconds,
        retention_sweep_seconds=config.retention_sweep_seconds,
        reads=ReadLimits(rate=config.chat_read_rate, burst=config.chat_read_burst),
    )


def notifications_config(config: ServerConfig) -> NotificationsConfig:
    """The outbox's channels: the webhook when a URL is set (with its secret), Web Push
    with the deployment's VAPID key (``vapid_key``); each sends through the egress guard
    with its own policy (``--egress-allow`` admits its entries for both)."""
    allow = egress_allow(config)
    push_egress = web_push_policy(allow, allow_http=config.web_push_allow_http)
    webhook = None
    if config.webhook_url:
        if not config.webhook_secret:
            raise ConfigError("--webhook-url needs --webhook-secret (FIVEUP_WEBHOOK_SECRET)")
        try:
            secrets = tuple(parse_secret(s) for s in config.webhook_secret.split(",") if s)
        except WebhookConfigError as exc:
            raise ConfigError(f"--webhook-secret: {exc}") from None
        hook_egress = webhook_policy(allow, config.webhook_url)
        try:
            hook_egress.check_url(config.webhook_url)
        except (ValueError, EgressRefused) as exc:
            raise ConfigError(f"--webhook-url: {exc}") from None
        webhook = WebhookConfig(
            config.webhook_url, secrets,
            min(config.webhook_timeout_seconds, config.notify_timeout_seconds),
            connect_timeout_seconds=config.notify_connect_timeout_seconds,
            egress=hook_egress,
        )  # fmt: skip
    web_push = None
    if config.web_push:
        key = vapid_key(config)
        if key is not None:
            if not config.vapid_subject.startswith(("mailto:", "https://")):
                raise ConfigError("--vapid-subject must be a mailto: or https:// URL")
            web_push = WebPushConfig(
                key, config.vapid_subject, config.notify_timeout_seconds,
                connect_timeout_seconds=config.notify_connect_timeout_seconds,
                egress=push_egress,
            )  # fmt: skip
    return NotificationsConfig(
        outbox=OutboxConfig(push_egress=push_egress),
        dispatch=DispatchConfig(
            poll_seconds=config.notify_poll_seconds,
            lease_seconds=config.notify_lease_seconds,
            max_attempts=config.notify_max_attempts,
            backoff=Backoff(base_seconds=config.notify_backoff_seconds),
            attempt_timeout_seconds=config.notify_timeout_seconds,
            max_in_flight=config.notify_max_in_flight,
            max_defer_seconds=2 * config.notify_timeout_seconds,
            isolation=IsolationConfig(
                per_destination=config.notify_destination_concurrency,
                # an answer slower than a fifth of the limit: the destination gets 1 slot
                slow_seconds=config.notify_timeout_seconds / 5,
                failures=config.notify_circuit_failures,
                open_seconds=config.notify_circuit_open_seconds,
                max_open_seconds=config.notify_circuit_max_open_seconds,
                max_destinations=config.notify_max_destinations,
            ),
        ),
        webhook=webhook,
        web_push=web_push,
        retention_seconds=config.notification_retention_seconds,
        retention_sweep_seconds=config.retention_sweep_seconds,
    )


def egress_allow(config: ServerConfig) -> tuple[AllowEntry, ...]:
    """``--egress-allow``'s entries (ConfigError for one that is not HOST[:PORT])."""
    try:
        return parse_allow_list(config.egress_allow)
    except ValueError as exc:
        raise ConfigError(f"--egress-allow: {exc}") from None


def vapid_key(config: ServerConfig):  # type: ignore[no-untyped-def]  # py_vapid is untyped
    """The operator's key file; else, on a SQLite file, ``<db>.vapid.pem`` beside it
    (created on the first start); an in-memory database an ephemeral key.  Replicas on
    PostgreSQL must share one key, so without ``--vapid-private-key`` they send no Web
    Push (logged) rather than each signing with its own."""
    try:
        if config.vapid_private_key:
            return load_vapid_key(Path(config.vapid_private_key))
        if is_postgres(config.db):
            log.warning(
                "no --vapid-private-key: Web Push is off (replicas must share one key; "
                "docs/operations.md)"
            )
            return None
        if config.db == ":memory:":
            return ephemeral_vapid_key()
        return load_or_create_vapid_key(Path(config.db + ".vapid.pem"))
    except VapidConfigError as exc:
        raise ConfigError(f"--vapid-private-key: {exc}") from None
