"""What every bot is: something that turns a seat's view of a match into an action."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from fiveup.engine.actions import Action
from fiveup.engine.views import MatchView
from fiveup_core import N_TILES
from fiveup_core.abstract import IS_DOUBLE, PIPS

# Greedy preference among equally scoring moves, by tile index: shed the heaviest tile,
# doubles first.
SHED_KEY: tuple[int, ...] = tuple(2 * PIPS[t] + IS_DOUBLE[t] for t in range(N_TILES))


@runtime_checkable
class Bot(Protocol):
    """A bot decides from one seat's ``MatchView`` -- never from the ``Match`` itself, so it
    sees exactly what a human in that seat would see."""

    kind: str

    def choose(self, view: MatchView) -> Action:
        """One of ``view.legal_actions``."""
        ...


def check_view(view: object) -> MatchView:
    """The view a bot was handed, after making sure it is one (and that it is our turn)."""
    if not isinstance(view, MatchView):
        raise TypeError(f"bots decide from a MatchView, not from {type(view).__name__}")
    if view.viewer is None or not view.legal_actions:
        raise ValueError("a bot is asked to move only on its own turn (no legal actions here)")
    return view
