"""Who calls AdminService: an interceptor authenticates every one of its methods before
the servicer runs (so no method can forget), and leaves the operator for the handler.

Only methods under ``/fiveup.v1.AdminService/`` are touched; every other call passes
through as it came.  The bearer token goes to ``fiveup.admin.operators.Operators``: a
player's token (or an ID token without the operator role) is PERMISSION_DENIED
(``NOT_AN_OPERATOR``), no token or a forged, expired or malformed one UNAUTHENTICATED
with identity's reason.  The operator is set in a context variable for the call's own
task only (``current_operator``): the mixins hand it to the admin use cases, which never
read it themselves.

Install it inside the guard (``GuardInterceptor``): a bug here is then an opaque
INTERNAL, never a traceback sent to the caller."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from ..admin.ports import Operator
from ..engine.errors import MatchError
from .errors import status_for
from .handlers import Handler, WrappingInterceptor, bearer_token, behaviour_of

ADMIN_SERVICE_PREFIX = "/fiveup.v1.AdminService/"

# The operator a bearer token proves (raises a domain error for anyone else).
Authenticate = Callable[[str | None], Awaitable[Operator]]

_operator: ContextVar[Operator | None] = ContextVar("fiveup_admin_operator", default=None)


def current_operator() -> Operator:
    """The operator the interceptor authenticated for this call (a call that reached a
    handler without one is a wiring bug, never a pass)."""
    operator = _operator.get()
    if operator is None:
        raise RuntimeError("AdminService handler reached without an authenticated operator")
    return operator


class AdminAuthInterceptor(WrappingInterceptor):
    def __init__(self, authenticate: Authenticate) -> None:
        super().__init__()
        self.authenticate = authenticate

    def wrap(self, method: str, handler: Handler) -> Handler:
        if not method.startswith(ADMIN_SERVICE_PREFIX):
            return handler
        fn, make = behaviour_of(handler)
        if inspect.isasyncgenfunction(fn):
            behaviour: Callable[..., Any] = self._generator(fn)
        elif inspect.iscoroutinefunction(fn):
            behaviour = self._coroutine(fn)
        else:  # a synchronous handler could run unauthenticated: never serve one
            raise TypeError(f"{method}: AdminService handlers must be async")
        return make(behaviour, handler.request_deserializer, handler.response_serializer)

    async def _operator_of(self, context: Any) -> Operator:
        try:
            return await self.authenticate(bearer_token(context))
        except MatchError as exc:  # Unauthenticated, NotAnOperator, provider unavailable
            code, message, trailers = status_for(exc)
            await context.abort(code, message, trailing_metadata=trailers)
            raise  # unreachable: abort raises

    def _coroutine(self, fn: Any) -> Callable[..., Any]:
        async def authenticated(request: Any, context: Any) -> Any:
            token = _operator.set(await self._operator_of(context))
            try:
                return await fn(request, context)
            finally:
                _operator.reset(token)

        return authenticated

    def _generator(self, fn: Any) -> Callable[..., AsyncIterator[Any]]:
        async def authenticated(request: Any, context: Any) -> AsyncIterator[Any]:
            token = _operator.set(await self._operator_of(context))
            try:
                async with contextlib.aclosing(fn(request, context)) as responses:
                    async for response in responses:
                        yield response
            finally:
                _operator.reset(token)

        return authenticated
