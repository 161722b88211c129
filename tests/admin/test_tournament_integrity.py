"""GetTournamentIntegrity through a real server: a four-player partnership Swiss whose
first table is resigned at once (aborted: who conceded is recorded), played by two
entrants from one address prefix and two from others.  The operator reads who
partnered whom (every pair once: partners rotate), the repeated meetings, the early
ending, and the shared prefix with the tables those two shared; the read is audited
with its reason, and refused without one or for an unknown tournament (nothing
audited then)."""

from __future__ import annotations

import asyncio
import random
import time

import grpc
import pytest

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import tournaments_pb2 as tpb

from ..harness import Running, auth, server_fixture
from ..service.helpers import error_info
from ..tournaments.service_play import Person, Players, at, settings, stub
from .farms import FORWARDED, guest
from .operators import admin_stub, operator_auth

server = server_fixture(
    tournament_tick_seconds=0.05, tournament_watch_seconds=0.1, rated_min_own_moves=3,
    **FORWARDED,
)  # fmt: skip
FARM = "203.0.113"


async def test_an_operator_reads_a_partnership_swiss_integrity_facts(server: Running) -> None:
    addresses = [f"{FARM}.10", f"{FARM}.11", "198.51.100.7", "192.0.2.9"]
    guests = [await guest(server.channel, f"g{i}", a) for i, a in enumerate(addresses)]
    field = [Person(g.name, g.access, g.player_id) for g in guests]
    made = await admin_stub(server).CreateTournament(
        pb.AdminServiceCreateTournamentRequest(
            settings=settings(seats=4, capacity=4, rounds=3, target_points=5,
                              starts_at=at(time.time() + 0.5)),
            request_id="facts-0001", reason="club partnership night",
        ),
        metadata=operator_auth(server),
    )  # fmt: skip
    tid = made.tournament.tournament_id
    for p in field:
        await stub(server).JoinTournament(
            tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
    resigned: list[tuple[str, str]] = []

    async def resign_or_play(match_id: str, seated: list[Person]) -> None:
        if not resigned:
            resigned.append((match_id, seated[0].player_id))
            await server.matches.Resign(
                mpb.ResignRequest(match_id=match_id), metadata=auth(seated[0].token)
            )
            return
        await asyncio.gather(*(players._seat(match_id, p) for p in seated))

    players = Players(server, {p.player_id: p for p in field}, random.Random(3),
                      instead=resign_or_play)  # fmt: skip
    final = await players.run(tid, timeout=90)
    assert final.summary.state == tpb.TOURNAMENT_STATE_FINISHED
    tables = [t for r in final.rounds for t in r.tables]
    assert len(tables) == 3

    md = operator_auth(server, "ida")
    facts = await admin_stub(server).GetTournamentIntegrity(
        pb.GetTournamentIntegrityRequest(tournament_id=tid, reason="complaint 12"), metadata=md
    )
    ids = sorted(p.player_id for p in field)
    every_pair = {(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :]}
    # Partners rotate: each of the six pairs partnered at exactly one table.
    assert {tuple(p.player_ids) for p in facts.partners} == every_pair
    assert all(len(p.match_ids) == 1 for p in facts.partners)
    # Four players at every table: every pair met three times.
    assert {tuple(p.player_ids): len(p.match_ids) for p in facts.repeated_meetings} == {
        pair: 3 for pair in every_pair
    }
    (early,) = facts.early_endings
    assert (early.match_id, early.conceded_by, early.reason, early.round) == (
        *resigned[0], "resigned", 1,
    )  # fmt: skip
    assert list(facts.forfeits) == [] and list(facts.withdrawn_player_ids) == []
    farm = next(s for s in facts.shared_addresses if s.prefix == f"{FARM}.0/24")
    assert sorted(farm.player_ids) == sorted(g.player_id for g in guests[:2])
    assert farm.tables_together == 3
    assert all(
        {guests[2].player_id, guests[3].player_id} - set(s.player_ids)
        for s in facts.shared_addresses
    )  # the two from their own networks never share one with each other

    log = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(action="GetTournamentIntegrity"), metadata=md
    )
    ((entry),) = log.entries
    assert (entry.operator_id, entry.target_kind, entry.target_id, entry.reason) == (
        "local:ida", "tournament", tid, "complaint 12",
    )  # fmt: skip

    for request, code, reason in (
        (pb.GetTournamentIntegrityRequest(tournament_id=tid), "INVALID_ARGUMENT",
         "REASON_REQUIRED"),
        (pb.GetTournamentIntegrityRequest(tournament_id="nope", reason="x"), "NOT_FOUND",
         "TOURNAMENT_NOT_FOUND"),
    ):  # fmt: skip
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await admin_stub(server).GetTournamentIntegrity(request, metadata=md)
        assert (caught.value.code().name, error_info(caught.value).reason) == (code, reason)
    log = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(action="GetTournamentIntegrity"), metadata=md
    )
    assert len(log.entries) == 1  # the refused reads recorded nothing
