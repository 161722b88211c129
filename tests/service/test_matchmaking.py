"""The matchmaker over real channels (one server, SQLite): strangers seated together,
bots after the agreed wait, parties as partners, cancel and disconnect."""

from __future__ import annotations

import asyncio
import time

import grpc
import pytest

from fiveup.v1 import lobby_pb2 as lb
from fiveup.v1 import lobby_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, server_fixture
from .helpers import error_info
from .test_player_seats import Device, new_device_id, refused, sign_in

server = server_fixture(matchmaker_round_seconds=0.05, matchmaker_ticket_ttl_seconds=5.0)


async def until_matched(stream) -> lb.Matched:  # type: ignore[no-untyped-def]
    while True:
        message = await stream.read()
        assert message is not grpc.aio.EOF, "the stream ended without a seat"
        if message.HasField("matched"):
            return message.matched


def lobby(server: Running) -> lobby_pb2_grpc.LobbyServiceStub:
    return lobby_pb2_grpc.LobbyServiceStub(server.channel)


async def find(server: Running, device: Device, **request: object) -> lb.Matched:
    """Follow a search to its seat (every message before it is Searching)."""
    stream = lobby(server).FindMatch(lb.FindMatchRequest(**request), metadata=auth(device.access))  # type: ignore[arg-type]
    async for message in stream:
        if message.HasField("matched"):
            return message.matched
        assert message.HasField("searching")
    raise AssertionError("the stream ended without a seat")


async def test_strangers_are_seated_together_and_play_with_their_tokens(server: Running) -> None:
    a, b = await sign_in(server, new_device_id(), "A"), await sign_in(server, new_device_id(), "B")
    seat_a, seat_b = await asyncio.wait_for(
        asyncio.gather(find(server, a, players=2), find(server, b, players=2)), 30
    )
    assert seat_a.match_id == seat_b.match_id and {seat_a.seat, seat_b.seat} == {0, 1}
    for device, got in ((a, seat_a), (b, seat_b)):
        view = (
            await server.matches.GetMatch(
                pb.GetMatchRequest(match_id=got.match_id), metadata=auth(device.access)
            )
        ).view
        assert view.viewer_seat == got.seat and len(view.seats) == 2
        assert all(s.kind == pb.SEAT_KIND_HUMAN and s.joined for s in view.seats)
    mine = await lobby(server).ListMyMatches(lb.ListMyMatchesRequest(), metadata=auth(a.access))
    assert [m.match_id for m in mine.matches] == [seat_a.match_id]
    assert {s.display_name for s in mine.matches[0].table.seats} == {"A", "B"}


async def test_bots_fill_after_the_agreed_wait_and_only_then(server: Running) -> None:
    alone = await sign_in(server, new_device_id())
    stream = lobby(server).FindMatch(
        lb.FindMatchRequest(players=3, allow_bots=True, bot_wait_seconds=1),
        metadata=auth(alone.access),
    )
    first = await stream.read()
    assert first.HasField("searching") and first.searching.players_waiting == 1
    bots_at = first.searching.bots_at.ToNanoseconds() / 1e9
    matched = await until_matched(stream)
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=matched.match_id), metadata=auth(alone.access)
        )
    ).view
    kinds = [s.kind for s in view.seats]
    assert kinds.count(pb.SEAT_KIND_BOT) == 2 and kinds.count(pb.SEAT_KIND_HUMAN) == 1
    created = (
        await lobby(server).ListMyMatches(lb.ListMyMatchesRequest(), metadata=auth(alone.access))
    ).matches[0].table.created_at.ToNanoseconds() / 1e9
    assert created >= bots_at  # not seated with bots before the agreed wait


async def test_a_party_sits_as_partners(server: Running) -> None:
    code = "our-secret-party-code-42"
    devices = [await sign_in(server, new_device_id(), f"P{n}") for n in range(4)]
    seats = await asyncio.wait_for(
        asyncio.gather(
            find(server, devices[0], players=4, party_code=code),
            find(server, devices[1], players=4),
            find(server, devices[2], players=4, party_code=code),
            find(server, devices[3], players=4),
        ),
        30,
    )
    assert len({s.match_id for s in seats}) == 1
    assert {seats[0].seat, seats[2].seat} in ({0, 2}, {1, 3})
    await refused(
        lobby(server).FindMatch(
            lb.FindMatchRequest(players=2, party_code=code), metadata=auth(devices[0].access)
        ).read(),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip


async def test_cancel_and_disconnect_leave_the_queue(server: Running) -> None:
    quitter = await sign_in(server, new_device_id())
    stream = lobby(server).FindMatch(lb.FindMatchRequest(players=4), metadata=auth(quitter.access))
    assert (await stream.read()).HasField("searching")
    cancelled = await lobby(server).CancelFindMatch(
        lb.CancelFindMatchRequest(), metadata=auth(quitter.access)
    )
    assert cancelled.cancelled
    with pytest.raises(grpc.aio.AioRpcError) as ended:
        while await stream.read() is not grpc.aio.EOF:
            pass
    assert ended.value.code() == grpc.StatusCode.ABORTED
    assert error_info(ended.value).reason == "SEARCH_CANCELLED"
    again = await lobby(server).CancelFindMatch(
        lb.CancelFindMatchRequest(), metadata=auth(quitter.access)
    )
    assert not again.cancelled

    leaver = await sign_in(server, new_device_id())
    stream = lobby(server).FindMatch(lb.FindMatchRequest(players=4), metadata=auth(leaver.access))
    assert (await stream.read()).searching.players_waiting == 1
    stream.cancel()  # the client goes away
    store = server.app.contexts.stores.lobby  # type: ignore[union-attr]

    async def left() -> bool:
        return await store.waiting_count(4, 61) == 0

    from ..harness import wait_for

    await wait_for(left, 10)
    # Three others and the leaver's old search: nobody is seated with a ghost.
    others = [await sign_in(server, new_device_id()) for _ in range(3)]
    pending = [asyncio.ensure_future(find(server, d, players=4)) for d in others]
    done, _ = await asyncio.wait(pending, timeout=1.0)
    assert not done  # three people cannot fill a four-seat table
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


async def test_a_second_device_follows_the_same_search(server: Running) -> None:
    device_id = new_device_id()
    laptop, phone = await sign_in(server, device_id), await sign_in(server, device_id)
    other = await sign_in(server, new_device_id())
    first = lobby(server).FindMatch(lb.FindMatchRequest(players=2), metadata=auth(laptop.access))
    assert (await first.read()).searching.players_waiting == 1
    second = lobby(server).FindMatch(lb.FindMatchRequest(players=2), metadata=auth(phone.access))
    assert (await second.read()).searching.players_waiting == 1  # one search, not two
    seated = await asyncio.wait_for(find(server, other, players=2), 30)
    results = [await until_matched(stream) for stream in (first, second)]
    assert [r.match_id for r in results] == [seated.match_id] * 2
    assert results[0].seat == results[1].seat != seated.seat


async def test_correspondence_searches_meet_only_each_other(server: Running) -> None:
    day = 86_400
    live = await sign_in(server, new_device_id(), "Live")
    a = await sign_in(server, new_device_id(), "A")
    b = await sign_in(server, new_device_id(), "B")
    # A live search and a correspondence one never share a table: the live one waits.
    waiting = asyncio.ensure_future(find(server, live, players=2))
    seat_a, seat_b = await asyncio.wait_for(
        asyncio.gather(
            find(server, a, players=2, turn_clock_seconds=day),
            find(server, b, players=2, turn_clock_seconds=day),
        ),
        30,
    )
    assert seat_a.match_id == seat_b.match_id and not waiting.done()
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=seat_a.match_id), metadata=auth(a.access)
        )
    ).view
    assert view.turn_clock_seconds == day
    assert view.turn.deadline.ToSeconds() > time.time() + day - 120  # the match's own clock
    mine = await lobby(server).ListMyMatches(lb.ListMyMatchesRequest(), metadata=auth(a.access))
    assert mine.matches[0].turn_clock_seconds == day
    waiting.cancel()
    await lobby(server).CancelFindMatch(lb.CancelFindMatchRequest(), metadata=auth(live.access))
    await refused(
        find(server, a, players=2, turn_clock_seconds=5),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip
