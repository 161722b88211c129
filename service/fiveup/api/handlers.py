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
