"""Workers sharing one SQLite file (``--workers N``) with a bus: each worker's appends
wake the others' watchers through NATS, so they stop polling the file (their caches are
``Freshness.NOTIFIED``, their watchers' poll is off), and its chat lines and notices wake
the others' chat and notice streams (which otherwise find them at their next poll, 10 s
and 5 s).  The first test runs two in-process servers on one file, configured as
workers; the second a real ``fiveup serve --workers 2 --bus``, its clients' connections
found on each worker through the workers' own metrics."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any, cast

import grpc

from bench._server import ServerProcess
from fiveup.chat.rooms import ChatConfig
from fiveup.match.repository import Freshness
from fiveup.notifications.outbox import OutboxConfig
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, notifications_pb2, rules_pb2_grpc

from ..harness import Running, auth, start, stop
from ..nats_server import prefix, require_nats
from ..service.chat_table import Table, signed_in_table, words
from ..service.test_notifications import correspondence_table, move, notifications
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


def _connect(server: ServerProcess) -> Running:
    """A client of its own TCP connection (no subchannel shared with other channels),
    which the kernel hands to one of the workers."""
    channel = grpc.aio.insecure_channel(
        server.address, options=[("grpc.use_local_subchannel_pool", 1)]
    )
    return Running(
        cast(Any, None), server.port, channel, match_pb2_grpc.MatchServiceStub(channel),
        rules_pb2_grpc.RulesServiceStub(channel), "",
    )  # fmt: skip


def _started(server: ServerProcess, index: int) -> float:
    return sum(
        value
        for name, labels, value in server.worker_samples(index)
        if name == "grpc_server_started_total" and 'grpc_method="GetMatch"' in labels
    )


def _received(server: ServerProcess, index: int, kind: str) -> float:
    return sum(
        value
        for name, labels, value in server.worker_samples(index)
        if name == "fiveup_bus_wakeups_total"
        and f'kind="{kind}"' in labels
        and 'outcome="received"' in labels
    )


async def _worker_of(server: ServerProcess, client: Running, match_id: str) -> int:
    """Which worker serves ``client``'s connection: the one whose count of GetMatch
    calls the client's own call moved (nothing else calls meanwhile)."""
    before = [await asyncio.to_thread(_started, server, i) for i in range(server.workers)]
    await client.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))
    after = [await asyncio.to_thread(_started, server, i) for i in range(server.workers)]
    (moved,) = [i for i in range(server.workers) if after[i] > before[i]]
    return moved


async def _on_another_worker(
    server: ServerProcess, worker: int, match_id: str, opened: list[Running]
) -> Running:
    """A client whose connection another worker than ``worker`` serves."""
    for _ in range(32):  # the kernel picks by the connection's ports: about one in two
        client = _connect(server)
        opened.append(client)
        if await _worker_of(server, client, match_id) != worker:
            return client
    raise AssertionError("32 connections, all on one worker")


async def test_real_workers_wake_each_others_chat_and_notice_streams_through_the_bus(
    tmp_path: Path, keys: str
) -> None:
    """Two worker processes on one SQLite file: a chat line and a notice committed by
    one worker reach a stream held on the other well within the streams' polls."""
    assert min(OutboxConfig().poll_seconds, ChatConfig().poll_seconds) > BOUND
    env = {"FIVEUP_BUS": require_nats(), "FIVEUP_BUS_PREFIX": prefix(),
           "FIVEUP_ACCESS_TOKEN_KEYS": keys}  # fmt: skip
    server = ServerProcess(tmp_path, workers=2, env=env, metrics=True)
    await asyncio.to_thread(server.start)
    opened: list[Running] = []
    try:
        here = _connect(server)
        opened.append(here)
        table = await signed_in_table(here, 2, ["Chidi", "Dara"])
        worker = await _worker_of(server, here, table.match_id)
        there = await _on_another_worker(server, worker, table.match_id, opened)
        other = 1 - worker

        # Chat: the stream on the other worker is open and waiting once it has the first
        # line, so the second reaches it only by a wake-up (or a poll 10 s later).
        await Table(here, table.match_id, table.seats).say(0, text="first")
        stream = Table(there, table.match_id, table.seats).watch(1)
        try:
            assert words(await stream.until(1, timeout=10 * BOUND)) == ["first"]
            heard = await asyncio.to_thread(_received, server, other, "chat")
            said = time.monotonic()
            await Table(here, table.match_id, table.seats).say(0, text="from the other worker")
            got = await stream.until(2, timeout=BOUND)
            assert time.monotonic() - said < BOUND
            assert words(got) == ["first", "from the other worker"]
        finally:
            await stream.stop()
        assert await asyncio.to_thread(_received, server, other, "chat") > heard

        # Notices: a correspondence match; the player whose turn comes holds a notice
        # stream on the other worker, and each move that hands them the turn, made on
        # this worker, writes them a "your turn".
        game = await correspondence_table(here)
        view = (await here.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        waiting_seat = 1 - view.turn_seat
        waiting = game.tokens[waiting_seat]
        page = await notifications(there).ListNotifications(
            notifications_pb2.ListNotificationsRequest(after_seq=0), metadata=auth(waiting)
        )
        after = page.notifications[-1].seq if page.notifications else 0
        call = notifications(there).WatchNotifications(
            notifications_pb2.WatchNotificationsRequest(after_seq=after), metadata=auth(waiting)
        )
        received = aiter(call)

        async def hand_over() -> float:
            """Move (on this worker) until the waiting seat has the turn; when the move
            that gave it began."""
            while True:
                turn = (
                    await here.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))
                ).view.turn_seat
                began = time.monotonic()
                await move(here, game)
                now = (await here.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
                if turn != waiting_seat and now.turn_seat == waiting_seat:
                    return began

        try:
            # The first "your turn" may come from the stream's own first read...
            await hand_over()
            async with asyncio.timeout(10 * BOUND):
                first = await anext(received)
            assert first.notification.kind == notifications_pb2.NOTIFICATION_KIND_YOUR_TURN
            # ... the stream is now open and waiting: the next reaches it by a wake-up.
            heard = await asyncio.to_thread(_received, server, other, "notify")
            began = await hand_over()
            async with asyncio.timeout(BOUND):
                second = await anext(received)
            assert time.monotonic() - began < BOUND
            assert second.notification.kind == notifications_pb2.NOTIFICATION_KIND_YOUR_TURN
            assert second.notification.match_id == game.match_id
        finally:
            call.cancel()
        assert await asyncio.to_thread(_received, server, other, "notify") > heard
    finally:
        for client in opened:
            await client.channel.close()
        await asyncio.to_thread(server.stop)
