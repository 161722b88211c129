"""Telemetry's settings group: the /metrics endpoint, the logs and the collector."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


@dataclass
class TelemetrySettings(SettingsGroup):
    TITLE = "telemetry (metrics, logs, the collector)"

    metrics_port: int = setting(9464, "port of the Prometheus /metrics endpoint (-1: off, 0: any)")
    metrics_address: str = setting("127.0.0.1", "address the /metrics endpoint binds")
    gc_freeze: bool = setting(
        True,
        "freeze the startup heap once serving (gc.freeze): full collections then walk "
        "only the live matches and players, not every module (docs/performance.md)",
    )
    gc_young_threshold: int = setting(
        10_000,
        "allocations between two young-generation collections (Python's own: 700); "
        "fewer short-lived call objects then live long enough to be walked again and again",
    )
    log_json: bool = setting(False, "log JSON lines instead of text")
    log_level: str = setting("INFO", "lowest level logged", LOG_LEVELS)

    def problems(self) -> list[str]:
        if self.gc_young_threshold < 1:
            return [
                f"gc_young_threshold ({self.gc_young_threshold}) must be at least 1 (0 would "
                "turn the collector off, and cyclic garbage would never be freed)"
            ]
        return []
