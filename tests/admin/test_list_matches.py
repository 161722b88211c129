"""ListMatches through a real server on SQLite and PostgreSQL: newest first, a page at a
time; live, ended and stuck (the server's default grace: a match that just moved is not
stuck); by player; rated only.  Public facts: no reason, no audit entry.  A limit out of
range, a page token the server did not hand out or a filter it does not know is refused."""

from __future__ import annotations

import grpc
import pytest

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb

from ..harness import Running, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth
from .playing import play, seated, sign_in

db = database_on_each_store("admin_list")
server = server_fixture(on_each_store=True)


async def listed(server: Running, **request: object) -> list[str]:
    page = await admin_stub(server).ListMatches(
        pb.ListMatchesRequest(**request),
        metadata=operator_auth(server),  # type: ignore[arg-type]
    )
    return [m.match_id for m in page.matches]


async def test_the_list_filters_and_pages_newest_first(server: Running) -> None:
    ann, bob, cat = [await sign_in(server, n) for n in ("Ann", "Bob", "Cat")]
    rated = await play(server, [ann, bob], seed=1)
    with_bot = await play(server, [cat, "greedy"], seed=2)
    waiting, _ = await seated(server, [ann, cat])  # rated when it ends: live now
    newest = (await server.matches.CreateMatch(mpb.CreateMatchRequest(
        seats=[mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)] * 2
    ))).match_id  # fmt: skip
    everything = [newest, waiting, with_bot, rated]
    assert await listed(server) == everything

    stub, md = admin_stub(server), operator_auth(server)
    seen, token = [], ""
    while True:
        page = await stub.ListMatches(pb.ListMatchesRequest(limit=3, page_token=token), metadata=md)
        seen += [m.match_id for m in page.matches]
        token = page.next_page_token
        if not token:
            break
    assert seen == everything

    assert await listed(server, filter=pb.MATCH_FILTER_LIVE) == [newest, waiting]
    assert await listed(server, filter=pb.MATCH_FILTER_ENDED) == [with_bot, rated]
    assert await listed(server, filter=pb.MATCH_FILTER_STUCK) == []  # 5 minutes' grace
    assert await listed(server, player_id=ann.player_id) == [waiting, rated]
    assert await listed(server, player_id=cat.player_id, filter=pb.MATCH_FILTER_ENDED) == [with_bot]
    assert await listed(server, rated_only=True) == [newest, waiting, rated]

    (summary,) = (await stub.ListMatches(pb.ListMatchesRequest(limit=1), metadata=md)).matches
    assert summary.match_id == newest and list(summary.player_ids) == ["", ""]
    assert (summary.status, summary.rated, summary.voided) == (
        mpb.MATCH_STATUS_IN_PROGRESS, True, False,
    )  # fmt: skip
    view = (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=newest))).view
    assert summary.version == view.version  # its creation's events
    assert summary.last_event_at == summary.created_at  # nothing appended since
    assert list((await stub.ListAuditLog(pb.ListAuditLogRequest(), metadata=md)).entries) == []


@pytest.mark.parametrize(
    "request_",
    [
        pb.ListMatchesRequest(limit=101),
        pb.ListMatchesRequest(page_token="not-a-token"),
        pb.ListMatchesRequest(filter=9),  # type: ignore[arg-type]
        pb.ListMatchesRequest(player_id="p" * 65),
    ],
    ids=["limit", "page-token", "filter", "player-id"],
)
async def test_a_bad_request_is_refused(server: Running, request_: pb.ListMatchesRequest) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await admin_stub(server).ListMatches(request_, metadata=operator_auth(server))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).reason == "INVALID_ARGUMENT"
