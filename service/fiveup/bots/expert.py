"""The determinized-search levels: ``adept``, ``expert`` and ``master``.

All three are ``search.SearchBot`` with a fixed ``SearchConfig`` (docs/bots.md):

* ``expert``: 32 sampled deals per decision, greedy play-outs for everyone, scored by the
  margin over the rest of the round with 5 raw points for going out first;
* ``adept``: the expert's method on 4 deals (it plays the first sensible thing it sees);
* ``master``: 512 deals, play-outs in which every seat also weighs what its placement
  leaves the next seat to score, scored by the chance to win the match.
"""

from __future__ import annotations

import random

from fiveup_core import Weights

from .search import Estimates, SearchBot, SearchConfig
from .values import MarginValue, MatchValue

DEFAULT_SAMPLES = 32

LOOKAHEAD_WEIGHTS = Weights(points=64, pips=2, double=1, reply=64)
"""The master's play-out policy: raw points now minus the most the next seat could score
in reply (equal weight), then the heaviest tile, a double first."""


class ExpertBot(SearchBot):
    """Determinized search with greedy play-outs and the margin value.

    ``samples`` deals are drawn per decision; ``max_seconds`` (None: no limit, which keeps
    a seeded game reproducible) stops sampling early once that much time has passed;
    ``out_bonus`` is the raw-point value of going out (leading the next round)."""

    def __init__(
        self,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        max_seconds: float | None = None,
        out_bonus: float = 5.0,
    ) -> None:
        config = SearchConfig(samples, value=MarginValue(out_bonus), max_seconds=max_seconds)
        super().__init__(rng, config, "expert")


def adept(rng: random.Random) -> SearchBot:
    return SearchBot(rng, SearchConfig(samples=4), "adept")


MASTER_SAMPLES = 512


def master_config(samples: int = MASTER_SAMPLES, max_seconds: float | None = None) -> SearchConfig:
    return SearchConfig(samples, LOOKAHEAD_WEIGHTS, MatchValue(), max_seconds)


def master(rng: random.Random) -> SearchBot:
    return SearchBot(rng, master_config(), "master")


__all__ = [
    "DEFAULT_SAMPLES",
    "LOOKAHEAD_WEIGHTS",
    "MASTER_SAMPLES",
    "Estimates",
    "ExpertBot",
    "adept",
    "master",
    "master_config",
]
