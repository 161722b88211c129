"""Two replicas on one PostgreSQL database run the same tournaments: both directors
start, pair and end them, and each step happens once (every change is written at the
version it read; docs/tournaments.md, "Several replicas")."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import Counter
from pathlib import Path

import pytest

from fiveup.cli.check_tournaments import check_tournaments
from fiveup.v1 import tournaments_pb2 as pb

from ..harness import auth, serving
from ..postgres_db import fresh_database
from .service_play import (
    MIN_OWN_MOVES,
    Players,
    at,
    create,
    engine_rows,
    people,
    recomputed,
    rows,
    stub,
)

pytestmark = pytest.mark.postgres

FAST = {
    "tournament_tick_seconds": 0.02,
    "tournament_watch_seconds": 0.1,
    "rated_min_own_moves": MIN_OWN_MOVES,
}


async def test_two_replicas_pair_each_round_once(tmp_path: Path) -> None:
    keys = tmp_path / "keys"  # one signing key: a token of one replica works on the other
    keys.mkdir()
    (keys / "2026-12").write_text(secrets.token_urlsafe(48))
    options = {**FAST, "access_token_keys": str(keys)}
    with fresh_database("fiveup_tournament_replicas") as url:
        async with serving(url, **options) as a, serving(url, **options) as b:
            field = await people(a, 8)
            tid = await create(a, field[0], seats=2, capacity=8, rounds=3, target_points=1,
                               starts_at=at(time.time() + 0.3))  # fmt: skip
            # Entries through both replicas, two at once for each place.
            await asyncio.gather(
                *(
                    stub(server).JoinTournament(
                        pb.JoinTournamentRequest(tournament_id=tid), metadata=auth(p.token)
                    )
                    for p in field
                    for server in (a, b)
                )
            )
            # Played through one replica, followed on the other.
            players = Players(a, {p.player_id: p for p in field}, random.Random(7))
            final = await players.run(tid, watch_on=b)
            assert final.summary.state == pb.TOURNAMENT_STATE_FINISHED
            assert len(final.entrants) == 8
            assert [r.round for r in final.rounds] == [1, 2, 3]
            for rnd in final.rounds:
                seated = Counter(p for t in rnd.tables for p in t.player_ids)
                assert len(rnd.tables) == 4 and set(seated.values()) == {1}
            ids = [t.match_id for r in final.rounds for t in r.tables]
            assert len(set(ids)) == 12
            assert rows(final) == engine_rows(await recomputed(a, final))
        checked = await check_tournaments(url, MIN_OWN_MOVES)
        assert checked.ok and checked.tables == 12
