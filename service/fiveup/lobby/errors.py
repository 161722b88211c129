"""Errors of the lobby: private tables' invites and the matchmaker's searches; each
carries its reason and status code (``PlayerBlocked`` is identity's: friends say it too)."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..identity.errors import PlayerBlocked as PlayerBlocked
from ..shared.errors import InvalidRequest, PermissionDenied, TooManyRequests


class InviteNotFound(MatchError):
    """No private table has this invite code."""

    reason = "INVITE_NOT_FOUND"
    code = "NOT_FOUND"


class InviteExpired(MatchError):
    reason = "INVITE_EXPIRED"
    code = "FAILED_PRECONDITION"


class InviteRequired(PermissionDenied):
    """JoinMatch on a private table: its seats are taken with JoinWithInvite only."""

    reason = "INVITE_REQUIRED"


class TooManyInvitees(InvalidRequest):
    """CreatePrivateTable naming more players than the table has human seats left for
    them (its human seats, less the creator's when they sit down); ``details['limit']``."""

    reason = "TOO_MANY_INVITEES"


class CannotInviteSelf(InvalidRequest):
    """CreatePrivateTable whose invitees name the creator."""

    reason = "CANNOT_INVITE_SELF"


class RematchNotAvailable(MatchError):
    """A rematch of a match that is not over (or was cancelled), or whose human seats are
    not all held by signed-in players (a new match binds the same players)."""

    reason = "REMATCH_NOT_AVAILABLE"
    code = "FAILED_PRECONDITION"


class SearchEnded(MatchError):
    """A FindMatch stream whose search was cancelled (CancelFindMatch, or the stream of
    another device following it ended) or expired."""

    reason = "SEARCH_CANCELLED"
    code = "ABORTED"


class TableNotAvailable(PermissionDenied):
    """A seat at a table where a player has blocked the caller: refused without saying
    why (the block is not revealed to the blocked player)."""

    reason = "TABLE_NOT_AVAILABLE"


class TooManyInvitations(TooManyRequests):
    """CreatePrivateTable's invitations past a limit: ``details['scope']`` says which
    (``inviter_minute``, ``inviter_day``: the caller's own; ``invitee``: the invitee at
    ``details['index']`` has as many pending invitations from others as allowed);
    ``details['limit']``; RetryInfo says when to try again."""

    reason = "INVITATIONS_LIMITED"
