"""Errors of the tournaments context; each carries its reason and status code."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import PermissionDenied, TooManyRequests


class TournamentNotFound(MatchError):
    """No tournament has this id -- or it has an invitation list that does not name the
    caller (an invitation-only event is not revealed to anyone else)."""

    reason = "TOURNAMENT_NOT_FOUND"
    code = "NOT_FOUND"


class EntriesClosed(MatchError):
    """JoinTournament after entries closed: a Swiss's start, 80% of an arena's
    duration, or a finished tournament."""

    reason = "TOURNAMENT_ENTRIES_CLOSED"
    code = "FAILED_PRECONDITION"


class TournamentFull(MatchError):
    """JoinTournament when the tournament has its capacity of entrants."""

    reason = "TOURNAMENT_FULL"
    code = "RESOURCE_EXHAUSTED"


class NotEligible(PermissionDenied):
    """JoinTournament by a player its entry rules keep out: not invited, below or above
    its rating band, or without the standing of rated play (``details['rule']``:
    ``invitation``, ``rating`` or ``standing``)."""

    reason = "TOURNAMENT_NOT_ELIGIBLE"


class AlreadyWithdrawn(MatchError):
    """JoinTournament by a player who withdrew after the start (or was withdrawn for
    abandoning a table): a withdrawal is final once pairings began."""

    reason = "TOURNAMENT_WITHDRAWN"
    code = "FAILED_PRECONDITION"


class CreationNotAllowed(PermissionDenied):
    """CreateTournament asking what players may not: a rated tournament, or a capacity
    over the server's cap for players (``details['limit']``)."""

    reason = "TOURNAMENT_CREATION_NOT_ALLOWED"


class TooManyTournaments(TooManyRequests):
    """CreateTournament beyond the tournaments a player may create in a day."""

    reason = "TOURNAMENT_LIMIT_REACHED"


class TournamentBusy(MatchError):
    """A change to the tournament lost its race to other replicas' changes too many
    times in a row; nothing was changed."""

    reason = "TOURNAMENT_BUSY"
    code = "ABORTED"


class InviteNotAllowed(PermissionDenied):
    """InviteToTournament by a player who may not invite (``details['rule']``):
    ``entrant`` (the caller neither created the tournament nor is entered in it) or
    ``invitation`` (an invitation-only tournament: only its creator adds players)."""

    reason = "TOURNAMENT_INVITE_NOT_ALLOWED"


class InviteeNotFriend(MatchError):
    """InviteToTournament naming a player who is not the caller's friend -- a stranger,
    a player either of them blocked, or no player at all: one answer for all three."""

    reason = "TOURNAMENT_INVITEE_NOT_FRIEND"
    code = "FAILED_PRECONDITION"


class TooManyInvitations(MatchError):
    """InviteToTournament past the invitations one player may send for one tournament
    (``details['limit']``); it does not come back with time."""

    reason = "TOURNAMENT_INVITES_LIMITED"
    code = "RESOURCE_EXHAUSTED"
