"""How a package declares its settings of ``fiveup serve``: a settings group.

Each context (and each edge that has settings: the api's limits, the store, telemetry)
declares one typed dataclass of ``setting(...)`` fields in its own ``settings.py``, the
way lila's modules each read their own config section; the composition root
(``fiveup.app.config.ServerConfig``) gathers the groups into the one flat list of flags
and ``FIVEUP_*`` variables.  A field's name is its flag (``--x-y``) and its variable
(``FIVEUP_X_Y``), so a setting moves from one group to another without an operator
noticing.  Beside its group, each package keeps the function that turns the group into
its own config objects: it alone knows what its settings mean."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from .usererror import UserError


class ConfigError(UserError, ValueError):
    """Settings the server cannot start with; the message says which and why."""


def setting(
    default: Any, help: str, choices: tuple[str, ...] | None = None, *, repeatable: bool = False
) -> Any:
    """A settings field with its help text (and its allowed values).  ``repeatable``: a
    text setting whose flag may be given several times (the values joined by commas)."""
    return field(
        default=default, metadata={"help": help, "choices": choices, "repeatable": repeatable}
    )


class SettingsGroup:
    """The base of every group: the settings of one package, checked together."""

    # The heading of the group in ``fiveup serve --help``.
    TITLE = ""

    def problems(self) -> list[str]:
        """Settings of this group that cannot work together, one sentence each."""
        return []
