"""The identity context's builder: ``build_identity(config, store, observer)`` makes
``Players`` from identity's own settings (``IdentityConfig``) and the player store; the
composition root (``fiveup.app``) makes them from identity's settings group
(``fiveup.identity.settings``).  Settings that cannot work are an
``IdentityConfigError`` (one line at start-up)."""

from __future__ import annotations

from dataclasses import dataclass

from ..egress import EgressRefused, parse_allow_list
from ..egress.policy import identity_policy
from .access import AccessTokens
from .external import ExternalIdentityConfigError, ExternalIdentityVerifier, JwksSource
from .keys import AccessTokenKeys, KeyConfigError
from .observer import JWKS_FETCHES, IdentityObserver
from .players import MAX_REFRESH_REUSE_SECONDS, Players, PlayersConfig
from .ports import HasHistory, ModerationStore, PlayerStore


class IdentityConfigError(ValueError):
    """Identity settings the server cannot start with (reported as one line)."""


@dataclass(frozen=True, slots=True)
class IdentityConfig:
    """Identity's settings.  Each is named as the setting it comes from (the group
    ``fiveup.identity.settings.IdentitySettings``, which alone holds their defaults and
    help; ``egress_allow``: the egress guard's)."""

    access_token_keys: str  # a directory of signing keys; empty: an ephemeral key
    access_token_signing_kid: str
    access_token_issuer: str
    access_token_ttl_seconds: float
    refresh_token_ttl_seconds: float
    refresh_token_reuse_seconds: float
    session_check_seconds: float
    guest_retention_seconds: float
    address_retention_seconds: float  # the address prefixes seen (docs/security.md)
    id_token_issuer: str  # the three id_token_* and jwks_*: an external identity provider
    id_token_audience: str
    id_token_jwks_url: str
    id_token_algorithms: str
    id_token_clock_skew_seconds: float
    jwks_cache_seconds: float
    jwks_min_refresh_seconds: float
    egress_allow: str  # the operator's --egress-allow entries (fiveup.egress.policy)


def access_tokens(config: IdentityConfig) -> AccessTokens:
    if config.access_token_keys:
        try:
            keys = AccessTokenKeys.from_directory(
                config.access_token_keys, config.access_token_signing_kid
            )
        except (KeyConfigError, OSError) as exc:
            raise IdentityConfigError(str(exc)) from None
    else:
        keys = AccessTokenKeys.ephemeral()
    return AccessTokens(
        keys, issuer=config.access_token_issuer, ttl_seconds=config.access_token_ttl_seconds
    )


def external_verifier(config: IdentityConfig) -> ExternalIdentityVerifier | None:
    settings = (config.id_token_issuer, config.id_token_audience, config.id_token_jwks_url)
    if not any(settings):
        return None
    if not all(settings):
        raise IdentityConfigError(
            "an identity provider needs --id-token-issuer, --id-token-audience and"
            " --id-token-jwks-url together"
        )
    try:
        allow = parse_allow_list(config.egress_allow)
        egress = identity_policy(allow, [config.id_token_jwks_url])
        egress.check_url(config.id_token_jwks_url)
    except (ValueError, EgressRefused) as exc:
        raise IdentityConfigError(f"--id-token-jwks-url: {exc}") from None
    jwks = JwksSource(
        config.id_token_jwks_url,
        egress=egress,
        cache_seconds=config.jwks_cache_seconds,
        min_refresh_seconds=config.jwks_min_refresh_seconds,
        on_fetch=JWKS_FETCHES.inc,
    )
    algorithms = tuple(a.strip() for a in config.id_token_algorithms.split(",") if a.strip())
    try:
        return ExternalIdentityVerifier(
            jwks,
            issuer=config.id_token_issuer,
            audience=config.id_token_audience,
            algorithms=algorithms,
            leeway_seconds=config.id_token_clock_skew_seconds,
        )
    except ExternalIdentityConfigError as exc:
        raise IdentityConfigError(str(exc)) from None


def players_config(config: IdentityConfig) -> PlayersConfig:
    reuse = config.refresh_token_reuse_seconds
    if not 0 <= reuse <= MAX_REFRESH_REUSE_SECONDS:
        raise IdentityConfigError(
            f"--refresh-token-reuse-seconds must be 0 to {MAX_REFRESH_REUSE_SECONDS:g}"
            f" (a retry window, not a second lifetime), not {reuse:g}"
        )
    return PlayersConfig(
        refresh_ttl_seconds=config.refresh_token_ttl_seconds,
        refresh_reuse_seconds=reuse,
        session_check_seconds=config.session_check_seconds,
        guest_retention_seconds=config.guest_retention_seconds,
        address_retention_seconds=config.address_retention_seconds,
    )


def check_identity_config(config: IdentityConfig) -> None:
    """Raise ``IdentityConfigError`` now (before any worker starts) if the identity
    settings cannot work."""
    players_config(config)
    if config.access_token_keys:
        access_tokens(config)
    external_verifier(config)


def build_identity(
    config: IdentityConfig,
    store: PlayerStore,
    observer: IdentityObserver | None = None,
    *,
    has_history: HasHistory | None = None,
    moderation: ModerationStore | None = None,
) -> Players:
    """The identity context: ``Players`` over ``store`` (it depends on no other context;
    ``has_history``, its own port, keeps seated guests from retention: see ``Players``;
    ``moderation``: the operators' sanctions and the address prefixes seen)."""
    return Players(
        store,
        access_tokens(config),
        external_verifier(config),
        players_config(config),
        observer=observer,
        has_history=has_history,
        moderation=moderation,
    )
