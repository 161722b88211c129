"""MatchService: translates protobuf to the application layer and back.  No rules here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import cast

from ..engine import HUMAN, MatchEnded, RoundEnded, TileDrawn, TilePlaced
from ..engine.scoring import DEFAULT_TARGET
from ..engine.shuffle import commitment
from ..lobby.seats import PlayerSeats, is_access_token
from ..match.hints import HintService
from ..match.matches import Matches
from ..match.results import Resync, SeatedView, Viewed
from ..shared.errors import InvalidRequest
from ..v1 import match_pb2, match_pb2_grpc
from . import convert
from .handlers import Context, bearer_token, streaming, unary
from .limits import Limits, PeerLimited
from .stream_pools import StreamKind


class MatchServicer(match_pb2_grpc.MatchServiceServicer):
    def __init__(
        self,
        matches: Matches,
        limits: Limits | None = None,
        seats: PlayerSeats | None = None,
        hints: HintService | None = None,
    ) -> None:
        self.matches = matches
        self.limits = limits or Limits()  # abuse limits (off unless configured)
        self.seats = seats  # signed-in players' seats (None: seat tokens only)
        self.hints = hints or HintService(matches.repository, observer=matches.observer)

    async def _seat(self, match_id: str, context: Context, *, required: bool) -> int | None:
        """The seat the caller acts for: by seat token, or the signed-in player's."""
        if self.seats is not None:
            return await self.seats.seat_for(match_id, bearer_token(context), required=required)
        return await self.matches.authenticate(match_id, bearer_token(context), required=required)

    def _client(self, context: Context) -> str:
        return self.limits.config.client_of(context)

    def _limit_peer(self, method: PeerLimited, context: Context) -> None:
        self.limits.check_peer(method, self._client(context))

    @unary
    async def CreateMatch(
        self, request: match_pb2.CreateMatchRequest, context: Context
    ) -> match_pb2.CreateMatchResponse:
        self._limit_peer("CreateMatch", context)
        self.limits.check_creation("CreateMatch", self._client(context))
        seats = convert.seats_from_pb(request.seats)
        target = request.target_points or DEFAULT_TARGET
        hints = request.hints_allowed if request.HasField("hints_allowed") else None
        bots_only = HUMAN not in seats
        client = self._client(context) if bots_only else ""
        if bots_only:
            self.limits.check_bot_match(client, self.matches.is_running)
        created = await self.matches.create(
            seats,
            target,
            hints=hints,
            practice=request.practice,
            unrated=request.unrated,
            turn_clock_seconds=request.turn_clock_seconds or None,
        )
        if bots_only:
            self.limits.add_bot_match(client, created.match_id)
        return match_pb2.CreateMatchResponse(
            match_id=created.match_id,
            version=created.version,
            shuffle_commitment=created.commitment,
            creator_token=created.creator_token,
        )

    @unary
    async def CancelMatch(
        self, request: match_pb2.CancelMatchRequest, context: Context
    ) -> match_pb2.CancelMatchResponse:
        cancelled = await self.matches.cancel(request.match_id, bearer_token(context))
        return match_pb2.CancelMatchResponse(version=cancelled.version)

    @unary
    async def Resign(
        self, request: match_pb2.ResignRequest, context: Context
    ) -> match_pb2.ResignResponse:
        # Not rate limited: a side concedes once; a repeat is answered from the fold.
        seat = await self._seat(request.match_id, context, required=True)
        assert seat is not None
        conceded = await self.matches.forfeit(request.match_id, seat, "resigned")
        return match_pb2.ResignResponse(version=conceded.version)

    @unary
    async def JoinMatch(
        self, request: match_pb2.JoinMatchRequest, context: Context
    ) -> match_pb2.JoinMatchResponse:
        self._limit_peer("JoinMatch", context)
        seat = request.seat if request.HasField("seat") else None
        if self.seats is not None:
            joined = await self.seats.join(request.match_id, seat, bearer_token(context))
        else:
            joined = await self.matches.join(request.match_id, seat)
        return match_pb2.JoinMatchResponse(
            seat=joined.seat, seat_token=joined.token, version=joined.version
        )

    @unary
    async def GetMatch(
        self, request: match_pb2.GetMatchRequest, context: Context
    ) -> match_pb2.GetMatchResponse:
        seat = await self._seat(request.match_id, context, required=False)
        seen = await self.matches.view(request.match_id, seat, request.min_version)
        return match_pb2.GetMatchResponse(
            view=convert.view_pb(request.match_id, seen.view, seen.joined)
        )

    @unary
    async def ListLegalMoves(
        self, request: match_pb2.ListLegalMovesRequest, context: Context
    ) -> match_pb2.ListLegalMovesResponse:
        seat = await self._seat(request.match_id, context, required=True)
        assert seat is not None
        legal = await self.matches.legal_actions(request.match_id, seat, request.min_version)
        return match_pb2.ListLegalMovesResponse(
            moves=[convert.action_pb(a) for a in legal.scored], version=legal.version
        )

    @unary
    async def SubmitMove(
        self, request: match_pb2.SubmitMoveRequest, context: Context
    ) -> match_pb2.SubmitMoveResponse:
        self._limit_peer("SubmitMove", context)
        seat = await self._seat(request.match_id, context, required=True)
        assert seat is not None
        self.limits.check_seat("SubmitMove", request.match_id, seat)
        if not request.HasField("move"):
            raise InvalidRequest("move is required", field="move")
        action = convert.action_from_pb(request.move)
        result = await self.matches.submit(
            request.match_id, seat, action, request.expected_version, request.request_id
        )
        response = match_pb2.SubmitMoveResponse(version=result.version)
        for version, seen in result.events:  # as the seat may see them (match.results)
            response.events.append(convert.event_pb(version, seen))
            if isinstance(seen, TilePlaced) and seen.seat == seat:
                response.points = seen.points
            elif isinstance(seen, TileDrawn) and seen.tile is not None:
                response.drawn_tile.CopyFrom(convert.tile_pb(seen.tile))
            elif isinstance(seen, RoundEnded):
                response.round_ended.CopyFrom(convert.round_ended_pb(seen))
            elif isinstance(seen, MatchEnded):
                response.match_ended.CopyFrom(convert.match_ended_pb(seen))
        return response

    @streaming
    async def WatchMatch(
        self, request: match_pb2.WatchMatchRequest, context: Context
    ) -> AsyncIterator[match_pb2.WatchMatchResponse]:
        seat = await self._seat(request.match_id, context, required=False)
        # Players first (fiveup.api.stream_pools): a seat's own stream may use the
        # players' reserve; a spectator counts against the match's spectators and, without
        # a checked access token, against the much lower anonymous caps.
        kind: StreamKind
        if seat is not None:
            kind = "player"
        elif self.seats is not None and is_access_token(bearer_token(context)):
            kind = "signed_in"  # seat_for has verified the token
        else:
            kind = "anonymous"
        with (
            self.limits.stream(
                "WatchMatch", self._client(context), kind,
                seat=(request.match_id, seat) if seat is not None else None,
                spectating=request.match_id if seat is None else None,
            ),
            self.limits.watching(request.match_id),
        ):  # fmt: skip
            match_id = request.match_id
            render = _view_field(match_id) if request.with_views else None
            async for item in self.matches.watch(match_id, seat, request.after_version, render):
                if isinstance(item, Viewed):
                    # The view is shared by every watcher of this seat (or every spectator)
                    # and encoded once: the response's own bytes, then field 3 (the view),
                    # which is how protobuf merges the two (fiveup.api.guard sends bytes).
                    response = match_pb2.WatchMatchResponse(
                        event=convert.event_pb(item.version, item.event)
                    )
                    assert isinstance(item.view, bytes)
                    encoded = response.SerializeToString() + item.view
                    yield cast(match_pb2.WatchMatchResponse, encoded)  # sent as it is
                    continue
                if isinstance(item, Resync):
                    yield match_pb2.WatchMatchResponse(
                        resync=match_pb2.ResyncRequired(
                            version=item.version,
                            reason="too far behind: fetch the match and watch again",
                        )
                    )
                    return
                version, event = item
                yield match_pb2.WatchMatchResponse(event=convert.event_pb(version, event))

    @unary
    async def GetMatchRecord(
        self, request: match_pb2.GetMatchRecordRequest, context: Context
    ) -> match_pb2.GetMatchRecordResponse:
        log = await self.matches.record(request.match_id)
        record = log.record
        return match_pb2.GetMatchRecordResponse(
            match_id=record.match_id,
            seats=convert.seat_infos_pb(record.seats, range(len(record.seats)), ()),
            target_points=record.target_points,
            shuffle_commitment=commitment(record.seed),
            shuffle_seed=record.seed,
            events=[convert.event_pb(v, e) for v, e in log.events],
        )

    @unary
    async def SuggestMoves(
        self, request: match_pb2.SuggestMovesRequest, context: Context
    ) -> match_pb2.SuggestMovesResponse:
        seat = await self._seat(request.match_id, context, required=True)
        assert seat is not None
        self.limits.check_hints(request.match_id, seat)
        deadline = self.hints.deadline(request.deadline_ms / 1000)
        remaining = context.time_remaining()  # the call's own gRPC deadline, if it has one
        if remaining is not None:
            deadline = max(0.001, min(deadline, remaining * 0.8))  # leave time to answer
        found = await self.hints.suggest(
            request.match_id, seat, deadline=deadline, min_version=request.min_version
        )
        return match_pb2.SuggestMovesResponse(
            hints=[convert.hint_pb(h) for h in found.hints],
            version=found.version,
            samples=found.samples,
        )

    @unary
    async def UndoMove(
        self, request: match_pb2.UndoMoveRequest, context: Context
    ) -> match_pb2.UndoMoveResponse:
        self._limit_peer("UndoMove", context)
        seat = await self._seat(request.match_id, context, required=True)
        assert seat is not None
        self.limits.check_seat("UndoMove", request.match_id, seat)
        undone = await self.matches.undo(
            request.match_id, seat, request.expected_version, request.request_id
        )
        return match_pb2.UndoMoveResponse(version=undone.version, to_version=undone.to_version)


def _view_field(match_id: str) -> Callable[[SeatedView], bytes]:
    """How WatchMatch renders a view for its stream: as the encoded ``view`` field of a
    WatchMatchResponse (a response holding only that field encodes as exactly it), made
    once per version and seat."""

    def render(seen: SeatedView) -> bytes:
        view = convert.view_pb(match_id, seen.view, seen.joined)
        return match_pb2.WatchMatchResponse(view=view).SerializeToString()

    return render
