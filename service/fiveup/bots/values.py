"""How a search scores a play-out: the margin over the rest of the round, or the chance
to win the match that the round's end leaves.

Both see one play-out (``fiveup_core.PlayOut``: each seat's net raw points from now to
the reckoning, and who went out) and the match as the searching seat sees it
(``ValueContext``: its side, the sides' scores, the target).  They add, per candidate,
into an ``Accumulator``: the value the search maximises, and -- whatever it maximises --
the margin, the side's net and (when the value knows the match) the win chance, which
hints show a person.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from fiveup.engine.scoring import RAW_PER_POINT, n_sides, side_of
from fiveup.engine.views import MatchView
from fiveup_core import PlayOut

from .winchance import WinChances, load_win_chances


@dataclass(frozen=True, slots=True)
class ValueContext:
    """The match as the searching seat sees it."""

    seat: int
    n_seats: int
    sides: tuple[int, ...]  # side of each seat
    side: int  # the searching seat's
    scores: tuple[int, ...]  # raw, per side, now (this round's placements included)
    target_raw: int

    @property
    def n_sides(self) -> int:
        return n_sides(self.n_seats)

    @classmethod
    def of(cls, view: MatchView, seat: int) -> ValueContext:
        n = view.n_seats
        sides = tuple(side_of(s, n) for s in range(n))
        scores = tuple(view.scores) if len(view.scores) == n_sides(n) else (0,) * n_sides(n)
        return cls(seat, n, sides, sides[seat], scores, view.target_points * RAW_PER_POINT)


@dataclass(slots=True)
class Accumulator:
    """Per-candidate sums over play-outs."""

    values: list[float]
    margins: list[float]
    side_nets: list[float]
    win_chances: list[float]

    @classmethod
    def zeros(cls, k: int) -> Accumulator:
        return cls([0.0] * k, [0.0] * k, [0.0] * k, [0.0] * k)


class Value(Protocol):
    """Scores play-outs for a search."""

    @property
    def knows_the_match(self) -> bool:
        """Whether ``win_chances`` are estimated."""
        ...

    def add(self, context: ValueContext, row: list[PlayOut], acc: Accumulator) -> None:
        """Add one deal's play-outs (one per candidate, in order) into ``acc``."""
        ...


def _side_nets(context: ValueContext, result: PlayOut) -> list[int]:
    nets = [0] * context.n_sides
    for seat, net in enumerate(result.net):
        nets[context.sides[seat]] += net
    return nets


def margin_of(context: ValueContext, nets: list[int], winner: int, out_bonus: float) -> float:
    """The side's net minus the other sides' average, plus ``out_bonus`` when the side
    went out first, minus its share of it when another side did."""
    others = context.n_sides - 1
    mine = nets[context.side]
    margin = mine - (sum(nets) - mine) / others
    if winner >= 0:
        margin += out_bonus if context.sides[winner] == context.side else -out_bonus / others
    return margin


@dataclass(frozen=True, slots=True)
class MarginValue:
    """The expert's value: the margin over the rest of the round (``margin_of``).
    ``out_bonus`` is the raw-point worth of going out (leading the next round)."""

    out_bonus: float = 5.0

    @property
    def knows_the_match(self) -> bool:
        return False

    def add(self, context: ValueContext, row: list[PlayOut], acc: Accumulator) -> None:
        bonus = self.out_bonus
        for i, result in enumerate(row):
            nets = _side_nets(context, result)
            margin = margin_of(context, nets, result.winner, bonus)
            acc.values[i] += margin
            acc.margins[i] += margin
            acc.side_nets[i] += nets[context.side]


@dataclass(frozen=True, slots=True)
class MatchValue:
    """The chance that the searching side wins the match, given where this round leaves
    the scores and who leads the next one (``WinChances``); a round that ends the match
    counts 1 or 0 exactly.  ``tie_break`` adds that much per raw point of margin, so that
    moves the chance cannot tell apart (a match far from its end, or decided) are still
    ordered by the margin."""

    chances: WinChances | None = None  # None: the shipped tables
    out_bonus: float = 5.0  # for the margin reported alongside (and the tie-break)
    tie_break: float = 1e-4

    @property
    def knows_the_match(self) -> bool:
        return True

    def add(self, context: ValueContext, row: list[PlayOut], acc: Accumulator) -> None:
        chances = self.chances or load_win_chances()
        bonus, tie = self.out_bonus, self.tie_break
        scores = context.scores
        for i, result in enumerate(row):
            nets = _side_nets(context, result)
            margin = margin_of(context, nets, result.winner, bonus)
            after = [s + d for s, d in zip(scores, nets, strict=True)]
            leader = -1 if result.winner < 0 else context.sides[result.winner]
            chance = chances.chance(
                context.n_seats, context.side, after, context.target_raw, leader
            )
            acc.values[i] += chance + tie * margin
            acc.margins[i] += margin
            acc.side_nets[i] += nets[context.side]
            acc.win_chances[i] += chance
