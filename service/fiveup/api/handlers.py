"""Shared plumbing of the servicers: error translation and the bearer token."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc

from .errors import DOMAIN_ERRORS, status_for

Req = TypeVar("Req")
Resp = TypeVar("Resp")


def unary(
    fn: Callable[[Any, Req, grpc.aio.ServicerContext], Awaitable[Resp]],
) -> Callable[[Any, Req, grpc.aio.ServicerContext], Awaitable[Resp]]:
    """Report domain errors with their status code and ErrorInfo."""

    @functools.wraps(fn)
    async def wrapper(self: Any, request: Req, context: grpc.aio.ServicerContext) -> Resp:
        try:
            return await fn(self, request, context)
        except DOMAIN_ERRORS as exc:
            code, message, trailers = status_for(exc)
            await context.abort(code, message, trailing_metadata=trailers)
            raise  # unreachable: abort raises

    return wrapper


def streaming(
    fn: Callable[[Any, Req, grpc.aio.ServicerContext], AsyncIterator[Resp]],
) -> Callable[[Any, Req, grpc.aio.ServicerContext], AsyncIterator[Resp]]:
    @functools.wraps(fn)
    async def wrapper(
        self: Any, request: Req, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[Resp]:
        try:
            async for item in fn(self, request, context):
                yield item
        except DOMAIN_ERRORS as exc:
            code, message, trailers = status_for(exc)
            await context.abort(code, message, trailing_metadata=trailers)

    return wrapper


def bearer_token(context: grpc.aio.ServicerContext) -> str | None:
    """The token of an ``authorization: Bearer <token>`` header, if any."""
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str):
            scheme, _, token = value.partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
    return None


class WrappingInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """An interceptor that wraps each method's handler once and reuses the wrapper (the
    wrapped handler is cached per method, and rebuilt if the server's handler changes)."""

    def __init__(self) -> None:
        self._wrapped: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler]] = {}

    def wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        raise NotImplementedError

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
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
