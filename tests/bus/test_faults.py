"""The bus fails under moves, on a NATS server of the test's own: one replica's
connection is cut (a relay between it and NATS drops it and refuses it for a while),
then NATS itself is restarted.  No acknowledged move is lost (the store is the truth),
and every watcher on every replica has every event within ``CATCH_UP`` seconds of the
bus coming back: the replica that lost the bus wakes every unfinished match once when it
is back, and what the others published meanwhile is no longer needed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import grpc
import pytest
from prometheus_client import REGISTRY

from fiveup.notifications import Notice, NoticeKind
from fiveup.v1 import notifications_pb2

from ..harness import Running, auth, start, stop
from ..nats_server import CuttableProxy, NatsServer, prefix
from ..service.chat_table import sign_in
from ..service.players import Watcher
from ..service.test_notifications import notifications
from .play import Game, bus_of, check_stream, new_game, play, reach, watch_all

pytestmark = pytest.mark.postgres

CATCH_UP = 2.0  # seconds after the bus is back
PROMPT = 2.0  # a live wake-up
GAMES = 3
MOVES_APART = 12  # moves committed while the bus is away


@pytest.fixture
async def nats(tmp_path: Path) -> AsyncIterator[NatsServer]:
    server = NatsServer(tmp_path / "nats.log")
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class Mover:
    """Moves through the replicas in turn, across the games; remembers every
    acknowledged version per game."""

    def __init__(self, replicas: list[Running], games: list[Game]) -> None:
        self.replicas = replicas
        self.games = games
        self.acked: dict[str, list[int]] = {g.match_id: [] for g in games}
        self.turn = 0

    async def moves(self, count: int) -> None:
        for _ in range(count):
            game = self.games[self.turn % len(self.games)]
            replica = self.replicas[self.turn % len(self.replicas)]
            self.turn += 1
            version = await play(replica.matches, game)
            if version is not None:
                self.acked[game.match_id].append(version)

    def last(self, game: Game) -> int:
        return max(self.acked[game.match_id], default=0)


class NoticeReader:
    """A player signed in on ``reader``, their notice stream open there, and notices
    written for them on ``writer`` (commit, then the outbox is told)."""

    def __init__(self, writer: Running, reader: Running) -> None:
        self.writer = writer
        self.reader = reader
        self.written = 0
        self.call: grpc.aio.UnaryStreamCall[Any, Any] | None = None

    async def open(self) -> None:
        token = await sign_in(self.reader, "Reader")
        self.player_id = (await self.reader.app.contexts.players.authenticate(token)).player_id
        await self.tell()
        self.call = notifications(self.reader).WatchNotifications(
            notifications_pb2.WatchNotificationsRequest(after_seq=0), metadata=auth(token)
        )
        self.stream = aiter(self.call)
        await self.next(PROMPT)  # the stream is open and waiting from now on

    async def tell(self) -> None:
        self.written += 1
        notice = Notice.of(NoticeKind.INVITED, self.player_id, f"fault-{self.written}", 0.0)
        context = self.writer.app.contexts.notifications
        context.outbox.published(await context.store.write([notice]))

    async def next(self, bound: float) -> None:
        async with asyncio.timeout(bound):
            item = await anext(self.stream)
        assert item.notification.seq == self.written

    def close(self) -> None:
        if self.call is not None:
            self.call.cancel()


async def everyone_catches_up(
    watchers: list[tuple[Game, Watcher]], mover: Mover, bound: float
) -> float:
    """The slowest watcher's wait for its game's last acknowledged version."""
    waits = await asyncio.gather(*(reach(w, mover.last(g), bound) for g, w in watchers))
    return max(waits)


def _bus_metrics() -> tuple[float, float]:
    """fiveup_bus_wakeups_total{kind="match", outcome="missed"}, fiveup_bus_reconnects_total."""
    missed = REGISTRY.get_sample_value(
        "fiveup_bus_wakeups_total", {"kind": "match", "outcome": "missed"}
    )
    reconnects = REGISTRY.get_sample_value("fiveup_bus_reconnects_total")
    return missed or 0.0, reconnects or 0.0


async def _fault(
    pg_url: str,
    urls: tuple[str, str],
    keys: str,
    away: Callable[[], Awaitable[None]],
    back: Callable[[], Awaitable[None]],
    cut_off: Callable[[Running, Running], list[Running]],
) -> float:
    """Two replicas (bus URLs ``urls``); moves; ``away()``; moves; ``back()``; the
    catch-up time.  ``cut_off``: the replicas that lose the bus."""
    settings = {"bus_prefix": prefix(), "access_token_keys": keys}
    a = await start(pg_url, bus=urls[0], **settings)
    b = await start(pg_url, bus=urls[1], **settings)
    watchers: list[tuple[Game, Watcher]] = []
    reader = NoticeReader(writer=a, reader=b)
    try:
        await reader.open()
        games = [await new_game(a.matches) for _ in range(GAMES)]
        watchers = await watch_all([a.matches, b.matches], games)
        mover = Mover([a, b], games)
        await mover.moves(2 * GAMES)
        await everyone_catches_up(watchers, mover, PROMPT)  # live, through the bus
        lost = cut_off(a, b)
        missed_before = {id(r): bus_of(r).counts["match", "missed"] for r in lost}
        metrics_before = _bus_metrics()
        await away()
        async with asyncio.timeout(10):  # the clients have noticed
            while any(bus_of(r).connected for r in lost):
                await asyncio.sleep(0.01)
        await mover.moves(MOVES_APART)  # committed while the bus is away
        await reader.tell()  # ... and a notice (the stream's own poll is 5 s)
        await back()
        loop = asyncio.get_running_loop()
        came_back = loop.time()
        await asyncio.gather(everyone_catches_up(watchers, mover, CATCH_UP), reader.next(CATCH_UP))
        caught_up = loop.time() - came_back
        for replica in lost:
            assert bus_of(replica).counts["match", "missed"] > missed_before[id(replica)]
            assert bus_of(replica).connected
        # ... and the metrics say so (the two replicas share this process's registry).
        missed, reconnects = _bus_metrics()
        assert missed >= metrics_before[0] + len(lost)
        assert reconnects >= metrics_before[1] + len(lost)
        assert REGISTRY.get_sample_value("fiveup_bus_connected") == 1
        await mover.moves(2 * GAMES)  # and live again
        await everyone_catches_up(watchers, mover, PROMPT)
        # No acknowledged move is lost: each watcher saw every version once, in order,
        # up to its game's last acknowledged one, and the log holds them.
        for game, watcher in watchers:
            check_stream(watcher)
            assert set(mover.acked[game.match_id]) <= {e.version for e in watcher.events}
            assert await a.app.contexts.stores.events.latest_version(game.match_id) == (
                mover.last(game)
            )
        return caught_up
    finally:
        reader.close()
        for _, watcher in watchers:
            await watcher.stop()
        await stop(b)
        await stop(a)


async def test_a_replica_that_loses_the_bus_catches_up_when_it_is_back(
    pg_url: str, nats: NatsServer, keys: str
) -> None:
    relay = CuttableProxy(nats.port)
    await relay.start()
    try:

        async def away() -> None:
            relay.cut()

        async def back() -> None:
            relay.heal()

        caught_up = await _fault(pg_url, (nats.url, relay.url), keys, away, back, lambda a, b: [b])
    finally:
        await relay.close()
    print(f"one replica's bus cut: every watcher caught up {caught_up:.3f} s after it was back")


async def test_every_watcher_catches_up_after_nats_restarts(
    pg_url: str, nats: NatsServer, keys: str
) -> None:
    caught_up = await _fault(
        pg_url, (nats.url, nats.url), keys, nats.stop, nats.start, lambda a, b: [a, b]
    )
    print(f"NATS restarted: every watcher caught up {caught_up:.3f} s after it was back")
