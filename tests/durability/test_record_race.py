"""GetMatchRecord right after the end, on a replica that has not heard of the end yet.

A match finished through replica A; its record asked of replica B at once, B having the
match cached.  B learns of A's appends from PostgreSQL notifications, which may arrive
after the client's next call: the record must open anyway (B reads the store), never
answer "the record opens when the match ends" for a match that has ended.

Two ways to race it: in one process, two replicas (each its own store connections and
listener) where B's check runs before its event loop could even read A's notification
(``after_commit``: A notifies from a background task after its commit), which made the
old code fail every time; and as reported, two server processes and many matches.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fiveup.match.matches import Matches, MatchesConfig
from fiveup.match.ports import EventStore
from fiveup.match.repository import Freshness
from fiveup.store import StoreOptions, open_store
from fiveup.v1 import match_pb2 as pb

from ..serverproc import ServerProcess

pytestmark = pytest.mark.postgres

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


@pytest.fixture
async def replicas(pg_url: str) -> AsyncIterator[tuple[Matches, Matches]]:
    stores: list[EventStore] = [
        open_store(pg_url, StoreOptions(notify="after_commit")) for _ in range(2)
    ]
    apps: list[Matches] = []
    try:
        for store in stores:
            await store.open()
            # as a server on PostgreSQL runs: told of the other replica's appends
            config = MatchesConfig(freshness=Freshness.for_store(store, shared=True))
            assert config.freshness is Freshness.NOTIFIED
            apps.append(Matches(store, config))
        for app in apps:
            await app.start()  # LISTEN: each replica hears the other's appends
        yield apps[0], apps[1]
    finally:
        for app in apps:
            await app.close()
        for store in stores:
            await store.close()


async def play_to_the_end(app: Matches, match_id: str, seats: dict[int, int]) -> int:
    """Play the match through ``app`` (first legal move each turn); the final version."""
    view = (await app.view(match_id, None)).view
    step = 0
    while not view.finished:
        seat = view.turn
        assert seat is not None and seat in seats
        legal = await app.legal_actions(match_id, seat)
        result = await app.submit(match_id, seat, legal.actions[0], legal.version, f"r{step}")
        step += 1
        view = (await app.view(match_id, None, result.version)).view
    return view.version


async def test_a_record_opens_at_once_on_a_replica_behind_on_the_end(
    replicas: tuple[Matches, Matches],
) -> None:
    a, b = replicas
    for _ in range(5):
        match_id = (await a.create(["human", "human"], 1)).match_id
        for seat in (0, 1):
            await a.join(match_id, seat)
        await b.view(match_id, None)  # B has the match cached, in play
        final = await play_to_the_end(a, match_id, {0: 0, 1: 1})
        # At once, with no chance for B to have read A's notification:
        log = await b.record(match_id)
        record, events = log.record, log.events
        assert record.match_id == match_id
        assert [v for v, _ in events] == list(range(1, final + 1))
        assert events[-1][1].kind == "match_ended"


async def test_records_of_matches_just_finished_through_another_replica(
    pg_url: str, tmp_path: Path
) -> None:
    """The report: 40 two-seat, target-1 matches finished at once through A, each record
    read from B at once (two server processes with the default notifications; the test
    above races the other mode deterministically)."""
    a = ServerProcess(pg_url, tmp_path / "a.log")
    b = ServerProcess(pg_url, tmp_path / "b.log")
    await asyncio.gather(a.start(), b.start())
    try:
        assert a.stub is not None and b.stub is not None
        stub_a, stub_b = a.stub, b.stub

        async def one() -> None:
            created = await stub_a.CreateMatch(
                pb.CreateMatchRequest(seats=[HUMAN, HUMAN], target_points=1)
            )
            match_id = created.match_id
            tokens = {}
            for seat in (0, 1):
                joined = await stub_a.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=seat))
                tokens[seat] = (("authorization", f"Bearer {joined.seat_token}"),)
            await stub_b.GetMatch(pb.GetMatchRequest(match_id=match_id))  # cached on B
            view = (await stub_a.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
            step = 0
            while view.status != pb.MATCH_STATUS_FINISHED:
                md = tokens[view.turn_seat]
                moves = (
                    await stub_a.ListLegalMoves(
                        pb.ListLegalMovesRequest(match_id=match_id), metadata=md
                    )
                ).moves
                done = await stub_a.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id, move=moves[0], expected_version=view.version,
                        request_id=f"m{step}",
                    ),
                    metadata=md,
                )  # fmt: skip
                step += 1
                request = pb.GetMatchRequest(match_id=match_id, min_version=done.version)
                view = (await stub_a.GetMatch(request)).view
            record = await stub_b.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
            assert len(record.events) == view.version
            assert record.events[-1].WhichOneof("kind") == "match_ended"

        await asyncio.gather(*(one() for _ in range(40)))
    finally:
        await asyncio.gather(a.stop(), b.stop())
