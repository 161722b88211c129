"""Retention through the real server, on SQLite and PostgreSQL, with an injected clock (no
test waits): a match nobody joined expires, a joined one stays, a finished one stays
verifiable for its keep time and is then deleted."""

from __future__ import annotations

import grpc
import pytest

from fiveup.cli.verify import verify_record
from fiveup.v1 import match_pb2 as pb
from tests.harness import bot, human, start, stop
from tests.postgres_db import database_on_each_store
from tests.security.conftest import FakeClock
from tests.service.helpers import error_info

db = database_on_each_store("retention")


async def gone(call: object) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call  # type: ignore[misc]
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    assert error_info(caught.value).reason == "MATCH_NOT_FOUND"


async def test_unjoined_matches_expire_and_finished_ones_are_kept_then_deleted(db: str) -> None:
    clock = FakeClock()
    server = await start(
        db, clock=clock,  # a PostgreSQL URL must stay a URL (Path would fold its //)
        retention_unjoined_seconds=100.0, retention_finished_seconds=1000.0,
        retention_sweep_seconds=0.0,  # no sweeping on its own: the test sweeps
    )  # fmt: skip
    retention = server.app.retention
    assert retention is not None
    try:
        stub = server.matches
        unjoined = await stub.CreateMatch(pb.CreateMatchRequest(seats=[human(), bot("greedy")]))
        joined = await stub.CreateMatch(pb.CreateMatchRequest(seats=[human(), bot("greedy")]))
        await stub.JoinMatch(pb.JoinMatchRequest(match_id=joined.match_id, seat=0))
        finished = await stub.CreateMatch(
            pb.CreateMatchRequest(seats=[bot("greedy"), bot("greedy")], target_points=5)
        )
        async for _ in stub.WatchMatch(pb.WatchMatchRequest(match_id=finished.match_id)):
            pass  # the stream ends with the match

        clock.advance(50)
        swept = await retention.sweep()
        assert swept.deleted == () and swept.stamped == 1  # the finished match's keep time starts

        clock.advance(51)  # the unjoined match is 101 s old
        watcher = stub.WatchMatch(pb.WatchMatchRequest(match_id=unjoined.match_id))
        await watcher.read()  # open, and following the match
        swept = await retention.sweep()
        assert swept.deleted == (unjoined.match_id,)
        await gone(stub.GetMatch(pb.GetMatchRequest(match_id=unjoined.match_id)))
        await gone(stub.JoinMatch(pb.JoinMatchRequest(match_id=unjoined.match_id)))
        with pytest.raises(grpc.aio.AioRpcError) as caught:  # its watchers are told
            while True:
                await watcher.read()
        assert caught.value.code() == grpc.StatusCode.NOT_FOUND
        # the joined match is kept, and the finished one stays verifiable
        await stub.GetMatch(pb.GetMatchRequest(match_id=joined.match_id))
        record = await stub.GetMatchRecord(pb.GetMatchRecordRequest(match_id=finished.match_id))
        assert verify_record(record).ok

        clock.advance(1000)  # 1000 s after the sweep that saw it finished
        swept = await retention.sweep()
        assert swept.deleted == (finished.match_id,)
        await gone(stub.GetMatchRecord(pb.GetMatchRecordRequest(match_id=finished.match_id)))
        await stub.GetMatch(pb.GetMatchRequest(match_id=joined.match_id))  # still here
        assert (await retention.sweep()).deleted == ()
    finally:
        await stop(server)
