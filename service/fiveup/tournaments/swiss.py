"""Swiss pairing: a round's tables from the scores so far (docs/tournaments.md, "Swiss")."""

from __future__ import annotations

from collections.abc import Sequence

from .model import Apart, Config, Entrant, Rng, RoundPairing, TableResult


def pair_round(
    entrants: Sequence[Entrant],
    history: Sequence[TableResult],
    config: Config,
    rng: Rng,
    *,
    apart: Apart = (),
) -> RoundPairing:
    """The next round for the active ``entrants`` given every earlier table and bye
    (``history``): tables of ``config.table_size`` from score groups, highest first,
    without repeat meetings where avoidable and never two ``apart`` players together;
    the players left over get byes (the lowest ranked without one first)."""
    raise NotImplementedError
