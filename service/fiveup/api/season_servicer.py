"""SeasonService: translates protobuf to ``fiveup.ratings.seasons`` and back."""

from __future__ import annotations

from ..ratings.leagues import PROMOTED, PROMOTION, RELEGATED, RELEGATION, SAFE, STAYED, TIERS
from ..ratings.schedule import MONTHLY, NAMED, WEEKLY
from ..ratings.season_ports import BoardRow, LeagueChangeRecord
from ..ratings.seasons import Seasons, SeasonView
from ..shared.errors import InvalidRequest
from ..v1 import seasons_pb2 as pb
from ..v1 import seasons_pb2_grpc
from .handlers import Context, bearer_token, unary
from .limits import Limits, ReadLimited
from .player_servicer import timestamp

KIND_TO_PB = {
    WEEKLY: pb.SEASON_KIND_WEEKLY,
    MONTHLY: pb.SEASON_KIND_MONTHLY,
    NAMED: pb.SEASON_KIND_NAMED,
}
KIND_FROM_PB = {v: k for k, v in KIND_TO_PB.items()} | {pb.SEASON_KIND_UNSPECIFIED: ""}
STATE_TO_PB = {
    "open": pb.SEASON_STATE_OPEN,
    "ended": pb.SEASON_STATE_ENDED,
    "archived": pb.SEASON_STATE_ARCHIVED,
    "upcoming": pb.SEASON_STATE_UPCOMING,
}
TIER_TO_PB = {n: pb.LeagueTier.Value(f"LEAGUE_TIER_{name.upper()}") for n, name in enumerate(TIERS)}
ZONE_TO_PB = {
    PROMOTION: pb.LEAGUE_ZONE_PROMOTION,
    SAFE: pb.LEAGUE_ZONE_SAFE,
    RELEGATION: pb.LEAGUE_ZONE_RELEGATION,
}
CHANGE_TO_PB = {
    PROMOTED: pb.LEAGUE_CHANGE_KIND_PROMOTED,
    RELEGATED: pb.LEAGUE_CHANGE_KIND_RELEGATED,
    STAYED: pb.LEAGUE_CHANGE_KIND_STAYED,
}


def season_pb(view: SeasonView) -> pb.Season:
    spec = view.record.spec
    out = pb.Season(
        season_id=spec.season_id,
        kind=KIND_TO_PB[spec.kind.value],
        name=spec.name,
        starts_at=timestamp(spec.starts_at),
        ends_at=timestamp(spec.ends_at),
        state=STATE_TO_PB[view.state],
        players=view.players,
        league=spec.league,
    )
    if view.record.archived_at is not None:
        out.archived_at.CopyFrom(timestamp(view.record.archived_at))
    return out


def row_pb(row: BoardRow) -> pb.SeasonRow:
    return pb.SeasonRow(
        rank=row.rank, player_id=row.player_id, display_name=row.display_name,
        points=row.points, wins=row.wins, matches=row.matches,
    )  # fmt: skip


def change_pb(c: LeagueChangeRecord) -> pb.LeagueChange:
    return pb.LeagueChange(
        season_id=c.season_id, season_name=c.season_name, from_tier=TIER_TO_PB[c.from_tier],
        to_tier=TIER_TO_PB[c.to_tier], kind=CHANGE_TO_PB[c.change], rank=c.rank,
        group_players=c.group_players, points=c.points, changed_at=timestamp(c.changed_at),
        held_back=c.held_back,
    )  # fmt: skip


class SeasonServicer(seasons_pb2_grpc.SeasonServiceServicer):
    def __init__(self, seasons: Seasons, limits: Limits) -> None:
        self.seasons = seasons
        self.limits = limits

    def _check(self, method: ReadLimited, context: Context) -> None:
        self.limits.check_reads(method, self.limits.config.client_of(context))

    @unary
    async def ListSeasons(
        self, request: pb.ListSeasonsRequest, context: Context
    ) -> pb.ListSeasonsResponse:
        self._check("ListSeasons", context)
        kind = KIND_FROM_PB.get(request.kind)
        if kind is None:  # a number the contract does not know
            raise InvalidRequest("kind must be weekly, monthly or named", field="kind")
        found = await self.seasons.list_seasons(kind, request.page_size, request.page_token)
        return pb.ListSeasonsResponse(
            current=[season_pb(s) for s in found.current],
            archived=[season_pb(s) for s in found.archived],
            next_page_token=found.next_token,
        )

    @unary
    async def GetSeasonBoard(
        self, request: pb.GetSeasonBoardRequest, context: Context
    ) -> pb.GetSeasonBoardResponse:
        self._check("GetSeasonBoard", context)
        board = await self.seasons.board(
            bearer_token(context), request.season_id, request.page_size, request.page_token
        )
        out = pb.GetSeasonBoardResponse(
            season=season_pb(board.season),
            rows=[row_pb(r) for r in board.rows],
            next_page_token=board.next_token,
            total_players=board.total,
        )
        if board.mine is not None:
            out.my_row.CopyFrom(row_pb(board.mine))
        return out

    @unary
    async def GetLeague(
        self, request: pb.GetLeagueRequest, context: Context
    ) -> pb.GetLeagueResponse:
        self._check("GetLeague", context)
        league = await self.seasons.league(bearer_token(context))
        return pb.GetLeagueResponse(
            season=season_pb(league.season),
            tier=TIER_TO_PB[league.tier],
            joined=league.joined,
            group_id=league.group_id,
            table=[
                pb.LeagueRow(row=row_pb(r.row), zone=ZONE_TO_PB[r.zone], suspended=r.suspended)
                for r in league.table
            ],
            promotion_places=league.promotion_places,
            relegation_places=league.relegation_places,
            group_size=league.group_size,
            my_rank=league.my_rank,
        )

    @unary
    async def ListLeagueChanges(
        self, request: pb.ListLeagueChangesRequest, context: Context
    ) -> pb.ListLeagueChangesResponse:
        self._check("ListLeagueChanges", context)
        page = await self.seasons.changes(
            bearer_token(context), request.page_size, request.page_token
        )
        return pb.ListLeagueChangesResponse(
            changes=[change_pb(c) for c in page.changes], next_page_token=page.next_token
        )
