"""Idempotency, optimistic concurrency, resumable streams and restarts."""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..harness import Running, auth, bot, human, start, stop
from .helpers import error_info, two_human_table
from .players import Watcher, play_seat


async def _my_turn_view(
    stub: match_pb2_grpc.MatchServiceStub, match_id: str, token: str
) -> pb.MatchView:
    return (await stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=auth(token))).view


async def test_retrying_a_request_id_returns_the_original_answer(server: Running) -> None:
    table = await two_human_table(server)
    match_id = table["id"]
    token = table["tokens"][table["mover"]]
    own = await _my_turn_view(server.matches, match_id, token)
    request = pb.SubmitMoveRequest(
        match_id=match_id,
        move=own.legal_moves[0],
        expected_version=own.version,
        request_id="retry-me",
    )
    first = await server.matches.SubmitMove(request, metadata=auth(token))
    again = await server.matches.SubmitMove(request, metadata=auth(token))
    assert again == first
    after = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
    assert after.version == first.version  # nothing new recorded


async def test_two_clients_racing_on_one_version_apply_exactly_one(server: Running) -> None:
    table = await two_human_table(server)
    match_id = table["id"]
    token = table["tokens"][table["mover"]]
    own = await _my_turn_view(server.matches, match_id, token)
    second = grpc.aio.insecure_channel(server.target)
    try:
        stubs = [server.matches, match_pb2_grpc.MatchServiceStub(second)]
        results = await asyncio.gather(
            *(
                stub.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id,
                        move=own.legal_moves[i],
                        expected_version=own.version,
                        request_id=f"racer-{i}",
                    ),
                    metadata=auth(token),
                )
                for i, stub in enumerate(stubs)
            ),
            return_exceptions=True,
        )
    finally:
        await second.close()
    ok = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
    failed = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    assert len(ok) == 1 and len(failed) == 1, results
    assert failed[0].code() == grpc.StatusCode.ABORTED
    assert error_info(failed[0]).reason == "STALE_VERSION"
    after = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
    assert after.version == ok[0].version
    assert len(after.layout) == 1


async def test_a_watcher_that_reconnects_sees_every_event_exactly_once(server: Running) -> None:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), bot("greedy"), bot("random")], target_points=15)
    )
    joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    seen: list[pb.MatchEvent] = []
    player = asyncio.ensure_future(
        play_seat(server.matches, created.match_id, joined.seat_token, random.Random(5))
    )
    rng = random.Random(9)
    while True:  # watch in short pieces: disconnect after a few events, resume from the last
        watcher = Watcher(
            server.matches,
            created.match_id,
            joined.seat_token,
            after=seen[-1].version if seen else 0,
        ).start()
        wanted = rng.randint(1, 6)
        while len(watcher.events) < wanted and not watcher.done:
            await watcher.wait_change()
        await watcher.stop()
        seen.extend(watcher.events)
        if seen and seen[-1].WhichOneof("kind") == "match_ended":
            break
    await player
    assert [e.version for e in seen] == list(range(1, len(seen) + 1))


async def test_the_match_survives_a_server_restart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "restart.sqlite3"
    first = await start(db)
    created = await first.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = {}
    for _ in range(2):
        j = await first.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
        tokens[j.seat] = j.seat_token
    for moves in range(6):
        view = (await first.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
        own = await _my_turn_view(first.matches, created.match_id, tokens[view.turn_seat])
        await first.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=created.match_id,
                move=own.legal_moves[0],
                expected_version=own.version,
                request_id=f"m{moves}",
            ),
            metadata=auth(tokens[view.turn_seat]),
        )
    before = [
        (
            await first.matches.GetMatch(
                pb.GetMatchRequest(match_id=created.match_id), metadata=auth(t)
            )
        ).view
        for t in tokens.values()
    ]
    await stop(first)

    second = await start(db)
    try:
        after = [
            (
                await second.matches.GetMatch(
                    pb.GetMatchRequest(match_id=created.match_id), metadata=auth(t)
                )
            ).view
            for t in tokens.values()
        ]
        assert after == before
        views = await asyncio.gather(
            *(
                play_seat(second.matches, created.match_id, t, random.Random(seat))
                for seat, t in tokens.items()
            )
        )
        assert all(v.status == pb.MATCH_STATUS_FINISHED for v in views)
    finally:
        await stop(second)


@pytest.mark.parametrize("players", [2, 4])
async def test_bots_resume_after_a_restart(tmp_path, players: int) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "bots.sqlite3"
    first = await start(db, bot_delay=0.001)
    created = await first.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[bot("greedy")] * players, target_points=30)
    )
    watcher = Watcher(first.matches, created.match_id).start()
    while len(watcher.events) < 10:
        await watcher.wait_change()
    await watcher.stop()
    await stop(first)
    second = await start(db)
    try:
        resumed = Watcher(second.matches, created.match_id).start()
        await asyncio.wait_for(resumed.task, 60)  # type: ignore[arg-type]
        assert resumed.events[-1].WhichOneof("kind") == "match_ended"
        assert [e.version for e in resumed.events] == list(range(1, len(resumed.events) + 1))
    finally:
        await stop(second)
