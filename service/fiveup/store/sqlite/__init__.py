"""The SQLite adapters (the embedded default): the event store (``events``) and the
player, lobby and rating stores beside it in the same file, each on a worker thread of
its own (``worker``)."""
