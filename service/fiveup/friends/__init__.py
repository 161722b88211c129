"""The friends context: friend requests and friendships between players, their presence
(shown to friends only) and the friends' board (docs/api.md, "FriendService")."""

from .friends import Friends, FriendsConfig
from .ports import FriendLookup

__all__ = ["FriendLookup", "Friends", "FriendsConfig"]
