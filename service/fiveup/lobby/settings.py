"""The lobby's settings group: the matchmaker and the invitations' limits."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import BOT_KINDS
from ..shared.settings import SettingsGroup, setting
from .matchmaker import MatchmakerConfig
from .ports import InviteQuota


@dataclass
class LobbySettings(SettingsGroup):
    TITLE = "the lobby (matchmaker, invitations)"

    # The matchmaker (docs/api.md, FindMatch).
    matchmaker_round_seconds: float = setting(
        0.5, "how often each replica tries a matchmaking round"
    )
    matchmaker_bot_wait_seconds: float = setting(
        30.0, "bot wait of a search that allows bots but names no wait"
    )
    matchmaker_max_bot_wait_seconds: float = setting(300.0, "the longest bot wait a search may ask")
    matchmaker_bot: str = setting(
        "greedy", "the bot that fills empty seats when no player there has an established rating"
    )
    matchmaker_strongest_bot: str = setting(
        "master",
        "the strongest ladder level that fills a rated table's empty seats (the level "
        "nearest the players' ratings; docs/bots.md)",
    )
    matchmaker_ticket_ttl_seconds: float = setting(
        10.0, "a search whose stream stopped renewing it is dropped after this long"
    )
    matchmaker_band_width: float = setting(
        5.0, "rating band: players whose ratings (ordinals) differ by up to this share a "
        "table at once",
    )  # fmt: skip
    matchmaker_band_widen_per_second: float = setting(
        0.25, "rating band: ordinal points the band widens by per second waited"
    )
    # Invitations and blocks (docs/security.md, "Invitations and blocks").
    invites_per_minute: int = setting(
        10, "invitations (named invitees of private tables) one player may send in 60 s"
    )
    invites_per_day: int = setting(100, "invitations one player may send in 24 h")
    invites_per_invitee: int = setting(
        5, "pending invitations a player may hold from distinct inviters made within "
        "--invites-invitee-window-seconds (more are refused to the inviters)",
    )  # fmt: skip
    invites_invitee_window_seconds: float = setting(3600.0, "the window of --invites-per-invitee")


def matchmaker_config(settings: LobbySettings) -> MatchmakerConfig:
    if settings.matchmaker_bot not in BOT_KINDS:
        raise ValueError(
            f"--matchmaker-bot must be one of {', '.join(BOT_KINDS)}, "
            f"not {settings.matchmaker_bot!r}"
        )
    if settings.matchmaker_strongest_bot not in BOT_KINDS:
        raise ValueError(
            f"--matchmaker-strongest-bot must be one of {', '.join(BOT_KINDS)}, "
            f"not {settings.matchmaker_strongest_bot!r}"
        )
    return MatchmakerConfig(
        round_seconds=settings.matchmaker_round_seconds,
        bot_wait_seconds=settings.matchmaker_bot_wait_seconds,
        max_bot_wait_seconds=settings.matchmaker_max_bot_wait_seconds,
        bot=settings.matchmaker_bot,
        strongest_bot=settings.matchmaker_strongest_bot,
        ticket_ttl_seconds=settings.matchmaker_ticket_ttl_seconds,
        heartbeat_seconds=min(2.0, settings.matchmaker_ticket_ttl_seconds / 4),
        band_width=settings.matchmaker_band_width,
        band_widen_per_second=settings.matchmaker_band_widen_per_second,
    )


def invite_quota(settings: LobbySettings) -> InviteQuota:
    """The invitation limits (``fiveup.lobby.ports.InviteQuota``)."""
    for name in ("invites_per_minute", "invites_per_day", "invites_per_invitee"):
        if getattr(settings, name) < 1:
            raise ValueError(f"--{name.replace('_', '-')} must be at least 1")
    if settings.invites_invitee_window_seconds <= 0:
        raise ValueError("--invites-invitee-window-seconds must be positive")
    return InviteQuota(
        per_minute=settings.invites_per_minute,
        per_day=settings.invites_per_day,
        per_invitee=settings.invites_per_invitee,
        invitee_window=settings.invites_invitee_window_seconds,
    )
