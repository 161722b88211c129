"""A finished match's outcome as the store records it: per seat, who played it (if a
signed-in player) and their figures, and whether the match is rated.

The application builds it from the match's log (``stats.match_figures``) and the seat
owners (``SeatOwners``, which the lobby store implements) and hands it to the event
store with the append that ends the match; the store writes the results and, for a
rated match, the rating updates in that append's transaction (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ..engine import HUMAN, Event, MatchEnded, MatchStarted
from ..engine.scoring import n_sides
from .model import RatedMatch, category_of
from .stats import match_figures


class SeatOwners(Protocol):
    """Which signed-in player holds each seat of a match (seats without one are left
    out)."""

    async def seat_owners(self, match_id: str) -> Mapping[int, str]: ...


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    seat: int
    player_id: str | None  # None: an anonymous seat token or a bot
    side: int
    won: bool
    placement: int  # 1 = the winner; others by final score (ties share a place)
    rounds: int
    points: int  # displayed points this seat scored by placements
    deducted: int  # displayed points this seat lost at reckonings
    blocked_rounds: int
    best_placement: int  # displayed points of its best single placement


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    match_id: str
    ended_at: float
    category: str  # "2", "3" or "4" (ratings.model.CATEGORIES)
    rated: bool
    seats: tuple[SeatOutcome, ...]
    scores: tuple[int, ...]  # final raw score per side
    winner_side: int

    @property
    def players(self) -> tuple[SeatOutcome, ...]:
        """The seats a signed-in player held (each gets a result row)."""
        return tuple(s for s in self.seats if s.player_id is not None)

    def rated_match(self) -> RatedMatch:
        """The match as the rating model sees it (only for a rated match: every seat has
        a player)."""
        if not self.rated:
            raise ValueError(f"match {self.match_id!r} is not rated")
        sides = tuple(
            tuple(str(s.player_id) for s in self.seats if s.side == side)
            for side in range(len(self.scores))
        )
        return RatedMatch(self.match_id, sides, self.scores, self.winner_side)


def match_outcome(
    match_id: str, ended_at: float, events: Iterable[Event], owners: Mapping[int, str]
) -> MatchOutcome:
    """The outcome of a finished match from its whole log (version 1 on) and its seat
    owners.  Rated iff it was created rated (which already excludes bots, hints and
    practice) and every seat is held by a signed-in player."""
    log = list(events)
    started = next(e for e in log if isinstance(e, MatchStarted))
    ended = next(e for e in reversed(log) if isinstance(e, MatchEnded))
    n = len(started.seats)
    if len(ended.scores) != n_sides(n):
        raise ValueError(f"match {match_id!r}: {len(ended.scores)} scores for {n} seats")
    rated = (
        started.rated
        and all(kind == HUMAN for kind in started.seats)
        and all(seat in owners for seat in range(n))
        and len(set(owners.values())) == n  # one player, one seat (the lobby ensures it)
    )
    return MatchOutcome(
        match_id=match_id,
        ended_at=ended_at,
        category=category_of(n),
        rated=rated,
        seats=tuple(
            SeatOutcome(
                seat=f.seat,
                player_id=owners.get(f.seat),
                side=f.side,
                won=f.won,
                placement=f.placement,
                rounds=f.rounds,
                points=f.points,
                deducted=f.deducted,
                blocked_rounds=f.blocked_rounds,
                best_placement=f.best_placement,
            )
            for f in match_figures(log)
        ),
        scores=tuple(ended.scores),
        winner_side=ended.winner_side,
    )
