"""The notifications context's errors, each with its gRPC code through its kind."""

from __future__ import annotations

from ..shared.errors import InvalidRequest


class BadSubscription(InvalidRequest):
    """A Web Push subscription the server cannot send to (a bad endpoint or keys)."""

    reason = "BAD_PUSH_SUBSCRIPTION"
