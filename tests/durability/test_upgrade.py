"""A database written by the last release (or by the last code before the rating tables)
opens with this code and keeps working, on both stores: the current server migrates a
copy of the fixture in place (tests/data/upgrade/, written through the released code's
own API by scripts/make_upgrade_fixture.sh); every old match replays strictly; the old finished
matches' records still verify; the unfinished ones (bound seats, anonymous seat tokens,
a private table) are played to their end through the API; a new rated match between the
old players rates alongside the old rated ones (stored ratings equal their rebuild from
the logs); and opening it again changes nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest

from fiveup.ratings.replay import ratings_from_logs
from fiveup.store import open_store
from fiveup.store.lobby import open_lobby_store
from fiveup.store.lobby_postgres import MIGRATIONS as PG_LOBBY
from fiveup.store.lobby_sqlite import MIGRATIONS as SQLITE_LOBBY
from fiveup.store.players_postgres import MIGRATIONS as PG_PLAYERS
from fiveup.store.players_sqlite import MIGRATIONS as SQLITE_PLAYERS
from fiveup.store.postgres import MIGRATIONS as PG_EVENTS
from fiveup.store.ratings import open_rating_store
from fiveup.store.ratings_sql import PG_MIGRATIONS as PG_RATINGS
from fiveup.store.ratings_sql import SQLITE_MIGRATIONS as SQLITE_RATINGS
from fiveup.store.sqlite import MIGRATIONS as SQLITE_EVENTS
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb
from fiveup.verify import verify_record

from ..postgres_db import fresh_database
from ..ratings.test_rated_matches import Player, play
from ..service.conftest import Running, auth, start, stop
from ..service.players import play_seat
from .logcheck import check_match

DATA = Path(__file__).parent.parent / "data" / "upgrade"
# Each store's version table and the migrations this code has for it, per backend.
VERSIONS = {
    "sqlite": {"schema_version": SQLITE_EVENTS, "player_schema_version": SQLITE_PLAYERS,
               "lobby_schema_version": SQLITE_LOBBY, "rating_schema_version": SQLITE_RATINGS},
    "postgres": {"schema_version": PG_EVENTS, "player_schema_version": PG_PLAYERS,
                 "lobby_schema_version": PG_LOBBY, "rating_schema_version": PG_RATINGS},
}  # fmt: skip


@dataclass(frozen=True)
class OldDatabase:
    backend: str
    url: str  # a copy of the release's fixture, this test's own
    manifest: dict[str, Any]  # what the release's script made (scripts/make_upgrade_fixture.py)


def load_dump(url: str, dump: str) -> None:
    """A plain pg_dump (INSERTs, no COPY) run as one script; its psql meta-commands
    (recent pg_dumps' \\restrict/\\unrestrict around the script) are psql's, not SQL."""
    sql = "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql.encode())


# "release": the last release (8a10796); "prerating": the last code before the rating
# tables (484a825), whose databases production may still hold.
WRITTEN_BY = ["release", "prerating"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=WRITTEN_BY)
def old(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> Iterator[OldDatabase]:
    name = str(request.param)
    if backend == "sqlite":
        path = tmp_path / f"{name}.sqlite3"
        shutil.copyfile(DATA / f"{name}.sqlite3", path)
        manifest = json.loads((DATA / f"{name}.sqlite3.json").read_text())
        yield OldDatabase("sqlite", str(path), manifest)
    else:
        with fresh_database("fiveup_upgrade") as url:
            load_dump(url, (DATA / f"{name}.pg.sql").read_text())
            manifest = json.loads((DATA / f"{name}.pg.json").read_text())
            yield OldDatabase("postgres", url, manifest)


def rows(db: OldDatabase, query: str) -> list[tuple[Any, ...]]:
    if db.backend == "sqlite":
        with contextlib.closing(sqlite3.connect(db.url)) as conn:
            return conn.execute(query).fetchall()
    with psycopg.connect(db.url, autocommit=True) as conn:
        return conn.execute(query).fetchall()


def schema_versions(db: OldDatabase) -> dict[str, list[int]]:
    return {
        table: [v for (v,) in rows(db, f"SELECT version FROM {table} ORDER BY version")]
        for table in VERSIONS[db.backend]
    }


async def serve(db: OldDatabase) -> Running:
    # No stand-ins and no retention: the old turns' deadlines and the old matches' ages
    # are long past, and this test plays the seats itself and reads every old match.
    return await start(
        db.url, turn_timeout_seconds=0.0, retention_unjoined_seconds=0.0,
        retention_finished_seconds=0.0,
    )  # fmt: skip


async def guest(server: Running, device_id: str) -> Player:
    """The old player of that device, signed in again on the new server."""
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    request = players_pb2.SignInAsGuestRequest(device_id=device_id)
    session = (await stub.SignInAsGuest(request)).session
    return Player(session.access_token, session.player.player_id)


async def replays(db: OldDatabase, match_ids: list[str]) -> dict[str, int]:
    """Every match's log replays strictly; each match's version."""
    store = open_store(db.url)
    await store.open()
    try:
        return {m: (await check_match(store, m)).version for m in match_ids}
    finally:
        await store.close()


async def finish(server: Running, match_id: str, tokens: list[str], seed: int) -> pb.MatchView:
    views = await asyncio.gather(
        *(play_seat(server.matches, match_id, t, random.Random(seed + n))
          for n, t in enumerate(tokens))
    )  # fmt: skip
    assert views[0].status == pb.MATCH_STATUS_FINISHED
    return views[0]


async def verified(server: Running, match_id: str) -> bool:
    record = await server.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
    verdict = verify_record(record)
    assert verdict.ok, (match_id, verdict.problems)
    return verdict.ok


async def test_a_release_database_upgrades_in_place_and_plays_on(old: OldDatabase) -> None:
    made = old.manifest["matches"]
    every = [m["match_id"] for m in made.values()]
    finished = [m["match_id"] for m in made.values() if m["finished"]]
    # A release that rated matches created these rated; one before it did not, so they
    # stay unrated (their logs say so) and only the new match is rated.
    rates: bool = old.manifest["rates"]
    old_rated = [made["rated_two"]["match_id"], made["rated_three"]["match_id"]] if rates else []

    server = await serve(old)
    try:
        # Migrated in place to this code's versions, every store.
        assert schema_versions(old) == {
            table: list(range(1, len(migrations) + 1))
            for table, migrations in VERSIONS[old.backend].items()
        }
        # Every old match replays as it was, and its view opens.
        before = await replays(old, every)
        for match_id in every:
            view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
            assert view.version == before[match_id]
            assert (view.status == pb.MATCH_STATUS_FINISHED) is (match_id in finished)
        # The old finished matches' records verify, and their results are still listed.
        assert all([await verified(server, m) for m in finished])
        players = {name: await guest(server, g["device_id"])
                   for name, g in old.manifest["guests"].items()}  # fmt: skip
        assert {n: p.player_id for n, p in players.items()} == {
            n: g["player_id"] for n, g in old.manifest["guests"].items()
        }

        # The unfinished ones play to their end: bound seats by their players' new
        # access tokens, anonymous seats by the tokens the release handed out.
        unfinished = made["unfinished_rated"]
        bound = [players[unfinished["guests"][str(n)]].access for n in (0, 1)]
        view = await finish(server, unfinished["match_id"], bound, seed=1)
        assert view.rated is rates
        anonymous = made["unfinished_anonymous"]
        await finish(server, anonymous["match_id"], list(anonymous["seat_tokens"].values()), 2)
        # The private table: its second seat taken by invite, then played out.
        table = made["private_table"]
        lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
        await lobby.JoinWithInvite(
            lobby_pb2.JoinWithInviteRequest(invite_code=table["invite_code"]),
            metadata=auth(players["cy"].access),
        )
        creator = players[table["guests"]["0"]].access
        await finish(server, table["match_id"], [creator, players["cy"].access], 3)

        # A new rated match of old players alongside the old rated ones.
        new = await play(server, [players["ada"], players["ben"]], seed=4)
        ended_rated = [unfinished["match_id"], table["match_id"]] if rates else []
        rated = [*old_rated, *ended_rated, new]
        ratings = open_rating_store(old.url)
        events = open_store(old.url)
        owners = open_lobby_store(old.url)
        for store in (ratings, events, owners):
            await store.open()
        try:
            assert await ratings.rated_match_ids() == tuple(rated)
            stored = await ratings.all_ratings()
            assert await ratings_from_logs(rated, events, owners) == stored  # float for float
            # A player's history: the matches ended since, and those a rating release
            # recorded (one before it recorded no results: its matches are not listed).
            history = await ratings.player_results(players["ada"].player_id, before=None,
                                                   limit=10)  # fmt: skip
            assert [r.match_id for r in history.rows] == [new, unfinished["match_id"],
                                                          *reversed(old_rated)]  # fmt: skip
        finally:
            for store in (ratings, events, owners):
                await store.close()
        after = await replays(old, [*every, new])
        ended = [m for m in every if m not in finished]
        assert all([await verified(server, m) for m in [*ended, new]])
    finally:
        await stop(server)

    # Opening it again changes nothing: no migration reapplied, every match as it was.
    versions = schema_versions(old)
    server = await serve(old)
    try:
        assert schema_versions(old) == versions
        assert await replays(old, [*every, new]) == after
        for match_id, version in after.items():
            view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
            assert (view.version, view.status) == (version, pb.MATCH_STATUS_FINISHED)
    finally:
        await stop(server)
