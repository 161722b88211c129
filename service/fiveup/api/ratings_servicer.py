"""RatingsService: translates protobuf to ``fiveup.ratings.reads`` and back."""

from __future__ import annotations

from ..bots import ladder
from ..ratings.model import Rating
from ..ratings.outcome import CASUAL, PRACTICE, RATED
from ..ratings.ports import LeaderboardRow, PlayerResultRow, RatingPoint
from ..ratings.scale import SettledRule, display_deviation, display_rating
from ..ratings.standings import (
    CategoryStats,
    LeaderboardQuery,
    ModeStats,
    PlayerStanding,
    Standings,
    Window,
)
from ..shared.errors import InvalidRequest
from ..v1 import ratings_pb2, ratings_pb2_grpc
from .convert import BOT_TO_PB
from .handlers import Context, bearer_token, unary
from .limits import Limits, ReadLimited
from .player_servicer import timestamp

CATEGORY_TO_PB = {
    "2": ratings_pb2.RATING_CATEGORY_TWO_PLAYERS,
    "3": ratings_pb2.RATING_CATEGORY_THREE_PLAYERS,
    "4": ratings_pb2.RATING_CATEGORY_FOUR_PARTNERSHIPS,
}
CATEGORY_FROM_PB = {v: k for k, v in CATEGORY_TO_PB.items()}
MODE_TO_PB = {
    RATED: ratings_pb2.MATCH_MODE_RATED,
    CASUAL: ratings_pb2.MATCH_MODE_CASUAL,
    PRACTICE: ratings_pb2.MATCH_MODE_PRACTICE,
}
MODE_FROM_PB = {v: k for k, v in MODE_TO_PB.items()} | {ratings_pb2.MATCH_MODE_UNSPECIFIED: ""}
WINDOW_FROM_PB = {
    ratings_pb2.LEADERBOARD_WINDOW_UNSPECIFIED: Window.ALL_TIME,
    ratings_pb2.LEADERBOARD_WINDOW_ALL_TIME: Window.ALL_TIME,
    ratings_pb2.LEADERBOARD_WINDOW_LAST_30_DAYS: Window.LAST_30_DAYS,
}


def window_from_pb(window: ratings_pb2.LeaderboardWindow.ValueType) -> Window:
    found = WINDOW_FROM_PB.get(window)
    if found is None:  # a number the contract does not know
        raise InvalidRequest("window must be all time or the last 30 days", field="window")
    return found


def mode_from_pb(mode: ratings_pb2.MatchMode.ValueType) -> str:
    found = MODE_FROM_PB.get(mode)
    if found is None:  # a number the contract does not know
        raise InvalidRequest("mode must be rated, casual or practice", field="mode")
    return found


def mode_stats_pb(stats: ModeStats) -> ratings_pb2.ModeStats:
    f = stats.figures
    return ratings_pb2.ModeStats(
        mode=MODE_TO_PB[stats.mode],
        matches=f.matches,
        wins=f.wins,
        win_rate=f.win_rate,
        win_rate_interval=ratings_pb2.Interval(
            lower=f.win_rate_interval.lower, upper=f.win_rate_interval.upper
        ),
        rounds=f.rounds,
        points=f.points,
        deducted=f.deducted,
        points_per_round=f.points_per_round,
        deduction_per_round=f.deduction_per_round,
        blocked_rounds=f.blocked_rounds,
        best_placement_points=f.best_placement,
    )


def rating_pb(
    rating: Rating, rule: SettledRule, ordinal: float | None = None
) -> ratings_pb2.Rating:
    """A rating with its display figures and provisional mark (``ordinal``: a stored one,
    which is the same number, when at hand)."""
    return ratings_pb2.Rating(
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal if ordinal is None else ordinal,
        display_rating=display_rating(rating.mu),
        display_deviation=display_deviation(rating.sigma),
        provisional=rule.provisional(rating),
    )


def entry_pb(row: LeaderboardRow, rule: SettledRule) -> ratings_pb2.LeaderboardEntry:
    return ratings_pb2.LeaderboardEntry(
        rank=row.rank,
        player_id=row.player_id,
        display_name=row.display_name,
        rating=rating_pb(Rating(row.mu, row.sigma), rule, row.ordinal),
        matches=row.matches,
        wins=row.wins,
        last_rated_at=timestamp(row.last_rated_at),
    )


def standing_pb(standing: PlayerStanding, rule: SettledRule) -> ratings_pb2.PlayerStanding:
    return ratings_pb2.PlayerStanding(
        entry=entry_pb(standing.row, rule),
        ranked=standing.ranked,
        provisional=standing.provisional,
        inactive=standing.inactive,
        few_opponents=standing.few_opponents,
    )


def point_pb(point: RatingPoint, rule: SettledRule) -> ratings_pb2.RatingPoint:
    return ratings_pb2.RatingPoint(
        match_id=point.match_id,
        ended_at=timestamp(point.ended_at),
        rating=rating_pb(Rating(point.mu, point.sigma), rule, point.ordinal),
    )


def category_stats_pb(stats: CategoryStats, rule: SettledRule) -> ratings_pb2.CategoryStats:
    out = ratings_pb2.CategoryStats(
        category=CATEGORY_TO_PB[stats.category],
        matches=stats.matches,
        wins=stats.wins,
        win_rate=stats.win_rate,
        win_rate_interval=ratings_pb2.Interval(
            lower=stats.win_rate_interval.lower, upper=stats.win_rate_interval.upper
        ),
        rounds=stats.rounds,
        points=stats.points,
        deducted=stats.deducted,
        points_per_round=stats.points_per_round,
        deduction_per_round=stats.deduction_per_round,
        blocked_rounds=stats.blocked_rounds,
        best_placement_points=stats.best_placement,
        rated_matches=stats.rated_matches,
        provisional=stats.provisional,
        history=[point_pb(p, rule) for p in stats.history],
        inactive=stats.inactive,
        modes=[mode_stats_pb(m) for m in stats.modes],
    )
    if stats.rating is not None:
        out.rating.CopyFrom(rating_pb(stats.rating, rule))
    if stats.rank is not None:
        out.rank = stats.rank
    if stats.place is not None:
        out.place = stats.place
    return out


def player_match_pb(row: PlayerResultRow, rule: SettledRule) -> ratings_pb2.PlayerMatch:
    out = ratings_pb2.PlayerMatch(
        match_id=row.match_id,
        ended_at=timestamp(row.ended_at),
        category=CATEGORY_TO_PB.get(row.category, ratings_pb2.RATING_CATEGORY_UNSPECIFIED),
        seat=row.seat,
        side=row.side,
        won=row.won,
        placement=row.placement,
        rounds=row.rounds,
        points=row.points,
        deducted=row.deducted,
        blocked_rounds=row.blocked_rounds,
        best_placement_points=row.best_placement,
        rated=row.rated,
        mode=MODE_TO_PB[row.mode],
        unrated_reason=row.unrated_reason,
    )
    if row.own_moves is not None:
        out.own_moves = row.own_moves
    if row.rating_before is not None:
        out.rating_before.CopyFrom(rating_pb(row.rating_before, rule))
    if row.rating_after is not None:
        out.rating_after.CopyFrom(rating_pb(row.rating_after, rule))
    return out


def bot_levels_pb(rule: SettledRule) -> ratings_pb2.ListBotLevelsResponse:
    """The ladder (``fiveup.bots.ladder``), weakest first, with the shipped ratings."""
    out = ratings_pb2.ListBotLevelsResponse()
    for level in ladder.LADDER:
        item = out.levels.add(kind=BOT_TO_PB[level.kind], title=level.title, budget=level.budget)
        rated = ladder.rating(level.kind)
        if rated is not None:
            item.rating.CopyFrom(rating_pb(Rating(rated.mu, rated.sigma), rule))
            item.rated_matches = rated.matches
    return out


class RatingsServicer(ratings_pb2_grpc.RatingsServiceServicer):
    def __init__(self, standings: Standings, limits: Limits) -> None:
        self.standings = standings
        self.limits = limits
        self.rule = standings.config.rule
        self._bot_levels = bot_levels_pb(self.rule)

    def _check(self, method: ReadLimited, context: Context) -> None:
        self.limits.check_reads(method, self.limits.config.client_of(context))

    @unary
    async def GetLeaderboard(
        self, request: ratings_pb2.GetLeaderboardRequest, context: Context
    ) -> ratings_pb2.GetLeaderboardResponse:
        self._check("GetLeaderboard", context)
        board = await self.standings.leaderboard(
            LeaderboardQuery(
                category=CATEGORY_FROM_PB.get(request.category, ""),
                window=window_from_pb(request.window),
                page_size=request.page_size,
                page_token=request.page_token,
                around_player_id=request.around_player_id,
            )
        )
        out = ratings_pb2.GetLeaderboardResponse(
            entries=[entry_pb(r, self.rule) for r in board.rows],
            next_page_token=board.next_token,
            previous_page_token=board.previous_token,
            total_players=board.total,
            settled_sigma=board.settled_sigma,
            settled_deviation=display_deviation(board.settled_sigma),
            active_days=board.active_days,
        )
        if board.standing is not None:
            out.standing.CopyFrom(standing_pb(board.standing, self.rule))
        return out

    @unary
    async def GetPlayerStats(
        self, request: ratings_pb2.GetPlayerStatsRequest, context: Context
    ) -> ratings_pb2.GetPlayerStatsResponse:
        self._check("GetPlayerStats", context)
        stats = await self.standings.player_stats(
            bearer_token(context), request.player_id, request.history_limit,
            include_practice=request.include_practice,
        )  # fmt: skip
        return ratings_pb2.GetPlayerStatsResponse(
            player_id=stats.player_id,
            display_name=stats.display_name,
            categories=[category_stats_pb(c, self.rule) for c in stats.categories],
            settled_sigma=stats.settled_sigma,
        )

    @unary
    async def ListBotLevels(
        self, request: ratings_pb2.ListBotLevelsRequest, context: Context
    ) -> ratings_pb2.ListBotLevelsResponse:
        # From memory (the package's ladder data): no database read, so no read limit.
        return self._bot_levels

    @unary
    async def ListPlayerMatches(
        self, request: ratings_pb2.ListPlayerMatchesRequest, context: Context
    ) -> ratings_pb2.ListPlayerMatchesResponse:
        self._check("ListPlayerMatches", context)
        page = await self.standings.player_matches(
            bearer_token(context), request.player_id, request.page_size, request.page_token,
            include_practice=request.include_practice, mode=mode_from_pb(request.mode),
        )  # fmt: skip
        return ratings_pb2.ListPlayerMatchesResponse(
            matches=[player_match_pb(r, self.rule) for r in page.rows],
            next_page_token=page.next_token,
        )
