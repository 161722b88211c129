"""What the identity layer reports, and its Prometheus implementation.

``Players`` calls a typed observer (``IdentityObserver``); ``PrometheusIdentityObserver``
turns the calls into the metrics below (docs/operations.md).  Labels take values from
fixed sets only -- never a player id, a token or a subject::

    fiveup_sign_ins_total{method="guest|external", outcome="existing|created"}
    fiveup_session_refreshes_total{outcome="rotated|replayed|unknown|reused|revoked|expired"}
    fiveup_sessions_revoked_total{reason="sign_out|reuse|operator"}
    fiveup_auth_rejections_total{reason}   (reason: an UNAUTHENTICATED reason of docs/api.md)
    fiveup_jwks_fetches_total
    fiveup_guests_deleted_total           (guest retention: never seated, no live session)
"""

from __future__ import annotations

from typing import Protocol

from prometheus_client import Counter

from .errors import AUTH_REASONS
from .ports import Rotation

SIGN_INS = Counter(
    "fiveup_sign_ins", "Successful sign-ins, by method and whether they created the player.",
    ("method", "outcome"),
)  # fmt: skip
REFRESHES = Counter("fiveup_session_refreshes", "RefreshSession calls by outcome.", ("outcome",))
SESSIONS_REVOKED = Counter(
    "fiveup_sessions_revoked", "Sessions ended, by why (signed out or refresh token reuse).",
    ("reason",),
)  # fmt: skip
AUTH_REJECTIONS = Counter(
    "fiveup_auth_rejections",
    "Tokens refused (access, refresh or ID tokens), by the reason the client was given.",
    ("reason",),
)
GUESTS_DELETED = Counter(
    "fiveup_guests_deleted",
    "Guests deleted by retention: never took a seat, no live session, unseen for "
    "--guest-retention-seconds.",
)
JWKS_FETCHES = Counter(
    "fiveup_jwks_fetches", "Attempts to fetch the identity provider's JWKS (cache misses)."
)

SIGN_IN_METHODS = ("guest", "external")
REFRESH_OUTCOMES = tuple(rotation.value for rotation in Rotation)
REVOKE_REASONS = ("sign_out", "reuse", "operator")


class IdentityObserver(Protocol):
    def signed_in(self, method: str, created: bool) -> None: ...

    def refreshed(self, outcome: str) -> None: ...

    def session_revoked(self, reason: str) -> None: ...

    def rejected(self, reason: str) -> None: ...

    def guests_deleted(self, count: int) -> None: ...


class NullIdentityObserver:
    def signed_in(self, method: str, created: bool) -> None:
        pass

    def refreshed(self, outcome: str) -> None:
        pass

    def session_revoked(self, reason: str) -> None:
        pass

    def rejected(self, reason: str) -> None:
        pass

    def guests_deleted(self, count: int) -> None:
        pass


def _bounded(value: str, allowed: tuple[str, ...]) -> str:
    return value if value in allowed else "other"


class PrometheusIdentityObserver:
    """Series are created up front (at zero), so rate() and alerts see the first event."""

    def __init__(self) -> None:
        for method in SIGN_IN_METHODS:
            for outcome in ("existing", "created"):
                SIGN_INS.labels(method, outcome)
        for outcome in REFRESH_OUTCOMES:
            REFRESHES.labels(outcome)
        for reason in REVOKE_REASONS:
            SESSIONS_REVOKED.labels(reason)
        for reason in AUTH_REASONS:
            AUTH_REJECTIONS.labels(reason)

    def signed_in(self, method: str, created: bool) -> None:
        SIGN_INS.labels(
            _bounded(method, SIGN_IN_METHODS), "created" if created else "existing"
        ).inc()

    def refreshed(self, outcome: str) -> None:
        REFRESHES.labels(_bounded(outcome, REFRESH_OUTCOMES)).inc()

    def session_revoked(self, reason: str) -> None:
        SESSIONS_REVOKED.labels(_bounded(reason, REVOKE_REASONS)).inc()

    def rejected(self, reason: str) -> None:
        AUTH_REJECTIONS.labels(_bounded(reason, AUTH_REASONS)).inc()

    def guests_deleted(self, count: int) -> None:
        GUESTS_DELETED.inc(count)
