"""The bus: wake-ups between replicas (NATS; PostgreSQL's LISTEN/NOTIFY as the fallback).

A wake-up is a hint, never data: "match M moved", "chat key K has something new",
"player P has a new notice".  Whoever is woken re-reads the store from its own cursor,
so a lost, late or duplicated wake-up costs a read, never an event.  A replica that loses
the bus (or its subscription) is told ``EVERYTHING`` once it is back, and wakes every
unfinished match, every chat stream and every notice stream it has: what was announced
while it was away is gone.

``ports.WakeBus`` is the port the store adapters use (constructor injection: the
composition root opens the bus and hands it to the PostgreSQL stores); ``nats.NatsBus``
is its NATS implementation.  Without a bus the PostgreSQL stores keep LISTEN/NOTIFY
(``fiveup.store.postgres.listener``) and SQLite wakes in-process.
"""
