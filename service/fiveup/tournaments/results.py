"""A tournament table's ending read from its match's log (docs/tournaments.md, "Fair
play"): a pure function of the log, so the director that records it live and
``fiveup check-tournaments`` that recomputes it agree by construction.

* Played out: ``played``.  A side conceded (resigned, abandoned, deadline) after every
  seat made ``min_own_moves`` moves of its own: ``forfeit`` (it counts; the side is
  last).  Conceded before that: ``aborted`` (no result for anyone) -- the same test
  rated play uses (``ratings.eligibility.aborted``), over the same figures, so a
  stand-in's moves count for nobody.  A match cancelled (an operator ended it, or it
  reached the server's length bound) is ``aborted`` too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Event, Forfeited, MatchCancelled, MatchEnded
from ..ratings.eligibility import aborted
from ..ratings.outcome import claimed_players, match_outcome
from .model import Ending

CANCELLED = "cancelled"  # the concede reason recorded for a cancelled match


@dataclass(frozen=True, slots=True)
class Ended:
    """How a finished table counts, with the facts operators see."""

    ending: Ending
    scores: tuple[int, ...] = ()
    winner_side: int = 0
    forfeited_side: int | None = None
    conceded_seat: int | None = None  # the seat that conceded (forfeit or aborted)
    concede_reason: str = ""


def table_ending(match_id: str, events: Iterable[Event], min_own_moves: int) -> Ended | None:
    """The ending of a finished match from its whole log (None: not finished)."""
    log = list(events)
    if any(isinstance(e, MatchCancelled) for e in log):
        return Ended(Ending.ABORTED, concede_reason=CANCELLED)
    if not any(isinstance(e, MatchEnded) for e in log):
        return None
    outcome = match_outcome(match_id, 0.0, log, None)
    forfeit = next((e for e in reversed(log) if isinstance(e, Forfeited)), None)
    seat = forfeit.seat if forfeit is not None else None
    reason = forfeit.reason if forfeit is not None else ""
    if aborted(outcome, min_own_moves):
        ending = Ending.ABORTED
    elif outcome.forfeited_side is not None:
        ending = Ending.FORFEIT
    else:
        ending = Ending.PLAYED
    return Ended(ending, outcome.scores, outcome.winner_side, outcome.forfeited_side, seat, reason)


def seated_players(events: Iterable[Event]) -> dict[int, str]:
    """The player each seat's claim names in the log (check-tournaments compares them
    with the tables the tournament recorded)."""
    return claimed_players(events)
