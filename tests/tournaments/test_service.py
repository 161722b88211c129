"""Tournaments through a real server (issue 34, "Done when"): Swiss events at two seats
and in rotating partnerships, played to their end by players the test holds, with
standings equal to a recomputation from the match records; an arena with late entries;
and the attacks on entries and results."""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import pytest

from fiveup.cli.check_tournaments import check_tournaments
from fiveup.cli.commands import main
from fiveup.store.sqlite.tournaments import SqliteTournamentStore
from fiveup.v1 import admin_pb2, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import tournaments_pb2 as pb

from ..admin.operators import admin_stub, operator_auth
from ..harness import auth, server_fixture, start, wait_for
from ..service.helpers import error_info
from .service_play import (
    MIN_OWN_MOVES,
    Players,
    at,
    create,
    engine_rows,
    get,
    people,
    recomputed,
    rows,
    settings,
    stub,
)

FAST = {
    "tournament_tick_seconds": 0.05,
    "tournament_watch_seconds": 0.1,
    "tournament_player_max_capacity": 16,
    "rated_min_own_moves": 3,
}
server = server_fixture(**FAST)


async def join_all(server, tid, players) -> None:  # type: ignore[no-untyped-def]
    for p in players:
        await stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )


async def start_now(server, owner, players, **kw):  # type: ignore[no-untyped-def]
    """A tournament starting a moment from now, everyone entered before."""
    tid = await create(server, owner, starts_at=at(time.time() + 0.5), **kw)
    await join_all(server, tid, players)
    return tid


async def test_a_16_player_swiss_runs_to_its_end_and_its_standings_follow_from_the_logs(
    server,
) -> None:
    field = await people(server, 16)
    tid = await start_now(server, field[0], field, seats=2, capacity=16, target_points=1)
    final = await Players(server, {p.player_id: p for p in field}, random.Random(1)).run(tid)
    assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
    assert final.summary.rounds == 4 and len(final.rounds) == 4
    met = set()
    for rnd in final.rounds:
        assert len(rnd.tables) == 8
        for t in rnd.tables:
            assert t.ending == pb.TABLE_ENDING_PLAYED
            pair = frozenset(t.player_ids)
            assert pair not in met  # no repeat meeting in 4 rounds of 16
            met.add(pair)
    assert sum(s.points for s in final.standings) == 32
    assert rows(final) == engine_rows(await recomputed(server, final))


async def test_a_12_player_partnership_swiss_rotates_partners(server) -> None:
    field = await people(server, 12)
    tid = await start_now(server, field[0], field, seats=4, capacity=12, rounds=3, target_points=1)
    final = await Players(server, {p.player_id: p for p in field}, random.Random(2)).run(tid)
    assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
    partners: set[frozenset[str]] = set()
    for rnd in final.rounds:
        assert len(rnd.tables) == 3
        for t in rnd.tables:
            assert len(t.player_ids) == 4
            for pair in (frozenset(t.player_ids[0::2]), frozenset(t.player_ids[1::2])):
                assert pair not in partners  # nobody partners twice
                partners.add(pair)
    assert rows(final) == engine_rows(await recomputed(server, final))


async def test_an_arena_takes_late_entries_and_pairs_tables_as_they_end(server) -> None:
    field = await people(server, 8)
    early, late = field[:5], field[5:]
    tid = await create(
        server, field[0], format=pb.TOURNAMENT_FORMAT_ARENA, duration_seconds=5,
        starts_at=at(time.time() + 0.3), capacity=8, target_points=1, streaks=True,
    )  # fmt: skip
    await join_all(server, tid, early)
    players = Players(server, {p.player_id: p for p in field}, random.Random(3))

    async def join_late() -> None:
        async def running() -> bool:
            return (await get(server, tid)).summary.state == pb.TOURNAMENT_STATE_RUNNING

        await wait_for(running)
        await join_all(server, tid, late)

    joining = asyncio.create_task(join_late())
    final = await players.run(tid)
    await joining
    assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
    seated = {p for rnd in final.rounds for t in rnd.tables for p in t.player_ids}
    assert {p.player_id for p in late} <= seated  # the late entrants played
    assert len(final.rounds) > 2  # tables paired again as they ended
    for rnd in final.rounds:
        assert all(t.ending != pb.TABLE_ENDING_PLAYING for t in rnd.tables)
    assert rows(final) == engine_rows(await recomputed(server, final))
    # Past 80% of the duration, no more entries.
    spare = (await people(server, 1, "late"))[0]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await join_all(server, tid, [spare])
    assert error_info(refused.value).reason == "TOURNAMENT_ENTRIES_CLOSED"


async def refused_reason(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call
    return error_info(refused.value).reason


async def test_entries_are_once_each_within_capacity_even_at_once(server) -> None:
    owner, *others = await people(server, 6)
    tid = await create(server, owner, capacity=3)
    await join_all(server, tid, [others[0]])
    await join_all(server, tid, [others[0]])  # twice: the same entry
    assert len((await get(server, tid)).entrants) == 1
    # Two spare accounts for the last two places and a third at once: two get in.
    joins = [
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
        for p in others[1:4]
    ]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, grpc.aio.AioRpcError)]
    assert len(refused) == 1 and error_info(refused[0]).reason == "TOURNAMENT_FULL"
    assert len((await get(server, tid)).entrants) == 3


async def test_a_withdrawal_after_the_start_is_final_and_never_paired_again(server) -> None:
    field = await people(server, 4)
    tid = await start_now(server, field[0], field, seats=2, capacity=4, rounds=2,
                          target_points=1)  # fmt: skip
    quitter = field[3]

    async def started() -> bool:
        return (await get(server, tid)).summary.state == pb.TOURNAMENT_STATE_RUNNING

    await wait_for(started)
    answer = await stub(server).WithdrawFromTournament(
        pb.WithdrawFromTournamentRequest(tournament_id=tid), metadata=auth(quitter.token)
    )
    assert answer.withdrawn
    # Back in to dodge (or pick) a pairing: refused, a Swiss takes no entries once started.
    reason = await refused_reason(
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(quitter.token)
        )
    )
    assert reason == "TOURNAMENT_ENTRIES_CLOSED"
    final = await Players(server, {p.player_id: p for p in field}, random.Random(4)).run(tid)
    second = final.rounds[1]
    assert quitter.player_id not in {p for t in second.tables for p in t.player_ids}
    mine = next(s for s in final.standings if s.player_id == quitter.player_id)
    assert not mine.active and mine.tables == 1  # the round-1 result stays


async def test_an_arena_entrant_who_withdrew_cannot_come_back(server) -> None:
    field = await people(server, 3)
    tid = await create(
        server, field[0], format=pb.TOURNAMENT_FORMAT_ARENA, duration_seconds=60,
        starts_at=at(time.time() + 0.2), capacity=8, target_points=1,
    )  # fmt: skip
    await join_all(server, tid, field[:1])

    async def started() -> bool:
        return (await get(server, tid)).summary.state == pb.TOURNAMENT_STATE_RUNNING

    await wait_for(started)
    await stub(server).WithdrawFromTournament(
        pb.WithdrawFromTournamentRequest(tournament_id=tid), metadata=auth(field[0].token)
    )
    reason = await refused_reason(
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(field[0].token)
        )
    )
    assert reason == "TOURNAMENT_WITHDRAWN"


async def test_a_table_resigned_at_once_scores_nothing(server) -> None:
    field = await people(server, 4)
    tid = await start_now(server, field[0], field, seats=2, capacity=4, rounds=1,
                          target_points=1)  # fmt: skip
    by_id = {p.player_id: p for p in field}
    resigned: list[str] = []

    async def resign_or_play(match_id: str, seated: list) -> None:  # type: ignore[type-arg]
        if not resigned:  # the first table: its first seat resigns before playing
            resigned.append(match_id)
            await server.matches.Resign(
                mpb.ResignRequest(match_id=match_id), metadata=auth(seated[0].token)
            )
            return
        await asyncio.gather(*(players._seat(match_id, p) for p in seated))

    players = Players(server, by_id, random.Random(5), instead=resign_or_play)
    final = await players.run(tid)
    table = next(t for t in final.rounds[0].tables if t.match_id == resigned[0])
    assert table.ending == pb.TABLE_ENDING_ABORTED
    points = {s.player_id: s.points for s in final.standings}
    assert all(points[p] == 0 for p in table.player_ids)  # the opponent wins nothing
    assert rows(final) == engine_rows(await recomputed(server, final))


async def test_an_invitation_only_tournament_is_hidden_from_everyone_else(server) -> None:
    owner, guest, outsider = await people(server, 3)
    tid = await create(server, owner, entry=pb.EntryRules(invited_player_ids=[guest.player_id]))
    for who in (outsider, None):
        reason = await refused_reason(
            stub(server).GetTournament(
                pb.GetTournamentRequest(tournament_id=tid),
                metadata=auth(who.token) if who else None,
            )
        )
        assert reason == "TOURNAMENT_NOT_FOUND"
    listed = await stub(server).ListTournaments(
        pb.ListTournamentsRequest(), metadata=auth(outsider.token)
    )
    assert tid not in {t.tournament_id for t in listed.tournaments}
    reason = await refused_reason(
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(outsider.token)
        )
    )
    assert reason == "TOURNAMENT_NOT_FOUND"
    # The invitee sees it and enters -- but not the list of who else was invited.
    seen = await get(server, tid, guest)
    assert not seen.summary.settings.entry.invited_player_ids
    await join_all(server, tid, [guest])
    assert (await get(server, tid, owner)).summary.settings.entry.invited_player_ids == [
        guest.player_id
    ]
    # A stranger never learns a player's next table (nor does anyone but them).
    assert not (await get(server, tid, owner)).HasField("your_table")


async def test_a_rating_band_keeps_players_out(server) -> None:
    owner, newcomer = await people(server, 2)
    tid = await create(server, owner, entry=pb.EntryRules(min_rating=1600))
    reason = await refused_reason(
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(newcomer.token)
        )
    )
    assert reason == "TOURNAMENT_NOT_ELIGIBLE"


async def test_players_create_casual_tournaments_within_limits(server) -> None:
    (owner,) = await people(server, 1)
    for kw in ({"rated": True}, {"capacity": 17}):
        reason = await refused_reason(create(server, owner, **kw))
        assert reason == "TOURNAMENT_CREATION_NOT_ALLOWED"
    request = pb.CreateTournamentRequest(settings=settings(), request_id="same-request")
    first = await stub(server).CreateTournament(request, metadata=auth(owner.token))
    again = await stub(server).CreateTournament(request, metadata=auth(owner.token))
    assert first.tournament.tournament_id == again.tournament.tournament_id  # a retry
    await create(server, owner)
    await create(server, owner)
    assert await refused_reason(create(server, owner)) == "TOURNAMENT_LIMIT_REACHED"
    # Malformed settings, and names that would not show as written, create nothing.
    for bad in (
        settings(seats=5),
        settings(name="Sat\u200burday"),
        settings(name="a\nb"),
        settings(name="\u3000\u0301"),
        settings(format=0),
        settings(capacity=1),
    ):
        reason = await refused_reason(
            stub(server).CreateTournament(
                pb.CreateTournamentRequest(settings=bad, request_id="bad-request"),
                metadata=auth(owner.token),
            )
        )
        assert reason == "INVALID_ARGUMENT"


strict = server_fixture(**FAST, rated_standing="linked")


async def test_a_tournament_for_players_with_standing_refuses_a_fresh_guest(strict) -> None:
    owner, guest = await people(strict, 2)
    tid = await create(strict, owner, entry=pb.EntryRules(require_standing=True))
    reason = await refused_reason(
        stub(strict).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(guest.token)
        )
    )
    assert reason == "TOURNAMENT_NOT_ELIGIBLE"


async def test_check_tournaments_agrees_with_the_logs_and_catches_a_tampered_result(
    server, capsys
) -> None:
    field = await people(server, 4)
    tid = await start_now(server, field[0], field, seats=2, capacity=4, rounds=2,
                          target_points=1)  # fmt: skip
    await Players(server, {p.player_id: p for p in field}, random.Random(6)).run(tid)
    checked = await check_tournaments(str(server.db), MIN_OWN_MOVES)
    assert checked.ok and checked.tournaments == 1 and checked.tables == 4
    # The command says so too (the server's --rated-min-own-moves is given).
    code = await asyncio.to_thread(
        main, ["check-tournaments", "--db", str(server.db), "--rated-min-own-moves", "3"]
    )
    assert code == 0 and "OK: 1 finished tournament (4 tables)" in capsys.readouterr().out
    # A result edited in the store (the loser made the winner) no longer matches its log.
    store = SqliteTournamentStore(str(server.db))
    await store.open()
    try:
        record = await store.get(tid)
        assert record is not None
        table = record.tables[0]
        table.winner_side = 1 - table.winner_side
        assert await store.save(record, record.version)
    finally:
        await store.close()
    checked = await check_tournaments(str(server.db), MIN_OWN_MOVES)
    assert not checked.ok
    assert any(f"match {table.match_id}" in m.what for m in checked.mismatches)
    assert any(m.what.startswith("rank ") for m in checked.mismatches)


async def test_an_odd_field_gives_one_bye_a_round_never_twice_to_anyone(server) -> None:
    field = await people(server, 5)
    tid = await start_now(server, field[0], field, seats=2, capacity=5, rounds=3,
                          target_points=1)  # fmt: skip
    final = await Players(server, {p.player_id: p for p in field}, random.Random(8)).run(tid)
    byes = [t.player_ids[0] for r in final.rounds for t in r.tables
            if t.ending == pb.TABLE_ENDING_BYE]  # fmt: skip
    assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never twice
    assert rows(final) == engine_rows(await recomputed(server, final))


async def test_players_with_a_block_never_share_a_table(server) -> None:
    field = await people(server, 4)
    blocker, blocked = field[0], field[1]
    await players_pb2_grpc.PlayerServiceStub(server.channel).BlockPlayer(
        players_pb2.BlockPlayerRequest(player_id=blocked.player_id),
        metadata=auth(blocker.token),
    )
    tid = await start_now(server, field[0], field, seats=2, capacity=4, rounds=3,
                          target_points=1)  # fmt: skip
    final = await Players(server, {p.player_id: p for p in field}, random.Random(9)).run(tid)
    for rnd in final.rounds:
        for t in rnd.tables:
            assert {blocker.player_id, blocked.player_id} - set(t.player_ids)


async def test_a_table_resigned_after_real_play_is_a_forfeit_that_counts(server) -> None:
    field = await people(server, 2)
    tid = await start_now(server, field[0], field, seats=2, capacity=2, rounds=1)
    resigner: list[str] = []

    async def play_then_resign(match_id: str, seated: list) -> None:  # type: ignore[type-arg]
        made = {p.player_id: 0 for p in seated}
        rng = random.Random(10)
        while min(made.values()) < MIN_OWN_MOVES:
            for p in seated:
                view = (
                    await server.matches.GetMatch(
                        mpb.GetMatchRequest(match_id=match_id), metadata=auth(p.token)
                    )
                ).view
                if view.HasField("turn_seat") and view.turn_seat == view.viewer_seat:
                    await server.matches.SubmitMove(
                        mpb.SubmitMoveRequest(
                            match_id=match_id, move=rng.choice(list(view.legal_moves)),
                            expected_version=view.version,
                            request_id=f"{p.player_id}-{made[p.player_id]}"),
                        metadata=auth(p.token))  # fmt: skip
                    made[p.player_id] += 1
        resigner.append(seated[0].player_id)
        await server.matches.Resign(
            mpb.ResignRequest(match_id=match_id), metadata=auth(seated[0].token)
        )

    by_id = {p.player_id: p for p in field}
    final = await Players(server, by_id, random.Random(10), instead=play_then_resign).run(tid)
    (table,) = final.rounds[0].tables
    assert table.ending == pb.TABLE_ENDING_FORFEIT
    points = {s.player_id: s.points for s in final.standings}
    winner = next(p for p in field if p.player_id != resigner[0])
    assert points == {winner.player_id: 1.0, resigner[0]: 0.0}
    assert rows(final) == engine_rows(await recomputed(server, final))


async def test_a_player_suspended_from_rated_play_cannot_enter_a_rated_tournament(
    server,
) -> None:
    owner, farmer = await people(server, 2)
    made = await admin_stub(server).CreateTournament(
        admin_pb2.AdminServiceCreateTournamentRequest(
            settings=settings(rated=True), request_id="rated-0002", reason="rated event"
        ),
        metadata=operator_auth(server),
    )
    tid = made.tournament.tournament_id
    await admin_stub(server).ImposeSanction(
        admin_pb2.ImposeSanctionRequest(
            player_id=farmer.player_id, kind=admin_pb2.SANCTION_KIND_RATED_PLAY_SUSPENSION,
            ends_at=at(time.time() + 3600), reason="farming",
        ),
        metadata=operator_auth(server),
    )  # fmt: skip
    reason = await refused_reason(
        stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(farmer.token)
        )
    )
    assert reason == "RATED_PLAY_SUSPENDED"
    await join_all(server, tid, [owner])  # the others enter


async def test_watch_streams_end_at_once_when_the_server_stops(tmp_path) -> None:
    running = await start(tmp_path / "stopping.sqlite3", **FAST)
    try:
        (owner,) = await people(running, 1)
        tid = await create(running, owner)
        watch = stub(running).WatchTournament(pb.WatchTournamentRequest(tournament_id=tid))
        await watch.read()  # the tournament at once
        began = time.monotonic()
        stopping = asyncio.create_task(running.app.stop(grace=20.0))
        with pytest.raises(grpc.aio.AioRpcError) as ended:
            await watch.read()
        assert ended.value.code() == grpc.StatusCode.UNAVAILABLE
        await stopping
        assert time.monotonic() - began < 10  # not held for the whole grace
    finally:
        await running.channel.close()
