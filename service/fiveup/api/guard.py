"""The guard interceptor: hostile bytes get INVALID_ARGUMENT, bugs get an opaque INTERNAL.

gRPC's own handling of both leaks and misreports:

* a request that is not a valid protobuf encoding (corrupt wire format, bad UTF-8 in a
  string) fails inside gRPC's deserializer and the client gets ``UNKNOWN`` with the
  Python exception text;
* any other unexpected exception in a handler is sent as ``UNKNOWN`` with ``str(exc)``,
  which may quote server state (a hand, the boneyard) that the client must not see.

This interceptor decodes requests itself: an undecodable message becomes
INVALID_ARGUMENT (ErrorInfo reason ``INVALID_ARGUMENT``, metadata ``field=request``)
without reaching a servicer.  An unexpected exception is logged with its traceback
and answered ``INTERNAL`` with a fixed message and nothing from the exception.
Domain errors are not touched: the servicers' handlers have already aborted with them.

It also lets a handler send bytes it encoded itself (``_pre_encoded``): WatchMatch's
views are encoded once and shared by every watcher (fiveup.api.match_servicer).

Install it after (inside) the metrics interceptor so the codes it sets are counted.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from google.protobuf.message import DecodeError

from .errors import rich_status
from .handlers import Handler, WrappingInterceptor, behaviour_of

log = logging.getLogger(__name__)

INTERNAL_MESSAGE = "internal error (logged on the server)"


class Malformed:
    """What the tolerant deserializer gives instead of a message it could not decode."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


def tolerant(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    if deserializer is None:
        return None

    def deserialize(data: bytes) -> Any:
        try:
            return deserializer(data)
        except (DecodeError, ValueError, TypeError, RuntimeError) as exc:
            return Malformed(type(exc).__name__)

    return deserialize


def _pre_encoded(serializer: Callable[[Any], bytes] | None) -> Callable[[Any], bytes] | None:
    """``serializer``, but a response that is already ``bytes`` (a message the handler
    encoded itself, e.g. with a shared part) is sent as it is."""
    if serializer is None:
        return None

    def serialize(message: Any) -> bytes:
        return message if type(message) is bytes else serializer(message)

    return serialize


async def _reject_malformed(context: Any) -> None:
    code, message, trailers = rich_status(
        grpc.StatusCode.INVALID_ARGUMENT,
        "the request is not a valid protobuf encoding of this method's message",
        "INVALID_ARGUMENT",
        {"field": "request"},
    )
    await context.abort(code, message, trailing_metadata=trailers)


async def _internal(context: Any, method: str) -> None:
    log.exception("unexpected error in %s", method)
    code, message, trailers = rich_status(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE, "INTERNAL")
    await context.abort(code, message, trailing_metadata=trailers)


async def _checked(requests: AsyncIterator[Any], context: Any) -> AsyncIterator[Any]:
    async for request in requests:
        if isinstance(request, Malformed):
            await _reject_malformed(context)
        yield request


class GuardInterceptor(WrappingInterceptor):
    def wrap(self, method: str, handler: Handler) -> Handler:
        return _wrap(method, handler)


def _wrap(method: str, handler: Handler) -> Handler:
    decode = tolerant(handler.request_deserializer)
    encode = _pre_encoded(handler.response_serializer)
    streaming_in = handler.request_streaming
    fn, make = behaviour_of(handler)
    if inspect.isasyncgenfunction(fn):
        return make(_generator(method, fn, streaming_in), decode, encode)
    if inspect.iscoroutinefunction(fn):
        return make(_coroutine(method, fn, streaming_in), decode, encode)
    return handler  # a synchronous handler (none here): gRPC's own handling


def _coroutine(method: str, fn: Any, streaming_in: bool) -> Callable[..., Any]:
    async def guarded(request: Any, context: Any) -> Any:
        if streaming_in:
            request = _checked(request, context)
        elif isinstance(request, Malformed):
            await _reject_malformed(context)
        try:
            return await fn(request, context)
        except grpc.aio.AbortError:
            raise
        except Exception:
            await _internal(context, method)

    return guarded


def _generator(method: str, fn: Any, streaming_in: bool) -> Callable[..., AsyncIterator[Any]]:
    async def guarded(request: Any, context: Any) -> AsyncIterator[Any]:
        if streaming_in:
            request = _checked(request, context)
        elif isinstance(request, Malformed):
            await _reject_malformed(context)
        try:
            async with contextlib.aclosing(fn(request, context)) as responses:
                async for response in responses:
                    yield response
        except grpc.aio.AbortError:
            raise
        except Exception:
            await _internal(context, method)

    return guarded
