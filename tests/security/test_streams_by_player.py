"""Notification and chat streams by player, through a real server (issue 31, finding 6).

16 forwarded addresses x 50 WatchNotifications streams filled the shared pool (700): a
real player's WatchNotifications and WatchChat were refused RESOURCE_EXHAUSTED, and no
player had a cap of their own.  Here at a smaller scale (the same shape: more hoarded
streams than the shared part holds): the attack runs with the stream settings of before
(it reproduces the finding) and with today's (the real player's streams open, the
hoarders are capped per player and per address, and a player over their own cap is told
so with scope ``player``).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import grpc
import pytest

from fiveup.v1 import (
    chat_pb2,
    chat_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, human, start, stop, wait_for
from tests.service.helpers import error_info

ATTACKERS = [f"10.66.1.{i}" for i in range(1, 9)]  # 8 forwarded addresses
PLAYER = "10.77.1.1"
# The server at a tenth of its default size: 100 streams, 30 for players, 70 shared.
SIZE: dict[str, object] = {
    "max_server_streams": 100, "stream_player_reserve": 30, "max_client_streams": 10,
    "client_address_header": "x-forwarded-for", "trusted_proxies": "127.0.0.1",
    "rate_limit_sign_in": 0.0,
}  # fmt: skip
NOW = {
    "max_player_notification_streams": 2, "max_player_chat_streams": 2,
    "stream_signed_in_reserve": 10, "max_client_reserve_streams": 2,
}  # fmt: skip
BEFORE = {
    "max_player_notification_streams": 0, "max_player_chat_streams": 0,
    "stream_signed_in_reserve": 0, "max_client_reserve_streams": 0,
}  # fmt: skip


def forwarded(address: str, token: str | None = None) -> tuple[tuple[str, str], ...]:
    meta = [("x-forwarded-for", address)]
    if token:
        meta.append(("authorization", f"Bearer {token}"))
    return tuple(meta)


async def guest(server: Running, address: str) -> players_pb2.Session:
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    signed = await stub.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(device_id=secrets.token_urlsafe(24)),
        metadata=forwarded(address),
    )
    return signed.session


async def settled(server: Running, calls: list[Any]) -> int:
    """Wait until every call holds a slot or was refused; the number holding one."""
    limits = server.app.limits
    assert limits is not None
    server_streams = limits.pools.counters["server_streams"]

    async def done() -> bool:
        return sum(call.done() for call in calls) + server_streams.open(None) == len(calls)

    await wait_for(done, timeout=60)
    return server_streams.open(None)


async def refusal(call: Any) -> tuple[grpc.StatusCode, str, str]:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call.read()
    info = error_info(caught.value)
    return caught.value.code(), info.reason, info.metadata.get("scope", "")


async def hoard(server: Running) -> list[Any]:
    """Every attacker address signs in guests and opens every notification stream it can:
    more than the shared part holds."""
    notifications = notifications_pb2_grpc.NotificationServiceStub(server.channel)
    calls = []
    for address in ATTACKERS:
        for _ in range(6):  # six guests an address, two streams each (12 > its cap of 10)
            session = await guest(server, address)
            for _ in range(2):
                calls.append(
                    notifications.WatchNotifications(
                        notifications_pb2.WatchNotificationsRequest(),
                        metadata=forwarded(address, session.access_token),
                    )
                )
    return calls


async def open_player_streams(server: Running, session: players_pb2.Session) -> list[Any]:
    match = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    notifications = notifications_pb2_grpc.NotificationServiceStub(server.channel)
    chat = chat_pb2_grpc.ChatServiceStub(server.channel)
    meta = forwarded(PLAYER, session.access_token)
    return [
        notifications.WatchNotifications(
            notifications_pb2.WatchNotificationsRequest(), metadata=meta
        ),
        chat.WatchChat(
            chat_pb2.WatchChatRequest(match_id=match.match_id, room=chat_pb2.CHAT_ROOM_SPECTATORS),
            metadata=meta,
        ),
    ]


async def test_before_hoarded_notification_streams_shut_a_real_player_out(tmp_path: Path) -> None:
    server = await start(tmp_path / "before.sqlite3", **SIZE, **BEFORE)
    calls: list[Any] = []
    try:
        calls = await hoard(server)
        assert await settled(server, calls) == 70  # the whole shared part
        session = await guest(server, PLAYER)
        mine = await open_player_streams(server, session)
        calls += mine
        for call in mine:
            code, reason, scope = await refusal(call)
            assert (code, reason, scope) == (
                grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS", "server_shared",
            )  # fmt: skip
    finally:
        for call in calls:
            call.cancel()
        await stop(server)


async def test_a_real_players_streams_open_whatever_the_hoarders_hold(tmp_path: Path) -> None:
    server = await start(tmp_path / "now.sqlite3", **SIZE, **NOW)
    limits = server.app.limits
    assert limits is not None
    counters = limits.pools.counters
    calls: list[Any] = []
    try:
        calls = await hoard(server)
        held = await settled(server, calls)
        # the shared part is full, and the hoarders hold at most their addresses' share
        # of the signed-in reserve (two each): never all of it
        assert counters["shared_streams"].open(None) == 70
        assert held - 70 == counters["reserve_streams"].open(None) <= 2 * len(ATTACKERS)
        assert counters["reserve_streams"].open(None) < 10
        scopes = set()
        for call in calls:
            if call.done():
                code, reason, scope = await refusal(call)
                assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS")
                scopes.add(scope)
        assert scopes <= {"server_shared", "client"}, scopes
        # a real player from their own address: both streams open
        session = await guest(server, PLAYER)
        player_id = session.player.player_id
        mine = await open_player_streams(server, session)
        calls += mine

        async def both_open() -> bool:
            return (
                counters["player_notification_streams"].open(player_id) == 1
                and counters["player_chat_streams"].open(player_id) == 1
            )

        await wait_for(both_open, timeout=30)
        assert not any(call.done() for call in mine)
        # a second notification stream of theirs is not a first: the shared part is
        # full, so it waits for room like anyone's
        notifications = notifications_pb2_grpc.NotificationServiceStub(server.channel)
        second = notifications.WatchNotifications(
            notifications_pb2.WatchNotificationsRequest(),
            metadata=forwarded(PLAYER, session.access_token),
        )
        calls.append(second)
        assert await refusal(second) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS", "server_shared",
        )  # fmt: skip
    finally:
        for call in calls:
            call.cancel()
        await stop(server)


async def test_a_bad_access_token_holds_no_stream_slot(tmp_path: Path) -> None:
    server = await start(tmp_path / "auth.sqlite3", **SIZE, **NOW)
    limits = server.app.limits
    assert limits is not None
    try:
        notifications = notifications_pb2_grpc.NotificationServiceStub(server.channel)
        for token in (None, "not.a.jwt"):
            call = notifications.WatchNotifications(
                notifications_pb2.WatchNotificationsRequest(), metadata=forwarded(PLAYER, token)
            )
            code, _, _ = await refusal(call)
            assert code == grpc.StatusCode.UNAUTHENTICATED
        assert limits.pools.counters["server_streams"].open(None) == 0
    finally:
        await stop(server)


async def test_a_player_over_their_own_cap_is_refused_from_any_address(tmp_path: Path) -> None:
    server = await start(tmp_path / "cap.sqlite3", **SIZE, **NOW)
    calls: list[Any] = []
    try:
        session = await guest(server, PLAYER)
        other = await guest(server, PLAYER)
        notifications = notifications_pb2_grpc.NotificationServiceStub(server.channel)

        def watch(address: str, token: str) -> Any:
            call = notifications.WatchNotifications(
                notifications_pb2.WatchNotificationsRequest(), metadata=forwarded(address, token)
            )
            calls.append(call)
            return call

        for address in ("10.77.1.2", "10.77.1.3"):  # the cap (2), from two addresses
            watch(address, session.access_token)
        limits = server.app.limits
        assert limits is not None
        counter = limits.pools.counters["player_notification_streams"]

        async def at_cap() -> bool:
            return counter.open(session.player.player_id) == 2

        await wait_for(at_cap, timeout=30)
        code, reason, scope = await refusal(watch("10.77.1.4", session.access_token))
        assert (code, reason, scope) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_STREAMS", "player",
        )  # fmt: skip
        # another player of the same address is not held to it
        watch("10.77.1.4", other.access_token)

        async def others_open() -> bool:
            return counter.open(other.player.player_id) == 1

        await wait_for(others_open, timeout=30)
    finally:
        for call in calls:
            call.cancel()
        await stop(server)
