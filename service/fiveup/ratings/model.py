"""The rating model: openskill's Plackett-Luce over finished matches, per player count.

Why Plackett-Luce (docs/ratings.md): a Five Up match ends in a full order of its sides
(the winner alone at the top, the others by final score), with 2 or 3 players each a
side of one and with 4 players two partnerships of two.  Plackett-Luce rates exactly
that -- any number of teams of any size from one ranking -- in one update whose cost
grows linearly with the number of teams, and it is the model openskill recommends by
default.  Thurstone-Mosteller (the other choice) compares every pair of teams with a
Gaussian and suits head-to-head results better than full orders; with at most three
teams the two agree closely, so the simpler, default model wins.

Ratings are kept per **category**: ``2``, ``3`` and ``4`` (four players are always two
partnerships).  A player's leaderboard score is openskill's *ordinal*, mu - 3 sigma: a
conservative estimate that starts at 0 and rises as the player proves themselves.

Everything here is deterministic: the same matches in the same order give the same
floats (``rebuild`` is what proves a store's numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .stats import placements

CATEGORIES = ("2", "3", "4")
MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The leaderboard score: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A finished match whose every seat is a signed-in player."""

    match_id: str
    sides: tuple[tuple[str, ...], ...]  # player ids per side (a seat, or a partnership)
    scores: tuple[int, ...]  # final raw score per side
    winner_side: int
    forfeited_side: int | None = None  # the side that conceded: placed last

    @property
    def category(self) -> str:
        return str(sum(len(side) for side in self.sides))

    @property
    def placements(self) -> tuple[int, ...]:
        return placements(self.scores, self.winner_side, self.forfeited_side)


def category_of(n_seats: int) -> str:
    return str(n_seats)


def rate(before: Mapping[str, Rating], match: RatedMatch) -> dict[str, Rating]:
    """Every player's rating after ``match`` (``before``: their ratings in its category;
    a player not in it starts at the default)."""
    teams = [[MODEL.rating(*_pair(before.get(p, Rating()))) for p in side] for side in match.sides]
    ranks: Sequence[float] = [float(p) for p in match.placements]
    rated = MODEL.rate(teams, ranks=list(ranks))
    out: dict[str, Rating] = {}
    for side, team in zip(match.sides, rated, strict=True):
        for player, r in zip(side, team, strict=True):
            out[player] = Rating(float(r.mu), float(r.sigma))
    return out


def rebuild(matches: Iterable[RatedMatch]) -> dict[tuple[str, str], Rating]:
    """Every (category, player) rating after ``matches`` in order, from scratch."""
    ratings: dict[tuple[str, str], Rating] = {}
    for match in matches:
        cat = match.category
        before = {p: ratings[(cat, p)] for side in match.sides for p in side if (cat, p) in ratings}
        for player, after in rate(before, match).items():
            ratings[(cat, player)] = after
    return ratings


def _pair(r: Rating) -> tuple[float, float]:
    return r.mu, r.sigma
