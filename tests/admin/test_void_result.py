"""VoidResult through a real server on SQLite and PostgreSQL (issue 33, "Done when":
voiding a farmed rated result restores every rating that ``check-ratings`` recomputes).

Guests play rated matches; one result is farmed (a sock resigns at once) and played on
after (the farmer and the players they met meet others), in every category.  The void
answers every rating it changed, before and after; afterwards every stored rating is
what ``fiveup check-ratings`` rebuilds from the logs, and what a rebuild of the ledger
without the farmed match gives, float for float; the boards' and profiles' figures leave
it out.  A second void changes nothing; a live, cancelled or unknown match, or no
reason, is refused with its reason and nothing changed; every void is in the audit log."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest

from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.ratings.model import Rating
from fiveup.ratings.ports import RatingStore
from fiveup.store import open_lobby_store, open_rating_store, open_store
from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..harness import Running, auth, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth
from .playing import farm, fiveup, play, seated, sign_in

db = database_on_each_store("admin_void")
server = server_fixture(on_each_store=True)


@pytest.fixture
async def ratings(db: str) -> AsyncIterator[RatingStore]:
    store = open_rating_store(db)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def rebuilt_without(db: str, ledger: list[str]) -> dict[tuple[str, str], Rating]:
    """Every rating rebuilt from the logs of the rated matches ``ledger``, in order --
    from the logs alone, and (as check-ratings reads them) with the lobby's bindings."""
    events, lobby = open_store(db), open_lobby_store(db)
    await events.open()
    await lobby.open()
    try:
        alone = await ratings_from_logs(ledger, events)
        assert await ratings_from_logs(ledger, events, lobby) == alone
        return alone
    finally:
        await lobby.close()
        await events.close()


async def test_voiding_a_farmed_result_restores_every_rating_check_ratings_recomputes(
    server: Running, ratings: RatingStore, db: str
) -> None:
    ann, bob, cat, dan, sock = [
        await sign_in(server, n) for n in ("Ann", "Bob", "Cat", "Dan", "Sock")
    ]
    await play(server, [ann, bob], seed=1)
    await play(server, [bob, cat], seed=2)
    farmed = await farm(server, cat, sock)
    # after it: the farmer meets Dan, Dan meets Ann (the void reaches both), Bob and Ann
    # meet again (reached through Ann), and the other categories are played too
    await play(server, [cat, dan], seed=3)
    await play(server, [dan, ann], seed=4)
    await play(server, [bob, ann], seed=5)
    await play(server, [ann, bob, cat, dan], seed=6)
    await play(server, [bob, dan, sock], seed=7)
    ledger = list(await ratings.rated_match_ids())
    assert farmed in ledger and len(ledger) == 8
    before = await ratings.all_ratings()
    assert before == await rebuilt_without(db, ledger)

    stub, md = admin_stub(server), operator_auth(server, "ada")
    reason = "farmed: a sock account resigned at once"
    answer = await stub.VoidResult(
        pb.VoidResultRequest(match_id=farmed, reason=reason), metadata=md
    )
    after = await ratings.all_ratings()

    # Exactly a rebuild without the farmed match, and what check-ratings recomputes.
    assert after == await rebuilt_without(db, [m for m in ledger if m != farmed])
    checked = await fiveup("check-ratings", "--db", db)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith(
        f"OK: {len(after)} ratings equal a rebuild from the logs of 7 rated matches"
        " (1 voided match left out);"
    ), checked.stdout

    # The answer lists every rating that changed, before and after; the sock has none
    # left in the category, the other categories did not move.
    changed = {
        (c.player_id, str(c.player_count)): (c.before, c.after, c.unrated_after)
        for c in answer.changes
    }
    expected = {
        (player, category): (
            rating.mu,
            after[(category, player)].mu if (category, player) in after else Rating().mu,
            (category, player) not in after,
        )
        for (category, player), rating in before.items()
        if after.get((category, player)) != rating
    }
    assert changed == expected
    assert {p for p, _ in changed} == {ann.player_id, cat.player_id, dan.player_id,
                                       sock.player_id, bob.player_id}  # fmt: skip
    assert {category for _, category in changed} == {"2"}
    assert changed[(sock.player_id, "2")][2] is True
    assert all(after[k] == v for k, v in before.items() if k[0] != "2")
    summary = answer.match
    assert (summary.match_id, summary.voided, summary.rated) == (farmed, True, True)
    assert summary.status == mpb.MATCH_STATUS_FINISHED

    # The figures leave it out: the farmer's two-player wins, the sock's rating there.
    stats = ratings_pb2_grpc.RatingsServiceStub(server.channel)
    cats = await stats.GetPlayerStats(rp.GetPlayerStatsRequest(player_id=cat.player_id))
    two = next(c for c in cats.categories if c.category == rp.RATING_CATEGORY_TWO_PLAYERS)
    assert two.rated_matches == 2  # bob-cat and cat-dan; the farmed one is gone
    assert two.rating.mu == after[("2", cat.player_id)].mu
    socks = await stats.GetPlayerStats(rp.GetPlayerStatsRequest(player_id=sock.player_id))
    assert [c.category for c in socks.categories] == [rp.RATING_CATEGORY_THREE_PLAYERS]
    listed = await stats.ListPlayerMatches(
        rp.ListPlayerMatchesRequest(player_id=sock.player_id, page_size=100)
    )
    (row,) = [m for m in listed.matches if m.match_id == farmed]
    assert (row.rated, row.unrated_reason, row.HasField("rating_after")) == (False, "voided", False)
    profile = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=sock.player_id, reason="the sock's matches"),
        metadata=md,
    )
    assert {m.match_id: m.voided for m in profile.recent_matches}[farmed] is True
    assert not any(m.voided for m in profile.recent_matches if m.match_id != farmed)

    # Once is enough: a second void changes nothing and says nothing changed.
    again = await stub.VoidResult(
        pb.VoidResultRequest(match_id=farmed, reason="again"), metadata=md
    )
    assert list(again.changes) == [] and again.match.voided
    assert await ratings.all_ratings() == after
    log = await stub.ListAuditLog(
        pb.ListAuditLogRequest(target_id=farmed, action="VoidResult"), metadata=md
    )
    assert [(e.operator_id, e.action, e.target_kind, e.reason) for e in log.entries] == [
        ("local:ada", "VoidResult", "match", "again"),
        ("local:ada", "VoidResult", "match", reason),
    ]
    assert '"already_voided":true' in log.entries[0].details_json
    assert f'"ratings_changed":{len(expected)}' in log.entries[1].details_json


async def test_a_void_is_refused_with_its_reason_and_changes_nothing(
    server: Running, ratings: RatingStore
) -> None:
    ann, bob = await sign_in(server, "Ann"), await sign_in(server, "Bob")
    finished = await play(server, [ann, bob], seed=1)
    live, _ = await seated(server, [ann, bob])
    unjoined, _ = await seated(server, [ann, "greedy"])
    cancelled = (await server.matches.CreateMatch(
        mpb.CreateMatchRequest(seats=[mpb.SeatSpec(kind=mpb.SEAT_KIND_HUMAN)] * 2)
    ))  # fmt: skip
    await server.matches.CancelMatch(
        mpb.CancelMatchRequest(match_id=cancelled.match_id), metadata=auth(cancelled.creator_token)
    )
    stub, md = admin_stub(server), operator_auth(server)
    before = await ratings.all_ratings()
    refusals = [
        (finished, "  ", grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED"),
        (live, "cheating", grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_FINISHED"),
        (unjoined, "cheating", grpc.StatusCode.FAILED_PRECONDITION, "MATCH_NOT_FINISHED"),
        (cancelled.match_id, "x", grpc.StatusCode.FAILED_PRECONDITION, "MATCH_HAS_NO_RESULT"),
        ("0123456789abcdef", "x", grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND"),
        ("", "x", grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT"),
    ]
    for match_id, why, code, reason in refusals:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await stub.VoidResult(pb.VoidResultRequest(match_id=match_id, reason=why), metadata=md)
        assert (caught.value.code(), error_info(caught.value).reason) == (code, reason), match_id
    assert await ratings.all_ratings() == before
    assert await ratings.voided_match_ids() == frozenset()
    assert list((await stub.ListAuditLog(pb.ListAuditLogRequest(), metadata=md)).entries) == []
