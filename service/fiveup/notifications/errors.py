"""The notifications context's errors, each with its gRPC code through its kind."""

from __future__ import annotations

from ..shared.errors import InvalidRequest


class BadSubscription(InvalidRequest):
    """A Web Push subscription the server cannot send to (a bad endpoint or keys)."""

    reason = "BAD_PUSH_SUBSCRIPTION"


class EndpointNotAllowed(BadSubscription):
    """A Web Push endpoint the egress policy refuses (docs/security.md, "Egress"): not a
    browser push service (or an operator's ``--egress-allow`` entry), a private or other
    special address, userinfo, a port other than 443...; ``details['egress_reason']``
    says which rule."""

    reason = "ENDPOINT_NOT_ALLOWED"
