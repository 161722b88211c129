"""The egress guard: one outbound HTTP client for every request the server makes for
someone (docs/security.md, "Egress").  ``addresses`` (which IP ranges are refused, pure),
``policy`` (a channel's rules and the operator's allowlist), ``client`` (the aiohttp
session whose resolver checks what it resolves)."""

from __future__ import annotations

from .client import GuardedResolver, fetch, guarded_session, refusal_of
from .policy import (
    PUSH_SERVICES,
    AllowEntry,
    Destination,
    EgressPolicy,
    EgressRefused,
    parse_allow_list,
)

__all__ = [
    "PUSH_SERVICES",
    "AllowEntry",
    "Destination",
    "EgressPolicy",
    "EgressRefused",
    "GuardedResolver",
    "fetch",
    "guarded_session",
    "parse_allow_list",
    "refusal_of",
]
