"""Voiding a finished match's result (AdminService.VoidResult, issue 33): it counts for
nobody, and every rating it touched is recomputed exactly, from the logs, as if it had
never been played -- so ``fiveup check-ratings``, which rebuilds every rating from the
logs of the rated matches not voided, agrees afterwards.

The ratings are a fold of the rated matches in the ledger's order, per category, so a
void changes the ratings of its players from its place on, and of everyone who later
met one of them in the category, and so on.  The recomputation starts from the players'
ratings just before the voided match (their history points) and rates again, from its
log (``ratings_replay``, the rebuild's own reading), each later match of the category
that holds a player whose rating changed: the rebuild's arithmetic on the rebuild's
inputs, float for float.  A later match whose players are all untouched keeps its
ratings and is not read at all.

The void and its recomputation are written in one transaction (the ratings context's
``ResultVoids.write_void``), checked against what they were planned on: a rated match
that ends (or another void) in the category meanwhile makes the plan start again.  A
second void of the same match changes nothing and says so (``Voided.already``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..engine import MatchCancelled, MatchEnded
from ..ratings.model import Rating, rate
from ..ratings.outcome import SeatOwners
from ..ratings.ports import RatingStore, Rerated, VoidConflict, VoidRecord, VoidWrite
from .errors import MatchHasNoResult, MatchNotFinished, StaleVersion
from .event_mapper import from_stored
from .ports import EventStore
from .ratings_replay import rated_matches_from_logs

MAX_PLANS = 10  # a busy category's ratings keep moving: give up (ABORTED) after so many


@dataclass(frozen=True, slots=True)
class RatingChanged:
    """A rating the void changed: ``after`` None when no rated match of the player's is
    left in the category (they have no rating there any more)."""

    player_id: str
    category: str
    before: Rating
    after: Rating | None


@dataclass(frozen=True, slots=True)
class Voided:
    """The void as recorded, every rating it changed and how many later rated matches it
    rated again (none when ``already``: the match was voided before, by ``record``)."""

    record: VoidRecord
    changes: tuple[RatingChanged, ...]
    already: bool = False
    rerated: int = 0


class ResultVoiding:
    """Voids over the event store (the logs), the rating store (the void's record and the
    ratings) and the seat owners (whose results a log rates, as the rebuild reads them)."""

    def __init__(
        self,
        events: EventStore,
        ratings: RatingStore,
        owners: SeatOwners | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.events = events
        self.ratings = ratings
        self.owners = owners
        self.clock = clock

    async def void(self, match_id: str, operator_id: str, reason: str) -> Voided:
        """Void ``match_id``'s result on behalf of ``operator_id`` for ``reason``: refused
        while it is live (MatchNotFinished) and for a cancelled match (MatchHasNoResult);
        raises MatchNotFound for an unknown one."""
        await self._check_decided(match_id)
        for _ in range(MAX_PLANS):
            earlier = (await self.ratings.voids([match_id])).get(match_id)
            if earlier is not None:
                return Voided(earlier, (), already=True)
            record = VoidRecord(match_id, self.clock(), operator_id, reason)
            write, before = await self._plan(record)
            try:
                if not await self.ratings.write_void(write):
                    continue  # voided meanwhile: answer that void
            except VoidConflict:
                continue
            return Voided(record, _changes(write, before), rerated=len(write.rerated))
        raise StaleVersion("the ratings kept moving while the void was planned: void again")

    async def _check_decided(self, match_id: str) -> None:
        await self.events.load_match(match_id)  # MatchNotFound
        log = [event for _, event in from_stored(await self.events.read_events(match_id))]
        if any(isinstance(e, MatchEnded) for e in log):
            return
        if any(isinstance(e, MatchCancelled) for e in log):
            raise MatchHasNoResult("the match was cancelled: it has no result to void")
        raise MatchNotFinished("the match is still live: end it (EndMatch), not void it")

    async def _plan(self, record: VoidRecord) -> tuple[VoidWrite, dict[str, Rating]]:
        """What the void writes, and the current ratings of the players it touches."""
        entry = await self.ratings.ledger_entry(record.match_id)
        if entry is None:  # never rated: its results leave the figures, no rating moves
            return VoidWrite(record), {}
        category = entry.category
        since = await self.ratings.rated_since(category, entry.seq)  # its basis first
        # Where the voided match's players stood just before it (None: nowhere yet).
        state: dict[str, Rating | None] = dict.fromkeys(entry.players)
        state.update(await self.ratings.ratings_before(category, entry.players, entry.seq))
        rerated = []
        for later in since.entries:
            if state.keys().isdisjoint(later.players):
                continue  # nobody in it changed: nor did it
            (match,) = await rated_matches_from_logs([later.match_id], self.events, self.owners)
            players = [p for side in match.sides for p in side]
            before = {p: r for p in players if (r := state.get(p)) is not None}
            untouched = [p for p in players if p not in state]
            before.update(await self.ratings.ratings_before(category, untouched, later.seq))
            after = rate(before, match)
            rerated.append(Rerated(later.seq, later.match_id, before, after))
            state.update(after)
        current = {
            r.player_id: r.rating
            for r in await self.ratings.current_ratings(state)
            if r.category == category
        }
        return VoidWrite(record, entry, since.basis, tuple(rerated), state), current


def _changes(write: VoidWrite, before: Mapping[str, Rating]) -> tuple[RatingChanged, ...]:
    category = write.entry.category if write.entry is not None else ""
    return tuple(
        RatingChanged(player, category, before[player], after)
        for player, after in sorted(write.ratings.items())
        if player in before and before[player] != after
    )
