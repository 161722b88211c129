"""The error kinds every context and layer raises: a malformed request, no credentials, a
call not allowed, too many calls, a server shutting down, and the tiles and layouts a
request may get wrong.

Every error the service can report is a ``MatchError`` (``fiveup.engine.errors``) with a
stable ``reason`` and the canonical status ``code`` it is reported with; each context
adds its own kinds beside its code (``fiveup.match.errors``, ``fiveup.identity.errors``,
``fiveup.lobby.errors``, ``fiveup.ratings.errors``), and the API layer derives its one
table from the classes (``fiveup.api.errors``).  Subclasses inherit their parent's code.
"""

from __future__ import annotations

from ..engine.errors import MatchError


def error_classes(root: type[MatchError] = MatchError) -> list[type[MatchError]]:
    """Every class below ``root`` defined so far (``root`` excluded), parents first."""
    found: list[type[MatchError]] = []
    pending = list(root.__subclasses__())
    while pending:
        cls = pending.pop(0)
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


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


class Unauthenticated(MatchError):
    """No seat token where one is required (a token of no seat here: PermissionDenied)."""

    reason = "UNAUTHENTICATED"
    code = "UNAUTHENTICATED"


class PermissionDenied(MatchError):
    reason = "PERMISSION_DENIED"
    code = "PERMISSION_DENIED"


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


class ShuttingDown(MatchError):
    reason = "SHUTTING_DOWN"
    code = "UNAVAILABLE"
