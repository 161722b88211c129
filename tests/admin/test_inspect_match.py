"""InspectMatch through a real server on SQLite and PostgreSQL: the whole record (every
hand, the seed), each seat's view at a chosen version exactly as that seat was shown it
then (byte for byte what GetMatch gave the seat at that version), and the shuffle
verification (``fiveup verify``'s check, of a live match's deals so far too).  The read
is audited before it is made, with its reason; a missing reason, an unknown match or a
version the match has not reached is refused, and an unknown match leaves no entry."""

from __future__ import annotations

import asyncio
import hashlib
import random

import grpc
import pytest

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from ..service.players import play_seat
from .operators import admin_stub, operator_auth
from .playing import seated, sign_in

db = database_on_each_store("admin_inspect")
server = server_fixture(on_each_store=True)


def shown(view: mpb.MatchView) -> bytes:
    return view.SerializeToString(deterministic=True)


async def seat_view(server: Running, match_id: str, token: str | None) -> mpb.MatchView:
    md = auth(token) if token else None
    return (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=match_id), metadata=md)).view


async def test_each_seat_is_shown_what_it_was_shown_and_the_deals_verify(
    server: Running,
) -> None:
    ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
    match_id, tokens = await seated(server, [ann, "greedy", bob])
    stub, md = admin_stub(server), operator_auth(server, "ada")
    # What each seat was shown just now (the bot may move between the two reads).
    early = {seat: await seat_view(server, match_id, token)
             for seat, token in ((0, tokens[0]), (2, tokens[1]))}  # fmt: skip

    live = await stub.InspectMatch(
        pb.InspectMatchRequest(match_id=match_id, reason="a report of a misdeal"), metadata=md
    )
    assert live.shuffle_verified  # the deals so far come from the committed seed
    assert live.summary.status == mpb.MATCH_STATUS_IN_PROGRESS

    rng = random.Random(3)
    await asyncio.gather(
        *(play_seat(server.matches, match_id, t, random.Random(rng.random())) for t in tokens)
    )
    latest = {seat: await seat_view(server, match_id, token)
              for seat, token in ((0, tokens[0]), (2, tokens[1]))}  # fmt: skip
    spectator = await seat_view(server, match_id, None)

    for seat, view in early.items():  # the past, as that seat saw it
        then = await stub.InspectMatch(
            pb.InspectMatchRequest(match_id=match_id, at_version=view.version, reason="replay"),
            metadata=md,
        )
        assert then.views_version == view.version
        assert [v.seat for v in then.seat_views] == [0, 1, 2]
        assert shown(then.seat_views[seat].view) == shown(view)
    now = await stub.InspectMatch(
        pb.InspectMatchRequest(match_id=match_id, reason="the end"), metadata=md
    )
    assert now.views_version == spectator.version  # 0: the latest
    for seat, view in latest.items():
        assert shown(now.seat_views[seat].view) == shown(view)
    assert now.seat_views[1].view.viewer_seat == 1  # the bot's seat has its view too

    # The record whole: every hand dealt, the seed, and its verdict.
    assert hashlib.sha256(now.shuffle_seed).hexdigest() == now.shuffle_commitment
    assert now.shuffle_commitment == spectator.shuffle_commitment and now.shuffle_verified
    assert [e.version for e in now.events] == list(range(1, spectator.version + 1))
    deal = next(e.round_dealt for e in now.events if e.HasField("round_dealt"))
    assert all(len(hand.tiles) > 0 for hand in deal.hands) and len(deal.hands) == 3
    assert [(s.seat, s.joined) for s in now.seats] == [(0, True), (1, True), (2, True)]
    assert now.summary.status == mpb.MATCH_STATUS_FINISHED
    assert list(now.summary.player_ids) == [ann.player_id, "", bob.player_id]

    # Each read was recorded with its reason (before it was made).
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(action="InspectMatch"), metadata=md)
    assert [(e.operator_id, e.target_id, e.reason) for e in reversed(log.entries)] == [
        ("local:ada", match_id, "a report of a misdeal"),
        *[("local:ada", match_id, "replay")] * 2,
        ("local:ada", match_id, "the end"),
    ]


async def test_an_inspection_is_refused_with_its_reason(server: Running) -> None:
    ann = await sign_in(server, "Ann")
    match_id, _ = await seated(server, [ann, "greedy"])
    stub, md = admin_stub(server), operator_auth(server)
    version = (await seat_view(server, match_id, None)).version
    refusals = [
        (match_id, 0, "", grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED"),
        ("0123456789abcdef", 0, "why", grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND"),
        (match_id, version + 1000, "why", grpc.StatusCode.OUT_OF_RANGE, "VERSION_NOT_REACHED"),
    ]
    for match_id_, at, why, code, reason in refusals:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await stub.InspectMatch(
                pb.InspectMatchRequest(match_id=match_id_, at_version=at, reason=why), metadata=md
            )
        assert (caught.value.code(), error_info(caught.value).reason) == (code, reason)
    # A read of a match that exists is a look asked for: recorded even though the
    # version was not there; the others recorded nothing.
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(), metadata=md)
    assert [(e.action, e.target_id) for e in log.entries] == [("InspectMatch", match_id)]
