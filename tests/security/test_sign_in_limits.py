"""Guests cost a row: sign-in and creation limits per address and per IPv6 /64, and
guests that never played and hold no session are deleted after the retention period
(issue 21, finding 1: 288 new guests a second from one address, rows never deleted).
Through a real server; the client address is the x-forwarded-for of a trusted gateway."""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import grpc
import pytest
from prometheus_client import REGISTRY

from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, human, start, stop
from tests.service.helpers import error_info

from .conftest import FakeClock, retry_delay

TRUST = {"client_address_header": "x-forwarded-for", "trusted_proxies": "127.0.0.1"}


def sign_in(server: Running, address: str, device_id: str | None = None):  # type: ignore[no-untyped-def]
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    return stub.SignInAsGuest(
        players_pb2.SignInAsGuestRequest(device_id=device_id or secrets.token_urlsafe(20)),
        metadata=(("x-forwarded-for", address),), timeout=30,
    )  # fmt: skip


def refusal(caught: pytest.ExceptionInfo[grpc.aio.AioRpcError]) -> tuple[str, str]:
    exc = caught.value
    assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, exc.details()
    delay = retry_delay(exc)
    assert delay is not None and delay > 0
    info = error_info(exc)
    return info.reason, info.metadata["scope"]


def refused_count(method: str, scope: str) -> float:
    labels = {"method": method, "scope": scope}
    return REGISTRY.get_sample_value("fiveup_rate_limited_total", labels) or 0.0


async def test_guest_sign_ins_are_limited_per_address_and_per_ipv6_64(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "signin.sqlite3", rate_limit_sign_in=0.5, rate_limit_sign_in_burst=3, **TRUST
    )
    clock = FakeClock()
    assert server.app.limits is not None
    server.app.limits.clock = clock
    try:
        before = refused_count("SignInAsGuest", "client_creation")
        for _ in range(3):
            await sign_in(server, "198.51.100.7")
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await sign_in(server, "198.51.100.7")
        assert refusal(caught) == ("RATE_LIMITED", "client")
        assert refused_count("SignInAsGuest", "client_creation") == before + 1
        await sign_in(server, "198.51.100.8")  # another address has its own bucket
        clock.advance(2.0)  # a token back at 0.5 a second
        await sign_in(server, "198.51.100.7")

        # one IPv6 host hopping addresses inside its /64: the /64 has twice one address's
        # burst (6), however many addresses it uses
        hops = [f"2001:db8:5:7::{n:x}" for n in range(1, 10)]
        for address in hops[:6]:
            await sign_in(server, address)
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await sign_in(server, hops[6])
        assert refusal(caught) == ("RATE_LIMITED", "network")
        await sign_in(server, "2001:db8:5:8::1")  # the next /64 is someone else
    finally:
        await stop(server)


async def test_match_creation_and_invite_look_ups_are_limited(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "create.sqlite3", rate_limit_create=0.1, rate_limit_create_burst=2,
        rate_limit_invites=0.1, rate_limit_invites_burst=2, **TRUST,
    )  # fmt: skip
    try:
        here = (("x-forwarded-for", "203.0.113.5"),)
        for _ in range(2):
            await server.matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human(), human()]), metadata=here
            )
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await server.matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human(), human()]), metadata=here
            )
        assert refusal(caught) == ("RATE_LIMITED", "client")
        session = (await sign_in(server, "203.0.113.6")).session
        lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
        guessing = (("x-forwarded-for", "203.0.113.6"), *auth(session.access_token))
        for _ in range(2):  # wrong codes: answered, and each costs a token
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                await lobby.JoinWithInvite(
                    lobby_pb2.JoinWithInviteRequest(invite_code="WRONGCODE1"), metadata=guessing
                )
            assert caught.value.code() != grpc.StatusCode.RESOURCE_EXHAUSTED
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await lobby.JoinWithInvite(
                lobby_pb2.JoinWithInviteRequest(invite_code="WRONGCODE1"), metadata=guessing
            )
        assert refusal(caught) == ("RATE_LIMITED", "client")
    finally:
        await stop(server)


async def test_guests_who_never_played_and_hold_no_session_are_deleted(tmp_path: Path) -> None:
    server = await start(tmp_path / "guests.sqlite3")
    players = server.app.contexts.players if server.app.contexts else None
    assert players is not None
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    try:
        gone = (await sign_in(server, "x", "device-gone-000000001")).session
        await stub.SignOut(players_pb2.SignOutRequest(refresh_token=gone.refresh_token))
        kept_live = (await sign_in(server, "x", "device-live-000000001")).session
        seated = (await sign_in(server, "x", "device-seat-000000001")).session
        match = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
        await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=match.match_id), metadata=auth(seated.access_token)
        )
        await stub.SignOut(players_pb2.SignOutRequest(refresh_token=seated.refresh_token))
        assert await players.forget_guests() == 0  # all seen just now
        week = players.config.guest_retention_seconds
        players._clock = lambda: time.time() + week + 60  # a week and a minute later
        deleted = REGISTRY.get_sample_value("fiveup_guests_deleted_total") or 0.0
        assert await players.forget_guests() == 1
        assert (REGISTRY.get_sample_value("fiveup_guests_deleted_total") or 0.0) == deleted + 1
        store = players.store
        assert await store.get_player(gone.player.player_id) is None
        assert await store.get_player(kept_live.player.player_id) is not None  # a live session
        assert await store.get_player(seated.player.player_id) is not None  # took a seat
        # the device is a stranger now: signing in again makes a new player
        players._clock = time.time
        again = await sign_in(server, "x", "device-gone-000000001")
        assert again.created and again.session.player.player_id != gone.player.player_id
        assert await players.forget_guests() == 0  # idempotent
    finally:
        await stop(server)
