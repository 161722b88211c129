"""Every finished rated match is rated exactly once, whatever happens around its end.

* Two ``fiveup serve`` replicas on one PostgreSQL database race every move of rated
  matches -- the finishing moves included: the same move is submitted through both at
  once.  One append commits per race; the ledger holds each finished match once, and the
  stored ratings equal a rebuild from the logs.
* A server (SQLite file or PostgreSQL) is SIGKILLed again and again during a burst of
  rated matches ending, and started again; its clients carry on.  In the end every
  finished match is in the ledger exactly once, every signed-in seat has exactly one
  result per finished match, and the ratings equal a rebuild from the logs: a kill in the
  middle of an ending lost the whole transaction (end and ratings together), and the
  match ended -- and was rated -- when its move was made again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc
import psycopg
import pytest

from fiveup.match.event_mapper import from_stored
from fiveup.match.ports import StoredEvent
from fiveup.match.ratings_replay import ratings_from_logs
from fiveup.store import open_lobby_store, open_rating_store, open_store
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc

from ..serverproc import ServerProcess

TARGET = 5  # displayed points: short matches, so many end close together
HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
KILLS = int(os.environ.get("FIVEUP_RATING_KILLS", "4"))
# What a move may meet when another writer got there first (a raced or retried move).
RACED = {grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION}


def _auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def _env(tmp_path: Path) -> dict[str, str]:
    """One access-token key for every process, so tokens survive restarts and replicas."""
    keys = tmp_path / "keys"
    keys.mkdir(exist_ok=True)
    if not (keys / "k1").exists():
        (keys / "k1").write_text(secrets.token_urlsafe(48))
    return {"FIVEUP_ACCESS_TOKEN_KEYS": str(keys)}


async def _sign_in(server: ServerProcess, n: int) -> str:
    assert server.channel is not None
    stub = players_pb2_grpc.PlayerServiceStub(server.channel)
    session = (
        await stub.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=uuid.uuid4().hex, display_name=f"P{n}")
        )
    ).session
    return str(session.access_token)


@dataclass
class Table:
    match_id: str
    tokens: tuple[str, ...]  # the access token of each seat's player


async def _open_table(server: ServerProcess, tokens: Sequence[str]) -> Table:
    """A rated match whose every seat is joined by a signed-in player."""
    assert server.stub is not None
    created = await server.stub.CreateMatch(
        pb.CreateMatchRequest(seats=[HUMAN] * len(tokens), target_points=TARGET)
    )
    for seat, token in enumerate(tokens):
        await server.stub.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat), metadata=_auth(token)
        )
    return Table(created.match_id, tuple(tokens))


async def _check_exactly_once(db: str, tables: Sequence[Table]) -> int:
    """Straight from the store: the ledger holds every finished match once and nothing
    else, each signed-in seat has one result per finished match, and the stored ratings
    equal a rebuild from the logs.  Answers how many matches finished."""
    events, lobby, ratings = open_store(db), open_lobby_store(db), open_rating_store(db)
    for store in (events, lobby, ratings):
        await store.open()
    try:
        finished = []
        for table in tables:
            log = from_stored(await events.read_events(table.match_id))
            if any(event.kind == "match_ended" for _, event in log):
                finished.append(table.match_id)
        ledger = await ratings.rated_match_ids()
        assert len(ledger) == len(set(ledger))
        assert set(ledger) == set(finished)
        stored = await ratings.all_ratings()
        assert stored == await ratings_from_logs(ledger, events)  # the logs alone
        assert stored == await ratings_from_logs(ledger, events, lobby)  # and the bindings
        owners = {m: await lobby.seat_owners(m) for m in finished}
        for player in {p for seats in owners.values() for p in seats.values()}:
            played = sorted(m for m, seats in owners.items() if player in seats.values())
            page = await ratings.player_results(player, before=None, limit=1000)
            assert sorted(r.match_id for r in page.rows) == played
            assert all(r.rated for r in page.rows)
        return len(finished)
    finally:
        for store in (ratings, lobby, events):
            await store.close()


# --------------------------------------------------------------------------- replicas


async def _race_to_the_end(
    a: match_pb2_grpc.MatchServiceStub,
    b: match_pb2_grpc.MatchServiceStub,
    table: Table,
    rng: random.Random,
) -> int:
    """Play the match to its end submitting every move through both replicas at once;
    answers how many races there were.  Exactly one submission of each race succeeds."""
    races = 0
    while True:
        view = (await a.GetMatch(pb.GetMatchRequest(match_id=table.match_id))).view
        if view.status == pb.MATCH_STATUS_FINISHED:
            return races
        md = _auth(table.tokens[view.turn_seat])
        listed = await a.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=table.match_id, min_version=view.version),
            metadata=md,
        )
        if listed.version != view.version:
            continue  # cannot happen with people only, but never race on a stale list
        move = rng.choice(list(listed.moves))
        submissions = [
            stub.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=table.match_id, move=move, expected_version=listed.version,
                    request_id=uuid.uuid4().hex,
                ),
                metadata=md,
            )
            for stub in (a, b)
        ]  # fmt: skip
        results = await asyncio.gather(*submissions, return_exceptions=True)
        ok = [r for r in results if isinstance(r, pb.SubmitMoveResponse)]
        refused = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
        assert len(ok) == 1 and len(refused) == 1, results
        assert refused[0].code() in RACED, refused[0]
        races += 1


@pytest.mark.postgres
async def test_replicas_racing_every_finishing_move_rate_each_match_once(
    pg_url: str, tmp_path: Path
) -> None:
    env = _env(tmp_path)
    a = ServerProcess(pg_url, tmp_path / "a.log", env=env)
    b = ServerProcess(pg_url, tmp_path / "b.log", env=env)
    await asyncio.gather(a.start(), b.start())
    try:
        assert a.stub is not None and b.stub is not None
        players = [await _sign_in(a if n % 2 else b, n) for n in range(5)]
        rng = random.Random(16)
        tables = []
        for n in range(8):
            seats = rng.sample(players, 2 if n % 3 else 3)
            tables.append(await _open_table(a if n % 2 else b, seats))
        # All matches at once: the endings of different matches race for the rating lock
        # too, and each replica plays half of them from its side.
        races = await asyncio.gather(
            *(
                _race_to_the_end(a.stub, b.stub, t, random.Random(n))
                if n % 2
                else _race_to_the_end(b.stub, a.stub, t, random.Random(n))
                for n, t in enumerate(tables)
            )
        )
        assert all(r > 0 for r in races)
    finally:
        await asyncio.gather(a.stop(), b.stop())
    assert await _check_exactly_once(pg_url, tables) == len(tables)


# --------------------------------------------------------------------------- kill -9


@dataclass
class Burst:
    ends: int = 0  # finishing moves acknowledged by the current incarnation
    ended: asyncio.Event | None = None


async def _play_until_down(
    stub: match_pb2_grpc.MatchServiceStub, table: Table, rng: random.Random, burst: Burst
) -> None:
    """Play the match (each seat with its own token) until it ends or the server goes."""
    with contextlib.suppress(grpc.aio.AioRpcError, asyncio.CancelledError):
        while True:
            view = (await stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id))).view
            if view.status == pb.MATCH_STATUS_FINISHED:
                return
            md = _auth(table.tokens[view.turn_seat])
            listed = await stub.ListLegalMoves(
                pb.ListLegalMovesRequest(match_id=table.match_id), metadata=md
            )
            try:
                done = await stub.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=table.match_id, move=rng.choice(list(listed.moves)),
                        expected_version=listed.version, request_id=uuid.uuid4().hex,
                    ),
                    metadata=md,
                )  # fmt: skip
            except grpc.aio.AioRpcError as exc:
                if exc.code() in RACED:
                    continue
                raise
            if done.HasField("match_ended"):
                burst.ends += 1
                if burst.ended is not None:
                    burst.ended.set()


@pytest.mark.parametrize("n_tables", [10])
async def test_kill_9_during_a_burst_of_endings_rates_every_match_once(
    db_url: str, tmp_path: Path, n_tables: int
) -> None:
    server = ServerProcess(db_url, tmp_path / "server.log", env=_env(tmp_path))
    await server.start()
    rng = random.Random(61)
    tables: list[Table] = []
    ends_per_life = []
    try:
        players = [await _sign_in(server, n) for n in range(6)]
        for life in range(KILLS + 1):
            if life:
                await server.start()
            assert server.stub is not None
            # Top the burst up with new matches, then play all unfinished ones at once.
            running = [t for t in tables if not await _finished(server, t)]
            for n in range(n_tables - len(running)):
                tables.append(await _open_table(server, rng.sample(players, 2 + n % 2)))
            burst = Burst(ended=asyncio.Event())
            stub = server.stub
            tasks = [
                asyncio.ensure_future(_play_until_down(stub, t, random.Random(rng.random()), burst))
                for t in tables
            ]
            if life < KILLS:
                # Kill right after a first match ended: the others are ending around it.
                await asyncio.wait_for(burst.ended.wait(), 60)
                await asyncio.sleep(rng.uniform(0.0, 0.05))
                await server.kill()
            await asyncio.wait_for(asyncio.gather(*tasks), 120)
            ends_per_life.append(burst.ends)
    finally:
        await server.kill()
    finished = await _check_exactly_once(db_url, tables)
    assert finished == len(tables)  # the last life played every match to its end
    assert sum(ends_per_life) <= finished  # an end acknowledged is an end stored


async def _finished(server: ServerProcess, table: Table) -> bool:
    assert server.stub is not None
    view = (await server.stub.GetMatch(pb.GetMatchRequest(match_id=table.match_id))).view
    return view.status == pb.MATCH_STATUS_FINISHED


# --------------------------------------------------------------------------- mid-update


async def _waiting_on_a_lock(conn: psycopg.AsyncConnection[tuple[object, ...]]) -> bool:
    cur = await conn.execute(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'"
    )
    row = await cur.fetchone()
    return row is not None and int(row[0]) > 0


async def _others_gone(conn: psycopg.AsyncConnection[tuple[object, ...]]) -> bool:
    cur = await conn.execute(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND state <> 'idle'"
    )
    row = await cur.fetchone()
    return row is not None and int(row[0]) == 0


async def _until(predicate, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    """Poll a condition (bounded): it is another process's state, nothing to wait on."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await predicate():
        assert loop.time() < deadline, "condition not reached"
        await asyncio.sleep(0.01)


@pytest.mark.postgres
async def test_kill_9_in_the_middle_of_a_rating_update_loses_the_whole_end(
    pg_url: str, tmp_path: Path
) -> None:
    """The test holds a lock on a row the rating update writes, so the server's finishing
    append stops in the middle of its transaction (events and ledger row written, ratings
    not yet); the server is SIGKILLed right there.  Nothing of that end survives: the
    match is still running, unrated, with no results; after a restart its end is played
    again and rated once."""
    server = ServerProcess(pg_url, tmp_path / "server.log", env=_env(tmp_path))
    await server.start()
    try:
        assert server.stub is not None
        players = [await _sign_in(server, n) for n in range(2)]
        first = await _open_table(server, players)  # gives both players a rating row
        await _play_until_down(server.stub, first, random.Random(1), Burst())
        second = await _open_table(server, players)
        async with (
            await psycopg.AsyncConnection.connect(pg_url) as holder,
            await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as probe,
        ):
            before = await _ratings_now(probe)
            await holder.execute("SELECT * FROM ratings WHERE category = '2' FOR UPDATE")
            play = asyncio.ensure_future(
                _play_until_down(server.stub, second, random.Random(2), Burst())
            )
            await _until(lambda: _waiting_on_a_lock(probe), 60)  # the end, stuck mid-way
            await server.kill()
            await holder.rollback()  # the killed server's transaction may now go on...
            await asyncio.wait_for(play, 30)
            await _until(lambda: _others_gone(probe))  # ...and finds its client gone
            # The end is not stored, nor anything the rating update wrote before the kill.
            log = from_stored(await _read(pg_url, second.match_id))
            assert not any(event.kind == "match_ended" for _, event in log)
            assert await _ratings_now(probe) == before
            cur = await probe.execute(
                "SELECT (SELECT COUNT(*) FROM rated_matches WHERE match_id = %s),"
                " (SELECT COUNT(*) FROM player_results WHERE match_id = %s)",
                (second.match_id, second.match_id),
            )
            assert await cur.fetchone() == (0, 0)
        await server.start()
        assert server.stub is not None
        await _play_until_down(server.stub, second, random.Random(3), Burst())
    finally:
        await server.kill()
    assert await _check_exactly_once(pg_url, [first, second]) == 2


async def _ratings_now(
    conn: psycopg.AsyncConnection[tuple[object, ...]],
) -> list[tuple[object, ...]]:
    cur = await conn.execute("SELECT * FROM ratings ORDER BY category, player_id")
    return await cur.fetchall()


async def _read(db: str, match_id: str) -> list[StoredEvent]:
    store = open_store(db)
    await store.open()
    try:
        return await store.read_events(match_id)
    finally:
        await store.close()
