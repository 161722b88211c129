"""Standings: points, then the tie-breaks in order (docs/tournaments.md, "Standings")."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Config, Entrant, StandingRow, TableResult


def standings(
    entrants: Sequence[Entrant], results: Sequence[TableResult], config: Config
) -> list[StandingRow]:
    """Every entrant (withdrawn ones included), best first: points (Swiss points, or
    arena points with streaks), Buchholz, Sonneborn-Berger, wins, match points scored
    minus conceded, rating at the start, player id."""
    raise NotImplementedError
