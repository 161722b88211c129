"""Arena: tables formed as players come free, by current score; points with streaks
(docs/tournaments.md, "Arena")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .model import Apart, Config, Rng, Table, TableResult


@dataclass(frozen=True, slots=True)
class ArenaScore:
    """A player's arena total and sheet (each table's points, in the order they ended)."""

    points: float
    sheet: tuple[float, ...]
    on_streak: bool  # their last two tables won: the next win scores double
    wins: int


def arena_points(results: Sequence[TableResult], config: Config) -> dict[str, ArenaScore]:
    """Every player's arena score from the tables in the order they ended."""
    raise NotImplementedError


def pair_waiting(
    waiting: Sequence[str],
    scores: Mapping[str, float],
    history: Sequence[TableResult],
    config: Config,
    rng: Rng,
    *,
    apart: Apart = (),
) -> list[Table]:
    """Tables for the waiting players (in the order they came free): closest current
    scores together, nobody against their last table's opponents while others wait,
    never two ``apart`` players together; whoever does not fit keeps waiting."""
    raise NotImplementedError
