"""Running a pure Swiss in a test: results are given by a chooser, the pairing is the
engine's (no I/O), so whole events are played in microseconds."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fiveup.tournaments.model import Config, Entrant, RoundPairing, Table, TableResult
from fiveup.tournaments.swiss import pair_round

TARGET_RAW = 305  # 61 displayed points

# (round, table) -> (raw final score per side, winner side)
Outcome = Callable[[int, Table], tuple[tuple[int, ...], int]]


def entrants(n: int) -> list[Entrant]:
    """p01 .. pNN, rated best first (p01 highest)."""
    return [Entrant(f"p{i:02d}", rating=float(100 - i)) for i in range(1, n + 1)]


def sides(table: Table) -> int:
    return 2 if len(table.seats) == 4 else len(table.seats)


def best_seed_wins(_round: int, table: Table) -> tuple[tuple[int, ...], int]:
    """The lowest player id wins 305 to 150 (and at three seats the others 150, 100)."""
    n = sides(table)
    side_of = [seat % 2 if len(table.seats) == 4 else seat for seat in range(len(table.seats))]
    winner = side_of[table.seats.index(min(table.seats))]
    scores = [150 if side == (winner + 1) % n else 100 for side in range(n)]
    scores[winner] = TARGET_RAW
    return tuple(scores), winner


def random_outcomes(rng: random.Random) -> Outcome:
    def outcome(_round: int, table: Table) -> tuple[tuple[int, ...], int]:
        n = sides(table)
        scores = [rng.randrange(0, 60) * 5 for _ in range(n)]
        winner = rng.randrange(n)
        scores[winner] = TARGET_RAW
        return tuple(scores), winner

    return outcome


@dataclass
class Event:
    config: Config
    players: list[Entrant]
    history: list[TableResult] = field(default_factory=list)
    rounds: list[RoundPairing] = field(default_factory=list)

    def play_round(
        self, outcome: Outcome, rng: random.Random, apart: Sequence[frozenset[str]] = ()
    ) -> RoundPairing:
        pairing = pair_round(self.players, self.history, self.config, rng, apart=apart)
        for table in pairing.tables:
            scores, winner = outcome(pairing.round, table)
            self.history.append(
                TableResult(pairing.round, table.seats, scores=scores, winner_side=winner)
            )
        self.history.extend(TableResult.bye(pairing.round, p) for p in pairing.byes)
        self.rounds.append(pairing)
        return pairing


def as_sets(pairing: RoundPairing) -> list[frozenset[str]]:
    """The tables of a round as sets of players, board order."""
    return [frozenset(t.seats) for t in pairing.tables]
