"""The friends context's settings group: the limits on friend requests and friendships
(docs/api.md, "FriendService")."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .friends import FriendsConfig
from .ports import FriendLimits


@dataclass
class FriendSettings(SettingsGroup):
    TITLE = "friends (docs/api.md, FriendService; docs/security.md, Friends and presence)"

    friend_requests_per_hour: int = setting(20, "friend requests one player may send an hour")
    friend_requests_per_day: int = setting(50, "friend requests one player may send a day")
    max_pending_friend_requests: int = setting(
        50, "unanswered friend requests one player may have sent"
    )
    max_incoming_friend_requests: int = setting(
        100, "unanswered friend requests one player may have received"
    )
    max_friends: int = setting(200, "friends one player may have")
    friend_request_cooldown_seconds: float = setting(
        86_400.0, "after a decline, a removal or a withdrawn request, the same player may "
        "not be asked again for this long",
    )  # fmt: skip


def friends_config(settings: FriendSettings) -> FriendsConfig:
    limits = FriendLimits(
        per_hour=settings.friend_requests_per_hour,
        per_day=settings.friend_requests_per_day,
        pending=settings.max_pending_friend_requests,
        incoming=settings.max_incoming_friend_requests,
        max_friends=settings.max_friends,
        cooldown_seconds=settings.friend_request_cooldown_seconds,
    )
    for name in ("per_hour", "per_day", "pending", "incoming", "max_friends"):
        if getattr(limits, name) < 1:
            raise ValueError(f"the friends limit {name} must be at least 1")
    if limits.cooldown_seconds < 0:
        raise ValueError("--friend-request-cooldown-seconds must be >= 0")
    return FriendsConfig(limits)
