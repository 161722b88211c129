"""AdminService, matches: list, inspect, end a stuck one, void a result: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class MatchesAdmin:
    """The matches methods of ``AdminServicer``."""

    async def ListMatches(
        self, request: admin_pb2.ListMatchesRequest, context: Any
    ) -> admin_pb2.ListMatchesResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def InspectMatch(
        self, request: admin_pb2.InspectMatchRequest, context: Any
    ) -> admin_pb2.InspectMatchResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def EndMatch(
        self, request: admin_pb2.EndMatchRequest, context: Any
    ) -> admin_pb2.EndMatchResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def VoidResult(
        self, request: admin_pb2.VoidResultRequest, context: Any
    ) -> admin_pb2.VoidResultResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
