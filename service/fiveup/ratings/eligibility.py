"""Rated means earned (issue 21): which finished matches count for ratings, beyond the
log's own rule (created rated, every seat a signed-in player: ``outcome.match_outcome``).

One person with two fresh guest accounts played 30 rated matches in 5.7 s and put one of
them at #1 of a board.  Two rules, applied to a rated outcome just before the append that
ends the match (``MatchRepository``), make that cost real:

* **Standing.**  Every player needs it (``--rated-standing``): ``linked`` -- an external
  identity linked to the account (lichess rates games between accounts only); or
  ``guest_matches`` (the default) -- linked, or a guest account at least
  ``--rated-guest-min-age-seconds`` (a day) old that has finished
  ``--rated-guest-min-matches`` (3) matches of at least ``--rated-guest-min-rounds`` (15)
  rounds in all, unrated ones included (a newcomer earns standing by playing people or
  bots, not by a string of one-round sprints; spare accounts must be made a day ahead);
  ``any`` -- every signed-in player (the old rule).
* **Repeated pairings.**  The same players (the same set, in the category) rated together
  more than ``--rated-pair-limit`` (2) times within ``--rated-pair-window-seconds``
  (a day): the later matches count for nothing -- recorded with their results, unrated.
  Volume against one friendly opponent stops paying.

Issue 31 ("a place on the board for no play") added what a player must have *played*:

* **Own play.**  A guest's standing counts only their own play: finished matches in which
  they made moves themselves, and the rounds in which every move of their seat was their
  own (``stats.match_figures``: a stand-in bot's moves and rounds count for nobody).  Four
  guests had earned standing by joining bot matches and letting the stand-in play them.
* **Aborted for rating.**  A rated match that ends by a forfeit (resigned, abandoned, a
  correspondence deadline) before every seat has made ``--rated-min-own-moves`` (3) moves
  of its own is recorded unrated (reason ``aborted``), as lichess never rates a game
  aborted before both sides moved.  A sock resigning at once gave its opponent a rated
  win a second.  The rule reads the log alone (``aborted``), so ``fiveup check-ratings``
  checks every ledger match against it.

A match turned away here is recorded unrated with every player's result; it never
enters the ledger, so a rebuild from the logs (which folds only the ledger's matches)
equals the stored ratings as before.  Two ends of the same pairing racing on two replicas
may both pass the pairing count (it is read before the append, not under the rating
lock): the limit can be exceeded by the number of simultaneous ends, never more.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from ..identity.ports import EXTERNAL_PREFIX, PlayerRecord
from .outcome import MatchOutcome
from .ports import FinishedRecord

log = logging.getLogger(__name__)

STANDING_RULES = ("guest_matches", "linked", "any")
DAY = 86_400.0
DEFAULT_MIN_OWN_MOVES = 3
# Why a match the log rates is recorded unrated (MatchOutcome.unrated_because).
ABORTED, STANDING, REPEATED_PAIRING = "aborted", "standing", "repeated_pairing"


@dataclass(frozen=True, slots=True)
class RatedPlayPolicy:
    standing: str = "guest_matches"  # one of STANDING_RULES
    guest_min_matches: int = 3
    guest_min_rounds: int = 15
    guest_min_age_seconds: float = DAY  # a guest account this old, at least
    pair_limit: int = 2  # rated matches of the same players per window (0: no limit)
    pair_window_seconds: float = DAY
    # A forfeit before every seat made this many own moves: not rated (0: every forfeit is)
    min_own_moves: int = DEFAULT_MIN_OWN_MOVES

    def __post_init__(self) -> None:
        if self.standing not in STANDING_RULES:
            raise ValueError(f"standing must be one of {STANDING_RULES}, not {self.standing!r}")
        if self.min_own_moves < 0:
            raise ValueError(f"min_own_moves must be 0 or more, not {self.min_own_moves}")


class RatedPlayRecords(Protocol):
    """The rating store's reads the rules need (``store.ratings_reads``)."""

    async def finished_record(self, player_id: str) -> FinishedRecord: ...

    async def rated_together(
        self, category: str, player_ids: Collection[str], since: float
    ) -> int: ...


class PlayerDirectory(Protocol):
    """Who a player is (the identity context's player store)."""

    async def get_player(self, player_id: str) -> PlayerRecord | None: ...


@dataclass(frozen=True, slots=True)
class Admission:
    rated: bool
    reason: str = ""  # why not: ABORTED, STANDING or REPEATED_PAIRING


def is_linked(player: PlayerRecord) -> bool:
    return any(p.startswith(EXTERNAL_PREFIX) for p in player.providers)


def aborted(outcome: MatchOutcome, min_own_moves: int) -> bool:
    """Whether the match ended by a side's forfeit (resigned, abandoned, deadline) before
    every seat had made ``min_own_moves`` moves of its own: then nothing was played for
    the result, and it is not rated.  A function of the log alone (the outcome's figures
    are folded from it), so a rebuild checks it as the live end decided it."""
    if outcome.forfeited_side is None or min_own_moves <= 0:
        return False
    return any(seat.own_moves < min_own_moves for seat in outcome.seats)


class RatedPlay:
    """The rules above over the rating store and the player directory."""

    def __init__(
        self,
        policy: RatedPlayPolicy,
        records: RatedPlayRecords,
        players: PlayerDirectory,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.policy = policy
        self.records = records
        self.players = players
        self.clock = clock

    async def has_standing(self, player_id: str) -> bool:
        rule = self.policy.standing
        if rule == "any":
            return True
        player = await self.players.get_player(player_id)
        if player is None:
            return False
        if is_linked(player):
            return True
        if rule == "linked":
            return False
        if self.clock() - player.created_at < self.policy.guest_min_age_seconds:
            return False
        done = await self.records.finished_record(player_id)
        return (
            done.matches >= self.policy.guest_min_matches
            and done.rounds >= self.policy.guest_min_rounds
        )

    async def admission(self, outcome: MatchOutcome) -> Admission:
        """Whether ``outcome`` (rated by the log's rule) counts for ratings."""
        if aborted(outcome, self.policy.min_own_moves):
            return Admission(False, ABORTED)
        players = [str(s.player_id) for s in outcome.players]
        for player in players:
            if not await self.has_standing(player):
                return Admission(False, STANDING)
        limit = self.policy.pair_limit
        if limit > 0:
            since = self.clock() - self.policy.pair_window_seconds
            if await self.records.rated_together(outcome.category, players, since) >= limit:
                return Admission(False, REPEATED_PAIRING)
        return Admission(True)

    async def admit(self, outcome: MatchOutcome) -> MatchOutcome:
        """``outcome`` as it is to be recorded: unrated when a rule turns it away."""
        if not outcome.rated:
            return outcome
        admission = await self.admission(outcome)
        if admission.rated:
            return outcome
        log.info("match %s recorded unrated: %s", outcome.match_id, admission.reason)
        return dataclasses.replace(outcome, rated=False, unrated_because=admission.reason)
