"""The simple bots: ``random`` (uniform among legal actions), ``greedy`` and ``novice``."""

from __future__ import annotations

import random

from fiveup.engine.actions import Action, Place
from fiveup.engine.views import MatchView
from fiveup_core import Layout, Placement, PureLayout
from fiveup_core.abstract import tile_of

from .base import SHED_KEY, check_view


class RandomBot:
    """Uniform among the legal actions."""

    kind = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        return actions[self.rng.randrange(len(actions))]


class LayoutCache:
    """A ``fiveup_core.Layout`` kept in step with the views a bot is shown: only the
    placements added since the last view are replayed (a new round rebuilds it)."""

    def __init__(self) -> None:
        self._layout: PureLayout = Layout()
        self._placements: tuple[Placement, ...] = ()

    def layout_for(self, placements: tuple[Placement, ...]) -> PureLayout:
        done = len(self._placements)
        if len(placements) < done or placements[:done] != self._placements:
            self._layout = Layout()
            done = 0
        for p in placements[done:]:
            self._layout.place(p.tile, p.on)
        self._placements = placements
        return self._layout


class GreedyBot:
    """The placement scoring the most raw points now.  Among equal scores it sheds the
    heaviest tile (a double before a non-double of the same weight), then keeps the first
    in the order of ``legal_actions``.  Draws or passes only when that is all it may do."""

    kind = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng  # unused: greedy is deterministic
        self._cache = LayoutCache()

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        if len(actions) == 1:
            return actions[0]
        layout = self._cache.layout_for(view.layout)
        best: Action = actions[0]
        best_key = -1
        for action in actions:
            if not isinstance(action, Place):
                continue
            key = layout.score_if(action.tile, action.on) * 64 + SHED_KEY[tile_of(action.tile)]
            if key > best_key:
                best, best_key = action, key
        return best


class NoviceBot:
    """Greedy half the time: on each choice a coin decides between the greedy placement
    and a uniformly random legal action (a beginner who sees points now and then)."""

    kind = "novice"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyBot()

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        if len(actions) == 1:
            return actions[0]
        if self.rng.random() < 0.5:
            return actions[self.rng.randrange(len(actions))]
        return self._greedy.choose(view)
