"""The stream-limit interceptor: admits streaming calls into the stream pools.

A stream holds one of gRPC's concurrent-RPC slots for as long as it stays open, and an
idle stream costs its client nothing: without a cap a few thousand unauthenticated
WatchMatch streams fill the server's ``maximum_concurrent_rpcs`` and every other call,
health checks included, fails with gRPC's own ``RESOURCE_EXHAUSTED "Concurrent RPC
limit exceeded!"``.  This interceptor admits a streaming call (server, client or bidi)
into its pools (``fiveup.api.stream_pools``) as the kind ``STREAM_KINDS`` gives it;
WatchMatch and FindMatch are left to their servicers (``SELF_ADMITTED``), which know
whether the caller is a seated or searching player.  WatchNotifications and WatchChat
(``IDENTIFIED``) are admitted by their caller: an access token is checked first
(``identify``: the players' ``authenticate``; a bad one ends the call UNAUTHENTICATED
before it holds anything) and the stream is counted against its player
(``fiveup.api.stream_pools``, "Streams by player"); WatchNotifications requires one;
a WatchChat with a seat token is a signed-in stream of no player, one without a token
anonymous.  A refused call ends with
``RESOURCE_EXHAUSTED``, ErrorInfo ``TOO_MANY_STREAMS`` (``metadata.scope``: the full
pool, ``metadata.limit``) and a ``RetryInfo``.  Unary calls are never counted.

Install it inside the metrics interceptor (so refusals are counted as such).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..engine.errors import MatchError
from ..lobby.seats import is_access_token
from .errors import status_for
from .handlers import Handler, WrappingInterceptor, bearer_token, behaviour_of
from .limits import IDENTIFIED, SELF_ADMITTED, Limits, stream_kinds
from .stream_pools import StreamKind

# The player an access token speaks for (raises Unauthenticated when it speaks for none).
Identify = Callable[[str | None], Awaitable[str]]


@dataclass(frozen=True, slots=True)
class Caller:
    kind: StreamKind
    player: str | None = None


class StreamLimitInterceptor(WrappingInterceptor):
    def __init__(self, limits: Limits, identify: Identify | None = None) -> None:
        super().__init__()
        self.limits = limits
        self.identify = identify

    async def caller(self, name: str, context: Any) -> Caller:
        """Who opens a stream of ``name``, as its pools count it (raises the caller's
        Unauthenticated for a bad access token)."""
        [kind, *_] = stream_kinds(name)
        if name not in IDENTIFIED or self.identify is None:
            return Caller(kind)
        bearer = bearer_token(context)
        if is_access_token(bearer) or "anonymous" not in IDENTIFIED[name]:
            return Caller("signed_in", await self.identify(bearer))
        return Caller("signed_in" if bearer else "anonymous")

    def _open(self, name: str, context: Any, caller: Caller) -> Any:
        return self.limits.open_stream(
            name, self.client_of(context), caller.kind, player=caller.player
        )

    def client_of(self, context: Any) -> str:
        """The client as limits see it: x-forwarded-for only from a trusted gateway."""
        return self.limits.config.client_of(context)

    def wrap(self, method: str, handler: Handler) -> Handler:
        if not (handler.request_streaming or handler.response_streaming):
            return handler
        name = method.rsplit("/", 1)[-1]
        if name in SELF_ADMITTED:
            return handler
        fn, make = behaviour_of(handler)
        if inspect.isasyncgenfunction(fn):
            behaviour: Callable[..., Any] = self._generator(name, fn)
        elif inspect.iscoroutinefunction(fn):
            behaviour = self._coroutine(name, fn)
        else:
            return handler  # synchronous handler (none here)
        return make(behaviour, handler.request_deserializer, handler.response_serializer)

    def _generator(self, name: str, fn: Any) -> Callable[..., AsyncIterator[Any]]:
        async def limited(request: Any, context: Any) -> AsyncIterator[Any]:
            try:
                slot = self._open(name, context, await self.caller(name, context))
            except MatchError as exc:  # TooManyStreams, or Unauthenticated
                await _refuse(context, exc)
            try:
                async with contextlib.aclosing(fn(request, context)) as responses:
                    async for response in responses:
                        yield response
            finally:
                self.limits.close_stream(slot)

        return limited

    def _coroutine(self, name: str, fn: Any) -> Callable[..., Any]:
        async def limited(request: Any, context: Any) -> Any:
            try:
                slot = self._open(name, context, await self.caller(name, context))
            except MatchError as exc:  # TooManyStreams, or Unauthenticated
                await _refuse(context, exc)
            try:
                return await fn(request, context)
            finally:
                self.limits.close_stream(slot)

        return limited


async def _refuse(context: Any, exc: MatchError) -> None:
    code, message, trailers = status_for(exc)
    await context.abort(code, message, trailing_metadata=trailers)
