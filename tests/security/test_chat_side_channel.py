"""Finding 4 of issue 31, through a real server: chat reveals nothing it holds.

A partner who only reads must see no cursor, id or count move while the other partner
sends 3, 1 and 4 held messages, nor when an outside helper writes in the spectators'
room; once the round ends the held messages appear, each at its own position, after
what the reader had.  A stream is not woken by a message held from its reader (the
first thing it delivers is the next message its reader may read, at the next
position).  Reads are limited per reader: a flood of 2,753 reads is refused, a real
client's pace is not."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest

from fiveup.v1 import chat_pb2

from ..harness import Running, auth, server_fixture
from ..service.chat_table import Table, sign_in, signed_in_table, words
from ..service.helpers import error_info
from .conftest import FakeClock, retry_delay

PLAYERS, SPECTATORS = chat_pb2.CHAT_ROOM_PLAYERS, chat_pb2.CHAT_ROOM_SPECTATORS


# flood rules that let one author send the finding's 8 messages at once (the rules under
# test here are the views, not the flood limits)
roomy = server_fixture(chat_burst=50, chat_per_minute=100)


# the default settings (the read limit's among them)
server = server_fixture()


async def page(table: Table, who: int | str | None, room: int = PLAYERS
               ) -> chat_pb2.ListChatMessagesResponse:  # fmt: skip
    token = table.seats[who].token if isinstance(who, int) else who
    return await table.chat.ListChatMessages(
        chat_pb2.ListChatMessagesRequest(match_id=table.match_id, room=room),
        metadata=auth(token) if token else None,
    )


def seen(answer: chat_pb2.ListChatMessagesResponse) -> tuple[int, list[int]]:
    """What a reader can tell from a page: the cursor, and the ids and cursors given."""
    return answer.cursor, [x for m in answer.messages for x in (m.message_id, m.cursor)]


async def test_a_partner_who_only_reads_sees_nothing_move_until_the_release(
    roomy: Running,
) -> None:
    table = await signed_in_table(roomy, 4)
    helper = await sign_in(roomy, "Outside Helper")
    partner_stream = table.watch(2)
    try:
        quiet = {seat: seen(await page(table, seat)) for seat in (1, 2, 3)}
        spectators_quiet = seen(await page(table, None, SPECTATORS))
        sent = []
        for burst in (3, 1, 4):  # the finding's signal
            for n in range(burst):
                message = await table.say(0, text=f"burst of {burst}: {n}")
                assert message.held
                sent.append(message)
            for seat in (1, 2, 3):  # the partner and both opponents
                assert seen(await page(table, seat)) == quiet[seat], (burst, seat)
        spoken = await table.say(helper, text="partner, lead the 6-6", room=SPECTATORS)
        assert spoken.held  # a room of four seats: held for the round
        for seat in (1, 2, 3):
            assert seen(await page(table, seat)) == quiet[seat]
        assert seen(await page(table, None, SPECTATORS)) == spectators_quiet

        # the next message the partner may read comes at the next position, and it is
        # the first thing their stream delivers: no held message reached it
        hello = await table.say(1, phrase="hello")  # courtesy: the opponents at once
        assert hello.held  # still held from seat 1's own partner
        first = (await partner_stream.until(1))[0]
        assert (first.phrase, first.cursor, first.message_id) == ("hello", 1, hello.message_id)
        assert (await page(table, 2)).cursor == 1

        await table.play_round()
        # released: the partner reads each held message at its own position, in order,
        # after what they had read, marked delayed
        released = await partner_stream.until(9)
        assert [m.cursor for m in released] == list(range(1, 10))
        assert words(released[1:]) == words(sent) and all(m.delayed for m in released[1:])
        assert [m.message_id for m in released[1:]] == [m.message_id for m in sent]
        # the courtesy phrase, read early, comes again released (no longer held) last
        again = (await partner_stream.until(10))[9]
        assert (again.message_id, again.cursor, again.held) == (hello.message_id, 10, False)
        after = await page(table, 2)  # each message once, at its last copy
        assert after.cursor == 10 and [m.cursor for m in after.messages] == list(range(2, 11))
        # ids count nothing: random, not the match's line numbers
        ids = [m.message_id for m in after.messages]
        assert len(set(ids)) == len(ids) and min(ids) > 1_000
        # the author read them early (positions 1-8, hello at 9); the released copies
        # follow in their own view (10-18)
        author = await page(table, 0)
        assert author.cursor == 18 and not any(m.held for m in author.messages)
        # the helper's message is released to the spectators' room alone
        spectators = await page(table, None, SPECTATORS)
        assert [(m.text, m.cursor, m.delayed) for m in spectators.messages] == [
            ("partner, lead the 6-6", 1, True)
        ]
        assert seen(await page(table, 1)) != quiet[1]  # the opponents read them now too
    finally:
        await partner_stream.stop()


async def test_a_shadowed_author_moves_no_one_elses_cursor(server: Running) -> None:
    table = await signed_in_table(server, 2)
    assert server.app.contexts is not None
    chat = server.app.contexts.chat
    player = (await chat.players.get(table.seats[0].token)).player_id
    await chat.store.silence(player, time.time() + 3600, "spam", time.time())
    quiet = seen(await page(table, 1))
    mine = await table.say(0, text="buy gems")
    assert seen(await page(table, 1)) == quiet
    assert [m.message_id for m in (await page(table, 0)).messages] == [mine.message_id]
    with pytest.raises(grpc.aio.AioRpcError) as caught:  # nor can its id be probed
        await table.chat.MuteChatAuthor(
            chat_pb2.MuteChatAuthorRequest(match_id=table.match_id, message_id=mine.message_id,
                                           muted=True),
            metadata=auth(table.seats[1].token),
        )  # fmt: skip
    assert error_info(caught.value).reason == "CHAT_MESSAGE_NOT_FOUND"


async def test_a_flood_of_reads_is_refused(server: Running) -> None:
    table = await signed_in_table(server, 2)
    gate = asyncio.Semaphore(64)
    refusals: list[grpc.aio.AioRpcError] = []

    async def one() -> bool:
        async with gate:
            try:
                await page(table, 1)
                return True
            except grpc.aio.AioRpcError as exc:
                refusals.append(exc)
                return False

    began = time.monotonic()
    answered = sum(await asyncio.gather(*(one() for _ in range(2_753))))
    took = time.monotonic() - began
    # the burst (30) and what the rate (2 a second) gave back meanwhile, no more
    assert answered <= 30 + 2 * took + 1, (answered, took)
    assert len(refusals) == 2_753 - answered
    refused = refusals[0]
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    info = error_info(refused)
    assert info.reason == "CHAT_READS_LIMITED" and info.metadata["scope"] == "reader"
    assert 0 < (retry_delay(refused) or 0) <= 0.5  # a token is back within half a second
    # a stream opened now is refused too (each opening reads the whole room)
    stream = table.watch(1)
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await stream.until(1, timeout=10)
    assert error_info(caught.value).reason == "CHAT_READS_LIMITED"
    # another reader is not held up by the flooder
    assert (await page(table, 0)).cursor == 0


async def test_a_real_clients_pace_passes(server: Running) -> None:
    table = await signed_in_table(server, 2)
    assert server.app.contexts is not None
    clock = FakeClock()
    server.app.contexts.chat.reads.clock = clock
    await table.say(0, text="hi")
    for _ in range(30):  # a page load's burst: history and streams of both rooms, retries
        await page(table, 1)
    for _ in range(240):  # then a REST client polling every second for four minutes
        clock.advance(1.0)
        assert (await page(table, 1)).cursor == 1
