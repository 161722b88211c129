"""Every match ends: its creator may cancel it (CancelMatch, on the creator token), and the
server cancels it past a bound on rounds or events.  A cancellation is an event of the
append-only log, watchers see it, the record replays it, bots stop and a restart does not
resume them.  Bot-only matches are capped per client address and per process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grpc
import pytest

from fiveup.cli.verify import verify_record
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, bot, human, start, stop
from tests.security.conftest import retry_delay
from tests.service.helpers import error_info


async def watch_to_end(server: Running, match_id: str) -> list[pb.MatchEvent]:
    call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=120)
    return [item.event async for item in call if item.WhichOneof("item") == "event"]


async def refused(call: Any) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    return caught.value


async def test_the_creator_cancels_a_bot_match_for_good(tmp_path: Path) -> None:
    db = tmp_path / "cancel.sqlite3"
    server = await start(db)
    try:
        created = await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[bot("greedy"), bot("greedy")], target_points=10_000)
        )
        assert created.creator_token
        match_id = created.match_id
        watch = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id), timeout=120)
        # only the creator's token cancels
        denied = await refused(
            server.matches.CancelMatch(
                pb.CancelMatchRequest(match_id=match_id), metadata=auth("not-the-creator")
            )
        )
        assert denied.code() == grpc.StatusCode.PERMISSION_DENIED
        cancelled = await server.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=match_id), metadata=auth(created.creator_token)
        )
        # the watcher's stream ends with the cancellation, the last event of the log
        events = [item.event async for item in watch if item.WhichOneof("item") == "event"]
        assert events[-1].version == cancelled.version
        assert events[-1].match_cancelled.reason == pb.CANCEL_REASON_CREATOR
        assert [e.version for e in events] == list(range(1, cancelled.version + 1))
        # the bots stop: once their task is over, nothing more is written
        await server.app.matches.bots.settled(match_id)
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
        assert view.status == pb.MATCH_STATUS_CANCELLED and view.version == cancelled.version
        assert not view.HasField("winner_side") and not view.legal_moves
        again = await server.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=match_id), metadata=auth(created.creator_token)
        )
        assert again.version == cancelled.version  # cancelling twice is not an error
        # the record opens and verifies: the log replays under the rules
        record = await server.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
        assert record.events[-1].WhichOneof("kind") == "match_cancelled"
        assert verify_record(record).ok
    finally:
        await stop(server)
    # a restart on the same file does not resume the bots of a cancelled match
    restarted = await start(db)
    try:
        assert match_id not in await restarted.app.store.active_match_ids()
        assert not await restarted.app.matches.bots.settled(match_id)  # no bots' task
        view = (await restarted.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
        assert view.version == cancelled.version
        assert view.status == pb.MATCH_STATUS_CANCELLED
    finally:
        await stop(restarted)


async def test_a_won_match_is_not_cancelled(server: Running) -> None:
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[bot("greedy"), bot("random")], target_points=5)
    )
    events = await watch_to_end(server, created.match_id)
    assert events[-1].WhichOneof("kind") == "match_ended"
    exc = await refused(
        server.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=created.match_id), metadata=auth(created.creator_token)
        )
    )
    assert exc.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_info(exc).reason == "MATCH_FINISHED"


@pytest.mark.parametrize(
    ("bound", "check"),
    [
        ({"max_match_rounds": 2}, lambda events: max_round(events) == 3),
        ({"max_match_events": 40}, lambda events: 40 <= events[-1].version <= 60),
    ],
    ids=["rounds", "events"],
)
async def test_every_match_ends_within_the_servers_bounds(
    tmp_path: Path, bound: dict[str, int], check: Any
) -> None:
    server = await start(tmp_path / "bounds.sqlite3", **bound)
    try:
        created = await server.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[bot("greedy"), bot("greedy")], target_points=10_000)
        )
        events = await watch_to_end(server, created.match_id)
        assert events[-1].match_cancelled.reason == pb.CANCEL_REASON_LENGTH_LIMIT
        assert check(events), [e.WhichOneof("kind") for e in events[-5:]]
        record = await server.matches.GetMatchRecord(
            pb.GetMatchRecordRequest(match_id=created.match_id)
        )
        assert verify_record(record).ok
    finally:
        await stop(server)


def max_round(events: list[pb.MatchEvent]) -> int:
    return max(e.round_dealt.round_number for e in events if e.HasField("round_dealt"))


async def test_bot_only_matches_are_capped_per_client_and_in_all(tmp_path: Path) -> None:
    server = await start(
        tmp_path / "caps.sqlite3",
        max_client_bot_matches=1, max_bot_matches=2, client_address_header="x-forwarded-for",
        trusted_proxies="127.0.0.1",  # the test client is the trusted gateway here
    )  # fmt: skip
    bots_only = pb.CreateMatchRequest(seats=[bot("greedy"), bot("greedy")], target_points=10_000)

    def create(client: str, request: pb.CreateMatchRequest = bots_only) -> Any:
        return server.matches.CreateMatch(request, metadata=(("x-forwarded-for", client),))

    try:
        first = await create("10.0.0.1")
        exc = await refused(create("10.0.0.1"))
        assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        info = error_info(exc)
        assert (info.reason, info.metadata["scope"], info.metadata["limit"]) == (
            "TOO_MANY_BOT_MATCHES", "client", "1",
        )  # fmt: skip
        assert (retry_delay(exc) or 0) > 0
        await create("10.0.0.2")
        exc = await refused(create("10.0.0.3"))
        assert error_info(exc).metadata["scope"] == "server"
        # a match with a person in it is not a bot-only match
        await create("10.0.0.3", pb.CreateMatchRequest(seats=[human(), bot("greedy")]))
        # a bot-only match that ends frees its slot
        await server.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=first.match_id), metadata=auth(first.creator_token)
        )
        await create("10.0.0.1")
    finally:
        await stop(server)
