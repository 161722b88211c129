"""Concurrent RefreshSession calls with one refresh token, through real servers: within
the reuse interval every caller gets the same new pair and the session lives on (two
tabs, a phone retrying a refresh whose answer it lost); after it, or with the interval
off, a replayed token still ends the whole session.  On SQLite, on PostgreSQL, and across
two server processes on one PostgreSQL database."""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import players_pb2 as pb
from fiveup.v1 import players_pb2_grpc

from ..harness import Running, auth, server_fixture, start, stop
from ..postgres_db import fresh_database
from ..serverproc import ServerProcess
from .helpers import error_info

CALLERS = 8


def stub(channel: grpc.aio.Channel) -> players_pb2_grpc.PlayerServiceStub:
    return players_pb2_grpc.PlayerServiceStub(channel)


async def refresh_together(
    stubs: list[players_pb2_grpc.PlayerServiceStub], refresh_token: str
) -> list[pb.RefreshSessionResponse | grpc.aio.AioRpcError]:
    """CALLERS refreshes with one token, spread over ``stubs``, all in flight at once."""
    request = pb.RefreshSessionRequest(refresh_token=refresh_token)
    calls = [stubs[i % len(stubs)].RefreshSession(request) for i in range(CALLERS)]
    return list(await asyncio.gather(*calls, return_exceptions=True))


async def assert_one_session_for_all(
    stubs: list[players_pb2_grpc.PlayerServiceStub], first: pb.Session
) -> None:
    answers = await refresh_together(stubs, first.refresh_token)
    failures = [a for a in answers if isinstance(a, BaseException)]
    assert not failures, [error_info(f).reason for f in failures]  # type: ignore[arg-type]
    sessions = [a.session for a in answers]  # type: ignore[union-attr]
    # The same new pair, byte for byte, for every caller -- not eight sessions, not none.
    assert {s.refresh_token for s in sessions} == {sessions[0].refresh_token}
    assert {s.access_token for s in sessions} == {sessions[0].access_token}
    assert sessions[0].refresh_token != first.refresh_token
    assert {s.player.player_id for s in sessions} == {first.player.player_id}
    new = sessions[0]
    for each in stubs:  # the pair works everywhere, and the session goes on rotating
        got = await each.GetPlayer(pb.GetPlayerRequest(), metadata=auth(new.access_token))
        assert got.player.player_id == first.player.player_id
    after = await stubs[-1].RefreshSession(
        pb.RefreshSessionRequest(refresh_token=new.refresh_token)
    )
    await stubs[0].GetPlayer(pb.GetPlayerRequest(), metadata=auth(after.session.access_token))


async def sign_in(players: players_pb2_grpc.PlayerServiceStub) -> pb.Session:
    device = secrets.token_urlsafe(24)
    return (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session


sqlite_server = server_fixture()


async def test_eight_concurrent_refreshes_keep_one_session_on_sqlite(
    sqlite_server: Running,
) -> None:
    players = stub(sqlite_server.channel)
    await assert_one_session_for_all([players], await sign_in(players))


@pytest.mark.postgres
async def test_eight_concurrent_refreshes_keep_one_session_on_postgres() -> None:
    with fresh_database() as url:
        running = await start(url)
        try:
            players = stub(running.channel)
            await assert_one_session_for_all([players], await sign_in(players))
        finally:
            await stop(running)


@pytest.mark.postgres
async def test_eight_concurrent_refreshes_across_two_server_processes(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    env = {"FIVEUP_ACCESS_TOKEN_KEYS": str(keys), "FIVEUP_SESSION_CHECK_SECONDS": "0"}
    with fresh_database() as url:
        a = ServerProcess(url, tmp_path / "a.log", env=env)
        b = ServerProcess(url, tmp_path / "b.log", env=env)
        await a.start()
        try:
            await b.start()
            try:
                assert a.channel is not None and b.channel is not None
                stubs = [stub(a.channel), stub(b.channel)]
                # Four callers on each process, racing on one token row in one database.
                await assert_one_session_for_all(stubs, await sign_in(stubs[0]))
            finally:
                await b.stop()
        finally:
            await a.stop()


async def test_without_a_reuse_interval_a_race_ends_the_session(tmp_path: Path) -> None:
    running = await start(tmp_path / "strict.sqlite3", refresh_token_reuse_seconds=0.0)
    try:
        players = stub(running.channel)
        first = await sign_in(players)
        answers = await refresh_together([players], first.refresh_token)
        won = [a for a in answers if not isinstance(a, BaseException)]
        lost = [a for a in answers if isinstance(a, grpc.aio.AioRpcError)]
        assert len(won) == 1 and len(lost) == CALLERS - 1
        # The first loser ends the session (reuse); the rest find it ended.
        reasons = {error_info(e).reason for e in lost}
        assert "REFRESH_TOKEN_REUSED" in reasons
        assert reasons <= {"REFRESH_TOKEN_REUSED", "SESSION_REVOKED"}
        with pytest.raises(grpc.aio.AioRpcError) as ended:  # the winner's pair went too
            await players.GetPlayer(
                pb.GetPlayerRequest(), metadata=auth(won[0].session.access_token)
            )
        assert error_info(ended.value).reason == "SESSION_REVOKED"
    finally:
        await stop(running)


async def test_a_token_replayed_after_the_interval_still_ends_the_session(
    tmp_path: Path,
) -> None:
    reuse = 0.5
    running = await start(tmp_path / "late.sqlite3", refresh_token_reuse_seconds=reuse)
    try:
        players = stub(running.channel)
        first = await sign_in(players)
        request = pb.RefreshSessionRequest(refresh_token=first.refresh_token)
        rotated_at = time.time()
        second = (await players.RefreshSession(request)).session
        # The configured interval has to pass: the point of this test, not a race.
        await asyncio.sleep(max(0.0, rotated_at + reuse + 0.2 - time.time()))
        with pytest.raises(grpc.aio.AioRpcError) as reused:
            await players.RefreshSession(request)
        assert reused.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert error_info(reused.value).reason == "REFRESH_TOKEN_REUSED"
        with pytest.raises(grpc.aio.AioRpcError) as ended:
            await players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(second.access_token))
        assert error_info(ended.value).reason == "SESSION_REVOKED"
    finally:
        await stop(running)


async def test_a_reuse_interval_beyond_the_limit_is_refused_at_start(tmp_path: Path) -> None:
    from fiveup.identity.builder import IdentityConfigError

    with pytest.raises(IdentityConfigError, match="refresh-token-reuse-seconds"):
        await start(tmp_path / "bad.sqlite3", refresh_token_reuse_seconds=3600.0)
