"""The egress guard's settings group: the destinations the operator admits beyond the
guard's own rules (``fiveup.egress.policy``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import ConfigError, SettingsGroup, setting
from .policy import AllowEntry, parse_allow_list


@dataclass
class EgressSettings(SettingsGroup):
    TITLE = "the egress guard"

    # The egress guard (docs/security.md, "Egress"): where the server may send requests
    # for someone.  Web Push goes only to the browser push services unless listed here.
    egress_allow: str = setting(
        "", "HOST[:PORT] the server may also send to, its addresses not range-checked (a "
        "private push relay; 127.0.0.1 for a test's loopback push service); a host alone "
        "admits all its ports; repeat the flag, or separate with commas",
        repeatable=True,
    )  # fmt: skip


def egress_allow(settings: EgressSettings) -> tuple[AllowEntry, ...]:
    """``--egress-allow``'s entries (ConfigError for one that is not HOST[:PORT])."""
    try:
        return parse_allow_list(settings.egress_allow)
    except ValueError as exc:
        raise ConfigError(f"--egress-allow: {exc}") from None
