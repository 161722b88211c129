"""Table chat on PostgreSQL across two replicas: a stream on one hears a message written
through the other at once (NOTIFY), flood limits count both, and a held message is
released at its round's end by a replica nobody is chatting on."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest

from ..harness import Running, start, stop, wait_for
from ..postgres_db import fresh_database
from .chat_table import Table, signed_in_table, words
from .helpers import error_info

pytestmark = pytest.mark.postgres


@pytest.fixture
async def replicas(tmp_path: Path) -> AsyncIterator[tuple[Running, Running]]:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    with fresh_database() as url:
        options = {"access_token_keys": str(keys)}
        a = await start(url, **options)  # type: ignore[arg-type]
        b = await start(url, **options)  # type: ignore[arg-type]
        try:
            yield a, b
        finally:
            await stop(b)
            await stop(a)


def on(table: Table, server: Running) -> Table:
    return Table(server, table.match_id, table.seats)


async def test_a_stream_on_one_replica_hears_the_other(replicas: tuple[Running, Running]) -> None:
    a, b = replicas
    table = await signed_in_table(a, 2)
    stream = on(table, b).watch(1)
    try:
        await table.say(0, text="from replica a")
        assert words(await stream.until(1, timeout=20)) == ["from replica a"]
    finally:
        await stream.stop()


async def test_flood_limits_count_every_replica(replicas: tuple[Running, Running]) -> None:
    a, b = replicas
    table = await signed_in_table(a, 2)
    for n in range(5):
        await on(table, (a, b)[n % 2]).say(0, text=f"burst {n}")
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await on(table, b).say(0, text="one more")
    assert error_info(caught.value).reason == "CHAT_RATE_LIMITED"


async def test_a_held_message_is_released_without_a_reader(
    replicas: tuple[Running, Running],
) -> None:
    a, b = replicas
    table = await signed_in_table(a, 4)
    held = await table.say(0, text="partner: lead the blanks")
    assert held.held
    await on(table, b).play_round()  # the round ends through the other replica
    assert b.app.contexts is not None
    store = b.app.contexts.chat.store

    async def released() -> bool:
        line = await store.line_by_id(table.match_id, held.message_id)
        return line is not None and line.released_seq is not None

    await wait_for(released)  # the sweeper of one of them released it
    got = await on(table, b).read(2)
    assert words(got) == ["partner: lead the blanks"] and got[0].delayed


async def test_a_held_message_wakes_no_stream_of_its_readers_on_the_other_replica(
    replicas: tuple[Running, Running],
) -> None:
    """The wake-ups that cross replicas (NOTIFY) name the views that gained a message:
    the partner's stream on the other replica is given the next message it may read,
    at the next position, and never anything of the held one before."""
    a, b = replicas
    table = await signed_in_table(a, 4)
    partner = on(table, b).watch(2)
    author = on(table, b).watch(0)
    try:
        held = await table.say(0, text="partner: lead the blanks")
        assert held.held
        assert [(m.message_id, m.held) for m in await author.until(1)] == [(held.message_id, True)]
        hello = await table.say(1, phrase="hello")  # a courtesy phrase: seat 2 at once
        first = (await partner.until(1))[0]
        assert (first.message_id, first.cursor) == (hello.message_id, 1)
    finally:
        await partner.stop()
        await author.stop()
