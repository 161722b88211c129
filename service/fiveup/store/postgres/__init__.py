"""The PostgreSQL adapters (several replicas on one database): the event store
(``events``, with LISTEN/NOTIFY between replicas) and the player, lobby and rating stores
beside it, each with its own pool and versioned schema (``common``)."""
