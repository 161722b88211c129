"""Matches of two human seats played through the public API, watchers' bounded waits,
and the proof that no NOTIFY was sent (a LISTEN connection of the test's own)."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

import psycopg

from fiveup.bus.nats_bus import NatsBus
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..harness import Running, auth, human
from ..service.players import Watcher

# Every channel a PostgreSQL store NOTIFYs on without a bus.
CHANNELS = ("fiveup_events", "fiveup_chat", "fiveup_notices")


def bus_of(replica: Running) -> NatsBus:
    bus = replica.app.contexts.stores.bus
    assert isinstance(bus, NatsBus), bus
    return bus


@dataclass
class Game:
    match_id: str
    tokens: dict[int, str]  # seat -> seat token


async def new_game(stub: match_pb2_grpc.MatchServiceStub) -> Game:
    created = await stub.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = {}
    for seat in (0, 1):
        joined = await stub.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id, seat=seat))
        tokens[seat] = joined.seat_token
    return Game(created.match_id, tokens)


async def version_of(stub: match_pb2_grpc.MatchServiceStub, game: Game) -> int:
    return (await stub.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view.version


async def play(stub: match_pb2_grpc.MatchServiceStub, game: Game) -> int | None:
    """One move of the seat whose turn it is (its first legal move) through ``stub``;
    the acknowledged version, or None when the match is over."""
    view = (await stub.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
    if view.status != pb.MATCH_STATUS_IN_PROGRESS:
        return None
    md = auth(game.tokens[view.turn_seat])
    listed = await stub.ListLegalMoves(
        pb.ListLegalMovesRequest(match_id=game.match_id), metadata=md
    )
    answer = await stub.SubmitMove(
        pb.SubmitMoveRequest(
            match_id=game.match_id, move=listed.moves[0], expected_version=listed.version,
            request_id=uuid.uuid4().hex,
        ),
        metadata=md,
    )  # fmt: skip
    return int(answer.version)


async def reach(watcher: Watcher, version: int, timeout: float) -> float:
    """Wait (bounded) until ``watcher`` has seen ``version``; how long it took."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with asyncio.timeout(timeout):
        while watcher.version < version:
            assert not watcher.done, f"stream ended at {watcher.version}, before {version}"
            watcher.changed.clear()
            if watcher.version < version:
                await watcher.changed.wait()
    return loop.time() - started


def check_stream(watcher: Watcher) -> None:
    """Every event once, in order, from the watcher's cursor on."""
    versions = [e.version for e in watcher.events]
    assert versions == list(range(watcher.after + 1, watcher.after + 1 + len(versions))), versions


@contextlib.asynccontextmanager
async def no_notify(url: str) -> AsyncIterator[None]:
    """Fail if anything NOTIFYs a store's channel inside the block.  At the end the test
    NOTIFYs each channel itself and waits for that: notifications are delivered in commit
    order, so whatever the replicas sent before is in by then (no sleep)."""
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    heard: list[str] = []
    try:
        for channel in CHANNELS:
            await conn.execute(f"LISTEN {channel}")
        yield
        end = f"end-{uuid.uuid4().hex}"
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as other:
            for channel in CHANNELS:
                await other.execute("SELECT pg_notify(%s, %s)", (channel, end))
        ends = 0
        async with asyncio.timeout(10):
            async for note in conn.notifies():
                if note.payload == end:
                    ends += 1
                    if ends == len(CHANNELS):
                        break
                else:
                    heard.append(f"{note.channel}: {note.payload}")
    finally:
        await conn.close()
    assert not heard, f"NOTIFY sent with a bus: {heard}"


async def watch_all(
    stubs: Sequence[match_pb2_grpc.MatchServiceStub], games: Sequence[Game]
) -> list[tuple[Game, Watcher]]:
    """A spectator of each game through each replica, opened at the game's version."""
    found = []
    for game in games:
        for stub in stubs:
            after = await version_of(stub, game)
            found.append((game, Watcher(stub, game.match_id, after=after).start()))
    return found
