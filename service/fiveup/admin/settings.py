"""The operators' settings group: who is an operator (docs/operations.md, "Operating a
live service")."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .builder import AdminConfig
from .operators import DEFAULT_TTL_SECONDS, OPERATOR_NAME, RoleClaim


@dataclass
class AdminSettings(SettingsGroup):
    TITLE = "operators (docs/operations.md, Operating a live service)"

    operator_credential_ttl_seconds: float = setting(
        DEFAULT_TTL_SECONDS, "lifetime of an operator credential (fiveup admin credential;"
        " rotating the access-token signing key ends every one sooner)",
    )  # fmt: skip
    operator_role_claim: str = setting(
        "", "claim=value: an ID token of the identity provider whose claim holds the value"
        " (a string, or a list of strings) is an operator's, e.g. roles=fiveup-operator;"
        " empty: no ID token is",
    )  # fmt: skip
    print_operator_credential: str = setting(
        "", "local stack only (make run sets it): print one operator credential for this"
        " name at start-up, signed by this process (so it works with an ephemeral key);"
        " empty: none",
    )  # fmt: skip

    def problems(self) -> list[str]:
        found = []
        if self.operator_credential_ttl_seconds <= 0:
            found.append(
                f"operator_credential_ttl_seconds ({self.operator_credential_ttl_seconds})"
                " must be above 0"
            )
        try:
            RoleClaim.parse(self.operator_role_claim)
        except ValueError as exc:
            found.append(str(exc))
        name = self.print_operator_credential
        if name and not OPERATOR_NAME.fullmatch(name):
            found.append(
                f"print_operator_credential {name!r}: an operator name is 1-64 characters"
                " of A-Z a-z 0-9 . _ @ -"
            )
        return found


def admin_config(settings: AdminSettings) -> AdminConfig:
    """The operators' settings, checked (``problems`` ran before any context is built)."""
    return AdminConfig(
        credential_ttl_seconds=settings.operator_credential_ttl_seconds,
        role=RoleClaim.parse(settings.operator_role_claim),
    )
