"""AdminService's tournaments through a real server: an operator creates what players
may not (rated, any capacity, an invitation list; once per request id, audited once),
lists every tournament (invitation-only ones with their lists), and calls one off: its
tables in play end cancelled (no result), the director pairs nothing more, and the
action is audited.  Refusals come with their reasons, nothing changed."""

from __future__ import annotations

import random
import time

import grpc
import pytest

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import notifications_pb2
from fiveup.v1 import tournaments_pb2 as tpb

from ..harness import Running, auth, server_fixture, wait_for
from ..service.helpers import error_info
from ..service.test_invited_and_found import listed
from ..tournaments.service_play import Players, at, get, people, settings, stub
from .operators import admin_stub, operator_auth

READY = notifications_pb2.NOTIFICATION_KIND_TOURNAMENT_TABLE_READY
server = server_fixture(
    tournament_tick_seconds=0.05, tournament_watch_seconds=0.1,
    tournament_player_max_capacity=8, rated_min_own_moves=3,
)  # fmt: skip


async def refused(call) -> tuple[grpc.StatusCode, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    return caught.value.code(), error_info(caught.value).reason


async def admin_create(server: Running, request_id: str, **kw: object) -> tpb.TournamentSummary:
    answer = await admin_stub(server).CreateTournament(
        pb.AdminServiceCreateTournamentRequest(
            settings=settings(**kw), request_id=request_id, reason="club night"
        ),
        metadata=operator_auth(server, "ada"),
    )
    return answer.tournament


async def test_an_operator_creates_a_rated_invitation_only_event_once(server: Running) -> None:
    invited, outsider = await people(server, 2)
    made = await admin_create(
        server, "club-0001", rated=True, seats=4, capacity=40,
        entry=tpb.EntryRules(invited_player_ids=[invited.player_id]),
    )  # fmt: skip
    assert made.settings.rated and made.settings.capacity == 40  # over the players' cap
    assert made.created_by == "operator:local:ada"
    assert list(made.settings.entry.invited_player_ids) == [invited.player_id]
    again = await admin_create(server, "club-0001", rated=True, seats=4, capacity=40)
    assert again.tournament_id == made.tournament_id  # a retry: the same one, not a second
    md = operator_auth(server)
    log = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(action="CreateTournament"), metadata=md
    )
    ((entry),) = log.entries  # audited once
    assert (entry.target_kind, entry.target_id, entry.reason) == (
        "tournament", made.tournament_id, "club night",
    )  # fmt: skip
    # Players see it only if invited; the invited one enters (a rated seat: allowed).
    tid = made.tournament_id
    hidden = stub(server).GetTournament(
        tpb.GetTournamentRequest(tournament_id=tid), metadata=auth(outsider.token)
    )
    assert await refused(hidden) == (grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")
    await stub(server).JoinTournament(
        tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(invited.token)
    )
    shown = await get(server, tid, invited)
    assert shown.entered and shown.summary.created_by == "operator"  # not which operator
    # Operators list it, with its list; players' own list does not show it to others.
    listed = await admin_stub(server).ListTournaments(
        pb.AdminServiceListTournamentsRequest(state=tpb.TOURNAMENT_STATE_UPCOMING), metadata=md
    )
    assert [(t.tournament_id, list(t.settings.entry.invited_player_ids)) for t in
            listed.tournaments] == [(tid, [invited.player_id])]  # fmt: skip
    public = await stub(server).ListTournaments(
        tpb.ListTournamentsRequest(), metadata=auth(outsider.token)
    )
    assert list(public.tournaments) == []


async def test_creation_is_refused_with_its_reason(server: Running) -> None:
    bad = [
        ({"capacity": 10_000}, "INVALID_ARGUMENT"),  # over the server's cap for anyone
        ({"seats": 5}, "INVALID_ARGUMENT"),
        ({"name": "\u200b"}, "INVALID_ARGUMENT"),
    ]
    for kw, code in bad:
        call = admin_create(server, f"bad-{random.random()}", **kw)
        assert (await refused(call))[0].name == code, kw
    no_reason = admin_stub(server).CreateTournament(
        pb.AdminServiceCreateTournamentRequest(settings=settings(), request_id="club-0002"),
        metadata=operator_auth(server),
    )
    assert await refused(no_reason) == (grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED")
    short_id = admin_create(server, "x")
    assert (await refused(short_id))[0] == grpc.StatusCode.INVALID_ARGUMENT
    listed = await admin_stub(server).ListTournaments(
        pb.AdminServiceListTournamentsRequest(), metadata=operator_auth(server)
    )
    assert list(listed.tournaments) == []  # nothing was made


async def test_cancelling_a_running_swiss_ends_its_tables_without_a_result(
    server: Running,
) -> None:
    field = await people(server, 4)
    made = await admin_create(server, "club-0003", starts_at=at(time.time() + 0.5), capacity=4,
                              rounds=2)  # fmt: skip
    tid = made.tournament_id
    for p in field:
        await stub(server).JoinTournament(
            tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )

    async def seated() -> tpb.TournamentDetail | None:
        d = await get(server, tid)
        opened = [t for r in d.rounds for t in r.tables if t.match_id]
        return d if len(opened) == 2 else None

    detail = await wait_for(seated, timeout=20)
    match_ids = sorted(t.match_id for r in detail.rounds for t in r.tables)
    # Nobody plays: the tables are live when the operator calls the event off.
    md = operator_auth(server, "bea")
    off = await admin_stub(server).CancelTournament(
        pb.CancelTournamentRequest(tournament_id=tid, reason="venue closed"), metadata=md
    )
    assert off.tournament.state == tpb.TOURNAMENT_STATE_CANCELLED
    assert sorted(off.ended_match_ids) == match_ids and not off.already_cancelled
    for match_id in match_ids:  # cancelled by an operator, as EndMatch ends a match
        view = (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=match_id))).view
        assert view.status == mpb.MATCH_STATUS_CANCELLED
    final = await get(server, tid)
    assert [t.ending for r in final.rounds for t in r.tables] == [tpb.TABLE_ENDING_ABORTED] * 2
    assert all(s.points == 0 for s in final.standings)
    # The director pairs nothing more: a few passes of it change nothing.
    assert server.app.contexts is not None
    for _ in range(3):
        await server.app.contexts.tournaments.director.tick()
    assert (await get(server, tid)).version == final.version
    # Again: it says so and ends nothing; the audit log has both.
    again = await admin_stub(server).CancelTournament(
        pb.CancelTournamentRequest(tournament_id=tid, reason="again"), metadata=md
    )
    assert again.already_cancelled and list(again.ended_match_ids) == []
    log = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(action="CancelTournament"), metadata=md
    )
    assert [(e.operator_id, e.target_id, e.reason) for e in log.entries] == [
        ("local:bea", tid, "again"), ("local:bea", tid, "venue closed"),
    ]  # fmt: skip


async def test_a_finished_tournament_cannot_be_cancelled(server: Running) -> None:
    field = await people(server, 2)
    made = await admin_create(server, "club-0004", starts_at=at(time.time() + 0.5), capacity=2,
                              rounds=1)  # fmt: skip
    tid = made.tournament_id
    for p in field:
        await stub(server).JoinTournament(
            tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
    by_id = {p.player_id: p for p in field}
    final = await Players(server, by_id, random.Random(4)).run(tid)
    assert final.summary.state == tpb.TOURNAMENT_STATE_FINISHED
    call = admin_stub(server).CancelTournament(
        pb.CancelTournamentRequest(tournament_id=tid, reason="too late"),
        metadata=operator_auth(server),
    )
    assert await refused(call) == (grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_OVER")
    assert (await get(server, tid)).summary.state == tpb.TOURNAMENT_STATE_FINISHED
    unknown = admin_stub(server).CancelTournament(
        pb.CancelTournamentRequest(tournament_id="nope", reason="x"),
        metadata=operator_auth(server),
    )
    assert await refused(unknown) == (grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND")


async def test_a_table_a_racing_director_opens_after_the_cancellation_is_ended(
    server: Running,
) -> None:
    """A director that paired a round, then lost the race to the cancellation before it
    opened the tables, opens them late: it finds the tournament cancelled, ends those
    matches at once and tells nobody their table is ready."""
    assert server.app.contexts is not None
    director = server.app.contexts.tournaments.director
    await director.close()  # this test takes the director's steps itself
    field = await people(server, 2)
    made = await admin_create(server, "club-0005", starts_at=at(time.time() + 0.2), capacity=2,
                              rounds=1)  # fmt: skip
    tid = made.tournament_id
    for p in field:
        await stub(server).JoinTournament(
            tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
    await wait_for(lambda: _started(server, tid), timeout=10)
    opening = director._open_tables

    async def not_yet(record: object) -> None:
        return None

    director._open_tables = not_yet  # type: ignore[method-assign]
    await director.tick()  # started and paired; the tables not opened
    paired = await server.app.contexts.tournaments.tournaments.store.get(tid)
    assert paired is not None and [t.opened for t in paired.tables] == [False]
    off = await admin_stub(server).CancelTournament(
        pb.CancelTournamentRequest(tournament_id=tid, reason="storm"),
        metadata=operator_auth(server),
    )
    assert list(off.ended_match_ids) == []  # nothing was open yet
    director._open_tables = opening  # type: ignore[method-assign]
    await director._open_tables(paired)  # the late director, with its stale read
    (table,) = (await server.app.contexts.tournaments.tournaments.store.get(tid)).tables  # type: ignore[union-attr]
    view = (await server.matches.GetMatch(mpb.GetMatchRequest(match_id=table.match_id))).view
    assert view.status == mpb.MATCH_STATUS_CANCELLED
    assert table.ending == "aborted" and table.concede_reason == "cancelled"
    for p in field:
        told = await listed(server.channel, p.token)
        assert [n for n in told if n.kind == READY] == []


async def _started(server: Running, tid: str) -> bool:
    return time.time() >= (await get(server, tid)).summary.settings.starts_at.seconds + 1
