"""Errors of the friends context; each carries its reason and status code (a request to
a player the caller blocked is identity's ``PlayerBlocked``)."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import InvalidRequest, TooManyRequests


class CannotFriendSelf(InvalidRequest):
    """A friend request (or an answer, or a removal) naming the caller themself."""

    reason = "CANNOT_FRIEND_SELF"


class FriendRequestNotFound(MatchError):
    """RespondToFriendRequest accepting a request the other player never sent the caller
    (or withdrew): there is nothing to accept."""

    reason = "FRIEND_REQUEST_NOT_FOUND"
    code = "NOT_FOUND"


class TooManyFriends(MatchError):
    """A friendship would give the caller (``scope=you``) or the other player
    (``scope=them``) more friends than the server keeps (``details['limit']``)."""

    reason = "TOO_MANY_FRIENDS"
    code = "FAILED_PRECONDITION"


class FriendRequestsLimited(TooManyRequests):
    """SendFriendRequest over a limit (``details['scope']``): ``hour`` or ``day`` (requests
    the caller sent), ``pending`` (the caller's unanswered requests), ``recipient`` (the
    other player's unanswered requests), or ``cooldown`` (the other player declined or
    removed the caller, or the caller withdrew a request to them, not long ago); with a
    RetryInfo."""

    reason = "FRIEND_REQUESTS_LIMITED"
