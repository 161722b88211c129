"""Tournaments through a real server (issue 34, "Done when"): Swiss events at two seats
and in rotating partnerships, played to their end by players the test holds, with
standings equal to a recomputation from the match records; an arena with late entries;
and the attacks on entries and results."""

from __future__ import annotations

import random
import time

import grpc
import pytest

from fiveup.v1 import tournaments_pb2 as pb

from ..harness import auth, server_fixture
from ..service.helpers import error_info
from .service_play import (
    Players,
    at,
    create,
    engine_rows,
    get,
    people,
    recomputed,
    rows,
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
    tid = await start_now(server, field[0], field, seats=2, capacity=16)
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
    tid = await start_now(server, field[0], field, seats=4, capacity=12, rounds=3)
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
