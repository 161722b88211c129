"""The operators' context, built from the contexts it acts on (each area's use cases
receive, by their constructors, the ports they use)."""

from __future__ import annotations

from dataclasses import dataclass

from .ports import AuditLog


@dataclass(frozen=True, slots=True)
class AdminContext:
    """Every area of AdminService's core; the servicer's mixins reach their own."""

    audit: AuditLog
