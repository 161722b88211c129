"""TournamentService: translates protobuf to ``fiveup.tournaments.service`` and back."""

from __future__ import annotations

from collections.abc import AsyncIterator

from ..shared.errors import InvalidRequest
from ..tournaments.model import ARENA, SWISS, Ending, Format
from ..tournaments.ports import (
    CANCELLED,
    FINISHED,
    PLAYING,
    RUNNING,
    UNSEATED,
    UPCOMING,
    EntryRules,
    Settings,
    TableRecord,
    TournamentRecord,
)
from ..tournaments.service import Detail, Tournaments, shown_creator
from ..v1 import tournaments_pb2 as pb
from ..v1 import tournaments_pb2_grpc
from .handlers import Context, bearer_token, streaming, unary
from .player_servicer import timestamp

FORMAT_TO_PB: dict[Format, pb.TournamentFormat.ValueType] = {
    SWISS: pb.TOURNAMENT_FORMAT_SWISS,
    ARENA: pb.TOURNAMENT_FORMAT_ARENA,
}
FORMAT_FROM_PB = {v: k for k, v in FORMAT_TO_PB.items()}
STATE_TO_PB = {
    UPCOMING: pb.TOURNAMENT_STATE_UPCOMING,
    RUNNING: pb.TOURNAMENT_STATE_RUNNING,
    FINISHED: pb.TOURNAMENT_STATE_FINISHED,
    CANCELLED: pb.TOURNAMENT_STATE_CANCELLED,
}
STATE_FROM_PB = {v: k for k, v in STATE_TO_PB.items()} | {pb.TOURNAMENT_STATE_UNSPECIFIED: UPCOMING}
ENDING_TO_PB = {
    PLAYING: pb.TABLE_ENDING_PLAYING,
    Ending.PLAYED.value: pb.TABLE_ENDING_PLAYED,
    Ending.FORFEIT.value: pb.TABLE_ENDING_FORFEIT,
    Ending.ABORTED.value: pb.TABLE_ENDING_ABORTED,
    Ending.BYE.value: pb.TABLE_ENDING_BYE,
}


def settings_from_pb(s: pb.TournamentSettings) -> Settings:
    fmt = FORMAT_FROM_PB.get(s.format)
    if fmt is None:
        raise InvalidRequest("format must be swiss or arena", field="format")
    return Settings(
        name=s.name, format=fmt, seats=s.seats, target_points=s.target_points,
        turn_clock_seconds=s.turn_clock_seconds,
        starts_at=s.starts_at.seconds + s.starts_at.nanos / 1e9,
        duration_seconds=s.duration_seconds, rounds=s.rounds, capacity=s.capacity,
        entry=EntryRules(
            require_standing=s.entry.require_standing, min_rating=s.entry.min_rating,
            max_rating=s.entry.max_rating, invited=tuple(s.entry.invited_player_ids),
        ),
        rated=s.rated, streaks=s.streaks,
    )  # fmt: skip


def settings_pb(s: Settings, show_invited: bool) -> pb.TournamentSettings:
    return pb.TournamentSettings(
        name=s.name, format=FORMAT_TO_PB[s.format], seats=s.seats,
        target_points=s.target_points, turn_clock_seconds=s.turn_clock_seconds,
        starts_at=timestamp(s.starts_at), duration_seconds=s.duration_seconds,
        rounds=s.rounds, capacity=s.capacity,
        entry=pb.EntryRules(
            require_standing=s.entry.require_standing, min_rating=s.entry.min_rating,
            max_rating=s.entry.max_rating,
            invited_player_ids=list(s.entry.invited) if show_invited else [],
        ),
        rated=s.rated, streaks=s.streaks,
    )  # fmt: skip


def summary_pb(
    r: TournamentRecord, show_invited: bool, operator_view: bool = False
) -> pb.TournamentSummary:
    """``operator_view``: AdminService's (an operator's tournament names its operator)."""
    creator = r.created_by if operator_view else shown_creator(r.created_by)
    out = pb.TournamentSummary(
        tournament_id=r.tournament_id, settings=settings_pb(r.settings, show_invited),
        state=STATE_TO_PB[r.state], created_by=creator, entrants=len(r.entrants),
        round=r.round, rounds=r.rounds,
    )  # fmt: skip
    if r.ends_at:
        out.ends_at.CopyFrom(timestamp(r.ends_at))
    if r.finished_at:
        out.finished_at.CopyFrom(timestamp(r.finished_at))
    return out


def table_pb(t: TableRecord) -> pb.TournamentTable:
    return pb.TournamentTable(
        round=t.round, board=t.board, match_id=t.match_id if t.opened else "",
        player_ids=list(t.seats), ending=ENDING_TO_PB[t.ending], scores=list(t.scores),
        winner_side=t.winner_side,
    )  # fmt: skip


def detail_pb(d: Detail) -> pb.TournamentDetail:
    r = d.record
    names = {e.player_id: e.display_name for e in r.entrants}
    rounds: dict[int, pb.TournamentRound] = {}
    for t in sorted(r.tables, key=lambda t: (t.round, t.board == 0, t.board)):
        rnd = rounds.setdefault(t.round, pb.TournamentRound(round=t.round))
        if t.ending == UNSEATED:
            rnd.unseated_player_ids.append(t.seats[0])
        else:
            rnd.tables.append(table_pb(t))
    out = pb.TournamentDetail(
        summary=summary_pb(r, d.show_invited),
        entrants=[
            pb.TournamentEntrant(
                player_id=e.player_id,
                display_name=e.display_name,
                rating=e.rating,
                active=e.active,
            )
            for e in r.entrants
        ],
        rounds=[rounds[n] for n in sorted(rounds)],
        standings=[
            pb.TournamentStanding(
                rank=s.rank,
                player_id=s.player_id,
                display_name=names.get(s.player_id, ""),
                points=s.points,
                buchholz=s.buchholz,
                sonneborn_berger=s.sonneborn_berger,
                wins=s.wins,
                match_points_diff=s.match_points_diff,
                rating=s.rating,
                tables=s.tables,
                byes=s.byes,
                active=s.active,
            )
            for s in d.standings
        ],
        entered=d.entered,
        version=r.version,
    )
    if d.your_table is not None:
        out.your_table.CopyFrom(
            pb.YourTable(
                match_id=d.your_table.match_id, seat=d.your_table.seat, round=d.your_table.round
            )
        )
    return out


class TournamentServicer(tournaments_pb2_grpc.TournamentServiceServicer):
    def __init__(self, tournaments: Tournaments) -> None:
        self.tournaments = tournaments

    @unary
    async def CreateTournament(
        self, request: pb.CreateTournamentRequest, context: Context
    ) -> pb.CreateTournamentResponse:
        record = await self.tournaments.create(
            bearer_token(context), settings_from_pb(request.settings), request.request_id
        )
        return pb.CreateTournamentResponse(tournament=summary_pb(record, True))

    @unary
    async def ListTournaments(
        self, request: pb.ListTournamentsRequest, context: Context
    ) -> pb.ListTournamentsResponse:
        state = STATE_FROM_PB.get(request.state)
        if state is None:
            raise InvalidRequest("unknown state", field="state")
        token = bearer_token(context)
        found, next_token = await self.tournaments.listed(
            token, state, request.page_size, request.page_token
        )
        return pb.ListTournamentsResponse(
            tournaments=[summary_pb(t, False) for t in found], next_page_token=next_token
        )

    @unary
    async def GetTournament(
        self, request: pb.GetTournamentRequest, context: Context
    ) -> pb.GetTournamentResponse:
        detail = await self.tournaments.get(bearer_token(context), request.tournament_id)
        return pb.GetTournamentResponse(tournament=detail_pb(detail))

    @unary
    async def JoinTournament(
        self, request: pb.JoinTournamentRequest, context: Context
    ) -> pb.JoinTournamentResponse:
        record = await self.tournaments.join(bearer_token(context), request.tournament_id)
        return pb.JoinTournamentResponse(tournament=summary_pb(record, False))

    @unary
    async def WithdrawFromTournament(
        self, request: pb.WithdrawFromTournamentRequest, context: Context
    ) -> pb.WithdrawFromTournamentResponse:
        withdrawn = await self.tournaments.withdraw(bearer_token(context), request.tournament_id)
        return pb.WithdrawFromTournamentResponse(withdrawn=withdrawn)

    @unary
    async def InviteToTournament(
        self, request: pb.InviteToTournamentRequest, context: Context
    ) -> pb.InviteToTournamentResponse:
        invited = await self.tournaments.invite(
            bearer_token(context), request.tournament_id, request.player_id
        )
        return pb.InviteToTournamentResponse(invited=invited)

    @streaming
    async def WatchTournament(
        self, request: pb.WatchTournamentRequest, context: Context
    ) -> AsyncIterator[pb.WatchTournamentResponse]:
        async for detail in self.tournaments.watch(bearer_token(context), request.tournament_id):
            yield pb.WatchTournamentResponse(tournament=detail_pb(detail))
