"""Test clients that play through the public API only."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import grpc

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..harness import auth


@dataclass
class Watcher:
    """Follows a match's event stream and records every event it sees."""

    stub: match_pb2_grpc.MatchServiceStub
    match_id: str
    token: str | None = None
    after: int = 0
    events: list[pb.MatchEvent] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    done: bool = False
    task: asyncio.Task[None] | None = None

    def start(self) -> Watcher:
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    async def _run(self) -> None:
        md = auth(self.token) if self.token else None
        call = self.stub.WatchMatch(
            pb.WatchMatchRequest(match_id=self.match_id, after_version=self.after), metadata=md
        )
        async for item in call:
            assert item.WhichOneof("item") == "event", item
            self.events.append(item.event)
            self.changed.set()
        self.done = True
        self.changed.set()

    @property
    def version(self) -> int:
        return self.events[-1].version if self.events else self.after

    async def wait_change(self, timeout: float = 30.0) -> None:
        await asyncio.wait_for(self.changed.wait(), timeout)
        self.changed.clear()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


async def play_seat(
    stub: match_pb2_grpc.MatchServiceStub,
    match_id: str,
    token: str,
    rng: random.Random,
    max_moves: int = 5_000,
) -> pb.MatchView:
    """Play one seat to the end of the match with moves chosen among the listed legal ones."""
    watcher = Watcher(stub, match_id, token).start()
    try:
        for n in range(max_moves):
            view = (
                await stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=auth(token))
            ).view
            if view.status == pb.MATCH_STATUS_FINISHED:
                return view
            if view.HasField("turn_seat") and view.turn_seat == view.viewer_seat:
                listed = await stub.ListLegalMoves(
                    pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(token)
                )
                assert list(listed.moves) == list(view.legal_moves)
                move = rng.choice(list(listed.moves))
                try:
                    await stub.SubmitMove(
                        pb.SubmitMoveRequest(
                            match_id=match_id,
                            move=move,
                            expected_version=listed.version,
                            request_id=f"{match_id}-{view.viewer_seat}-{n}",
                        ),
                        metadata=auth(token),
                    )
                except grpc.aio.AioRpcError as exc:  # a bot moved in between: re-read
                    assert exc.code() == grpc.StatusCode.ABORTED, exc
                continue
            if watcher.version <= view.version and not watcher.done:
                await watcher.wait_change()
        raise AssertionError("match did not finish")
    finally:
        await watcher.stop()
