"""Identity metrics of a real server, scraped over HTTP: sign-ins, refreshes, revocations
and refused tokens by reason (deltas between scrapes: the registry is process-global)."""

from __future__ import annotations

import secrets

import grpc
import pytest

from fiveup.v1 import players_pb2 as pb
from fiveup.v1 import players_pb2_grpc

from .test_metrics import Ops, delta, handled
from .test_metrics import ops as ops  # the fixture

PLAYERS = "fiveup.v1.PlayerService"


async def test_sign_ins_refreshes_reuse_and_rejections_are_counted(ops: Ops) -> None:
    stub = players_pb2_grpc.PlayerServiceStub(ops.running.channel)
    before = await ops.scrape()
    # Every series exists before it is first used (alerts see the first increment).
    for name, labels in [
        ("fiveup_sign_ins_total", {"method": "external", "outcome": "created"}),
        ("fiveup_session_refreshes_total", {"outcome": "reused"}),
        ("fiveup_session_refreshes_total", {"outcome": "replayed"}),
        ("fiveup_sessions_revoked_total", {"reason": "reuse"}),
        ("fiveup_auth_rejections_total", {"reason": "ALGORITHM_NOT_ALLOWED"}),
    ]:
        assert any(n == name and set(labels.items()) <= ls for n, ls in before.series()), (
            name,
            labels,
        )
    device = secrets.token_urlsafe(20)
    first = await stub.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))
    await stub.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))
    old = first.session.refresh_token
    new = (await stub.RefreshSession(pb.RefreshSessionRequest(refresh_token=old))).session
    await stub.RefreshSession(pb.RefreshSessionRequest(refresh_token=old))  # a retry: replayed
    await stub.RefreshSession(pb.RefreshSessionRequest(refresh_token=new.refresh_token))
    with pytest.raises(grpc.aio.AioRpcError):  # old again, its successor used: a reuse
        await stub.RefreshSession(pb.RefreshSessionRequest(refresh_token=old))
    with pytest.raises(grpc.aio.AioRpcError):
        await stub.GetPlayer(pb.GetPlayerRequest(), metadata=(("authorization", "Bearer x.y.z"),))

    def done(s):  # type: ignore[no-untyped-def]
        return handled(before, s, PLAYERS, "GetPlayer", "UNAUTHENTICATED") == 1

    after = await ops.until(done)
    assert delta(before, after, "fiveup_sign_ins_total", method="guest", outcome="created") == 1
    assert delta(before, after, "fiveup_sign_ins_total", method="guest", outcome="existing") == 1
    assert delta(before, after, "fiveup_session_refreshes_total", outcome="rotated") == 2
    assert delta(before, after, "fiveup_session_refreshes_total", outcome="replayed") == 1
    assert delta(before, after, "fiveup_session_refreshes_total", outcome="reused") == 1
    assert delta(before, after, "fiveup_sessions_revoked_total", reason="reuse") == 1
    assert delta(before, after, "fiveup_auth_rejections_total", reason="REFRESH_TOKEN_REUSED") == 1
    assert delta(before, after, "fiveup_auth_rejections_total", reason="MALFORMED_TOKEN") == 1
    assert handled(before, after, PLAYERS, "SignInAsGuest", "OK") == 2
    assert "player" not in {k for _, ls in after.series() for k, _ in ls}  # no per-player label


async def test_matchmaking_is_counted(ops: Ops) -> None:
    import asyncio

    from fiveup.v1 import lobby_pb2, lobby_pb2_grpc

    players = players_pb2_grpc.PlayerServiceStub(ops.running.channel)
    lobby = lobby_pb2_grpc.LobbyServiceStub(ops.running.channel)
    before = await ops.scrape()
    assert "fiveup_matchmaking_queue_length" in before.text

    async def seated() -> str:
        session = (
            await players.SignInAsGuest(
                pb.SignInAsGuestRequest(device_id=secrets.token_urlsafe(20))
            )
        ).session
        auth = (("authorization", f"Bearer {session.access_token}"),)
        async for message in lobby.FindMatch(lobby_pb2.FindMatchRequest(players=2), metadata=auth):
            if message.HasField("matched"):
                return message.matched.match_id
        raise AssertionError("not seated")

    first, second = await asyncio.wait_for(asyncio.gather(seated(), seated()), 30)
    assert first == second

    def done(s):  # type: ignore[no-untyped-def]
        return delta(before, s, "fiveup_matchmaking_searches_total", outcome="matched") == 2

    after = await ops.until(done)
    assert (
        delta(before, after, "fiveup_matchmaking_tables_formed_total", players="2", bots="no") == 1
    )
    assert delta(before, after, "fiveup_matchmaking_wait_seconds_count", players="2") == 2
    assert delta(before, after, "fiveup_matchmaking_searches_total", outcome="queued") == 2
