"""Every error path: its status code, its ErrorInfo reason, and the match unchanged."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import pytest

from fiveup.v1 import common_pb2
from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, human
from .helpers import error_info, snapshot, two_human_table

Call = Callable[[Running, dict[str, Any]], Awaitable[Any]]


@pytest.fixture
async def table(server: Running) -> dict[str, Any]:
    """A 2-human match with both seats joined, before any move."""
    return await two_human_table(server)


def place(tile: common_pb2.Tile, on: common_pb2.ConnectionPoint | None = None) -> pb.Move:
    return pb.Move(place=pb.PlaceMove(tile=tile, on=on))


def submit(
    t: dict[str, Any],
    move: pb.Move,
    seat: str = "mover",
    version: int | None = None,
    request_id: str = "r-1",
    token: str | None = None,
) -> Call:
    async def call(s: Running, _: dict[str, Any]) -> Any:
        return await s.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=t["id"],
                move=move,
                expected_version=t["version"] if version is None else version,
                request_id=request_id,
            ),
            metadata=auth(token if token is not None else t["tokens"][t[seat]]),
        )

    return call


def not_in_hand(t: dict[str, Any]) -> common_pb2.Tile:
    held = {(x.low, x.high) for x in t["hand"]}
    low, high = next((a, b) for a in range(7) for b in range(a, 7) if (a, b) not in held)
    return common_pb2.Tile(low=low, high=high)


CASES: dict[str, tuple[Callable[[dict[str, Any]], Call], grpc.StatusCode, str]] = {
    "unknown match": (
        lambda t: lambda s, _: s.matches.GetMatch(pb.GetMatchRequest(match_id="nope")),
        grpc.StatusCode.NOT_FOUND,
        "MATCH_NOT_FOUND",
    ),
    "empty match id": (
        lambda t: lambda s, _: s.matches.GetMatch(pb.GetMatchRequest(match_id="")),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "too few seats": (
        lambda t: lambda s, _: s.matches.CreateMatch(pb.CreateMatchRequest(seats=[human()])),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_CONFIG",
    ),
    "five seats": (
        lambda t: lambda s, _: s.matches.CreateMatch(pb.CreateMatchRequest(seats=[human()] * 5)),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_CONFIG",
    ),
    "target beyond 10,000": (
        lambda t: (
            lambda s, _: s.matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human()] * 2, target_points=10_001)
            )
        ),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_CONFIG",
    ),
    "bot seat without kind": (
        lambda t: (
            lambda s, _: s.matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human(), pb.SeatSpec(kind=pb.SEAT_KIND_BOT)])
            )
        ),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "human seat that names a bot kind": (
        lambda t: (
            lambda s, _: s.matches.CreateMatch(
                pb.CreateMatchRequest(
                    seats=[human(), pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, bot=pb.BOT_KIND_EXPERT)]
                )
            )
        ),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "seat taken": (
        lambda t: lambda s, _: s.matches.JoinMatch(pb.JoinMatchRequest(match_id=t["id"], seat=0)),
        grpc.StatusCode.FAILED_PRECONDITION,
        "SEAT_TAKEN",
    ),
    "no free seat": (
        lambda t: lambda s, _: s.matches.JoinMatch(pb.JoinMatchRequest(match_id=t["id"])),
        grpc.StatusCode.FAILED_PRECONDITION,
        "NO_FREE_SEAT",
    ),
    "seat out of range": (
        lambda t: lambda s, _: s.matches.JoinMatch(pb.JoinMatchRequest(match_id=t["id"], seat=7)),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "no token": (
        lambda t: (
            lambda s, _: s.matches.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=t["id"],
                    move=pb.Move(draw=pb.DrawMove()),
                    expected_version=t["version"],
                    request_id="x",
                )
            )
        ),
        grpc.StatusCode.UNAUTHENTICATED,
        "UNAUTHENTICATED",
    ),
    "forged token": (
        lambda t: submit(t, pb.Move(draw=pb.DrawMove()), token="forged-token"),
        grpc.StatusCode.PERMISSION_DENIED,
        "PERMISSION_DENIED",
    ),
    "list moves without token": (
        lambda t: lambda s, _: s.matches.ListLegalMoves(pb.ListLegalMovesRequest(match_id=t["id"])),
        grpc.StatusCode.UNAUTHENTICATED,
        "UNAUTHENTICATED",
    ),
    "not your turn": (
        lambda t: submit(t, place(t["hand"][0]), seat="waiter"),
        grpc.StatusCode.FAILED_PRECONDITION,
        "NOT_YOUR_TURN",
    ),
    "stale version": (
        lambda t: submit(t, place(t["hand"][0]), version=t["version"] - 1),
        grpc.StatusCode.ABORTED,
        "STALE_VERSION",
    ),
    "tile not in hand": (
        lambda t: submit(t, place(not_in_hand(t))),
        grpc.StatusCode.FAILED_PRECONDITION,
        "TILE_NOT_IN_HAND",
    ),
    "lead onto a point of an empty layout": (
        lambda t: submit(
            t,
            place(
                t["hand"][0],
                common_pb2.ConnectionPoint(tile=t["hand"][0], side=common_pb2.SIDE_LOW),
            ),
        ),
        grpc.StatusCode.FAILED_PRECONDITION,
        "ILLEGAL_MOVE",
    ),
    "draw with a legal placement": (
        lambda t: submit(t, pb.Move(draw=pb.DrawMove())),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MUST_PLACE",
    ),
    "pass with a legal placement": (
        lambda t: submit(t, pb.Move(**{"pass": pb.PassMove()})),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MUST_PLACE",
    ),
    "empty move": (
        lambda t: submit(t, pb.Move()),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "tile with pip 7": (
        lambda t: submit(t, place(common_pb2.Tile(low=1, high=7))),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_TILE",
    ),
    "unknown side enum value": (
        lambda t: submit(
            t, place(t["hand"][0], common_pb2.ConnectionPoint(tile=t["hand"][0], side=42))
        ),  # type: ignore[arg-type]
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "empty request id": (
        lambda t: submit(t, place(t["hand"][0]), request_id=""),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    ),
    "record before the end": (
        lambda t: lambda s, _: s.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=t["id"])),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MATCH_NOT_FINISHED",
    ),
    "watch from the future": (
        lambda t: (
            lambda s, _: _drain(
                s.matches.WatchMatch(
                    pb.WatchMatchRequest(match_id=t["id"], after_version=t["version"] + 5)
                )
            )
        ),
        grpc.StatusCode.OUT_OF_RANGE,
        "VERSION_NOT_REACHED",
    ),
    # one answer for a version the match has not reached, whichever call names it
    "read from the future": (
        lambda t: (
            lambda s, _: s.matches.GetMatch(
                pb.GetMatchRequest(match_id=t["id"], min_version=t["version"] + 10**9)
            )
        ),
        grpc.StatusCode.OUT_OF_RANGE,
        "VERSION_NOT_REACHED",
    ),
    "legal moves from the future": (
        lambda t: (
            lambda s, _: s.matches.ListLegalMoves(
                pb.ListLegalMovesRequest(match_id=t["id"], min_version=t["version"] + 1),
                metadata=auth(t["tokens"][t["mover"]]),
            )
        ),
        grpc.StatusCode.OUT_OF_RANGE,
        "VERSION_NOT_REACHED",
    ),
    "cancel without a token": (
        lambda t: lambda s, _: s.matches.CancelMatch(pb.CancelMatchRequest(match_id=t["id"])),
        grpc.StatusCode.UNAUTHENTICATED,
        "UNAUTHENTICATED",
    ),
    "cancel with a seat's token": (
        lambda t: (
            lambda s, _: s.matches.CancelMatch(
                pb.CancelMatchRequest(match_id=t["id"]), metadata=auth(t["tokens"][t["mover"]])
            )
        ),
        grpc.StatusCode.PERMISSION_DENIED,
        "PERMISSION_DENIED",
    ),
}


async def _drain(call: Any) -> list[Any]:
    return [item async for item in call]


@pytest.mark.parametrize("case", sorted(CASES))
async def test_error_path(server: Running, table: dict[str, Any], case: str) -> None:
    make, code, reason = CASES[case]
    before = await snapshot(server.matches, table["id"], list(table["tokens"].values()))
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await make(table)(server, table)
    assert caught.value.code() == code, caught.value.details()
    info = error_info(caught.value)
    assert info.reason == reason
    assert info.domain == "fiveup.v1"
    assert await snapshot(server.matches, table["id"], list(table["tokens"].values())) == before


async def test_request_id_reused_for_another_move(server: Running, table: dict[str, Any]) -> None:
    first = await submit(table, place(table["hand"][0]), request_id="same")(server, table)
    assert first.version > table["version"]
    before = await snapshot(server.matches, table["id"], list(table["tokens"].values()))
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await submit(table, place(table["hand"][1]), request_id="same")(server, table)
    assert caught.value.code() == grpc.StatusCode.ALREADY_EXISTS
    assert error_info(caught.value).reason == "REQUEST_ID_REUSED"
    assert await snapshot(server.matches, table["id"], list(table["tokens"].values())) == before


async def test_illegal_placement_reports_the_core_reason(
    server: Running, table: dict[str, Any]
) -> None:
    lead = table["hand"][0]
    await submit(table, place(lead), request_id="lead")(server, table)
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=table["id"]),
            metadata=auth(table["tokens"][table["waiter"]]),
        )
    ).view
    tile = view.hand[0]
    bad_point = common_pb2.ConnectionPoint(tile=lead, side=common_pb2.SIDE_BRANCH_A)
    before = await snapshot(server.matches, table["id"], list(table["tokens"].values()))
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await submit(
            table, place(tile, bad_point), seat="waiter", version=view.version, request_id="bad"
        )(server, table)
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    info = error_info(caught.value)
    assert info.reason == "ILLEGAL_MOVE"
    assert info.metadata["core_reason"] in {"UNKNOWN_CONNECTION_POINT", "BRANCH_NOT_OPEN"}
    assert await snapshot(server.matches, table["id"], list(table["tokens"].values())) == before
