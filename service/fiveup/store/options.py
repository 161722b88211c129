"""The values a store's options may take: one list each, shared by the stores that check
them and the server configuration that offers them (``fiveup serve --help``) without
importing a database driver."""

from __future__ import annotations

# SQLite's PRAGMA synchronous levels (lower case, as the flag takes them).
SYNCHRONOUS_LEVELS = ("off", "normal", "full", "extra")
# When PostgreSQL sends an append's notification: inside the appending transaction, or
# from a sender task right after it commits (fiveup.store.postgres.events explains the trade).
NOTIFY_MODES = ("transaction", "after_commit")
