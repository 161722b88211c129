"""The read side of ratings (RatingsService): leaderboards with their provisional rule and
paging, a player's statistics with the win rate's interval, and their finished matches.

Everything is read from the RatingStore, which the match's end fills in the same
transaction as the final events (docs/ratings.md): nothing here writes.  Leaderboards
are public; statistics and match lists answer for any player id, or for the signed-in
caller when none is given.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..identity import Players
from ..identity.errors import PlayerNotFound
from ..identity.ports import PlayerRecord
from ..shared import paging
from ..shared.errors import InvalidRequest
from .errors import PlayerNotRanked
from .model import CATEGORIES, Rating
from .ports import LeaderboardRow, PlayerResultRow, RatingPoint, RatingStore
from .wilson import Interval, wilson_interval

WINDOW_SECONDS = 30 * 86_400.0  # "the last 30 days"
DEFAULT_HISTORY = 50
MAX_HISTORY = 500
MAX_OFFSET = 2**31 - 1
MAX_PLAYER_ID = 64


class Window(enum.Enum):
    ALL_TIME = "all"
    LAST_30_DAYS = "30d"


@dataclass(frozen=True, slots=True)
class RatingsConfig:
    provisional_matches: int = 5  # rated matches before a player is on a leaderboard


@dataclass(frozen=True, slots=True)
class LeaderboardQuery:
    category: str  # "2", "3" or "4"
    window: Window = Window.ALL_TIME
    page_size: int = 0  # 0: the default
    page_token: str = ""
    around_player_id: str = ""


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rows: tuple[LeaderboardRow, ...]
    total: int
    qualifying_matches: int
    next_token: str
    previous_token: str


@dataclass(frozen=True, slots=True)
class CategoryStats:
    category: str
    matches: int
    wins: int
    win_rate: float
    win_rate_interval: Interval
    rounds: int
    points: int
    deducted: int
    points_per_round: float
    deduction_per_round: float
    blocked_rounds: int
    best_placement: int
    rated_matches: int
    rating: Rating | None
    provisional: bool
    rank: int | None  # all-time; None while provisional
    history: tuple[RatingPoint, ...]  # oldest first


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player_id: str
    display_name: str
    categories: tuple[CategoryStats, ...]
    qualifying_matches: int


@dataclass(frozen=True, slots=True)
class PlayerMatches:
    rows: tuple[PlayerResultRow, ...]  # newest first
    next_token: str


class Standings:
    def __init__(
        self,
        store: RatingStore,
        players: Players,
        config: RatingsConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.players = players
        self.config = config or RatingsConfig()
        self._clock = clock

    @property
    def qualifying(self) -> int:
        return self.config.provisional_matches

    # ------------------------------------------------------------------ leaderboards

    async def leaderboard(self, query: LeaderboardQuery) -> Leaderboard:
        """A page of the board: the one ``page_token`` names, the one around a player (in
        its middle, or on a full last page), or the top."""
        category = _category(query.category)
        size = paging.page_size(query.page_size)
        since = self._since(query.window)
        if query.page_token:
            offset = self._offset(query.page_token, category, query.window)
        elif query.around_player_id:
            rank = await self._rank(category, query.around_player_id, since)
            offset = max(0, rank - 1 - size // 2)  # the player in the middle of the page
        else:
            offset = 0
        page = await self.store.leaderboard(
            category, since=since, min_matches=self.qualifying, offset=offset, limit=size
        )
        if query.around_player_id and not query.page_token and len(page.rows) < size:
            # near the bottom: a full page ending with the last row, the player still on it
            full = max(0, page.total - size)
            if full < offset:
                offset = full
                page = await self.store.leaderboard(
                    category, since=since, min_matches=self.qualifying, offset=offset,
                    limit=size,
                )  # fmt: skip
        after = offset + len(page.rows)
        return Leaderboard(
            rows=page.rows,
            total=page.total,
            qualifying_matches=self.qualifying,
            next_token=_board_token(category, query.window, after) if after < page.total else "",
            previous_token=_board_token(category, query.window, max(0, offset - size))
            if offset > 0
            else "",
        )

    def _since(self, window: Window) -> float | None:
        return self._clock() - WINDOW_SECONDS if window is Window.LAST_30_DAYS else None

    def _offset(self, token: str, category: str, window: Window) -> int:
        cursor = paging.decode(token, (str, str, int))
        assert cursor is not None  # the token is not empty
        token_category, token_window, offset = cursor
        if (token_category, token_window) != (category, window.value):
            raise InvalidRequest(
                "page_token belongs to another category or window", field="page_token"
            )
        if not 0 <= offset <= MAX_OFFSET:
            raise InvalidRequest("page_token is not one this server handed out", field="page_token")
        return int(offset)

    async def _rank(self, category: str, player_id: str, since: float | None) -> int:
        rank = await self.store.rank_of(
            category, _player_id(player_id, "around_player_id"), since=since,
            min_matches=self.qualifying,
        )  # fmt: skip
        if rank is not None:
            return rank
        await self._player(player_id, "around_player_id")  # unknown: PLAYER_NOT_FOUND
        rated = 0
        for summary in await self.store.player_summary(player_id):
            if summary.category == category:
                rated = summary.rated_matches
        raise PlayerNotRanked(
            "the player is not on this leaderboard yet: "
            + (
                f"{rated} of the {self.qualifying} rated matches it needs"
                if since is None
                else f"fewer than {self.qualifying} rated matches in the last 30 days"
            ),
            rated_matches=str(rated),
            qualifying_matches=str(self.qualifying),
        )

    # ------------------------------------------------------------------ players

    async def player_stats(
        self, access_token: str | None, player_id: str, history_limit: int = 0
    ) -> PlayerStats:
        """A player's figures per category (``player_id`` empty: the signed-in caller)."""
        if not 0 <= history_limit <= MAX_HISTORY:
            raise InvalidRequest(f"history_limit must be 0-{MAX_HISTORY}", field="history_limit")
        limit = history_limit or DEFAULT_HISTORY
        pid = await self._who(access_token, player_id)
        player = await self._player(pid)
        categories = []
        summaries = {s.category: s for s in await self.store.player_summary(pid)}
        for category in CATEGORIES:  # in category order
            s = summaries.get(category)
            if s is None:
                continue
            provisional = s.rated_matches < self.qualifying
            rank = None
            history: tuple[RatingPoint, ...] = ()
            if s.rating is not None:
                history = await self.store.rating_history(pid, category, limit=limit)
                if not provisional:
                    rank = await self.store.rank_of(
                        category, pid, since=None, min_matches=self.qualifying
                    )
            categories.append(
                CategoryStats(
                    category=category,
                    matches=s.matches,
                    wins=s.wins,
                    win_rate=s.wins / s.matches if s.matches else 0.0,
                    win_rate_interval=wilson_interval(s.wins, s.matches),
                    rounds=s.rounds,
                    points=s.points,
                    deducted=s.deducted,
                    points_per_round=s.points / s.rounds if s.rounds else 0.0,
                    deduction_per_round=s.deducted / s.rounds if s.rounds else 0.0,
                    blocked_rounds=s.blocked_rounds,
                    best_placement=s.best_placement,
                    rated_matches=s.rated_matches,
                    rating=s.rating,
                    provisional=provisional,
                    rank=rank,
                    history=history,
                )
            )
        return PlayerStats(pid, player.display_name, tuple(categories), self.qualifying)

    async def player_matches(
        self, access_token: str | None, player_id: str, page_size: int, page_token: str
    ) -> PlayerMatches:
        """A page of a player's finished matches, newest first."""
        size = paging.page_size(page_size)
        cursor = paging.decode(page_token, (float, str))
        pid = await self._who(access_token, player_id)
        await self._player(pid)
        before = (float(cursor[0]), str(cursor[1])) if cursor is not None else None
        page = await self.store.player_results(pid, before=before, limit=size)
        return PlayerMatches(page.rows, paging.encode(page.next))

    async def _who(self, access_token: str | None, player_id: str) -> str:
        """The player asked about: ``player_id``, or the caller's own when it is empty."""
        if player_id:
            return _player_id(player_id, "player_id")
        claims = await self.players.authenticate(access_token)
        return claims.player_id

    async def _player(self, player_id: str, field: str = "player_id") -> PlayerRecord:
        player = await self.players.store.get_player(player_id)
        if player is None:
            raise PlayerNotFound("no player has this id", field=field)
        return player


def _category(category: str) -> str:
    if category not in CATEGORIES:
        raise InvalidRequest(
            "category must be two players, three players or four in partnerships",
            field="category",
        )
    return category


def _player_id(player_id: str, field: str) -> str:
    if len(player_id) > MAX_PLAYER_ID or not player_id.isascii() or not player_id.isalnum():
        raise InvalidRequest("not a player id", field=field)
    return player_id


def _board_token(category: str, window: Window, offset: int) -> str:
    return paging.encode((category, window.value, offset))
