"""The tournament's values: who entered, where they sit, what a table ended with.

Everything here is data; the pairing and standings modules are functions of it.  A
table's result is kept as the match log states it (final raw score per side, the
winner's side, the side that conceded) with the ending the fair-play rules give it
(docs/tournaments.md, "Fair play"), so standings can be recomputed from the logs.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Literal, Protocol

from ..engine.scoring import n_sides, side_of
from ..ratings.stats import placements

Format = Literal["swiss", "arena"]
SWISS: Final = "swiss"
ARENA: Final = "arena"
TABLE_SIZES = (2, 3, 4)  # four seats are two partnerships: seats 0+2 against 1+3
RAW_PER_POINT = 5  # the engine's raw points per displayed point (docs/rules.md)


class Rng(Protocol):
    """The randomness a pairing may use, handed in (``secrets.SystemRandom()`` in
    production, a seeded ``random.Random`` in tests): only to break exact ties."""

    def random(self) -> float: ...


# Pairs of players with a block either way (the lobby's ``formation.Apart``): the two
# never share a table, as opponents or partners.
Apart = Collection[frozenset[str]]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in the tournament."""

    player_id: str
    rating: float = 0.0  # their rating (ordinal) in the table size's category at the start
    active: bool = True  # False once withdrawn: no more pairings, past results stay


@dataclass(frozen=True, slots=True)
class Config:
    """The format of a tournament, as far as pairing and scoring need it."""

    format: Format = SWISS
    table_size: int = 2
    rounds: int = 0  # Swiss: the number of rounds; 0: ceil(log2(entrants)) at the start
    bye_points: float = 1.0  # Swiss: what a bye scores
    streaks: bool = True  # arena: a win on a streak (last two tables won) scores double

    def __post_init__(self) -> None:
        if self.format not in (SWISS, ARENA):
            raise ValueError(f"unknown format {self.format!r}")
        if self.table_size not in TABLE_SIZES:
            raise ValueError(f"table size {self.table_size} is not one of {TABLE_SIZES}")
        if self.rounds < 0:
            raise ValueError("rounds must not be negative")

    def rounds_for(self, entrants: int) -> int:
        """The Swiss rounds for ``entrants`` players: the configured number, else enough
        for one player to stay alone at the top in a two-seat event, ceil(log2(n))."""
        if self.rounds:
            return self.rounds
        return max(1, math.ceil(math.log2(max(2, entrants))))


@dataclass(frozen=True, slots=True)
class Table:
    """A table to seat: player ids in seat order (four seats: 0+2 partner 1+3)."""

    seats: tuple[str, ...]
    board: int = 1  # 1 is the top board (the highest scores)

    def partners(self) -> tuple[frozenset[str], ...]:
        """The partnerships of a four-seat table (none at two or three seats)."""
        if len(self.seats) != 4:
            return ()
        return (frozenset(self.seats[0::2]), frozenset(self.seats[1::2]))


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """A Swiss round as paired: its tables, best scores first, and who sits out."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()
    # Players who sit out without points because blocks left no seating with them in
    # it: the one with the most blocks first (a bye's point would reward blocking).
    unseated: tuple[str, ...] = ()


class Ending(StrEnum):
    """How a table (or a bye) counts (docs/tournaments.md, "Fair play")."""

    PLAYED = "played"  # played to the target
    FORFEIT = "forfeit"  # a side conceded after every seat made its own minimum moves
    ABORTED = "aborted"  # conceded before: no result for anyone
    BYE = "bye"  # a Swiss bye: one player, no table


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table (or a bye, a "table" of one) as the standings read it.

    ``round`` is the Swiss round; in an arena, the order in which tables ended
    (1, 2, ...), which is what streaks follow.  ``scores``, ``winner_side`` and
    ``forfeited_side`` are the engine's ``MatchEnded`` figures (raw points per side)."""

    round: int
    seats: tuple[str, ...]
    ending: Ending = Ending.PLAYED
    scores: tuple[int, ...] = ()
    winner_side: int = 0
    forfeited_side: int | None = None

    @classmethod
    def bye(cls, round: int, player_id: str) -> TableResult:
        return cls(round, (player_id,), Ending.BYE)

    @property
    def counts(self) -> bool:
        """Whether the table has a result (played out, or conceded after real play)."""
        return self.ending in (Ending.PLAYED, Ending.FORFEIT)

    def side(self, player_id: str) -> int:
        return side_of(self.seats.index(player_id), len(self.seats))

    def opponents(self, player_id: str) -> tuple[str, ...]:
        """The players of the other sides (partners are not opponents)."""
        mine = self.side(player_id)
        return tuple(p for p in self.seats if self.side(p) != mine)

    def partner(self, player_id: str) -> str | None:
        mine = self.side(player_id)
        return next((p for p in self.seats if p != player_id and self.side(p) == mine), None)

    def place(self, player_id: str) -> int:
        """1 for the winner's side; the others by final score, a conceding side last
        (the rating model's order: ``ratings.stats.placements``).  Tables without a
        result have no places (ValueError)."""
        if not self.counts:
            raise ValueError(f"a {self.ending} table has no places")
        if len(self.scores) != n_sides(len(self.seats)):
            raise ValueError(f"{len(self.scores)} scores for {len(self.seats)} seats")
        return placements(self.scores, self.winner_side, self.forfeited_side)[self.side(player_id)]

    def won(self, player_id: str) -> bool:
        return self.counts and self.place(player_id) == 1

    def points(self, player_id: str, bye_points: float = 1.0) -> float:
        """The player's Swiss points for the table: won 1, a three-seat second place
        0.5, otherwise 0; a bye ``bye_points``; an aborted table 0 for everyone."""
        if self.ending is Ending.BYE:
            return bye_points
        if not self.counts:
            return 0.0
        return place_points(self.place(player_id), len(self.scores), SWISS_POINTS)

    def match_points(self, player_id: str) -> tuple[float, float]:
        """(displayed points of the player's side, mean of the other sides') at the end."""
        mine = self.side(player_id)
        others = [s for side, s in enumerate(self.scores) if side != mine]
        own = self.scores[mine] / RAW_PER_POINT
        return own, (sum(others) / len(others)) / RAW_PER_POINT


SWISS_POINTS = (1.0, 0.5)  # (a win, a second place of three); anything else 0
ARENA_POINTS = (2.0, 1.0)


def place_points(place: int, sides: int, scale: tuple[float, float]) -> float:
    """Points for a place among ``sides``: the win, a second place only of three sides
    (of two, second is the loss)."""
    if place == 1:
        return scale[0]
    return scale[1] if place == 2 and sides == 3 else 0.0


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A line of the standings, with the tie-break values in the order they apply."""

    rank: int  # 1, 2, ... (the last tie-break, the player id, leaves no tie)
    player_id: str
    points: float
    buchholz: float
    sonneborn_berger: float
    wins: int
    match_points_diff: float  # displayed points scored minus conceded, over counted tables
    rating: float  # at the start
    tables: int  # tables with a result
    byes: int
    active: bool = True
