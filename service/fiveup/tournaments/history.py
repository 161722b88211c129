"""What earlier tables say about who may sit together: meetings, partnerships, byes and
each player's last table (a pure summary of the results so far)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .model import Ending, TableResult


def pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


@dataclass(slots=True)
class Past:
    """Counts over every table paired so far (aborted ones included: they were paired,
    and a player who aborted against someone is not paired with them again first)."""

    met: Counter[frozenset[str]] = field(default_factory=Counter)  # shared a table
    partnered: Counter[frozenset[str]] = field(default_factory=Counter)
    opposed: Counter[frozenset[str]] = field(default_factory=Counter)  # on opposite sides
    byes: Counter[str] = field(default_factory=Counter)
    last_table: dict[str, frozenset[str]] = field(default_factory=dict)  # the others there

    def meetings(self, players: Iterable[str]) -> int:
        """The most times any two of ``players`` have shared a table."""
        return max((self.met[pair(a, b)] for a, b in combinations(players, 2)), default=0)

    def just_met(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` sat at the last table of either of them."""
        return b in self.last_table.get(a, ()) or a in self.last_table.get(b, ())


def summarise(history: Sequence[TableResult]) -> Past:
    """The counts of ``history`` (in the order the tables ended)."""
    past = Past()
    for result in history:
        if result.ending is Ending.BYE:
            past.byes.update(result.seats)
            continue
        for a, b in combinations(result.seats, 2):
            past.met[pair(a, b)] += 1
            if result.side(a) == result.side(b):
                past.partnered[pair(a, b)] += 1
            else:
                past.opposed[pair(a, b)] += 1
        for player in result.seats:
            past.last_table[player] = frozenset(result.seats) - {player}
    return past
