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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..identity import Players, is_player_id
from ..identity.errors import PlayerNotFound
from ..identity.ports import PlayerRecord
from ..shared import paging
from ..shared.errors import InvalidRequest
from .errors import PlayerNotRanked, PracticeIsPrivate
from .model import CATEGORIES, Rating
from .outcome import MODES, PRACTICE, PUBLIC_MODES
from .ports import (
    BoardRule,
    LeaderboardRow,
    ModeFigures,
    PlayerResultRow,
    RatingPoint,
    RatingStore,
)
from .scale import DEFAULT_ACTIVE_DAYS, DEFAULT_SETTLED_SIGMA, SettledRule
from .wilson import Interval, wilson_interval

DAY = 86_400.0
WINDOW_SECONDS = 30 * DAY  # "the last 30 days"
DEFAULT_HISTORY = 50
MAX_HISTORY = 500
MAX_OFFSET = 2**31 - 1


class Window(enum.Enum):
    ALL_TIME = "all"
    LAST_30_DAYS = "30d"


@dataclass(frozen=True, slots=True)
class RatingsConfig:
    # A rating is settled at this sigma or below, provisional above (ratings/scale.py).
    settled_sigma: float = DEFAULT_SETTLED_SIGMA
    # Boards show settled players whose last rated match in the category ended this
    # many days ago at most (lichess: a week; a smaller community needs longer).
    active_days: float = DEFAULT_ACTIVE_DAYS
    # Boards rank a player only after rated results against this many distinct
    # opponents (issue 31: a board topped by beating four socks is no board).  Every
    # rated opponent had standing when the match was rated (ratings.eligibility).
    min_opponents: int = 5

    @property
    def rule(self) -> SettledRule:
        return SettledRule(self.settled_sigma)


@dataclass(frozen=True, slots=True)
class LeaderboardQuery:
    category: str  # "2", "3" or "4"
    window: Window = Window.ALL_TIME
    page_size: int = 0  # 0: the default
    page_token: str = ""
    around_player_id: str = ""


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """The around player's standing: on the board (``ranked``), or where their rating
    would stand, provisional (sigma not yet settled) and/or inactive (no rated match in
    the category for ``active_days``)."""

    row: LeaderboardRow
    ranked: bool
    provisional: bool
    inactive: bool
    # settled and active, yet off the board: fewer distinct opponents than the rule asks
    few_opponents: bool = False


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rows: tuple[LeaderboardRow, ...]
    total: int
    next_token: str
    previous_token: str
    standing: PlayerStanding | None  # asked around a player: theirs
    settled_sigma: float
    active_days: float


@dataclass(frozen=True, slots=True)
class Figures:
    """Finished matches' figures added up, with the win rate's interval and the
    per-round rates: a category's shown totals, or one mode's."""

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

    @classmethod
    def of(cls, parts: Sequence[ModeFigures]) -> Figures:
        matches = sum(p.matches for p in parts)
        wins = sum(p.wins for p in parts)
        rounds = sum(p.rounds for p in parts)
        points = sum(p.points for p in parts)
        deducted = sum(p.deducted for p in parts)
        return cls(
            matches=matches,
            wins=wins,
            win_rate=wins / matches if matches else 0.0,
            win_rate_interval=wilson_interval(wins, matches),
            rounds=rounds,
            points=points,
            deducted=deducted,
            points_per_round=points / rounds if rounds else 0.0,
            deduction_per_round=deducted / rounds if rounds else 0.0,
            blocked_rounds=sum(p.blocked_rounds for p in parts),
            best_placement=max((p.best_placement for p in parts), default=0),
        )


@dataclass(frozen=True, slots=True)
class ModeStats:
    mode: str  # outcome.MODES
    figures: Figures


@dataclass(frozen=True, slots=True)
class CategoryStats(Figures):
    """A category's figures over the modes shown (rated and casual; practice too in the
    player's own view when asked), each mode's own (``modes``), and the rating."""

    category: str
    modes: tuple[ModeStats, ...]
    rated_matches: int
    rating: Rating | None
    provisional: bool  # no rating yet, or its sigma not yet settled
    rank: int | None  # on the all-time board; None while provisional or inactive
    place: int | None  # where the rating stands against that board, on it or not
    inactive: bool  # settled or not, no rated match in the category for active_days
    history: tuple[RatingPoint, ...]  # oldest first


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player_id: str
    display_name: str
    categories: tuple[CategoryStats, ...]
    settled_sigma: float


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

    def board_rule(self, window: Window) -> BoardRule:
        now = self._clock()
        return BoardRule(
            settled_sigma=self.config.settled_sigma,
            active_since=now - self.config.active_days * DAY,
            since=now - WINDOW_SECONDS if window is Window.LAST_30_DAYS else None,
            min_opponents=self.config.min_opponents,
        )

    # ------------------------------------------------------------------ leaderboards

    async def leaderboard(self, query: LeaderboardQuery) -> Leaderboard:
        """A page of the board: the one ``page_token`` names, the one around a player (in
        its middle, or on a full last page; a player not on the board is placed where
        their rating would stand), or the top."""
        category = _category(query.category)
        size = paging.page_size(query.page_size)
        rule = self.board_rule(query.window)
        standing = None
        if query.page_token:
            offset = self._offset(query.page_token, category, query.window)
        elif query.around_player_id:
            standing = await self._standing(category, query.around_player_id, rule)
            offset = max(0, standing.row.rank - 1 - size // 2)  # the player mid-page
        else:
            offset = 0
        page = await self.store.leaderboard(category, rule, offset=offset, limit=size)
        if standing is not None and len(page.rows) < size:
            # near the bottom: a full page ending with the last row, the player still on it
            full = max(0, page.total - size)
            if full < offset:
                offset = full
                page = await self.store.leaderboard(category, rule, offset=offset, limit=size)
        after = offset + len(page.rows)
        return Leaderboard(
            rows=page.rows,
            total=page.total,
            next_token=_board_token(category, query.window, after) if after < page.total else "",
            previous_token=_board_token(category, query.window, max(0, offset - size))
            if offset > 0
            else "",
            standing=standing,
            settled_sigma=self.config.settled_sigma,
            active_days=self.config.active_days,
        )

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

    async def _standing(self, category: str, player_id: str, rule: BoardRule) -> PlayerStanding:
        found = await self.store.standing(category, _player_id(player_id, "around_player_id"), rule)
        if found is None:
            await self._player(player_id, "around_player_id")  # unknown: PLAYER_NOT_FOUND
            # Only here does "not ranked" still mean something: no rating to place.
            raise PlayerNotRanked(
                "the player has no rated match in this category"
                + ("" if rule.since is None else " in the last 30 days"),
                category=category,
            )
        return _standing_of(found.row, found.ranked, rule)

    async def standings_of(
        self, category: str, window: Window, player_ids: Sequence[str]
    ) -> tuple[PlayerStanding, ...]:
        """Each of these players' standing against the board of ``category`` (as
        ``leaderboard``'s around player: on it, or where their rating would stand), best
        first; a player with no rating in the category is left out.  The friends' board
        reads it for a bounded list (the friends limit): one store read per player."""
        category = _category(category)
        rule = self.board_rule(window)
        found = []
        for player_id in dict.fromkeys(player_ids):
            standing = await self.store.standing(category, player_id, rule)
            if standing is not None:
                found.append(_standing_of(standing.row, standing.ranked, rule))
        return tuple(sorted(found, key=lambda s: (s.row.rank, s.row.player_id)))

    # ------------------------------------------------------------------ players

    async def player_stats(
        self,
        access_token: str | None,
        player_id: str,
        history_limit: int = 0,
        *,
        include_practice: bool = False,
    ) -> PlayerStats:
        """A player's figures per category (``player_id`` empty: the signed-in caller):
        rated and casual matches, and practice too when the player asks for their own."""
        if not 0 <= history_limit <= MAX_HISTORY:
            raise InvalidRequest(f"history_limit must be 0-{MAX_HISTORY}", field="history_limit")
        limit = history_limit or DEFAULT_HISTORY
        pid = await self._who(access_token, player_id, own=include_practice)
        modes = MODES if include_practice else PUBLIC_MODES
        player = await self._player(pid)
        categories = []
        summaries = {s.category: s for s in await self.store.player_summary(pid)}
        for category in CATEGORIES:  # in category order
            s = summaries.get(category)
            shown = [] if s is None else [p for p in s.modes if p.mode in modes]
            if s is None or not shown:  # practice alone is nobody else's business
                continue
            rank = place = None
            inactive = False
            history: tuple[RatingPoint, ...] = ()
            if s.rating is not None:
                history = await self.store.rating_history(pid, category, limit=limit)
                rule = self.board_rule(Window.ALL_TIME)
                found = await self.store.standing(category, pid, rule)
                if found is not None:
                    place = found.row.rank
                    rank = place if found.ranked else None
                    inactive = found.row.last_rated_at < rule.active_since
            categories.append(
                CategoryStats(
                    **_fields(Figures.of(shown)),
                    category=category,
                    modes=tuple(ModeStats(p.mode, Figures.of([p])) for p in shown),
                    rated_matches=s.rated_matches,
                    rating=s.rating,
                    provisional=s.rating is None or self.config.rule.provisional(s.rating),
                    rank=rank,
                    place=place,
                    inactive=inactive,
                    history=history,
                )
            )
        return PlayerStats(pid, player.display_name, tuple(categories), self.config.settled_sigma)

    async def player_matches(
        self,
        access_token: str | None,
        player_id: str,
        page_size: int,
        page_token: str,
        *,
        include_practice: bool = False,
        mode: str = "",
    ) -> PlayerMatches:
        """A page of a player's finished matches, newest first: rated and casual ones,
        practice too when the player asks for their own; ``mode``: that mode's only."""
        size = paging.page_size(page_size)
        cursor = paging.decode(page_token, (float, str))
        if mode == PRACTICE:
            include_practice = True  # asking for practice alone is asking for it
        pid = await self._who(access_token, player_id, own=include_practice)
        await self._player(pid)
        before = (float(cursor[0]), str(cursor[1])) if cursor is not None else None
        modes = (mode,) if mode else MODES if include_practice else PUBLIC_MODES
        page = await self.store.player_results(pid, before=before, limit=size, modes=modes)
        return PlayerMatches(page.rows, paging.encode(page.next))

    async def _who(self, access_token: str | None, player_id: str, *, own: bool = False) -> str:
        """The player asked about: ``player_id``, or the caller's own when it is empty.
        ``own``: the answer includes practice, so the caller must be that player."""
        if player_id and not own:
            return _player_id(player_id, "player_id")
        if player_id:
            _player_id(player_id, "player_id")
        if own and player_id and not access_token:
            raise PracticeIsPrivate(
                "include_practice is the player's own view: send their access token",
                field="include_practice",
            )
        claims = await self.players.authenticate(access_token)
        if player_id and claims.player_id != player_id:
            raise PracticeIsPrivate(
                "include_practice is the player's own view: another player's practice is not shown",
                field="include_practice",
            )
        return claims.player_id

    async def _player(self, player_id: str, field: str = "player_id") -> PlayerRecord:
        player = await self.players.store.get_player(player_id)
        if player is None:
            raise PlayerNotFound("no player has this id", field=field)
        return player


def _standing_of(row: LeaderboardRow, ranked: bool, rule: BoardRule) -> PlayerStanding:
    provisional = row.sigma > rule.settled_sigma
    inactive = row.last_rated_at < rule.active_since
    return PlayerStanding(
        row=row,
        ranked=ranked,
        provisional=provisional,
        inactive=inactive,
        few_opponents=not (ranked or provisional or inactive),
    )


def _fields(figures: Figures) -> dict[str, Any]:
    return {f.name: getattr(figures, f.name) for f in fields(Figures)}


def _category(category: str) -> str:
    if category not in CATEGORIES:
        raise InvalidRequest(
            "category must be two players, three players or four in partnerships",
            field="category",
        )
    return category


def _player_id(player_id: str, field: str) -> str:
    if not is_player_id(player_id):
        raise InvalidRequest("not a player id", field=field)
    return player_id


def _board_token(category: str, window: Window, offset: int) -> str:
    return paging.encode((category, window.value, offset))
