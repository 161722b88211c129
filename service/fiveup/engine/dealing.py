"""Dealing: where a match's randomness comes from (a ``Dealer``; by default the
``SeededDealer`` of the match's secret seed) and how a shuffled deck becomes hands and
a boneyard."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from fiveup_core import Tile

from .shuffle import fair_lot, round_deck

HAND_SIZE = 5


def split_deck(
    deck: Sequence[Tile], n_seats: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Deal a shuffled deck: five tiles to each seat in seat order, the rest is the boneyard
    (drawn from its front)."""
    hands = tuple(tuple(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n_seats))
    return hands, tuple(deck[n_seats * HAND_SIZE :])


class Dealer(Protocol):
    """Where the randomness of a match comes from."""

    def deck(self, round_no: int) -> Sequence[Tile]: ...

    def lot(self, round_no: int, n_seats: int) -> int: ...


@dataclass(frozen=True, slots=True)
class SeededDealer:
    """Deals and lots derived from the match's secret seed (commit-reveal)."""

    seed: bytes

    def deck(self, round_no: int) -> Sequence[Tile]:
        return round_deck(self.seed, round_no)

    def lot(self, round_no: int, n_seats: int) -> int:
        return fair_lot(self.seed, round_no, n_seats)
