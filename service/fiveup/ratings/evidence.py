"""What the ratings context tells the operators' integrity checks (``fiveup.admin.
integrity``): the rated matches that ended in a window, each with every seat's result --
who, on which side, won or not, how many of the moves were their own, and the rating
before and after.  A read port the rating stores implement (``store/ratings_evidence.py``
for both backends); nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .model import Rating


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat's rated result."""

    player_id: str
    seat: int
    side: int
    won: bool
    own_moves: int | None  # None: a result from before own play was kept
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class RatedResult:
    """A rated match and every seat's result (a rated match's every seat is a player)."""

    match_id: str
    category: str
    ended_at: float
    seats: tuple[RatedSeat, ...]

    def opponents(self) -> list[tuple[RatedSeat, RatedSeat]]:
        """Each pair of seats on different sides (partners are not opponents)."""
        return [
            (a, b)
            for i, a in enumerate(self.seats)
            for b in self.seats[i + 1 :]
            if a.side != b.side
        ]


class RatedEvidence(Protocol):
    async def rated_results_since(self, since: float, *, limit: int) -> list[RatedResult]:
        """The latest ``limit`` rated matches that ended at or after ``since``, in the
        order they were rated (the ledger's), each with its seats by seat number."""
        ...
