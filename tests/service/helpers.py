"""Assertions on gRPC errors and match snapshots."""

from __future__ import annotations

from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2

from fiveup.engine import Match
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..harness import auth


def error_info(exc: grpc.aio.AioRpcError) -> error_details_pb2.ErrorInfo:
    """The google.rpc.ErrorInfo carried by a failed call."""
    for key, value in exc.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            assert status.code == exc.code().value[0]
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info
    raise AssertionError(f"no ErrorInfo on {exc.code()} {exc.details()}")


async def snapshot(
    stub: match_pb2_grpc.MatchServiceStub, match_id: str, tokens: list[str]
) -> list[bytes]:
    """Every seat's view and the spectator's, serialised: equal snapshots mean nothing changed."""
    views = [await stub.GetMatch(pb.GetMatchRequest(match_id=match_id))]
    for token in tokens:
        views.append(
            await stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=auth(token))
        )
    return [v.SerializeToString(deterministic=True) for v in views]


async def two_human_table(server: Any) -> dict[str, Any]:
    """A 2-human match with both seats joined, before any move: its id, the seats' tokens,
    the seat to move ("mover") and the other ("waiter"), the version and the mover's hand."""
    from ..harness import human

    created = await server.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = {}
    for seat in (0, 1):
        joined = await server.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat)
        )
        tokens[seat] = joined.seat_token
    view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
    mover = view.turn_seat
    own = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=created.match_id), metadata=auth(tokens[mover])
        )
    ).view
    return {
        "id": created.match_id,
        "tokens": tokens,
        "mover": mover,
        "waiter": 1 - mover,
        "version": view.version,
        "hand": list(own.hand),
        "other_hand_size": view.hand_sizes[1 - mover],
    }


def hidden_tiles(match: Match, viewer: int | None) -> set[tuple[int, int]]:
    """The tiles ``viewer`` (None: a spectator) may not see now: the boneyard and the other
    seats' hands during a round; nothing between rounds or after the match."""
    r = match.round
    if r is None or r.over or match.finished:
        return set()
    hidden = set(r.boneyard)
    for seat, hand in enumerate(r.hands):
        if seat != viewer:
            hidden |= set(hand)
    return hidden
