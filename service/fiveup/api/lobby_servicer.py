"""LobbyService: translates protobuf to the lobby's use cases and back."""

from __future__ import annotations

from collections.abc import AsyncIterator

from ..engine import HUMAN
from ..engine.scoring import DEFAULT_TARGET
from ..lobby.matchmaker import Matched, Matchmaker, Search
from ..lobby.ports import TableFilter, TableRow
from ..lobby.private import PrivateTables
from ..lobby.rematch import Rematches, RematchStatus
from ..lobby.tables import Lobby
from ..v1 import lobby_pb2, lobby_pb2_grpc, match_pb2
from . import convert
from .convert import BOT_TO_PB
from .handlers import Context, bearer_token, streaming, unary
from .limits import Limits
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
    def __init__(
        self,
        lobby: Lobby,
        private: PrivateTables,
        matchmaker: Matchmaker,
        limits: Limits,
        rematches: Rematches,
    ) -> None:
        self.lobby = lobby
        self.limits = limits
        self.private = private
        self.matchmaker = matchmaker
        self.rematches = rematches

    @unary
    async def OfferRematch(
        self, request: lobby_pb2.OfferRematchRequest, context: Context
    ) -> lobby_pb2.OfferRematchResponse:
        status = await self.rematches.offer(bearer_token(context), request.match_id)
        return lobby_pb2.OfferRematchResponse(rematch=_rematch_pb(status))

    @unary
    async def DeclineRematch(
        self, request: lobby_pb2.DeclineRematchRequest, context: Context
    ) -> lobby_pb2.DeclineRematchResponse:
        declined = await self.rematches.decline(bearer_token(context), request.match_id)
        return lobby_pb2.DeclineRematchResponse(declined=declined)

    @unary
    async def GetRematch(
        self, request: lobby_pb2.GetRematchRequest, context: Context
    ) -> lobby_pb2.GetRematchResponse:
        status = await self.rematches.status(bearer_token(context), request.match_id)
        return lobby_pb2.GetRematchResponse(rematch=_rematch_pb(status))

    @streaming
    async def FindMatch(
        self, request: lobby_pb2.FindMatchRequest, context: Context
    ) -> AsyncIterator[lobby_pb2.FindMatchResponse]:
        # A searching player's stream is a player stream (fiveup.api.stream_pools): it may
        # use the players' reserve, at most max_seat_streams per player.
        claims = await self.matchmaker.players.authenticate(bearer_token(context))
        client = self.limits.config.client_of(context)
        with self.limits.stream("FindMatch", client, "player", seat=("find", claims.player_id)):
            async for response in self._find(request, context):
                yield response

    async def _find(
        self, request: lobby_pb2.FindMatchRequest, context: Context
    ) -> AsyncIterator[lobby_pb2.FindMatchResponse]:
        search = Search(
            players=request.players,
            allow_bots=request.allow_bots,
            bot_wait_seconds=float(request.bot_wait_seconds),
            party_code=request.party_code,
            target_points=request.target_points,
            turn_clock_seconds=request.turn_clock_seconds,
        )
        async for update in self.matchmaker.find(bearer_token(context), search):
            if isinstance(update, Matched):
                yield lobby_pb2.FindMatchResponse(
                    matched=lobby_pb2.Matched(match_id=update.match_id, seat=update.seat)
                )
                continue  # the search ends after its seat
            searching = lobby_pb2.Searching(
                queued_at=timestamp(update.queued_at), players_waiting=update.players_waiting
            )
            if update.bots_at is not None:
                searching.bots_at.CopyFrom(timestamp(update.bots_at))
            yield lobby_pb2.FindMatchResponse(searching=searching)

    @unary
    async def CancelFindMatch(
        self, request: lobby_pb2.CancelFindMatchRequest, context: Context
    ) -> lobby_pb2.CancelFindMatchResponse:
        cancelled = await self.matchmaker.cancel(bearer_token(context))
        return lobby_pb2.CancelFindMatchResponse(cancelled=cancelled)

    @unary
    async def CreatePrivateTable(
        self, request: lobby_pb2.CreatePrivateTableRequest, context: Context
    ) -> lobby_pb2.CreatePrivateTableResponse:
        self.limits.check_creation("CreatePrivateTable", self.limits.config.client_of(context))
        table = await self.private.create(
            bearer_token(context),
            convert.seats_from_pb(request.seats),
            request.target_points or DEFAULT_TARGET,
            request.invite_ttl_seconds,
            request.join,
            unrated=request.unrated,
            turn_clock_seconds=request.turn_clock_seconds or None,
            invited=list(request.invited_player_ids),
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
        self, request: lobby_pb2.JoinWithInviteRequest, context: Context
    ) -> lobby_pb2.JoinWithInviteResponse:
        self.limits.check_creation("JoinWithInvite", self.limits.config.client_of(context))
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
        self.limits.check_reads("ListOpenTables", self.limits.config.client_of(context))
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
                    your_turn=m.your_turn_until is not None,
                    turn_deadline=timestamp(m.your_turn_until)
                    if m.your_turn_until is not None
                    else None,
                    turn_clock_seconds=m.turn_clock_seconds or 0,
                )
                for m in page.matches
            ],
            next_page_token=token,
        )


def _rematch_pb(status: RematchStatus) -> lobby_pb2.Rematch:
    return lobby_pb2.Rematch(
        match_id=status.match_id,
        offered=status.offered,
        accepted_seats=list(status.accepted),
        waiting_seats=list(status.waiting),
        new_match_id=status.new_match_id,
    )
