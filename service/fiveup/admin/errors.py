"""Errors of the operators' API; each carries its reason and status code (the one error
table, ``fiveup.api.errors``, derives from these classes)."""

from __future__ import annotations

from ..shared.errors import InvalidRequest, PermissionDenied


class NotAnOperator(PermissionDenied):
    """A valid token of someone who is not an operator (a player's access token, an ID
    token without the operator role)."""

    reason = "NOT_AN_OPERATOR"


class ReasonRequired(InvalidRequest):
    """An action, or a read of private data, without the reason the audit log records."""

    reason = "REASON_REQUIRED"
