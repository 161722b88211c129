"""What every servicer and interceptor shares: ``unary``/``streaming``, the decorators
that report domain errors with their status code and ErrorInfo; ``bearer_token``, the
seat token of a call; ``Context``, the servicer context type the servicers are checked
with; ``WrappingInterceptor``, the base of interceptors that wrap each method's
handler once, and ``behaviour_of``, the one function a handler carries with the factory
that makes a handler of the same kind around a replacement."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeAlias, TypeVar

import grpc

from .errors import DOMAIN_ERRORS, status_for

Req = TypeVar("Req")
Resp = TypeVar("Resp")

# The servicer context as the handlers use it: the request and response types are the
# method's own, checked against the generated servicer base class (fiveup.v1 *_grpc.pyi).
Context: TypeAlias = "grpc.aio.ServicerContext[Any, Any]"  # generic for mypy only
Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"


def unary(
    fn: Callable[[Any, Req, Context], Awaitable[Resp]],
) -> Callable[[Any, Req, Context], Awaitable[Resp]]:
    """Report domain errors with their status code and ErrorInfo."""

    @functools.wraps(fn)
    async def wrapper(self: Any, request: Req, context: Context) -> Resp:
        try:
            return await fn(self, request, context)
        except DOMAIN_ERRORS as exc:
            code, message, trailers = status_for(exc)
            await context.abort(code, message, trailing_metadata=trailers)
            raise  # unreachable: abort raises

    return wrapper


def streaming(
    fn: Callable[[Any, Req, Context], AsyncIterator[Resp]],
) -> Callable[[Any, Req, Context], AsyncIterator[Resp]]:
    @functools.wraps(fn)
    async def wrapper(self: Any, request: Req, context: Context) -> AsyncIterator[Resp]:
        try:
            async for item in fn(self, request, context):
                yield item
        except DOMAIN_ERRORS as exc:
            code, message, trailers = status_for(exc)
            await context.abort(code, message, trailing_metadata=trailers)

    return wrapper


# gRPC's four kinds of method, each with the factory that makes a handler of that kind.
HANDLER_KINDS: tuple[tuple[str, Callable[..., Handler]], ...] = (
    ("unary_unary", grpc.unary_unary_rpc_method_handler),
    ("unary_stream", grpc.unary_stream_rpc_method_handler),
    ("stream_unary", grpc.stream_unary_rpc_method_handler),
    ("stream_stream", grpc.stream_stream_rpc_method_handler),
)


def behaviour_of(handler: Handler) -> tuple[Callable[..., Any], Callable[..., Handler]]:
    """The function ``handler`` runs and the factory of its kind (``make(behaviour,
    handler.request_deserializer, handler.response_serializer)`` rebuilds it)."""
    for kind, make in HANDLER_KINDS:
        fn = getattr(handler, kind)
        if fn is not None:
            return fn, make
    raise ValueError("a method handler without a behaviour")


def bearer_token(context: Context) -> str | None:
    """The token of an ``authorization: Bearer <token>`` header, if any."""
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str):
            scheme, _, token = value.partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


class WrappingInterceptor(grpc.aio.ServerInterceptor):
    """An interceptor that wraps each method's handler once and reuses the wrapper (the
    wrapped handler is cached per method, and rebuilt if the server's handler changes)."""

    def __init__(self) -> None:
        self._wrapped: dict[str, tuple[Handler, Handler]] = {}

    def wrap(self, method: str, handler: Handler) -> Handler:
        raise NotImplementedError

    async def intercept_service(
        self,
        continuation: Callable[
            [grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[Req, Resp] | None]
        ],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Req, Resp] | None:
        handler = await continuation(handler_call_details)
        if handler is None:
            return handler
        method: str = handler_call_details.method
        cached = self._wrapped.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        wrapped = self.wrap(method, handler)
        self._wrapped[method] = (handler, wrapped)
        return wrapped
