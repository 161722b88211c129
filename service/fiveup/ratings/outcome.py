"""A finished match's outcome as the store records it: per seat, who played it (if a
signed-in player) and their figures, and whether the match is rated.

The application builds it from the match's log (``stats.match_figures``, and the player
each SeatClaimed names) and the seat bindings (``SeatOwners``, which the lobby store
implements) and hands it to the event store with the append that ends the match; the
store writes the results and, for a rated match, the rating updates in that append's
transaction (docs/ratings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Protocol

from ..engine import HUMAN, Event, MatchEnded, MatchStarted, SeatClaimed
from ..engine.scoring import n_sides
from .model import RatedMatch, category_of
from .stats import SeatFigures, match_figures

RATED, CASUAL, PRACTICE = "rated", "casual", "practice"
MODES = (RATED, CASUAL, PRACTICE)  # in the order statistics list them
PUBLIC_MODES = (RATED, CASUAL)  # what anyone sees; practice only the player, when asked
# A result an operator voided (AdminService.VoidResult) counts for nobody: the player's
# list shows it unrated for this reason, beside the eligibility rules' (ports.PlayerResultRow).
VOIDED = "voided"


class SeatOwners(Protocol):
    """Which signed-in player holds each seat of a match (seats without one are left
    out)."""

    async def seat_owners(self, match_id: str) -> Mapping[int, str]: ...


class OutcomeGate(Protocol):
    """Turns away a rated outcome the operator's rules do not count (recorded unrated:
    ``ratings.eligibility.RatedPlay``)."""

    async def admit(self, outcome: MatchOutcome) -> MatchOutcome: ...


@dataclass(frozen=True, slots=True)
class SeatOutcome(SeatFigures):
    """A seat's figures (``stats.SeatFigures``) and who played it."""

    player_id: str | None  # None: an anonymous seat token or a bot


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    match_id: str
    ended_at: float
    category: str  # "2", "3" or "4" (ratings.model.CATEGORIES)
    rated: bool
    seats: tuple[SeatOutcome, ...]
    scores: tuple[int, ...]  # final raw score per side
    winner_side: int
    forfeited_side: int | None = None  # the side that conceded (it placed last)
    # Why a match the log rates was recorded unrated (ratings.eligibility: "aborted",
    # "standing", "repeated_pairing"); "" otherwise.  Stored with each result and shown
    # in the player's match list (PlayerMatch.unrated_reason).
    unrated_because: str = ""
    practice: bool = False  # created as practice (bots, undo, hints): never public figures

    @property
    def mode(self) -> str:
        """What kind of play the match was (``MODES``): rated, practice, or casual (any
        other finished match: unrated, against bots, with hints, or with an anonymous
        seat).  A player's statistics keep them apart (docs/ratings.md)."""
        return RATED if self.rated else PRACTICE if self.practice else CASUAL

    @property
    def players(self) -> tuple[SeatOutcome, ...]:
        """The seats a signed-in player held (each gets a result row)."""
        return tuple(s for s in self.seats if s.player_id is not None)

    def rated_match(self) -> RatedMatch:
        """The match as the rating model sees it (only for a rated match: every seat has
        a player)."""
        if not self.rated:
            raise ValueError(f"match {self.match_id!r} is not rated")
        sides = tuple(
            tuple(str(s.player_id) for s in self.seats if s.side == side)
            for side in range(len(self.scores))
        )
        return RatedMatch(self.match_id, sides, self.scores, self.winner_side, self.forfeited_side)


def claimed_players(events: Iterable[Event]) -> dict[int, str]:
    """The player each seat's SeatClaimed names (seats claimed anonymously, or in a log
    written before claims named their player, are left out)."""
    return {e.seat: e.player_id for e in events if isinstance(e, SeatClaimed) and e.player_id}


def seat_players(events: Iterable[Event], bindings: Mapping[int, str] | None) -> dict[int, str]:
    """Which signed-in player held each seat, from the log's claims.

    ``bindings`` (the lobby's, when at hand) settle two things the log cannot: a claim
    that names no player because it was written before claims did (the binding alone
    says whose the seat is), and a claim whose binding never followed (the same player
    joining from two devices at once -- the lobby bound the other seat -- or a replica
    killed between a claim and its binding, in a join or a matchmaking round): the seat
    is not the player's.  Without ``bindings`` (a rebuild from the logs alone) the log's
    claims are taken as they are; they agree with the bindings for every match the
    ledger holds, as the live outcome rated it only where they did."""
    claimed = claimed_players(events)
    if bindings is None:
        return claimed
    out = {seat: player for seat, player in bindings.items() if seat not in claimed}
    out.update((seat, player) for seat, player in claimed.items() if bindings.get(seat) == player)
    return out


def match_outcome(
    match_id: str,
    ended_at: float,
    events: Iterable[Event],
    bindings: Mapping[int, str] | None,
) -> MatchOutcome:
    """The outcome of a finished match from its whole log (version 1 on) and, when at
    hand, its seat bindings (``seat_players``).  Rated iff it was created rated (which
    already excludes bots, hints and practice) and every seat is held by a signed-in
    player."""
    log = list(events)
    owners = seat_players(log, bindings)
    started = next(e for e in log if isinstance(e, MatchStarted))
    ended = next(e for e in reversed(log) if isinstance(e, MatchEnded))
    n = len(started.seats)
    if len(ended.scores) != n_sides(n):
        raise ValueError(f"match {match_id!r}: {len(ended.scores)} scores for {n} seats")
    rated = (
        started.rated
        and all(kind == HUMAN for kind in started.seats)
        and all(seat in owners for seat in range(n))
        and len(set(owners.values())) == n  # one player, one seat (the lobby ensures it)
    )
    return MatchOutcome(
        match_id=match_id,
        ended_at=ended_at,
        category=category_of(n),
        rated=rated,
        seats=tuple(
            SeatOutcome(
                player_id=owners.get(f.seat),
                **{field.name: getattr(f, field.name) for field in fields(SeatFigures)},
            )
            for f in match_figures(log)
        ),
        scores=tuple(ended.scores),
        winner_side=ended.winner_side,
        forfeited_side=ended.forfeited_side,
        practice=started.practice,
    )
