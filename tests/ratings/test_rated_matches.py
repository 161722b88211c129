"""Rated and unrated matches played through the API on a real server, on both stores:
the end of a rated match (every seat a signed-in human, created rated) updates its
players' ratings once; hints, practice, bots, anonymous seats and ``unrated`` leave the
ratings alone but every signed-in seat gets its result; and every stored rating equals a
rebuild from the logs alone (each claim names its player), float for float -- or, for
logs from before claims did, from the logs and the lobby's seat bindings."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import sqlite3
import sys
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

import psycopg
import pytest

from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.ratings.ports import RatingStore
from fiveup.store import open_lobby_store, open_rating_store, open_store
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human, server_fixture
from ..postgres_db import database_on_each_store
from ..service.players import play_seat

TARGET = 5  # displayed points: short matches


db = database_on_each_store("rated")


running = server_fixture(on_each_store=True)


@pytest.fixture
async def ratings(db: str) -> AsyncIterator[RatingStore]:
    store = open_rating_store(db)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@dataclass(frozen=True)
class Player:
    access: str
    player_id: str


async def sign_in(server: Running, name: str) -> Player:
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    session = (
        await stub.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=secrets.token_urlsafe(20), display_name=name)
        )
    ).session
    return Player(session.access_token, session.player.player_id)


async def play(
    server: Running,
    seats: Sequence[Player | str | None],
    *,
    seed: int = 0,
    **options: bool,
) -> str:
    """Create a match (a Player or None -- an anonymous seat token -- per human seat, a
    bot kind per bot seat), join every human seat and play it to the end; its id."""
    specs = [bot(s) if isinstance(s, str) else human() for s in seats]
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=specs, target_points=TARGET, **options)
    )
    tokens = []
    for n, seat in enumerate(seats):
        if isinstance(seat, str):
            continue
        joined = await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=n),
            metadata=auth(seat.access) if seat is not None else None,
        )
        tokens.append(joined.seat_token or (seat.access if seat is not None else ""))
    rng = random.Random(seed)
    await asyncio.gather(
        *(
            play_seat(server.matches, created.match_id, t, random.Random(rng.random()))
            for t in tokens
        )
    )
    return created.match_id


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


async def fiveup(*args: str) -> Ran:
    """The real command line, in a subprocess (this test's event loop keeps running)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fiveup.cli", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return Ran(proc.returncode, out.decode(), err.decode())


async def tamper(db: str, player_id: str) -> None:
    """Nudge one stored rating a little: the rebuild must notice."""
    query = "UPDATE ratings SET mu = mu + 1e-9 WHERE category = '2' AND player_id = ?"
    if db.startswith("postgresql://"):
        async with await psycopg.AsyncConnection.connect(db, autocommit=True) as conn:
            await conn.execute(query.replace("?", "%s"), (player_id,))
    else:
        with contextlib.closing(sqlite3.connect(db)) as conn, conn:
            conn.execute(query, (player_id,))


async def view(server: Running, match_id: str) -> pb.MatchView:
    return (await server.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view


async def test_rated_matches_update_ratings_once_and_equal_a_rebuild_from_the_logs(
    running: Running, ratings: RatingStore, db: str
) -> None:
    ann, bob, cat, dan = [await sign_in(running, n) for n in ("Ann", "Bob", "Cat", "Dan")]
    rated = [
        await play(running, [ann, bob], seed=1),
        await play(running, [bob, cat, dan], seed=2),
        await play(running, [ann, bob, cat, dan], seed=3),
        await play(running, [dan, ann], seed=4),
    ]
    assert [(await view(running, m)).rated for m in rated] == [True] * 4
    assert await ratings.rated_match_ids() == tuple(rated)
    stored = await ratings.all_ratings()
    assert {cat for cat, _ in stored} == {"2", "3", "4"}
    assert len(stored) == 3 + 3 + 4  # "2": ann, bob, dan; "3": bob, cat, dan; "4": all

    # The logs alone rebuild every rating (each claim names its player), float for float;
    # with the lobby's bindings too (as for logs from before claims named one) the same.
    events = open_store(db)
    owners = open_lobby_store(db)
    await events.open()
    await owners.open()
    try:
        assert await ratings_from_logs(rated, events) == stored
        assert await ratings_from_logs(rated, events, owners) == stored
    finally:
        await owners.close()
        await events.close()

    # The finished record says who held each seat; the live stream did not.
    record = await running.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=rated[1]))
    claims = [e.seat_claimed for e in record.events if e.HasField("seat_claimed")]
    assert [(c.seat, c.display_name, c.player_id) for c in claims] == [
        (0, "Bob", bob.player_id),
        (1, "Cat", cat.player_id),
        (2, "Dan", dan.player_id),
    ]

    # The operator's check says the same, and notices a stored rating that is off.
    checked = await fiveup("check-ratings", "--db", db)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == (
        "OK: 10 ratings equal a rebuild from the logs of 4 rated matches; the modes of the"
        " results of 4 finished matches (rated, casual, practice) agree with their logs, and so does their own play; no rated"
        " match was aborted (fewer than 0 own moves)"
    )
    await tamper(db, ann.player_id)
    checked = await fiveup("check-ratings", "--db", db)
    assert checked.returncode == 1
    assert f"category 2 player {ann.player_id}: stored" in checked.stderr

    # Every result is there, and the ratings moved by exactly those matches.
    history = await ratings.rating_history(ann.player_id, "2", limit=10)
    assert [p.match_id for p in history] == [rated[0], rated[3]]
    page = await ratings.player_results(ann.player_id, before=None, limit=10)
    assert [r.match_id for r in page.rows] == [rated[3], rated[2], rated[0]]
    assert all(r.rated and r.rating_after is not None for r in page.rows)
    assert page.rows[0].rating_before == page.rows[2].rating_after  # the "2" chain


async def test_unrated_matches_record_results_but_change_no_rating(
    running: Running, ratings: RatingStore
) -> None:
    ann, bob = await sign_in(running, "Ann"), await sign_in(running, "Bob")
    asked = await play(running, [ann, bob], unrated=True)
    hints = await play(running, [ann, bob], hints_allowed=True)
    practice = await play(running, [ann, "greedy"], practice=True)
    bots = await play(running, [ann, "random", bob])
    anonymous = await play(running, [ann, None])
    for match_id, created_rated in [
        (asked, False), (hints, False), (practice, False), (bots, False), (anonymous, True),
    ]:  # fmt: skip
        assert (await view(running, match_id)).rated is created_rated
    assert await ratings.rated_match_ids() == ()
    assert await ratings.all_ratings() == {}
    page = await ratings.player_results(ann.player_id, before=None, limit=10)
    assert [r.match_id for r in page.rows] == [anonymous, bots, practice, hints, asked]
    assert not any(r.rated or r.rating_after for r in page.rows)
    bob_rows = (await ratings.player_results(bob.player_id, before=None, limit=10)).rows
    assert {r.match_id for r in bob_rows} == {asked, hints, bots}
    summary = {s.category: s for s in await ratings.player_summary(ann.player_id)}
    assert (summary["2"].matches, summary["2"].rated_matches, summary["2"].rating) == (4, 0, None)
    assert summary["3"].matches == 1


async def test_a_private_table_can_be_created_unrated(running: Running) -> None:
    ann = await sign_in(running, "Ann")
    lobby = lobby_pb2_grpc.LobbyServiceStub(running.channel)
    for unrated in (False, True):
        table = await lobby.CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(seats=[human(), human()], unrated=unrated),
            metadata=auth(ann.access),
        )
        assert (await view(running, table.match_id)).rated is not unrated


async def forget_claimed_players(db: str) -> None:
    """Turn every stored claim back into the body servers wrote before claims named their
    player (no ``player_id`` key): the logs of matches rated before this change."""
    if db.startswith("postgresql://"):
        async with await psycopg.AsyncConnection.connect(db, autocommit=True) as conn:
            await conn.execute(
                "UPDATE events SET body = body - 'player_id' WHERE body->>'type' = 'seat_claimed'"
            )
    else:
        with contextlib.closing(sqlite3.connect(db)) as conn, conn:
            conn.execute(
                "UPDATE events SET body = json_remove(body, '$.player_id')"
                " WHERE json_extract(body, '$.type') = 'seat_claimed'"
            )


async def test_logs_from_before_claims_named_their_player_rebuild_with_the_bindings(
    running: Running, ratings: RatingStore, db: str
) -> None:
    ann, bob = [await sign_in(running, n) for n in ("Ann", "Bob")]
    rated = [await play(running, [ann, bob], seed=5), await play(running, [bob, ann], seed=6)]
    stored = await ratings.all_ratings()
    await forget_claimed_players(db)
    events = open_store(db)
    owners = open_lobby_store(db)
    await events.open()
    await owners.open()
    try:
        with pytest.raises(ValueError, match="not rated"):  # the logs alone cannot say
            await ratings_from_logs(rated, events)
        assert await ratings_from_logs(rated, events, owners) == stored
    finally:
        await owners.close()
        await events.close()
    checked = await fiveup("check-ratings", "--db", db)  # the operator's check uses both
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip().startswith(
        "OK: 2 ratings equal a rebuild from the logs of 2 rated matches;"
    )
