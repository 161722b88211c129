"""Determinized search: the engine behind the ``adept``, ``expert`` and ``master`` bots.

For each decision with more than one distinct choice:

1. ``inference.infer`` works out what the seat knows: its hand, the layout, how many
   tiles each other player holds, the boneyard size, and which pips each player has been
   shown not to hold (they drew or passed while those pips were open).
2. Deals of the unseen tiles consistent with that are sampled, and on each deal every
   candidate placement is tried (common random numbers: all candidates see the same
   deals) and the rest of the round is played out by a fixed policy for every seat
   (``fiveup_core.playout``: compiled, with a pure-Python twin that decides the same).
3. Each play-out is scored by a ``Value`` (``values``): the margin over the rest of the
   round (``MarginValue``), or the chance to win the match that the round's end leaves
   (``MatchValue``: the scores, the target, who leads next, partnerships).
4. The candidate with the best average is played.

A ``SearchConfig`` fixes everything that makes a level: the number of deals (the budget:
deterministic for a given RNG, so a seeded game is reproducible), the play-out policy,
the value, and an optional wall-clock cap for live play (then results depend on the
machine's speed).  Placements that are equivalent for the rules (same tile, same pip,
same kind of connection point) are evaluated once.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from fiveup.engine.actions import Action, Place
from fiveup.engine.views import MatchView
from fiveup_core import GREEDY_WEIGHTS, PlayOut, Weights
from fiveup_core.abstract import point_kind, tile_of
from fiveup_core.playout import play_outs, search

from .base import check_view
from .inference import Knowledge, infer, sample_deal
from .values import Accumulator, MarginValue, Value, ValueContext

Candidate = tuple[int, int, int]
"""A placement up to what the rules care about: (tile index, kind, pip)."""

CHUNK = 32
"""Deals per call of the compiled search: the wall-clock cap is checked between calls
(and each call's seed comes from the bot's RNG, so a seeded bot stays reproducible)."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """What a level of determinized search is: ``samples`` deals per decision, played
    out by ``policy``, scored by ``value``; ``max_seconds`` (None: no cap, which keeps a
    seeded game reproducible) stops sampling early once that much time has passed."""

    samples: int = 32
    policy: Weights = GREEDY_WEIGHTS
    value: Value = field(default_factory=MarginValue)
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError("samples must be >= 1")
        if self.max_seconds is not None and self.max_seconds < 0:
            raise ValueError("max_seconds must be >= 0")


@dataclass(frozen=True, slots=True)
class Estimates:
    """What a search found, per candidate, averaged over the sampled deals:

    * ``values``: the value the bot maximises (``SearchConfig.value``);
    * ``margins``: its side's net raw points over the rest of the round minus the other
      sides' average, plus the out bonus for going out first, minus a share of it when
      another side does (the expert's value, whatever the bot maximises);
    * ``side_nets``: its side's net alone (points scored, the candidate's included,
      minus the reckoning of its side's hands);
    * ``win_chances``: its side's chance to win the match (None unless the value knows
      the match).

    ``samples``: how many deals were drawn (fewer than the budget when the clock cut it
    short)."""

    values: tuple[float, ...]
    margins: tuple[float, ...]
    side_nets: tuple[float, ...]
    win_chances: tuple[float, ...] | None
    samples: int


def candidates_of(actions: Sequence[Action]) -> dict[Candidate, Place]:
    """The distinct placements among ``actions`` (the first action of each), in order."""
    out: dict[Candidate, Place] = {}
    for action in actions:
        if isinstance(action, Place):
            out.setdefault((tile_of(action.tile), *point_kind(action.on)), action)
    return out


class SearchBot:
    """Determinized search from a seat's view (see the module docstring)."""

    def __init__(self, rng: random.Random, config: SearchConfig, kind: str) -> None:
        self.rng = rng
        self.config = config
        self.kind = kind
        self.last_values: list[tuple[Action, float]] = []  # for tests and curiosity

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        self.last_values = []
        if len(actions) == 1:
            return actions[0]
        candidates = candidates_of(actions)
        if len(candidates) == 1:
            return next(iter(candidates.values()))
        keys = list(candidates)
        found = self.estimate(view, infer(view), keys)
        best = max(range(len(keys)), key=lambda i: found.values[i])
        self.last_values = [(candidates[k], v) for k, v in zip(keys, found.values, strict=True)]
        return candidates[keys[best]]

    def estimate(self, view: MatchView, know: Knowledge, keys: list[Candidate]) -> Estimates:
        """Each candidate's averages over sampled deals (``Estimates``)."""
        config = self.config
        context = ValueContext.of(view, know.seat)
        value = config.value
        spec = know.deal_spec()
        acc = Accumulator.zeros(len(keys))
        deadline = None if config.max_seconds is None else time.perf_counter() + config.max_seconds
        done = 0
        while done < config.samples:
            count = min(CHUNK, config.samples - done)
            rows = search(know.table, spec, keys, config.policy, count, self.rng.getrandbits(64))
            for row in rows:
                if row is None:  # the fast sampler gave up: a matching finds a deal
                    row = self._fallback(know, keys)
                value.add(context, row, acc)
            done += count
            if deadline is not None and time.perf_counter() > deadline:
                break
        return Estimates(
            values=tuple(v / done for v in acc.values),
            margins=tuple(v / done for v in acc.margins),
            side_nets=tuple(v / done for v in acc.side_nets),
            win_chances=tuple(v / done for v in acc.win_chances) if value.knows_the_match else None,
            samples=done,
        )

    def _fallback(self, know: Knowledge, keys: list[Candidate]) -> list[PlayOut]:
        hands, boneyard = sample_deal(know, self.rng)
        return play_outs(know.table, hands, boneyard, know.seat, keys, self.config.policy)
