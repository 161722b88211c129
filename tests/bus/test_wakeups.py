"""Two replicas on one PostgreSQL database with ``--bus``: a move, a chat message and a
notification committed on one wake the streams on the other through NATS -- within a
bound far below the streams' own polls -- and no NOTIFY is sent at all (a LISTEN
connection of the test's own on every store channel hears nothing)."""

from __future__ import annotations

import asyncio
import time

import pytest

from fiveup.notifications import Notice, NoticeKind
from fiveup.v1 import notifications_pb2

from ..harness import auth, start, stop
from ..service.chat_table import Table, sign_in, signed_in_table, words
from ..service.test_notifications import notifications
from .play import bus_of, check_stream, new_game, no_notify, play, reach, version_of, watch_all

pytestmark = pytest.mark.postgres

BOUND = 2.0  # seconds: a wake-up through the bus; the streams' own polls are 5-10 s


async def test_a_move_on_one_replica_wakes_a_watcher_on_the_other(
    pg_url: str, bus_settings: dict[str, object]
) -> None:
    async with no_notify(pg_url):
        a = await start(pg_url, **bus_settings)
        b = await start(pg_url, **bus_settings)
        try:
            game = await new_game(a.matches)
            ((_, on_a), (_, on_b)) = await watch_all([a.matches, b.matches], [game])
            for i in range(8):  # alternately through each replica
                version = await play((a, b)[i % 2].matches, game)
                assert version is not None
                for watcher in (on_a, on_b):
                    await reach(watcher, version, BOUND)
            for watcher in (on_a, on_b):
                check_stream(watcher)
                await watcher.stop()
            # The other replica's half of the moves came to each through the bus.
            for replica in (a, b):
                assert bus_of(replica).counts["match", "received"] >= 4
                assert bus_of(replica).counts["match", "sent"] >= 4
        finally:
            await stop(b)
            await stop(a)


async def test_a_chat_message_wakes_a_reader_on_the_other_replica(
    pg_url: str, bus_settings: dict[str, object]
) -> None:
    async with no_notify(pg_url):
        a = await start(pg_url, **bus_settings)
        b = await start(pg_url, **bus_settings)
        try:
            table = await signed_in_table(a, 2, ["Asha", "Bilal"])
            await table.say(0, text="first")
            remote = Table(b, table.match_id, table.seats)
            stream = remote.watch(1)
            try:
                # The stream on B is open and waiting once it has the first line...
                assert words(await stream.until(1, timeout=BOUND)) == ["first"]
                # ... so the second, written on A, reaches it only by a wake-up.
                await table.say(0, text="hello from replica A")
                got = await stream.until(2, timeout=BOUND)
                assert words(got) == ["first", "hello from replica A"]
            finally:
                await stream.stop()
            assert bus_of(b).counts["chat", "received"] >= 2
        finally:
            await stop(b)
            await stop(a)


async def test_a_notification_wakes_its_stream_on_the_other_replica(
    pg_url: str, bus_settings: dict[str, object]
) -> None:
    async with no_notify(pg_url):
        a = await start(pg_url, **bus_settings)
        b = await start(pg_url, **bus_settings)
        try:
            outbox = a.app.contexts.notifications
            token = await sign_in(b, "Chidi")
            player_id = (await b.app.contexts.players.authenticate(token)).player_id

            async def tell(cause: str) -> Notice:
                """A writer of notices on replica A: commit, then tell the outbox."""
                notice = Notice.of(NoticeKind.INVITED, player_id, cause, time.time())
                told = await outbox.store.write([notice])
                assert told == [player_id]
                outbox.outbox.published(told)
                return notice

            first = await tell("bus-test-1")
            call = notifications(b).WatchNotifications(
                notifications_pb2.WatchNotificationsRequest(after_seq=0), metadata=auth(token)
            )
            try:
                async with asyncio.timeout(BOUND):
                    stream = aiter(call)
                    got = await anext(stream)
                    assert got.notification.notification_id == first.notice_id
                    # The stream on B is open and waiting: the next notice written on A
                    # reaches it only by a wake-up.
                    second = await tell("bus-test-2")
                    got = await anext(stream)
                    assert got.notification.notification_id == second.notice_id
            finally:
                call.cancel()
            assert bus_of(b).counts["notify", "received"] >= 2
        finally:
            await stop(b)
            await stop(a)


async def test_a_replica_reads_nothing_for_a_match_it_holds_that_nobody_there_follows(
    pg_url: str, bus_settings: dict[str, object]
) -> None:
    """B holds the match (a client read it there) but nobody on B watches it: B's
    wake-ups for A's moves only mark its fold behind -- no read, no catch-up -- and B
    reads once when a client asks it again."""
    a = await start(pg_url, **bus_settings)
    b = await start(pg_url, **bus_settings)
    try:
        game = await new_game(a.matches)
        seen = await version_of(b.matches, game)
        on_b = b.app.contexts.match.matches
        session = on_b.repository.cached(game.match_id)
        assert session is not None and session.match.version == seen
        received = bus_of(b).counts["match", "received"]
        latest = seen
        for _ in range(4):
            version = await play(a.matches, game)
            assert version is not None
            latest = version
        async with asyncio.timeout(BOUND):  # B has heard all four (handled as it hears)
            while bus_of(b).counts["match", "received"] < received + 4:
                await asyncio.sleep(0.01)
        assert session.stale and session.match.version == seen
        assert on_b.catch_up.running == 0
        assert on_b.repository.cached(game.match_id) is session
        assert await version_of(b.matches, game) == latest
        assert session.match.version == latest and not session.stale
    finally:
        await stop(b)
        await stop(a)
