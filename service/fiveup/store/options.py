"""The event store's options: the values each may take (one list each, shared by the
stores that check them and the server configuration that offers them, ``fiveup serve
--help``) and ``StoreOptions``, the typed options an event store is opened with, all
without importing a database driver."""

from __future__ import annotations

from dataclasses import dataclass

# SQLite's PRAGMA synchronous levels (lower case, as the flag takes them).
SYNCHRONOUS_LEVELS = ("off", "normal", "full", "extra")
# When PostgreSQL sends an append's notification: inside the appending transaction, or
# from a sender task right after it commits (fiveup.store.postgres.events explains the trade).
NOTIFY_MODES = ("transaction", "after_commit")


@dataclass(frozen=True, slots=True)
class StoreOptions:
    """How an event store is opened; each backend reads its own option and ignores the
    other's (``fiveup.store.backends``)."""

    synchronous: str = "normal"  # SQLite: one of SYNCHRONOUS_LEVELS
    notify: str = "transaction"  # PostgreSQL: one of NOTIFY_MODES
