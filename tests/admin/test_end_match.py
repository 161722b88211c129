"""EndMatch through a real server on SQLite and PostgreSQL: a stuck live match (listed
so by ListMatches) is cancelled by an operator -- its watchers see the cancellation
(reason OPERATOR) through the normal event stream and their streams end, it has no
result and changes no rating -- and the action is in the audit log.  A finished match, a
missing reason or an unknown id is refused with its reason, nothing changed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
import pytest

from fiveup.ratings.ports import RatingStore
from fiveup.store import open_rating_store
from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from ..service.players import Watcher
from .operators import admin_stub, operator_auth
from .playing import play, seated, sign_in

db = database_on_each_store("admin_end")
# No turn timer and no grace: a seat nobody plays is stuck at once (the default grace,
# minutes, is test_list_matches.py's).
server = server_fixture(on_each_store=True, turn_timeout_seconds=0.0, stuck_grace_seconds=0.0)


@pytest.fixture
async def ratings(db: str) -> AsyncIterator[RatingStore]:
    store = open_rating_store(db)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def stuck_ids(server: Running) -> list[str]:
    page = await admin_stub(server).ListMatches(
        pb.ListMatchesRequest(filter=pb.MATCH_FILTER_STUCK), metadata=operator_auth(server)
    )
    return [m.match_id for m in page.matches]


async def test_an_operator_ends_a_stuck_match_and_its_watchers_see_it_end(
    server: Running, ratings: RatingStore
) -> None:
    ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
    done = await play(server, [ann, bob], seed=1)
    stuck, tokens = await seated(server, [ann, bob])  # rated, and nobody moves
    assert await stuck_ids(server) == [stuck]  # the finished one never is
    rated_before = await ratings.rated_match_ids()
    spectator = Watcher(server.matches, stuck).start()
    seat = Watcher(server.matches, stuck, tokens[0]).start()
    await spectator.wait_change()  # caught up with the log

    stub, md = admin_stub(server), operator_auth(server, "ada")
    reason = "stuck: nobody has moved for an hour"
    ended = await stub.EndMatch(pb.EndMatchRequest(match_id=stuck, reason=reason), metadata=md)
    assert (ended.match.match_id, ended.match.status) == (stuck, mpb.MATCH_STATUS_CANCELLED)

    for watcher in (spectator, seat):  # through the event stream, which then ends
        await asyncio.wait_for(watcher.task, 30)  # type: ignore[arg-type]
        last = watcher.events[-1]
        assert last.WhichOneof("kind") == "match_cancelled"
        assert last.match_cancelled.reason == mpb.CANCEL_REASON_OPERATOR
        assert last.version == ended.match.version
    view = (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=stuck))).view
    assert view.status == mpb.MATCH_STATUS_CANCELLED and not view.HasField("winner_side")
    with pytest.raises(grpc.aio.AioRpcError) as caught:  # no more moves
        await server.matches.Resign(mpb.ResignRequest(match_id=stuck), metadata=auth(ann.access))
    assert error_info(caught.value).reason == "MATCH_FINISHED"

    # No result, no rating: the ledger and Ann's list are as they were.
    assert await ratings.rated_match_ids() == rated_before
    listed = await ratings_pb2_grpc.RatingsServiceStub(server.channel).ListPlayerMatches(
        rp.ListPlayerMatchesRequest(player_id=ann.player_id)
    )
    assert [m.match_id for m in listed.matches] == [done]
    assert await stuck_ids(server) == []

    log = await stub.ListAuditLog(pb.ListAuditLogRequest(action="EndMatch"), metadata=md)
    ((entry),) = log.entries
    assert (entry.operator_id, entry.target_kind, entry.target_id, entry.reason) == (
        "local:ada", "match", stuck, reason,
    )  # fmt: skip
    assert entry.details_json == f'{{"version":{ended.match.version}}}'


async def test_ending_is_refused_with_its_reason_and_changes_nothing(server: Running) -> None:
    ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
    finished = await play(server, [ann, bob], seed=2)
    live, _ = await seated(server, [ann, bob])
    stub, md = admin_stub(server), operator_auth(server)
    versions = {m: (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=m))).view.version
                for m in (finished, live)}  # fmt: skip
    refusals = [
        (finished, "stuck?", grpc.StatusCode.FAILED_PRECONDITION, "MATCH_FINISHED"),
        (live, "", grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED"),
        (live, "x" * 501, grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED"),
        ("0123456789abcdef", "stuck", grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND"),
        ("m" * 65, "stuck", grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT"),
    ]
    for match_id, why, code, reason in refusals:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await stub.EndMatch(pb.EndMatchRequest(match_id=match_id, reason=why), metadata=md)
        assert (caught.value.code(), error_info(caught.value).reason) == (code, reason), match_id
    for match_id, version in versions.items():
        view = (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=match_id))).view
        assert view.version == version
    assert list((await stub.ListAuditLog(pb.ListAuditLogRequest(), metadata=md)).entries) == []
