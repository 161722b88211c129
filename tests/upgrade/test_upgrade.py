"""A database written by the last released server (tests/data/upgrade/, from release
82e8198: the event store only, before players, the lobby and ratings) opened by the
current server, on both stores: it migrates in place, every old match replays strictly
and every finished one's record still verifies, the unfinished ones play on to their
end with the seat tokens the release handed out (a seat nobody joined can still be
joined), a move the release recorded answers again when retried, rated matches work
beside them, the turn timer and retention treat the old matches as they do new ones, and opening it again (two servers at once, then once more) changes nothing:
the schema it ends with is a fresh database's."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import grpc
import psycopg
import pytest

from fiveup.api.convert import action_pb
from fiveup.cli.verify import verify_record
from fiveup.engine import event_from_dict
from fiveup.engine.actions import Action, Draw, Pass, Place
from fiveup.engine.events import TileDrawn, TilePlaced
from fiveup.match.ports import EventStore
from fiveup.store import open_store
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp
from fiveup.v1 import ratings_pb2_grpc

from ..durability.logcheck import Checked, check_match
from ..harness import Running, auth, start, stop
from ..postgres_db import fresh_database
from ..ratings.test_rated_matches import fiveup, play, sign_in
from ..security.conftest import FakeClock
from ..service.helpers import error_info
from ..service.players import play_seat
from .release import OldMatch, Release, manifest, release_database

TURN = 60.0  # seconds a seat may think (the turn timer's test)
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def release(backend: str, tmp_path: Path) -> Iterator[Release]:
    with release_database(backend, tmp_path) as copy:
        yield copy


async def serve(url: str) -> Running:
    # No turn timer (an old match's people are this test, which takes its time) and no
    # retention: the old matches' ages grow with the fixture's, and a sweep would delete
    # the one nobody joined a day after the release made it.
    return await start(
        url, turn_timeout_seconds=0.0, retention_unjoined_seconds=0.0,
        retention_finished_seconds=0.0,
    )  # fmt: skip


@pytest.fixture
async def running(release: Release) -> AsyncIterator[Running]:
    server = await serve(release.url)
    try:
        yield server
    finally:
        await stop(server)


@pytest.fixture
async def events(running: Running, release: Release) -> AsyncIterator[EventStore]:
    """The upgraded database's event store, opened beside the server (after it)."""
    store = open_store(release.url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def record_verifies(server: Running, match_id: str) -> None:
    record = await server.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
    verdict = verify_record(record)
    assert verdict.ok, (match_id, verdict.problems)
    assert verdict.rounds >= 1


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_fixture_holds_what_the_release_could_make(backend: str) -> None:
    """Finished and unfinished matches of 2, 3 and 4 seats, with bots and people: what
    the tests below rely on the generator having made (its manifest: no database)."""
    release = manifest(backend, "")
    assert release.commit.startswith("82e8198")
    assert {m.seats for m in release.finished} == {2, 3, 4}
    assert {m.seats for m in release.unfinished} == {2, 3, 4}
    assert any(m.seat_tokens for m in release.unfinished)
    assert any(not m.seat_tokens for m in release.unfinished)  # a seat nobody joined


async def finish(running: Running, old: OldMatch) -> None:
    """Play an old unfinished match to its end: its people by the tokens the release
    handed out, a seat nobody joined under the release joined now."""
    tokens = dict(old.seat_tokens)
    view = (await running.matches.GetMatch(pb.GetMatchRequest(match_id=old.match_id))).view
    for seat in range(old.seats):
        if view.seats[seat].kind == pb.SEAT_KIND_HUMAN and seat not in tokens:
            assert not view.seats[seat].joined
            joined = await running.matches.JoinMatch(
                pb.JoinMatchRequest(match_id=old.match_id, seat=seat)
            )
            tokens[seat] = joined.seat_token
    rng = random.Random(old.match_id)
    await asyncio.gather(
        *(play_seat(running.matches, old.match_id, t, random.Random(rng.random()))
          for t in tokens.values())
    )  # fmt: skip


async def rated_match(running: Running) -> str:
    """A new rated match of two signed-in players, played to its end; its id."""
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    return await play(running, [ann, bob], seed=7)


async def test_old_matches_replay_verify_play_to_their_end_and_rated_ones_work_beside(
    release: Release, running: Running, events: EventStore
) -> None:
    for old in release.matches:
        checked = await check_match(events, old.match_id)
        assert checked.finished == old.finished, old.name
        view = (await running.matches.GetMatch(pb.GetMatchRequest(match_id=old.match_id))).view
        assert view.version == checked.version
        assert (view.status == pb.MATCH_STATUS_FINISHED) == old.finished, old.name
        assert not view.rated  # the release rated nothing
        if old.finished:
            await record_verifies(running, old.match_id)
    assert await events.count_matches() == (len(release.unfinished), len(release.finished))
    assert set(await events.active_match_ids()) == {m.match_id for m in release.unfinished}
    # The walked-away seat's stand-in, and its owner's return, replay too.
    stand_in = await events.read_events(release.named("stand_in_finished").match_id)
    auto = [e.body["active"] for e in stand_in if e.body["type"] == "seat_auto_played"]
    assert auto == [True, False]

    # A token the release handed out still acts for its seat, and only for it.
    own = release.named("two_unfinished")
    for seat, token in own.seat_tokens.items():
        view = (
            await running.matches.GetMatch(
                pb.GetMatchRequest(match_id=own.match_id), metadata=auth(token)
            )
        ).view
        assert view.viewer_seat == seat and len(view.hand) == view.hand_sizes[seat]
    # The release kept no creator token: nobody may cancel its matches.
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await running.matches.CancelMatch(
            pb.CancelMatchRequest(match_id=own.match_id), metadata=auth(own.seat_tokens[0])
        )
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert error_info(caught.value).reason == "PERMISSION_DENIED"

    # A move the release recorded, sent again (a client retrying across the upgrade),
    # gets its first answer again and records nothing.
    request_id, seat, first, last = (
        await rows(
            release.url,
            "SELECT request_id, seat, first_version, last_version FROM requests"
            " WHERE match_id = ? ORDER BY last_version DESC LIMIT 1",
            (own.match_id,),
        )
    )[0]
    stored = await events.read_events(own.match_id, first - 1)
    again = await running.matches.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=own.match_id, move=action_pb(action_of(stored[0].body)),
            expected_version=first - 1, request_id=request_id,
        ),
        metadata=auth(own.seat_tokens[seat]),
    )  # fmt: skip
    assert again.version == last == stored[-1].version
    assert [e.version for e in again.events] == list(range(first, last + 1))

    # The unfinished ones play to their end while a new rated match is played beside.
    *_, rated = await asyncio.gather(
        *(finish(running, m) for m in release.unfinished), rated_match(running)
    )
    for old in release.unfinished:
        checked = await check_match(events, old.match_id)
        assert checked.finished, old.name
        await record_verifies(running, old.match_id)
    assert await events.count_matches() == (0, len(release.matches) + 1)

    view = (await running.matches.GetMatch(pb.GetMatchRequest(match_id=rated))).view
    assert view.rated and view.status == pb.MATCH_STATUS_FINISHED
    await check_match(events, rated)
    await record_verifies(running, rated)
    board = await ratings_pb2_grpc.RatingsServiceStub(running.channel).GetLeaderboard(
        rp.GetLeaderboardRequest(category=rp.RATING_CATEGORY_TWO_PLAYERS)
    )
    assert len({e.player_id for e in board.entries}) <= 2  # nobody of the release's matches
    checked_ratings = await fiveup("check-ratings", "--db", release.url)
    assert checked_ratings.returncode == 0, checked_ratings.stderr
    assert "of 1 rated match;" in checked_ratings.stdout


async def test_the_turn_timer_and_retention_treat_old_matches_as_new_ones(
    release: Release,
) -> None:
    """An old match's idle seat (the release recorded no turns and no claims) is taken
    over by a stand-in and taken back by its owner's move.  The release stamped no
    ``finished_at``: the first retention sweep starts every old finished match's keep
    time (their records verify all that time), the match nobody joined is long past its
    time, and the old matches people play stay."""
    clock = FakeClock(time.time() + 200)  # the fixture is older than the 100 s below
    server = await start(
        release.url, clock=clock, turn_timeout_seconds=TURN, stand_in_delay_seconds=30.0,
        retention_unjoined_seconds=100.0, retention_finished_seconds=1000.0,
        retention_sweep_seconds=0.0,  # no sweeping on its own: the test sweeps
    )  # fmt: skip
    retention = server.app.retention
    assert retention is not None
    unjoined = release.named("unjoined_unfinished").match_id
    idle = release.named("two_unfinished")
    try:
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=idle.match_id))).view
        mover = view.turn_seat
        clock.advance(TURN + 1)
        await server.app.matches.sweep_turns()  # (or the timer's own sweep got there first)
        md = auth(idle.seat_tokens[mover])
        view = (
            await server.matches.GetMatch(pb.GetMatchRequest(match_id=idle.match_id), metadata=md)
        ).view
        assert view.seats[mover].auto_played and view.turn_seat == mover
        await server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=idle.match_id, move=view.legal_moves[0], expected_version=view.version,
                request_id="back from the release",
            ),
            metadata=md,
        )  # fmt: skip
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=idle.match_id))).view
        assert not view.seats[mover].auto_played
        await replays(release.url, idle.match_id)

        swept = await retention.sweep()
        assert swept.stamped == len(release.finished)
        assert swept.deleted == (unjoined,)
        for old in release.finished:
            await record_verifies(server, old.match_id)

        clock.advance(1001)
        swept = await retention.sweep()
        assert set(swept.deleted) == {m.match_id for m in release.finished}
        for old in release.matches:
            asked = server.matches.GetMatch(pb.GetMatchRequest(match_id=old.match_id))
            if old.finished or old.match_id == unjoined:
                with pytest.raises(grpc.aio.AioRpcError) as caught:
                    await asked
                assert caught.value.code() == grpc.StatusCode.NOT_FOUND
            else:
                await asked
        assert (await retention.sweep()).deleted == ()
    finally:
        await stop(server)


async def test_opening_again_changes_nothing_and_ends_with_a_fresh_schema(
    release: Release, backend: str, tmp_path: Path
) -> None:
    # Two servers meet the release's database at once (replicas, or --workers, starting
    # together after the upgrade): each migration is applied once, and both serve.
    for server in await asyncio.gather(serve(release.url), serve(release.url)):
        await stop(server)
    upgraded = await schema(release.url)
    await stop(await serve(release.url))
    assert await schema(release.url) == upgraded  # idempotent: nothing applied twice
    with fresh_url(backend, tmp_path) as fresh:
        await stop(await serve(fresh))
        assert await schema(fresh) == upgraded

    # And the matches are still all there after both openings.
    checked = await replays(release.url, *(m.match_id for m in release.matches))
    assert [c.finished for c in checked] == [m.finished for m in release.matches]


async def replays(url: str, *match_ids: str) -> list[Checked]:
    """``check_match`` of each, on a store of its own."""
    store = open_store(url)
    await store.open()
    try:
        return [await check_match(store, m) for m in match_ids]
    finally:
        await store.close()


def action_of(body: dict[str, Any]) -> Action:
    """The move whose first event is ``body``."""
    event = event_from_dict(body)
    if isinstance(event, TilePlaced):
        return Place(event.tile, event.on)
    return Draw() if isinstance(event, TileDrawn) else Pass()


async def rows(url: str, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """``query`` (SQLite's placeholders) on the database itself."""
    if url.startswith("postgresql://"):
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            return await (await conn.execute(query.replace("?", "%s"), params)).fetchall()
    with contextlib.closing(sqlite3.connect(url)) as conn:
        return conn.execute(query, params).fetchall()


@contextlib.contextmanager
def fresh_url(backend: str, folder: Path) -> Iterator[str]:
    if backend == "sqlite":
        yield str(folder / "fresh.sqlite3")
    else:
        with fresh_database("fiveup_upgrade_fresh") as url:
            yield url


async def schema(url: str) -> dict[str, Any]:
    """Every table, column, index, constraint and function of the database, and the
    versions each store's schema table records (as many rows as migrations applied)."""
    if url.startswith("postgresql://"):
        return await _pg_schema(url)
    with contextlib.closing(sqlite3.connect(url)) as conn:
        objects = conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        tables = [name for kind, name, _, _ in objects if kind == "table"]
        return {
            "objects": objects,
            "versions": {
                t: conn.execute(f"SELECT version FROM {t} ORDER BY version").fetchall()
                for t in tables
                if t.endswith("schema_version")
            },
        }


_PG_CATALOG = {
    "columns": "SELECT table_name, column_name, data_type, is_nullable, column_default,"
    " collation_name FROM information_schema.columns WHERE table_schema = 'public'"
    " ORDER BY table_name, column_name",
    "indexes": "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
    " ORDER BY indexname",
    "constraints": "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(c.oid)"
    " FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace"
    " WHERE n.nspname = 'public' ORDER BY 1, 2",
    "functions": "SELECT p.proname, pg_get_function_identity_arguments(p.oid), p.prosrc"
    " FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
    " WHERE n.nspname = 'public' ORDER BY 1, 2",
}


async def _pg_schema(url: str) -> dict[str, Any]:
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        found: dict[str, Any] = {}
        for name, query in _PG_CATALOG.items():
            found[name] = await (await conn.execute(query)).fetchall()
        tables = {row[0] for row in found["columns"]}
        found["versions"] = {
            t: await (await conn.execute(f"SELECT version FROM {t} ORDER BY version")).fetchall()
            for t in sorted(tables)
            if t.endswith("schema_version")
        }
        return found
