"""Domain errors as gRPC statuses.

Each domain error class carries its reason and status code (``fiveup.engine.errors``,
``fiveup.shared.errors`` and each context's ``errors`` module, all listed in
``ERROR_MODULES``); ``STATUS_BY_REASON`` is derived from them, and the rules core's errors
are reported as the domain error that says the same (``CORE_ERRORS``).

Every failure leaves the call with a status code, a human message and a
``google.rpc.ErrorInfo`` (domain ``fiveup.v1``) whose ``reason`` is machine-readable;
rate limits add a ``google.rpc.RetryInfo``.  docs/api.md renders this table.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2

import fiveup_core
from fiveup_core import FiveUpError

from ..admin import errors as admin_errors
from ..chat import errors as chat_errors
from ..engine import errors as engine_errors
from ..engine.errors import MatchError
from ..friends import errors as friend_errors
from ..identity import errors as identity_errors
from ..lobby import errors as lobby_errors
from ..match import errors as match_errors
from ..notifications import errors as notification_errors
from ..ratings import errors as ratings_errors
from ..shared import errors as shared_errors
from ..shared.errors import (
    IllegalLayout,
    InvalidTile,
    MalformedLayout,
    TooManyRequests,
    error_classes,
)
from ..tournaments import errors as tournament_errors

DOMAIN = "fiveup.v1"


# Every module that defines domain errors: the table below is derived from their classes,
# so a new context's errors module is listed here once.
ERROR_MODULES = (
    engine_errors, shared_errors, match_errors, identity_errors, lobby_errors, ratings_errors,
    chat_errors, notification_errors, admin_errors, tournament_errors, friend_errors,
)  # fmt: skip


def domain_error_classes() -> list[type[MatchError]]:
    """Every concrete domain error class defined so far (the base excluded)."""
    return error_classes(MatchError)


def status_of(error: type[MatchError]) -> grpc.StatusCode:
    """The status code an error class carries (raises TypeError when it names none: a
    bug, reported as INTERNAL, never as a guessed code)."""
    try:
        return grpc.StatusCode[error.code]
    except KeyError:
        raise TypeError(f"{error.__name__} names no status code ({error.code!r})") from None


# The rules core's errors, reported as the domain error that says the same thing (the
# nearest listed ancestor of the core error's class wins).
CORE_ERRORS: dict[type[FiveUpError], type[MatchError]] = {
    fiveup_core.InvalidTile: InvalidTile,
    fiveup_core.LayoutDecodeError: MalformedLayout,
    fiveup_core.IllegalPlacement: IllegalLayout,
    FiveUpError: IllegalLayout,
}

# reason -> status code, for docs/api.md and tests: derived from the classes.
STATUS_BY_REASON: dict[str, grpc.StatusCode] = {
    cls.reason: status_of(cls) for cls in domain_error_classes()
}


def _reported_as(exc: FiveUpError) -> type[MatchError]:
    for cls in type(exc).__mro__:
        if cls in CORE_ERRORS:
            return CORE_ERRORS[cls]
    return IllegalLayout


STATUS_DETAILS_KEY = "grpc-status-details-bin"


def rich_status(
    code: grpc.StatusCode,
    message: str,
    reason: str,
    metadata: dict[str, str] | None = None,
    retry_after: float | None = None,
) -> tuple[grpc.StatusCode, str, tuple[tuple[str, bytes], ...]]:
    """(code, message, trailing metadata) carrying a google.rpc.Status with ErrorInfo."""
    details = []
    info = any_pb2.Any()
    info.Pack(error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN, metadata=metadata or {}))
    details.append(info)
    if retry_after is not None:
        retry = any_pb2.Any()
        delay = duration_pb2.Duration()
        delay.FromNanoseconds(int(retry_after * 1e9))
        retry.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
        details.append(retry)
    status = status_pb2.Status(code=code.value[0], message=message, details=details)
    return code, message, ((STATUS_DETAILS_KEY, status.SerializeToString()),)


def status_for(exc: BaseException) -> tuple[grpc.StatusCode, str, tuple[tuple[str, bytes], ...]]:
    """The status a domain error is reported with."""
    if isinstance(exc, MatchError):
        reason = exc.reason
        code = status_of(type(exc))
        meta = {k: str(v) for k, v in exc.details.items()}
    elif isinstance(exc, FiveUpError):
        reported = _reported_as(exc)
        reason, code = reported.reason, status_of(reported)
        meta = {"core_reason": exc.reason}
        index = getattr(exc, "index", None)
        if index is not None:
            meta["index"] = str(index)
    else:
        raise TypeError(f"not a domain error: {exc!r}")
    retry_after = exc.retry_after if isinstance(exc, TooManyRequests) else None
    return rich_status(code, str(exc), reason, meta, retry_after)


DOMAIN_ERRORS = (MatchError, FiveUpError)
