"""The bus's settings group: where replicas wake each other (docs/scaling.md, "The bus")."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting


@dataclass
class BusSettings(SettingsGroup):
    TITLE = "the bus (wake-ups between replicas)"

    bus: str = setting(
        "", "wake other replicas through NATS, e.g. nats://nats:4222, instead of PostgreSQL's "
        "LISTEN/NOTIFY, or workers' polls of one SQLite file (empty: no bus; docs/scaling.md)",
    )  # fmt: skip
    bus_prefix: str = setting(
        "fiveup", "the bus's subject prefix (<prefix>.wake.match ...): deployments sharing "
        "one NATS each take their own",
    )  # fmt: skip

    def problems(self) -> list[str]:
        found = []
        if self.bus and not self.bus.startswith(("nats://", "tls://")):
            found.append(f"bus ({self.bus}) must be a nats:// (or tls://) URL")
        if self.bus_prefix and not all(part.isidentifier() for part in self.bus_prefix.split(".")):
            found.append(f"bus_prefix ({self.bus_prefix}) must be dot-separated words")
        return found
