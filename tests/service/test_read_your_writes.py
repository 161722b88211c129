"""``min_version`` (GetMatch, ListLegalMoves): a client that has seen a version gets an
answer at least that new, even from a process whose cache is behind; a cache that has it
answers without reading the store."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest

from fiveup.match.matches import Matches
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, human
from .helpers import error_info
from .test_watch_memory import CountingStore, human_match, play


@pytest.fixture
async def two(tmp_path: Path) -> AsyncIterator[tuple[CountingStore, Matches, Matches]]:
    """Two application layers on one SQLite file, neither told of the other's appends:
    the second one's cache falls behind whenever the first one writes."""
    path = str(tmp_path / "ryw.sqlite3")
    stores = [CountingStore(path), CountingStore(path)]
    for store in stores:
        await store.open()
    try:
        yield stores[1], Matches(stores[0]), Matches(stores[1])
    finally:
        for store in stores:
            await store.close()


async def test_a_cache_behind_reads_the_store_for_a_client_that_has_seen_more(
    two: tuple[CountingStore, Matches, Matches],
) -> None:
    store_b, a, b = two
    match_id, _ = await human_match(a)
    before = (await b.view(match_id, None)).view.version  # b caches the match now
    after = await play(a, match_id, random.Random(5), 3)
    assert after > before
    store_b.counting = True
    assert (await b.view(match_id, None)).view.version == before  # believes itself current
    assert store_b.reads == 0
    assert (await b.view(match_id, None, min_version=after)).view.version == after
    assert store_b.reads == 1
    view = (await b.view(match_id, None, min_version=after)).view  # now current: no read
    assert view.version == after and store_b.reads == 1
    seat = view.turn
    assert seat is not None
    legal = await b.legal_actions(match_id, seat, min_version=after)
    assert legal == await a.legal_actions(match_id, seat)
    assert store_b.reads == 1


async def test_a_negative_min_version_is_invalid(server: Running) -> None:
    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=created.match_id))
    before = await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))
    for call in (
        server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id, min_version=-1)),
        server.matches.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=created.match_id, min_version=-1),
            metadata=auth(joined.seat_token),
        ),
    ):
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await call
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert error_info(caught.value).reason == "INVALID_ARGUMENT"
        assert error_info(caught.value).metadata["field"] == "min_version"
    after = await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))
    assert after == before
