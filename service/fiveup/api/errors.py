"""The one table from domain errors to gRPC status codes.

Every failure leaves the call with a status code, a human message and a
``google.rpc.ErrorInfo`` (domain ``fiveup.v1``) whose ``reason`` is machine-readable;
rate limits add a ``google.rpc.RetryInfo``.  docs/api.md renders this table.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2

from fiveup_core import FiveUpError

from ..engine.errors import MatchError
from ..errors import TooManyRequests

DOMAIN = "fiveup.v1"

STATUS_BY_REASON: dict[str, grpc.StatusCode] = {
    # malformed requests
    "INVALID_ARGUMENT": grpc.StatusCode.INVALID_ARGUMENT,
    "INVALID_CONFIG": grpc.StatusCode.INVALID_ARGUMENT,
    "MALFORMED_LAYOUT": grpc.StatusCode.INVALID_ARGUMENT,
    "ILLEGAL_LAYOUT": grpc.StatusCode.INVALID_ARGUMENT,
    "INVALID_TILE": grpc.StatusCode.INVALID_ARGUMENT,
    # who is calling
    "UNAUTHENTICATED": grpc.StatusCode.UNAUTHENTICATED,
    "PERMISSION_DENIED": grpc.StatusCode.PERMISSION_DENIED,
    # what is addressed
    "MATCH_NOT_FOUND": grpc.StatusCode.NOT_FOUND,
    "REQUEST_ID_REUSED": grpc.StatusCode.ALREADY_EXISTS,
    # the rules or the match's state forbid it now
    "NOT_YOUR_TURN": grpc.StatusCode.FAILED_PRECONDITION,
    "ILLEGAL_MOVE": grpc.StatusCode.FAILED_PRECONDITION,
    "TILE_NOT_IN_HAND": grpc.StatusCode.FAILED_PRECONDITION,
    "MUST_PLAY_DRAWN_TILE": grpc.StatusCode.FAILED_PRECONDITION,
    "MUST_PLACE": grpc.StatusCode.FAILED_PRECONDITION,
    "MUST_DRAW": grpc.StatusCode.FAILED_PRECONDITION,
    "BONEYARD_EMPTY": grpc.StatusCode.FAILED_PRECONDITION,
    "MATCH_FINISHED": grpc.StatusCode.FAILED_PRECONDITION,
    "MATCH_NOT_FINISHED": grpc.StatusCode.FAILED_PRECONDITION,
    "SEAT_TAKEN": grpc.StatusCode.FAILED_PRECONDITION,
    "NO_FREE_SEAT": grpc.StatusCode.FAILED_PRECONDITION,
    # concurrency and load
    "STALE_VERSION": grpc.StatusCode.ABORTED,
    "RATE_LIMITED": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "TOO_MANY_STREAMS": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "SHUTTING_DOWN": grpc.StatusCode.UNAVAILABLE,
}

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
        meta = {k: str(v) for k, v in exc.details.items()}
    elif isinstance(exc, FiveUpError):
        reason = exc.reason if exc.reason in STATUS_BY_REASON else "ILLEGAL_LAYOUT"
        meta = {"core_reason": exc.reason}
        index = getattr(exc, "index", None)
        if index is not None:
            meta["index"] = str(index)
    else:
        raise TypeError(f"not a domain error: {exc!r}")
    code = STATUS_BY_REASON.get(reason, grpc.StatusCode.FAILED_PRECONDITION)
    retry_after = exc.retry_after if isinstance(exc, TooManyRequests) else None
    return rich_status(code, str(exc), reason, meta, retry_after)


DOMAIN_ERRORS = (MatchError, FiveUpError)
