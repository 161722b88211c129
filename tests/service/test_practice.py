"""Practice matches over a real channel, on both stores: UndoMove takes the human's last
action and the bots' replies back, as an event in the append-only log, which replays
exactly (a restarted server rebuilds the same match) and verifies with ``fiveup verify``."""

from __future__ import annotations

import grpc
import pytest

from fiveup.cli.verify import verify_record
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human, server_fixture, start, stop, wait_for
from ..postgres_db import database_on_each_store
from .helpers import error_info

db = database_on_each_store("practice")


running = server_fixture(on_each_store=True)


def comparable(view: pb.MatchView) -> bytes:
    """A view without what an undo must change: the version, whether undo is possible and
    the turn's deadline (the turn starts afresh; whose turn it is stays compared)."""
    copy = pb.MatchView()
    copy.CopyFrom(view)
    copy.ClearField("version")
    copy.ClearField("can_undo")
    copy.turn.ClearField("deadline")
    return copy.SerializeToString(deterministic=True)


class Human:
    def __init__(self, server: Running, match_id: str, token: str) -> None:
        self.server, self.match_id, self.token = server, match_id, token
        self.requests = 0

    async def view(self) -> pb.MatchView:
        return (
            await self.server.matches.GetMatch(
                pb.GetMatchRequest(match_id=self.match_id), metadata=auth(self.token)
            )
        ).view

    async def turn(self) -> pb.MatchView:
        """The view once it is the human's turn (or the match is over)."""

        async def ready() -> pb.MatchView | None:
            view = await self.view()
            done = view.status == pb.MATCH_STATUS_FINISHED
            return view if done or (view.HasField("turn_seat") and view.turn_seat == 0) else None

        return await wait_for(ready)  # type: ignore[no-any-return]

    async def move(self, view: pb.MatchView) -> pb.SubmitMoveResponse:
        self.requests += 1
        return await self.server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=self.match_id,
                move=view.legal_moves[-1],
                expected_version=view.version,
                request_id=f"move-{self.requests}",
            ),
            metadata=auth(self.token),
        )

    async def undo(self, version: int, request_id: str) -> pb.UndoMoveResponse:
        return await self.server.matches.UndoMove(
            pb.UndoMoveRequest(
                match_id=self.match_id, expected_version=version, request_id=request_id
            ),
            metadata=auth(self.token),
        )


async def new_practice(server: Running, **options: object) -> Human:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(
            seats=[human(), bot("greedy"), bot("random")], practice=True, **options
        )
    )
    joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    return Human(server, created.match_id, joined.seat_token)


async def test_undo_restores_the_view_before_the_human_action(running: Running) -> None:
    player = await new_practice(running)
    before = await player.turn()
    assert before.practice and before.hints_allowed
    await player.move(before)
    after = await player.turn()
    assert after.can_undo and after.version > before.version
    undone = await player.undo(after.version, "undo-1")
    assert undone.to_version == before.version
    assert undone.version == after.version + 1
    restored = await player.view()
    assert restored.version == undone.version
    assert comparable(restored) == comparable(before)
    # the same request id again: the same answer, nothing new recorded
    again = await player.undo(after.version, "undo-1")
    assert again == undone
    assert (await player.view()).version == undone.version
    # a stale version changes nothing
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await player.undo(after.version, "undo-2")
    assert caught.value.code() == grpc.StatusCode.ABORTED
    # the log replays exactly: a fresh server over the same store shows the same view
    db = running.db
    await stop(running)
    fresh = await start(db)
    try:
        reread = Human(fresh, player.match_id, player.token)
        assert comparable(await reread.view()) == comparable(restored)
    finally:
        await stop(fresh)


async def test_a_practice_match_with_undos_verifies(running: Running) -> None:
    player = await new_practice(running, target_points=3)
    undos = 0
    for step in range(2000):
        view = await player.turn()
        if view.status == pb.MATCH_STATUS_FINISHED:
            break
        if step % 3 == 2 and view.can_undo:
            await player.undo(view.version, f"undo-{step}")
            undos += 1
            continue
        await player.move(view)
    else:
        raise AssertionError("the practice match did not finish")
    assert undos > 0
    record = await running.matches.GetMatchRecord(
        pb.GetMatchRecordRequest(match_id=player.match_id)
    )
    kinds = [e.WhichOneof("kind") for e in record.events]
    assert kinds.count("move_undone") == undos
    assert record.events[0].match_started.practice
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems
    # a tampered undo (back to a version that is not on the line) fails verification
    tampered = pb.GetMatchRecordResponse()
    tampered.CopyFrom(record)
    first = kinds.index("move_undone")
    tampered.events[first].move_undone.to_version = record.events[first].version + 5
    assert verdict.undos == undos
    assert not verify_record(tampered).ok


async def test_undo_is_refused_outside_practice_and_without_a_token(running: Running) -> None:
    created = await running.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), bot("greedy")], hints_allowed=True)
    )
    joined = await running.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    player = Human(running, created.match_id, joined.seat_token)
    view = await player.turn()
    await player.move(view)
    view = await player.turn()
    assert not view.can_undo and not view.practice
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await player.undo(view.version, "nope")
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(caught.value).reason == "UNDO_NOT_ALLOWED"
    assert (await player.view()).version == view.version
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await running.matches.UndoMove(
            pb.UndoMoveRequest(match_id=created.match_id, expected_version=1, request_id="x")
        )
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
