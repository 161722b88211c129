"""Errors of the match context, beside the engine's rule errors
(``fiveup.engine.errors``) and the kinds every context shares (``fiveup.shared.errors``);
each carries its reason and status code."""

from __future__ import annotations

from ..engine.errors import MatchError
from ..shared.errors import TooManyRequests


class MatchNotFound(MatchError):
    reason = "MATCH_NOT_FOUND"
    code = "NOT_FOUND"


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


class VersionNotReached(MatchError):
    """A version the match has not reached (GetMatch/ListLegalMoves ``min_version``,
    WatchMatch ``after_version``); ``details['current_version']`` says where it is."""

    reason = "VERSION_NOT_REACHED"
    code = "OUT_OF_RANGE"


class HintsNotAllowed(MatchError):
    """SuggestMoves in a match created without hints (rated matches never allow them)."""

    reason = "HINTS_NOT_ALLOWED"
    code = "FAILED_PRECONDITION"


class HintsBusy(TooManyRequests):
    """Every hint worker stayed busy for the whole of the call's deadline."""

    reason = "HINTS_BUSY"


class PlayStarted(MatchError):
    """CancelMatch after every seat has made a move: the match has a result at stake and
    ends only by play or by a side's concession (Resign)."""

    reason = "PLAY_STARTED"
    code = "FAILED_PRECONDITION"


def check_reached(version: int, asked: int, field: str) -> None:
    """One answer everywhere for a version the match has not reached: OUT_OF_RANGE
    (VERSION_NOT_REACHED) with the version it is at.  (Not INVALID_ARGUMENT: the request
    is well formed, and the same request may succeed once the match gets there.)"""
    if asked > version:
        raise VersionNotReached(
            f"{field} {asked} is beyond the match's version {version}",
            field=field, current_version=str(version),
        )  # fmt: skip


class MatchHasNoResult(MatchError):
    """VoidResult of a cancelled match: it ended without a result, so there is nothing to
    void (a live one is MatchNotFinished)."""

    reason = "MATCH_HAS_NO_RESULT"
    code = "FAILED_PRECONDITION"
