"""The store's settings group: the database every context's store opens, and the
backends' own options (typed: ``StoreOptions``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting
from .options import NOTIFY_MODES, SYNCHRONOUS_LEVELS, StoreOptions


@dataclass
class StoreSettings(SettingsGroup):
    TITLE = "the store"

    db: str = setting(
        "fiveup.sqlite3", "the event store: a SQLite file path or a postgresql:// URL"
    )
    sqlite_synchronous: str = setting(
        "normal", "SQLite durability: normal survives a crash, full also power loss",
        SYNCHRONOUS_LEVELS,
    )  # fmt: skip
    pg_notify: str = setting(
        "transaction", "PostgreSQL: send an append's notification inside its transaction, "
        "or right after it commits (lifts the cluster-wide commit ceiling)", NOTIFY_MODES,
    )  # fmt: skip


def store_options(settings: StoreSettings) -> StoreOptions:
    """The event store's options: each backend reads its own (SQLite's ``synchronous``,
    PostgreSQL's ``notify``)."""
    return StoreOptions(synchronous=settings.sqlite_synchronous, notify=settings.pg_notify)
