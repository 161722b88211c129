"""Errors of the application layer, beside the engine's rule errors.

Every error the service can report is a ``MatchError`` with a stable ``reason`` and the
canonical status ``code`` it is reported with; the API layer derives its table from the
classes (``fiveup.api.errors``).  Subclasses inherit their parent's code.
"""

from __future__ import annotations

from .engine.errors import MatchError


class InvalidRequest(MatchError):
    """A malformed request (bad field values); ``details['field']`` names the field."""

    reason = "INVALID_ARGUMENT"
    code = "INVALID_ARGUMENT"


class InvalidTile(InvalidRequest):
    """A tile that is not one of the 28 double-six tiles."""

    reason = "INVALID_TILE"


class MalformedLayout(InvalidRequest):
    """Layout bytes or text that cannot be decoded."""

    reason = "MALFORMED_LAYOUT"


class IllegalLayout(InvalidRequest):
    """A layout whose placements break the rules where a legal one is required;
    ``details['index']`` / ``details['core_reason']`` name the first bad placement."""

    reason = "ILLEGAL_LAYOUT"


class MatchNotFound(MatchError):
    reason = "MATCH_NOT_FOUND"
    code = "NOT_FOUND"


class Unauthenticated(MatchError):
    """No seat token where one is required (a token of no seat here: PermissionDenied)."""

    reason = "UNAUTHENTICATED"
    code = "UNAUTHENTICATED"


class PermissionDenied(MatchError):
    reason = "PERMISSION_DENIED"
    code = "PERMISSION_DENIED"


class SeatTaken(MatchError):
    reason = "SEAT_TAKEN"
    code = "FAILED_PRECONDITION"


class NoFreeSeat(MatchError):
    reason = "NO_FREE_SEAT"
    code = "FAILED_PRECONDITION"


class StaleVersion(MatchError):
    """The client's expected_version is not the match's version (another move won)."""

    reason = "STALE_VERSION"
    code = "ABORTED"


class RequestIdReused(MatchError):
    """A request id already used for a different move or seat."""

    reason = "REQUEST_ID_REUSED"
    code = "ALREADY_EXISTS"


class MatchNotFinished(MatchError):
    reason = "MATCH_NOT_FINISHED"
    code = "FAILED_PRECONDITION"


class TooManyRequests(MatchError):
    """A rate limit or concurrency cap; ``retry_after`` says when to try again."""

    reason = "RATE_LIMITED"
    code = "RESOURCE_EXHAUSTED"

    def __init__(self, message: str, retry_after: float = 1.0, **details: str) -> None:
        super().__init__(message, **details)
        self.retry_after = retry_after


class TooManyStreams(TooManyRequests):
    """The match has as many open WatchMatch streams as the server allows."""

    reason = "TOO_MANY_STREAMS"


class TooManyBotMatches(TooManyRequests):
    """CreateMatch of a bot-only match while this client (``scope=client``) or the whole
    server (``scope=server``) already runs as many as allowed."""

    reason = "TOO_MANY_BOT_MATCHES"


class VersionNotReached(MatchError):
    """A version the match has not reached (GetMatch/ListLegalMoves ``min_version``,
    WatchMatch ``after_version``); ``details['current_version']`` says where it is."""

    reason = "VERSION_NOT_REACHED"
    code = "OUT_OF_RANGE"


class ShuttingDown(MatchError):
    reason = "SHUTTING_DOWN"
    code = "UNAVAILABLE"
