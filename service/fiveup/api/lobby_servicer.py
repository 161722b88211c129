"""LobbyService: translates protobuf to the lobby's use cases and back."""

from __future__ import annotations

from ..engine.match import HUMAN
from ..engine.scoring import DEFAULT_TARGET
from ..lobby.private import PrivateTables
from ..lobby.tables import Lobby
from ..store.lobby import TableFilter, TableRow
from ..v1 import lobby_pb2, lobby_pb2_grpc, match_pb2
from . import convert
from .convert import BOT_TO_PB
from .handlers import Context, bearer_token, unary
from .player_servicer import timestamp


def table_pb(row: TableRow) -> lobby_pb2.Table:
    seats = []
    for s in row.seats:
        human = s.kind == HUMAN
        seats.append(
            lobby_pb2.TableSeat(
                seat=s.seat,
                kind=match_pb2.SEAT_KIND_HUMAN if human else match_pb2.SEAT_KIND_BOT,
                bot=match_pb2.BOT_KIND_UNSPECIFIED if human else BOT_TO_PB[s.kind],
                taken=s.taken,
                display_name=s.display_name,
            )
        )
    return lobby_pb2.Table(
        match_id=row.match_id,
        seats=seats,
        target_points=row.target_points,
        created_at=timestamp(row.created_at),
    )


class LobbyServicer(lobby_pb2_grpc.LobbyServiceServicer):
    def __init__(self, lobby: Lobby, private: PrivateTables) -> None:
        self.lobby = lobby
        self.private = private

    @unary
    async def CreatePrivateTable(
        self, request: lobby_pb2.CreatePrivateTableRequest, context: grpc.aio.ServicerContext
    ) -> lobby_pb2.CreatePrivateTableResponse:
        table = await self.private.create(
            bearer_token(context),
            convert.seats_from_pb(request.seats),
            request.target_points or DEFAULT_TARGET,
            request.invite_ttl_seconds,
            request.join,
        )
        response = lobby_pb2.CreatePrivateTableResponse(
            match_id=table.match_id,
            invite_code=table.invite_code,
            invite_expires_at=timestamp(table.expires_at),
            version=table.version,
        )
        if table.joined is not None:
            response.seat = table.joined.seat
        return response

    @unary
    async def JoinWithInvite(
        self, request: lobby_pb2.JoinWithInviteRequest, context: grpc.aio.ServicerContext
    ) -> lobby_pb2.JoinWithInviteResponse:
        seat = request.seat if request.HasField("seat") else None
        joined = await self.private.join(bearer_token(context), request.invite_code, seat)
        return lobby_pb2.JoinWithInviteResponse(
            match_id=joined.match_id,
            seat=joined.seat,
            version=joined.version,
        )

    @unary
    async def ListOpenTables(
        self, request: lobby_pb2.ListOpenTablesRequest, context: Context
    ) -> lobby_pb2.ListOpenTablesResponse:
        where = TableFilter(
            players=request.players,
            partnerships=request.partnerships if request.HasField("partnerships") else None,
            target_points=request.target_points,
        )
        page, token = await self.lobby.open_tables(where, request.page_size, request.page_token)
        return lobby_pb2.ListOpenTablesResponse(
            tables=[table_pb(t) for t in page.tables], next_page_token=token
        )

    @unary
    async def ListMyMatches(
        self, request: lobby_pb2.ListMyMatchesRequest, context: Context
    ) -> lobby_pb2.ListMyMatchesResponse:
        page, token = await self.lobby.my_matches(
            bearer_token(context), request.page_size, request.page_token
        )
        return lobby_pb2.ListMyMatchesResponse(
            matches=[
                lobby_pb2.MyMatch(
                    match_id=m.table.match_id,
                    seat=m.seat,
                    status=match_pb2.MATCH_STATUS_FINISHED
                    if m.table.finished
                    else match_pb2.MATCH_STATUS_IN_PROGRESS,
                    table=table_pb(m.table),
                )
                for m in page.matches
            ],
            next_page_token=token,
        )
