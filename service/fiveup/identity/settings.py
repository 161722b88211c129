"""The identity context's settings group: access and refresh tokens, guests, an
external identity provider, and blocks between players."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .builder import IdentityConfig
from .relations import BlocksConfig


@dataclass
class IdentitySettings(SettingsGroup):
    TITLE = "players and sessions (docs/players.md)"

    # Players and sessions (docs/players.md).
    access_token_keys: str = setting(
        "", "directory with one access-token key file per key id (a mounted Secret); empty: "
        "an ephemeral key, for a single development process only",
    )  # fmt: skip
    access_token_signing_kid: str = setting("", "with several keys: the key id that signs")
    access_token_ttl_seconds: float = setting(900.0, "lifetime of an access token")
    access_token_issuer: str = setting("fiveup", "the iss claim of the access tokens")
    refresh_token_ttl_seconds: float = setting(
        30 * 24 * 3600.0, "lifetime of a refresh token (each use rotates it)"
    )
    refresh_token_reuse_seconds: float = setting(
        15.0, "a refresh token used again this soon after its rotation gets the same new "
        "tokens (concurrent refreshes, a lost answer); later, or 0, any reuse ends the "
        "session (at most 300)",
    )  # fmt: skip
    guest_retention_seconds: float = setting(
        7 * 86_400.0, "a guest who never took a seat and holds no live session is deleted "
        "this long after it was last seen (0: keep)",
    )  # fmt: skip
    address_retention_seconds: float = setting(
        90 * 86_400.0, "the address prefixes (IPv4 /24, IPv6 /64) a player signed in or"
        " refreshed from are kept this long after they were last seen, for the operators"
        " (docs/security.md, Addresses seen; 0: kept for good)",
    )  # fmt: skip
    session_check_seconds: float = setting(
        5.0, "how long a replica trusts that a session it has seen alive is not revoked"
    )
    # An external identity provider (all three set, or none): SignInWithIdToken.
    id_token_issuer: str = setting("", "external identity provider: the ID tokens' issuer")
    id_token_audience: str = setting("", "external identity provider: the ID tokens' audience")
    id_token_jwks_url: str = setting("", "external identity provider: its JWKS URL")
    id_token_algorithms: str = setting(
        "RS256,ES256", "accepted ID token signature algorithms (public-key ones only)"
    )
    id_token_clock_skew_seconds: float = setting(60.0, "clock skew tolerated on ID tokens")
    jwks_cache_seconds: float = setting(300.0, "how long the provider's JWKS is cached")
    jwks_min_refresh_seconds: float = setting(
        30.0, "an unknown key id refetches the JWKS at most this often"
    )
    max_blocks_per_player: int = setting(1000, "players one player may keep blocked")


def identity_config(settings: IdentitySettings, *, egress_allow: str) -> IdentityConfig:
    """Identity's settings bear the group's names: copied by name, so none is forgotten
    (``egress_allow``: the operator's entries, for the provider's JWKS requests)."""
    names = {f.name for f in dataclasses.fields(IdentityConfig)} - {"egress_allow"}
    return IdentityConfig(
        **{name: getattr(settings, name) for name in names}, egress_allow=egress_allow
    )


def blocks_config(settings: IdentitySettings) -> BlocksConfig:
    if settings.max_blocks_per_player < 1:
        raise ValueError("--max-blocks-per-player must be at least 1")
    return BlocksConfig(max_per_player=settings.max_blocks_per_player)
