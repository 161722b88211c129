"""The match context: the use cases of a match (``Matches``), its repository over the
event store, the event mapper, the broker that wakes local watchers, the bots' turns and
the turn timer (``autoplay``), hints, named results, the observer protocol, retention,
its errors, and the rebuild of ratings from the match logs.  Its port is
``ports.EventStore`` (with ``RetainingStore`` and ``NotifyingStore``); its builder
``builder.build_match``."""
