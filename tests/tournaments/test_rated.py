"""A rated tournament through the real server, created by an operator (AdminService):
its tables are rated matches and feed the ratings like any other rated match, and a
Swiss player who walks away from a table -- their seat forfeits as abandoned before
they made their own moves, so the table is aborted -- is withdrawn and paired no more
(docs/tournaments.md, "Fair play"); the aborted table changes no rating."""

from __future__ import annotations

import asyncio
import random
import time

from fiveup.store import open_rating_store
from fiveup.v1 import admin_pb2
from fiveup.v1 import match_pb2 as mpb
from fiveup.v1 import tournaments_pb2 as pb

from ..admin.operators import admin_stub, operator_auth
from ..harness import Running, auth, server_fixture, wait_for
from .service_play import Person, Players, at, engine_rows, people, recomputed, rows, settings, stub

server = server_fixture(
    tournament_tick_seconds=0.05, tournament_watch_seconds=0.1, rated_min_own_moves=3,
    # An absent player's turn is handed to a stand-in at once, which forfeits the seat
    # (abandoned) after one turn: the walk-away takes a second, not minutes.
    turn_timeout_seconds=1.0, turn_sweep_seconds=0.05, stand_in_delay_seconds=0.0,
    forfeit_after_stand_in_turns=1, forfeit_after_stand_in_seconds=0.0,
)  # fmt: skip


async def test_a_rated_swiss_withdraws_a_walk_away_and_rates_its_played_tables(
    server: Running,
) -> None:
    field = await people(server, 4)
    made = await admin_stub(server).CreateTournament(
        admin_pb2.AdminServiceCreateTournamentRequest(
            settings=settings(rated=True, capacity=4, rounds=2, target_points=5,
                              starts_at=at(time.time() + 0.5)),
            request_id="rated-0001", reason="rated test event",
        ),
        metadata=operator_auth(server),
    )  # fmt: skip
    tid = made.tournament.tournament_id
    for p in field:
        await stub(server).JoinTournament(
            pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
        )
    walker: list[str] = []
    tables: list[str] = []

    async def walk_away_or_play(match_id: str, seated: list[Person]) -> None:
        tables.append(match_id)
        if not walker:  # the first table seated: its first player never comes
            walker.append(seated[0].player_id)
            await players._seat(match_id, seated[1])
            return
        await asyncio.gather(*(players._seat(match_id, p) for p in seated))

    by_id = {p.player_id: p for p in field}
    players = Players(server, by_id, random.Random(7), instead=walk_away_or_play)
    final = await players.run(tid, timeout=90)

    assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
    assert final.summary.settings.rated
    walked = next(t for r in final.rounds for t in r.tables if walker[0] in t.player_ids)
    assert walked.round == 1 and walked.ending == pb.TABLE_ENDING_ABORTED
    record = await server.matches.GetMatchRecord(
        mpb.GetMatchRecordRequest(match_id=walked.match_id)
    )
    forfeit = next(e.forfeited for e in record.events if e.WhichOneof("kind") == "forfeited")
    assert forfeit.reason == mpb.FORFEIT_REASON_ABANDONED
    # Withdrawn: never seated again (round 2 is the other three: one table and a bye).
    (gone,) = [e for e in final.entrants if e.player_id == walker[0]]
    assert not gone.active
    later = [t for r in final.rounds if r.round > 1 for t in r.tables]
    assert later and all(walker[0] not in t.player_ids for t in later)
    assert rows(final) == engine_rows(await recomputed(server, final))

    # The played tables are rated matches in the ledger; the aborted one is not.
    played = {t.match_id for r in final.rounds for t in r.tables
              if t.ending in (pb.TABLE_ENDING_PLAYED, pb.TABLE_ENDING_FORFEIT)}  # fmt: skip
    assert played
    ratings = open_rating_store(str(server.db))
    await ratings.open()
    try:

        async def ledger() -> set[str] | None:
            rated = set(await ratings.rated_match_ids())
            return rated if played <= rated else None

        rated = await wait_for(ledger, timeout=20)
    finally:
        await ratings.close()
    assert walked.match_id not in rated
