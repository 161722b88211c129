"""Who calls AdminService: an interceptor authenticates every one of its methods before
the servicer runs (so no method can forget), and leaves the operator for the handler.

Filled in by the operators' authentication (``fiveup.admin.operators``): a player's
token is PERMISSION_DENIED (NOT_AN_OPERATOR), no token or a forged one UNAUTHENTICATED."""

from __future__ import annotations

from contextvars import ContextVar

from ..admin.ports import Operator

ADMIN_SERVICE_PREFIX = "/fiveup.v1.AdminService/"

_operator: ContextVar[Operator | None] = ContextVar("fiveup_admin_operator", default=None)


def current_operator() -> Operator:
    """The operator the interceptor authenticated for this call (a call that reached a
    handler without one is a wiring bug, never a pass)."""
    operator = _operator.get()
    if operator is None:
        raise RuntimeError("AdminService handler reached without an authenticated operator")
    return operator
