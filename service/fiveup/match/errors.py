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


class BatchTooLarge(InvalidRequest):
    """A ValidateMoveBatch call over its bound; ``details['limit']`` says the bound."""

    reason = "BATCH_TOO_LARGE"
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


# ---------------------------------------------------------------------- players and sessions
# A refused token is UNAUTHENTICATED with a reason that says why (docs/api.md, "Errors").


class TokenExpired(Unauthenticated):
    """An access token or ID token past its ``exp`` (beyond the allowed clock skew)."""

    reason = "TOKEN_EXPIRED"


class TokenNotYetValid(Unauthenticated):
    """A token whose ``nbf``/``iat`` lies in the future (beyond the allowed clock skew)."""

    reason = "TOKEN_NOT_YET_VALID"


class WrongAudience(Unauthenticated):
    reason = "WRONG_AUDIENCE"


class WrongIssuer(Unauthenticated):
    reason = "WRONG_ISSUER"


class UnknownKeyId(Unauthenticated):
    """A token signed with a key id (``kid``) that no configured key has."""

    reason = "UNKNOWN_KEY_ID"


class InvalidSignature(Unauthenticated):
    reason = "INVALID_SIGNATURE"


class AlgorithmNotAllowed(Unauthenticated):
    """A token whose ``alg`` is not one the verifier accepts (``none`` never is)."""

    reason = "ALGORITHM_NOT_ALLOWED"


class MalformedToken(Unauthenticated):
    """Not a JWT, or one without a claim that is required (``details['claim']``)."""

    reason = "MALFORMED_TOKEN"


class SessionRevoked(Unauthenticated):
    """The session was signed out, or ended because a used refresh token came back."""

    reason = "SESSION_REVOKED"


class RefreshTokenReused(Unauthenticated):
    """A refresh token that was already traded in: the session is ended for safety."""

    reason = "REFRESH_TOKEN_REUSED"


class InvalidRefreshToken(Unauthenticated):
    """A refresh token this service never issued (or one long since pruned)."""

    reason = "INVALID_REFRESH_TOKEN"


class RefreshTokenExpired(Unauthenticated):
    reason = "REFRESH_TOKEN_EXPIRED"


class InvalidDisplayName(InvalidRequest):
    """A display name the rules refuse; ``details['problem']`` says which rule."""

    reason = "INVALID_DISPLAY_NAME"


class PlayerNotFound(MatchError):
    reason = "PLAYER_NOT_FOUND"
    code = "NOT_FOUND"


class IdentityInUse(MatchError):
    """The device id or external subject already signs in as another player (or the
    player already has an identity of that provider)."""

    reason = "IDENTITY_IN_USE"
    code = "ALREADY_EXISTS"


class ExternalIdentityNotConfigured(MatchError):
    """An ID token was sent but this server has no identity provider configured."""

    reason = "EXTERNAL_IDENTITY_NOT_CONFIGURED"
    code = "FAILED_PRECONDITION"


class IdentityProviderUnavailable(MatchError):
    """The identity provider's JWKS could not be fetched (retry with backoff)."""

    reason = "IDENTITY_PROVIDER_UNAVAILABLE"
    code = "UNAVAILABLE"


# ---------------------------------------------------------------------- the lobby


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


class SearchEnded(MatchError):
    """A FindMatch stream whose search was cancelled (CancelFindMatch, or the stream of
    another device following it ended) or expired."""

    reason = "SEARCH_CANCELLED"
    code = "ABORTED"


class HintsNotAllowed(MatchError):
    """SuggestMoves in a match created without hints (rated matches never allow them)."""

    reason = "HINTS_NOT_ALLOWED"
    code = "FAILED_PRECONDITION"


class HintsBusy(TooManyRequests):
    """Every hint worker stayed busy for the whole of the call's deadline."""

    reason = "HINTS_BUSY"


# ---------------------------------------------------------------------- ratings


class PlayerNotRanked(MatchError):
    """GetLeaderboard around a player who is not on that board: provisional in the
    category (``details['rated_matches']`` of ``details['qualifying_matches']``), or
    without a rated match in the window."""

    reason = "PLAYER_NOT_RANKED"
    code = "FAILED_PRECONDITION"
