"""The ladder: the bot levels from the weakest to the strongest, each with a fixed think
budget and a strength measured on the players' rating scale.

``LADDER`` is the one list of levels (the kinds of ``BOT_KINDS`` in order of strength);
``rating(kind)`` is a level's rating, measured by self-play (``python -m bench.ladder``
plays every pair of levels and rates the results with the players' own model,
``fiveup.ratings``: openskill's Plackett-Luce) and shipped as ``data/ladder.json``.
Self-play alone fixes only the *differences* between levels; the scale is anchored by
putting ``greedy`` at a newcomer's rating (mu 25): a player who scores what is there to
score now is where every player starts.

``nearest(ordinal)`` picks the level whose ordinal (mu - 3 sigma, the number a leaderboard
shows) is nearest a player's: the matchmaker's bot fill and "a bot about my strength".
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True, slots=True)
class Level:
    kind: str  # the BotKind (fiveup.bots.BOT_KINDS)
    title: str  # what a person is shown
    budget: str  # the fixed think budget, in words


LADDER: tuple[Level, ...] = (
    Level("random", "Beginner", "none: a uniformly random legal move"),
    Level("novice", "Novice", "none: greedy half the time, random the other half"),
    Level("greedy", "Casual", "none: the most points now"),
    Level("adept", "Adept", "4 sampled deals a move, greedy play-outs"),
    Level("expert", "Expert", "32 sampled deals a move, greedy play-outs"),
    Level("master", "Master", "512 sampled deals a move, look-ahead play-outs, match value"),
)
"""Weakest first.  Every kind of ``BOT_KINDS`` is a level (a test checks it)."""

ANCHOR_KIND = "greedy"
ANCHOR_MU = 25.0  # openskill's starting mu: a newcomer


@dataclass(frozen=True, slots=True)
class LevelRating:
    kind: str
    mu: float
    sigma: float
    matches: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@functools.cache
def ratings() -> dict[str, LevelRating]:
    """The shipped ratings (``data/ladder.json``), by kind."""
    text = resources.files("fiveup.bots").joinpath("data/ladder.json").read_text()
    doc = json.loads(text)
    return {
        kind: LevelRating(kind, float(r["mu"]), float(r["sigma"]), int(r["matches"]))
        for kind, r in doc["ratings"].items()
    }


def rating(kind: str) -> LevelRating | None:
    return ratings().get(kind)


def levels_up_to(strongest: str) -> tuple[str, ...]:
    """The kinds of the levels from the weakest up to ``strongest``, included."""
    kinds = tuple(lv.kind for lv in LADDER)
    if strongest not in kinds:
        raise ValueError(f"unknown bot level {strongest!r}; levels are {', '.join(kinds)}")
    return kinds[: kinds.index(strongest) + 1]


def nearest(ordinal: float, kinds: tuple[str, ...] | None = None) -> str:
    """The level (among ``kinds``, default every rated level) whose ordinal is nearest
    ``ordinal``; a tie goes to the weaker level."""
    rated = ratings()
    pool = [lv.kind for lv in LADDER if lv.kind in rated and (kinds is None or lv.kind in kinds)]
    if not pool:
        raise ValueError("no rated bot level to choose from")
    return min(pool, key=lambda k: abs(rated[k].ordinal - ordinal))
