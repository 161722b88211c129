"""Errors of the operators' API; each carries its reason and status code (the one error
table, ``fiveup.api.errors``, derives from these classes)."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import InvalidRequest, PermissionDenied


class NotAnOperator(PermissionDenied):
    """A valid token of someone who is not an operator (a player's access token, an ID
    token without the operator role)."""

    reason = "NOT_AN_OPERATOR"


class ReasonRequired(InvalidRequest):
    """An action, or a read of private data, without the reason the audit log records."""

    reason = "REASON_REQUIRED"


class ReportNotFound(MatchError):
    """No chat report has this id (retention deletes reports after a year)."""

    reason = "REPORT_NOT_FOUND"
    code = "NOT_FOUND"


class ReportResolved(MatchError):
    """The report was resolved already (by this operator or another): nothing changed."""

    reason = "REPORT_ALREADY_RESOLVED"
    code = "FAILED_PRECONDITION"


class SignalNotFound(MatchError):
    """No integrity signal has this id: it was never found, or a later scan no longer
    finds its evidence (its matches were voided, or left the window): list again."""

    reason = "SIGNAL_NOT_FOUND"
    code = "NOT_FOUND"


class SignalResolved(MatchError):
    """The integrity signal was resolved already (confirmed or dismissed)."""

    reason = "SIGNAL_ALREADY_RESOLVED"
    code = "FAILED_PRECONDITION"


class TournamentOver(MatchError):
    """CancelTournament of a tournament that finished: its standings are final."""

    reason = "TOURNAMENT_OVER"
    code = "FAILED_PRECONDITION"
