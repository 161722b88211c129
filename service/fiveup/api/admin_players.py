"""AdminService, players: find, profile, sessions, sanctions, names: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from typing import Any

import grpc

from ..v1 import admin_pb2


class PlayersAdmin:
    """The players methods of ``AdminServicer``."""

    async def FindPlayers(
        self, request: admin_pb2.FindPlayersRequest, context: Any
    ) -> admin_pb2.FindPlayersResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def GetPlayerProfile(
        self, request: admin_pb2.GetPlayerProfileRequest, context: Any
    ) -> admin_pb2.GetPlayerProfileResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def RevokePlayerSessions(
        self, request: admin_pb2.RevokePlayerSessionsRequest, context: Any
    ) -> admin_pb2.RevokePlayerSessionsResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def ImposeSanction(
        self, request: admin_pb2.ImposeSanctionRequest, context: Any
    ) -> admin_pb2.ImposeSanctionResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def LiftSanction(
        self, request: admin_pb2.LiftSanctionRequest, context: Any
    ) -> admin_pb2.LiftSanctionResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises

    async def ResetPlayerName(
        self, request: admin_pb2.ResetPlayerNameRequest, context: Any
    ) -> admin_pb2.ResetPlayerNameResponse:
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not yet")
        raise AssertionError  # abort raises
