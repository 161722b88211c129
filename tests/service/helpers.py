"""Assertions on gRPC errors and match snapshots."""

from __future__ import annotations

import grpc
from google.rpc import error_details_pb2, status_pb2

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from .conftest import auth


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
