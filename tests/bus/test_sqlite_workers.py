"""Workers sharing one SQLite file (``--workers N``) with a bus: each worker's appends
wake the others' watchers through NATS, so they stop polling the file (their caches are
``Freshness.NOTIFIED``, their watchers' poll is off).  Two in-process servers on one file,
configured as workers, stand for two worker processes."""

from __future__ import annotations

from pathlib import Path

from fiveup.match.repository import Freshness

from ..harness import start, stop
from .play import bus_of, check_stream, new_game, play, reach, watch_all

BOUND = 2.0


async def test_workers_on_one_sqlite_file_wake_each_other_through_the_bus(
    tmp_path: Path, bus_settings: dict[str, object]
) -> None:
    db = tmp_path / "matches.sqlite3"
    a = await start(db, workers=2, **bus_settings)
    b = await start(db, workers=2, **bus_settings)
    try:
        for worker in (a, b):
            config = worker.app.contexts.match.matches.config
            assert (config.freshness, config.watch_poll_seconds) == (Freshness.NOTIFIED, 0.0)
        game = await new_game(a.matches)
        ((_, on_a), (_, on_b)) = await watch_all([a.matches, b.matches], [game])
        for i in range(8):
            version = await play((a, b)[i % 2].matches, game)
            assert version is not None
            for watcher in (on_a, on_b):
                await reach(watcher, version, BOUND)
        for watcher in (on_a, on_b):
            check_stream(watcher)
            await watcher.stop()
        for worker in (a, b):
            assert bus_of(worker).counts["match", "received"] >= 4
    finally:
        await stop(b)
        await stop(a)
