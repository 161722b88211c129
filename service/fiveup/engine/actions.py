"""What a seat can do on its turn: place a tile, draw from the boneyard, or pass."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fiveup_core import ConnectionPoint, Layout, Placement, Tile, format_placement


@dataclass(frozen=True, slots=True)
class Place:
    tile: Tile
    on: ConnectionPoint | None = None  # None: the lead

    def __str__(self) -> str:
        return "place " + format_placement(Placement(self.tile, self.on))


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Place | Draw | Pass


@dataclass(frozen=True, slots=True)
class ScoredAction:
    """A legal action with its immediate outcome: the raw points a placement scores now
    and the end sum it leaves (a draw or a pass scores 0 and leaves the sum as it is)."""

    action: Action
    points: int
    end_sum: int


def score_actions(layout: Layout, actions: Iterable[Action]) -> tuple[ScoredAction, ...]:
    """Each of ``actions`` (legal on ``layout``) scored by the rules core itself: the
    placement is made on a copy, so points and sum are exactly what placing it would give."""
    current = layout.end_sum()
    out = []
    for action in actions:
        if isinstance(action, Place):
            trial = layout.copy()
            points = trial.place(action.tile, action.on)
            out.append(ScoredAction(action, points, trial.end_sum()))
        else:
            out.append(ScoredAction(action, 0, current))
    return tuple(out)
