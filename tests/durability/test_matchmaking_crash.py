"""A replica killed (SIGKILL) in the middle of matchmaking: two ``fiveup serve``
processes on one PostgreSQL database, players queued on both; when the first seats are
handed out, one replica dies.  Its players reconnect to the other and follow their
searches there; in the end every player is seated exactly once, and every seat given
out is bound to exactly one player."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from pathlib import Path

import grpc
import psycopg
import pytest

from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc

from ..serverproc import ServerProcess

pytestmark = pytest.mark.postgres
PLAYERS = 40


async def test_a_replica_killed_mid_matchmaking(pg_url: str, tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "k1").write_text(secrets.token_urlsafe(48))
    env = {
        "FIVEUP_ACCESS_TOKEN_KEYS": str(keys),
        "FIVEUP_MATCHMAKER_ROUND_SECONDS": "0.1",
        "FIVEUP_MATCHMAKER_TICKET_TTL_SECONDS": "4",
    }
    a = ServerProcess(pg_url, tmp_path / "a.log", env=env)
    b = ServerProcess(pg_url, tmp_path / "b.log", env=env)
    await a.start()
    await b.start()
    first_seat = asyncio.Event()
    results: dict[str, tuple[str, int]] = {}
    reconnects = 0

    async def sign_in(n: int) -> players_pb2.Session:
        home = a if n % 2 else b
        assert home.channel is not None
        return (
            await players_pb2_grpc.PlayerServiceStub(home.channel).SignInAsGuest(
                players_pb2.SignInAsGuestRequest(device_id=uuid.uuid4().hex)
            )
        ).session

    async def player(n: int, session: players_pb2.Session) -> None:
        nonlocal reconnects
        home = a if n % 2 else b
        metadata = (("authorization", f"Bearer {session.access_token}"),)
        request = lobby_pb2.FindMatchRequest(
            players=[2, 3, 4][n % 3], allow_bots=True, bot_wait_seconds=3
        )
        for replica in (home, b, b, b):  # after a failure: the survivor
            if replica.channel is None:
                continue
            try:
                stream = lobby_pb2_grpc.LobbyServiceStub(replica.channel).FindMatch(
                    request, metadata=metadata
                )
                async for message in stream:
                    if message.HasField("matched"):
                        results[session.player.player_id] = (
                            message.matched.match_id, message.matched.seat,
                        )  # fmt: skip
                        first_seat.set()
                        return
            except grpc.aio.AioRpcError as exc:
                assert exc.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED), exc
            except asyncio.CancelledError:
                # The dead replica's channel was closed under the stream (not this task
                # being cancelled): reconnect like after UNAVAILABLE.
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
            reconnects += 1
            await asyncio.sleep(0.2)  # back off before reconnecting
        raise AssertionError(f"player {n} was never seated")

    try:
        sessions = await asyncio.gather(*(sign_in(n) for n in range(PLAYERS)))
        tasks = [asyncio.ensure_future(player(n, s)) for n, s in enumerate(sessions)]
        await asyncio.wait_for(first_seat.wait(), 60)
        await a.kill()  # SIGKILL mid-matchmaking: rounds, streams, heartbeats all cut
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
    finally:
        await a.kill()
        await b.stop()

    assert len(results) == PLAYERS
    assert reconnects > 0  # some players were on the killed replica
    with psycopg.connect(pg_url) as conn:
        bindings = conn.execute("SELECT player_id, match_id, seat FROM seat_players").fetchall()
        waiting = conn.execute("SELECT COUNT(*) FROM mm_tickets WHERE state = 'waiting'").fetchone()
    by_player: dict[str, list[tuple[str, int]]] = {}
    for player_id, match_id, seat in bindings:
        by_player.setdefault(player_id, []).append((match_id, seat))
    assert all(len(seats) == 1 for seats in by_player.values()), by_player  # nobody twice
    assert {p: s[0] for p, s in by_player.items()} == results  # what each was told
    seats = [s[0] for s in by_player.values()]
    assert len(seats) == len(set(seats))  # no seat given to two players
    assert waiting is not None and waiting[0] == 0
