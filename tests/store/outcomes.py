"""Made-up outcomes of finished matches, for the store tests (the service tests play
real matches)."""

from __future__ import annotations

from collections.abc import Sequence

from fiveup.engine.scoring import n_sides, side_of
from fiveup.ratings.outcome import MatchOutcome, SeatOutcome
from fiveup.ratings.stats import placements


def outcome(
    match_id: str,
    players: Sequence[str | None],
    scores: Sequence[int],
    winner: int,
    ended_at: float,
    *,
    rated: bool = True,
    practice: bool = False,
) -> MatchOutcome:
    """A finished match's outcome (figures made up from the seat number, so sums are
    checkable)."""
    n = len(players)
    assert len(scores) == n_sides(n)
    places = placements(tuple(scores), winner)
    return MatchOutcome(
        match_id=match_id,
        ended_at=ended_at,
        category=str(n),
        rated=rated,
        seats=tuple(
            SeatOutcome(
                seat=s, player_id=p, side=side_of(s, n), won=side_of(s, n) == winner,
                placement=places[side_of(s, n)], rounds=3 + s, points=10 * (s + 1),
                deducted=s, blocked_rounds=s % 2, best_placement=4 + s,
            )
            for s, p in enumerate(players)
        ),
        scores=tuple(scores),
        winner_side=winner,
        practice=practice,
    )  # fmt: skip
