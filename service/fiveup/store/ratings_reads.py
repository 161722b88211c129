"""The RatingStore's reads, once for both backends: each backend supplies ``fetch`` (one
query, its rows) and the placeholders' dialect; the rows become the named results here."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import Any

from ..ratings.model import Rating
from ..ratings.outcome import CASUAL, MODES, RATED, VOIDED
from ..ratings.ports import (
    BoardRule,
    CategorySummary,
    CurrentRating,
    FinishedRecord,
    LeaderboardPage,
    LeaderboardRow,
    ModeFigures,
    PlayerResultRow,
    PlayerResultsPage,
    RatedStanding,
    RatingPoint,
    Standing,
)
from . import ratings_sql as sql

# What a player's rated results stand on (the operators' view: docs/ratings.md): the
# distinct players of another side in them, every category, and their own moves there.
# (a voided result counts for nobody: left out of both)
_DISTINCT_OPPONENTS = (
    "SELECT COUNT(DISTINCT o.player_id) FROM player_results m"
    " JOIN player_results o ON o.match_id = m.match_id AND o.side <> m.side AND o.rated"
    " WHERE m.rated AND NOT m.voided AND m.player_id = ?"
)
_OWN_RATED_MOVES = (
    "SELECT SUM(own_moves) FROM player_results WHERE rated AND NOT voided AND player_id = ?"
)

Row = tuple[Any, ...]


class RatingReads(ABC):
    @abstractmethod
    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run ``query`` (written with ``?`` placeholders) and answer its rows."""

    async def leaderboard(
        self, category: str, rule: BoardRule, *, offset: int, limit: int
    ) -> LeaderboardPage:
        q = sql.board(category, rule)
        total = await self.fetch(q.total, q.params)
        rows = await self.fetch(q.page, (*q.params, max(limit, 0), max(offset, 0)))
        return LeaderboardPage(rows=tuple(_board_row(r) for r in rows), total=int(total[0][0]))

    async def standing(self, category: str, player_id: str, rule: BoardRule) -> Standing | None:
        q = sql.board(category, rule)
        rows = await self.fetch(q.standing, (*q.params, player_id))
        if not rows:
            return None
        *row, ranked = rows[0]
        return Standing(_board_row(tuple(row)), bool(ranked))

    async def player_results(
        self,
        player_id: str,
        *,
        before: tuple[float, str] | None,
        limit: int,
        modes: Collection[str] = MODES,
    ) -> PlayerResultsPage:
        ended, match_id = before if before is not None else (math.inf, "")
        limit = max(limit, 0)
        wanted = [m for m in MODES if m in modes]
        if not wanted:
            return PlayerResultsPage((), None)
        rows = await self.fetch(
            sql.player_results(len(wanted)),
            (player_id, *wanted, ended, ended, match_id, limit + 1),
        )
        page = tuple(_result(row) for row in rows[:limit])
        more = len(rows) > limit and page
        return PlayerResultsPage(page, (page[-1].ended_at, page[-1].match_id) if more else None)

    async def player_summary(self, player_id: str) -> tuple[CategorySummary, ...]:
        ratings = {
            str(cat): Rating(float(mu), float(sigma))
            for cat, mu, sigma in await self.fetch(sql.PLAYER_RATINGS, (player_id,))
        }
        by_category: dict[str, list[ModeFigures]] = {}
        for cat, mode, n, wins, rounds, points, deducted, blocked, best in await self.fetch(
            sql.PLAYER_SUMMARY, (player_id,)
        ):
            by_category.setdefault(str(cat), []).append(
                ModeFigures(
                    mode=str(mode), matches=int(n), wins=int(wins), rounds=int(rounds),
                    points=int(points), deducted=int(deducted), blocked_rounds=int(blocked),
                    best_placement=int(best),
                )
            )  # fmt: skip
        out = []
        for cat in sorted(by_category):
            modes = tuple(sorted(by_category[cat], key=lambda f: MODES.index(f.mode)))
            out.append(
                CategorySummary(
                    category=cat,
                    matches=sum(f.matches for f in modes),
                    wins=sum(f.wins for f in modes),
                    rounds=sum(f.rounds for f in modes),
                    points=sum(f.points for f in modes),
                    deducted=sum(f.deducted for f in modes),
                    blocked_rounds=sum(f.blocked_rounds for f in modes),
                    best_placement=max(f.best_placement for f in modes),
                    rated_matches=sum(f.matches for f in modes if f.mode == RATED),
                    rating=ratings.get(cat),
                    modes=modes,
                )
            )
        return tuple(out)

    async def rating_history(
        self, player_id: str, category: str, *, limit: int
    ) -> tuple[RatingPoint, ...]:
        rows = await self.fetch(sql.RATING_HISTORY, (player_id, category, max(limit, 0)))
        return tuple(
            RatingPoint(int(seq), str(m), float(ended), float(mu), float(sigma), float(ordinal))
            for seq, m, ended, mu, sigma, ordinal in reversed(rows)
        )

    async def current_ratings(self, player_ids: Collection[str]) -> tuple[CurrentRating, ...]:
        ids = sorted(set(player_ids))
        found: list[CurrentRating] = []
        for start in range(0, len(ids), sql.CURRENT_RATINGS_CHUNK):
            chunk = ids[start : start + sql.CURRENT_RATINGS_CHUNK]
            found += (
                CurrentRating(str(cat), str(player), Rating(float(mu), float(sigma)), int(n))
                for cat, player, mu, sigma, n in await self.fetch(
                    sql.current_ratings(len(chunk)), chunk
                )
            )
        return tuple(sorted(found, key=lambda r: (r.player_id, r.category)))

    async def finished_record(self, player_id: str) -> FinishedRecord:
        rows = await self.fetch(sql.FINISHED_RECORD, (player_id,))
        matches, rounds = rows[0] if rows else (0, 0)
        return FinishedRecord(int(matches or 0), int(rounds or 0))

    async def rated_standing(self, player_id: str) -> RatedStanding:
        opponents = await self.fetch(_DISTINCT_OPPONENTS, (player_id,))
        moves = await self.fetch(_OWN_RATED_MOVES, (player_id,))
        return RatedStanding(int(opponents[0][0] or 0), int(moves[0][0] or 0))

    async def rated_together(self, category: str, player_ids: Collection[str], since: float) -> int:
        """Rated matches in ``category`` that ended since ``since`` whose players are
        exactly ``player_ids`` (a rated match's every seat is a player, so a match that
        holds all of them, in their category, holds no one else)."""
        ids = sorted(set(player_ids))
        if not ids:
            return 0
        rows = await self.fetch(
            sql.rated_together(len(ids)), (category, since, *ids, category, since, ids[0])
        )
        return sum(1 for (count,) in rows if int(count) == len(ids))

    async def result_modes(self) -> dict[str, str]:
        return {str(m): str(mode) for m, mode in await self.fetch(sql.RESULT_MODES)}

    async def result_own_play(self) -> dict[tuple[str, int], tuple[int, int] | None]:
        return {
            (str(m), int(seat)): None if moves is None else (int(moves), int(rounds))
            for m, seat, moves, rounds in await self.fetch(sql.RESULT_OWN_PLAY)
        }

    async def rated_match_ids(self) -> tuple[str, ...]:
        return tuple(str(r[0]) for r in await self.fetch(sql.LEDGER))

    async def all_ratings(self) -> dict[tuple[str, str], Rating]:
        return {
            (str(cat), str(player)): Rating(float(mu), float(sigma))
            for cat, player, mu, sigma in await self.fetch(sql.ALL_RATINGS)
        }


def _board_row(row: Row) -> LeaderboardRow:
    rank, player, name, mu, sigma, ordinal, matches, wins, last_at = row
    return LeaderboardRow(
        rank=int(rank), player_id=str(player), display_name=str(name), mu=float(mu),
        sigma=float(sigma), ordinal=float(ordinal), matches=int(matches), wins=int(wins),
        last_rated_at=float(last_at),
    )  # fmt: skip


def _result(row: Row) -> PlayerResultRow:
    (match_id, ended, category, seat, side, won, placement, rounds, points, deducted,
     blocked, best, rated, mu0, sigma0, mu1, sigma1, mode, unrated_reason,
     own_moves, voided) = row  # fmt: skip
    if voided:  # counts for nobody: shown unrated, for that reason, its ratings gone
        rated, mu0, mu1, unrated_reason = False, None, None, VOIDED
    return PlayerResultRow(
        match_id=str(match_id), ended_at=float(ended), category=str(category), seat=int(seat),
        side=int(side), won=bool(won), placement=int(placement), rounds=int(rounds),
        points=int(points), deducted=int(deducted), blocked_rounds=int(blocked),
        best_placement=int(best), rated=bool(rated),
        rating_before=None if mu0 is None else Rating(float(mu0), float(sigma0)),
        rating_after=None if mu1 is None else Rating(float(mu1), float(sigma1)),
        mode=CASUAL if mode == "legacy" else str(mode),
        unrated_reason=str(unrated_reason or ""),
        own_moves=None if own_moves is None else int(own_moves),
    )  # fmt: skip
