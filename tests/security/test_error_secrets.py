"""Errors never carry hidden information: not the seed, not the boneyard, not another
seat's hand -- in the message, the ErrorInfo metadata or any other trailer, for every
error path, and also when a bug raises an arbitrary exception."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest

from fiveup.api.guard import INTERNAL_MESSAGE
from fiveup.v1 import common_pb2
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, server_fixture
from tests.service.helpers import error_info, two_human_table
from tests.service.test_errors import CASES, not_in_hand, place

from .leaks import error_blobs, leaks

server = server_fixture()


@pytest.fixture
async def table(server: Running) -> dict[str, Any]:
    """The table of tests/service/test_errors.py: two joined humans, before any move."""
    return await two_human_table(server)


def all_tiles() -> list[common_pb2.Tile]:
    return [common_pb2.Tile(low=a, high=b) for a in range(7) for b in range(a, 7)]


async def test_no_error_path_reveals_the_seed_or_hidden_tiles(
    server: Running, table: dict[str, Any]
) -> None:
    match = cached_match(server, table["id"])
    checked = 0
    for name, (make, code, _reason) in sorted(CASES.items()):
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await make(table)(server, table)
        assert caught.value.code() == code, name
        blob, text = error_blobs(caught.value)
        # The cases name the mover's own tiles and one it lacks; anything else is hidden
        # from every seat (the boneyard) or from one of them.
        named = [(t.low, t.high) for t in table["hand"]] + [
            (x.low, x.high) for x in [not_in_hand(table)]
        ]
        for viewer in (None, 0, 1):
            assert leaks(blob, text, match, viewer, named) == [], (name, text)
        checked += 1
    # Every tile of the set, placed by each seat (mostly not theirs: TILE_NOT_IN_HAND,
    # NOT_YOUR_TURN...): whatever the answer says, it names no tile the caller did not.
    for seat in (0, 1):
        for tile in all_tiles():
            request = pb.SubmitMoveRequest(
                match_id=table["id"],
                move=place(tile),
                expected_version=table["version"],
                request_id="t",
            )
            try:
                await server.matches.SubmitMove(request, metadata=auth(table["tokens"][seat]))
            except grpc.aio.AioRpcError as exc:
                blob, text = error_blobs(exc)
                assert leaks(blob, text, match, seat, named=[(tile.low, tile.high)]) == []
                checked += 1
            else:  # a legal lead: the match moved on; the rest go stale
                table["version"] = match.version
    assert checked > len(CASES) + 50


async def test_a_bug_is_reported_as_an_opaque_internal_error(
    server: Running, table: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected exception whose text quotes secrets reaches the client as INTERNAL with
    a fixed message: gRPC's default would send ``str(exc)``."""
    matches = server.app.matches
    match = cached_match(server, table["id"])
    secret = f"seed={match.config.seed.hex()} boneyard={match.round.boneyard}"  # type: ignore[union-attr]

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError(secret)

    async def broken_stream(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise ValueError(secret)
        yield  # an async generator, like the real one

    monkeypatch.setattr(matches, "view", broken)
    monkeypatch.setattr(matches, "watch", broken_stream)
    calls = [
        server.matches.GetMatch(pb.GetMatchRequest(match_id=table["id"])),
        _drain(server.matches.WatchMatch(pb.WatchMatchRequest(match_id=table["id"]))),
    ]
    for call in calls:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await call
        assert caught.value.code() == grpc.StatusCode.INTERNAL
        assert caught.value.details() == INTERNAL_MESSAGE
        assert error_info(caught.value).reason == "INTERNAL"
        blob, text = error_blobs(caught.value)
        assert leaks(blob, text, match, None) == []
        assert b"ValueError" not in blob and b"boneyard" not in blob


def cached_match(server: Running, match_id: str) -> Any:
    """The server's own state of the match (every hand and the seed), live."""
    session = server.app.matches.repository.cached(match_id)
    assert session is not None
    return session.match


async def _drain(call: Any) -> list[Any]:
    return [item async for item in call]
