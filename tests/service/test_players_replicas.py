"""Two replicas on one PostgreSQL database share players and sessions: a session started
on one works on the other, and a reuse or sign-out on one ends it on the other."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import players_pb2 as pb
from fiveup.v1 import players_pb2_grpc

from ..harness import Running, auth, start, stop
from ..postgres_db import fresh_database
from .helpers import error_info

pytestmark = pytest.mark.postgres


@pytest.fixture
async def replicas(tmp_path: Path) -> AsyncIterator[tuple[Running, Running]]:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    with fresh_database() as url:
        # session_check_seconds=0: every call re-reads the session (no grace window).
        options = {"access_token_keys": str(keys), "session_check_seconds": 0.0}
        a = await start(url, **options)  # type: ignore[arg-type]
        b = await start(url, **options)  # type: ignore[arg-type]
        try:
            yield a, b
        finally:
            await stop(b)
            await stop(a)


async def test_sessions_across_replicas(replicas: tuple[Running, Running]) -> None:
    a, b = (players_pb2_grpc.PlayerServiceStub(r.channel) for r in replicas)
    device = secrets.token_urlsafe(20)
    first = (await a.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    again = await b.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))
    assert not again.created and again.session.player.player_id == first.player.player_id
    got = await b.GetPlayer(pb.GetPlayerRequest(), metadata=auth(first.access_token))
    assert got.player.player_id == first.player.player_id
    second = (
        await b.RefreshSession(pb.RefreshSessionRequest(refresh_token=first.refresh_token))
    ).session
    # A retry on the other replica within the reuse interval: the same pair.
    retried = (
        await a.RefreshSession(pb.RefreshSessionRequest(refresh_token=first.refresh_token))
    ).session
    assert (retried.refresh_token, retried.access_token) == (
        second.refresh_token, second.access_token,
    )  # fmt: skip
    # Once the new token is used, the first one coming back is a leak.
    second = (
        await a.RefreshSession(pb.RefreshSessionRequest(refresh_token=second.refresh_token))
    ).session
    with pytest.raises(grpc.aio.AioRpcError) as reused:
        await a.RefreshSession(pb.RefreshSessionRequest(refresh_token=first.refresh_token))
    assert error_info(reused.value).reason == "REFRESH_TOKEN_REUSED"
    with pytest.raises(grpc.aio.AioRpcError) as revoked:
        await b.GetPlayer(pb.GetPlayerRequest(), metadata=auth(second.access_token))
    assert error_info(revoked.value).reason == "SESSION_REVOKED"
    # The other session (signed in on b) is untouched; signing it out on a ends it on b.
    other = again.session
    await b.GetPlayer(pb.GetPlayerRequest(), metadata=auth(other.access_token))
    await a.SignOut(pb.SignOutRequest(refresh_token=other.refresh_token))
    with pytest.raises(grpc.aio.AioRpcError) as signed_out:
        await b.GetPlayer(pb.GetPlayerRequest(), metadata=auth(other.access_token))
    assert signed_out.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert error_info(signed_out.value).reason == "SESSION_REVOKED"


async def test_a_seat_joined_on_one_replica_is_played_from_the_other(
    replicas: tuple[Running, Running],
) -> None:
    from fiveup.v1 import match_pb2 as mpb

    a, b = replicas
    device = secrets.token_urlsafe(20)
    pa = players_pb2_grpc.PlayerServiceStub(a.channel)
    pb_ = players_pb2_grpc.PlayerServiceStub(b.channel)
    laptop = (await pa.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    phone = (await pb_.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    human = mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)
    greedy = mpb.SeatSpec(kind=mpb.SEAT_KIND_BOT, bot=mpb.BOT_KIND_GREEDY)
    created = await a.matches.CreateMatch(mpb.CreateMatchRequest(seats=[human, greedy]))
    joined = await a.matches.JoinMatch(
        mpb.JoinMatchRequest(match_id=created.match_id), metadata=auth(laptop.access_token)
    )
    legal = await b.matches.ListLegalMoves(
        mpb.ListLegalMovesRequest(match_id=created.match_id), metadata=auth(phone.access_token)
    )
    answer = await b.matches.SubmitMove(
        mpb.SubmitMoveRequest(
            match_id=created.match_id,
            move=legal.moves[0],
            expected_version=legal.version,
            request_id="from-the-phone",
        ),
        metadata=auth(phone.access_token),
    )
    assert answer.version > legal.version
    seen = await a.matches.GetMatch(
        mpb.GetMatchRequest(match_id=created.match_id, min_version=answer.version),
        metadata=auth(laptop.access_token),
    )
    assert seen.view.viewer_seat == joined.seat and seen.view.version >= answer.version
