"""Rotating partnerships: who partners whom at a four-seat table
(docs/tournaments.md, "Partnerships")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .model import Rng, TableResult


def partner_counts(history: Sequence[TableResult]) -> Counter[frozenset[str]]:
    """How often each two players partnered (four-seat tables that were played or sat)."""
    raise NotImplementedError


def seat_partners(
    players: Sequence[str], history: Sequence[TableResult], rng: Rng
) -> tuple[str, str, str, str]:
    """Seat order for four players (seats 0+2 against 1+3) whose two partnerships have
    partnered least often before (then faced each other least), ties broken by ``rng``."""
    raise NotImplementedError
