"""Ending a match early: its creator cancels it (CancelMatch) while no result is at
stake yet, a seat concedes it for its side (Resign; the server's own clocks: a rated
stand-in past its limit, a rated correspondence turn out of time), or an operator ends a
stuck one (AdminService.EndMatch).  Each is an event of the log, appended under the
session's lock on the freshest fold."""

from __future__ import annotations

import hmac

from ..engine import FORFEIT_REASONS, HUMAN, Match
from ..engine.errors import MatchFinished
from ..shared.errors import PermissionDenied, Unauthenticated
from .errors import PlayStarted, StaleVersion
from .observer import Contained
from .ports import VersionConflict
from .repository import MatchRepository
from .results import Cancelled, Conceded
from .seating import MAX_CLAIM_APPENDS, hash_token


class EarlyEnds:
    """Cancel and forfeit, over the match repository."""

    def __init__(self, repository: MatchRepository, observer: Contained) -> None:
        self.repository = repository
        self.observer = observer

    async def cancel(self, match_id: str, token: str | None) -> Cancelled:
        """End the match without a winner, on its creator's token, while play has not
        really started: once every seat has made a move a cancel would erase the result
        at stake (a losing creator's escape), so it is refused (PlayStarted) and a player
        ends the match by resigning.  Practice matches (one human, nothing earned, undo
        allowed) and matches of bots only may be cancelled at any point.  The
        cancellation is an event of the log (MatchCancelled): watchers see it, the record
        replays it, bots stop and a restart does not resume them (the match is finished
        in the store).  Cancelling a cancelled match answers the version it was
        cancelled at."""
        session = await self.repository.get(match_id)
        if not token:
            raise Unauthenticated("CancelMatch needs `authorization: Bearer <creator token>`")
        creator = session.record.creator_hash
        if creator is None or not hmac.compare_digest(creator, hash_token(token)):
            raise PermissionDenied("only the match's creator (its creator token) may cancel it")
        async with session.lock:
            await self.repository.refresh(session)
            match = session.match
            if match.cancelled:
                return Cancelled(match.version)
            if match.finished:
                raise MatchFinished("the match is over: it has a winner")
            if match.play_started and _result_at_stake(match):
                raise PlayStarted(
                    "every seat has made a move: the match can no longer be cancelled;"
                    " a player ends it with Resign"
                )
            before = match.version
            events = match.cancel("creator")
            try:
                version = await self.repository.append(session, before, events)
            except VersionConflict:
                await self.repository.reload(session)
                raise StaleVersion(
                    "a move was recorded at the same moment: cancel again",
                    current_version=str(session.match.version),
                ) from None
        return Cancelled(version)

    async def end(self, match_id: str) -> Cancelled:
        """An operator ends a live match (AdminService.EndMatch: one that is stuck): it is
        cancelled (MatchCancelled "operator"), so it has no result and changes no rating
        (only a MatchEnded carries an outcome), and its watchers see the event like any
        other: the append wakes them, here and on every replica.  Whatever the match's
        phase: the operator, not a rule, judged it.  A finished or cancelled match is
        refused (MatchFinished): there is nothing left to end.  A move racing the end is
        ordered before it."""
        session = await self.repository.get(match_id)
        for _ in range(MAX_CLAIM_APPENDS):
            async with session.lock:
                await self.repository.refresh(session)
                match = session.match
                if match.finished:
                    raise MatchFinished(
                        "the match is already over (finished or cancelled): nothing to end"
                    )
                before = match.version
                events = match.cancel("operator")
                try:
                    version = await self.repository.append(session, before, events)
                except VersionConflict:  # a move landed first: end it after that
                    await self.repository.reload(session)
                    continue
            return Cancelled(version)
        raise StaleVersion(
            "the match kept moving: end it again", current_version=str(session.match.version)
        )

    async def forfeit(self, match_id: str, seat: int, reason: str) -> Conceded:
        """``seat`` concedes the match for its side (``reason``: "resigned" for Resign,
        "abandoned" for a stand-in past the server's limit in a rated match, "deadline"
        for a rated correspondence turn whose clock ran out): a Forfeited event and the
        MatchEnded ranking the side last, appended under the session's lock on the
        freshest fold (a racing move is simply ordered before it).  The append that ends
        the match records its results and rates it like any end.  Idempotent: when this
        seat's side has already conceded, the answer is the version it ended at.  The
        caller has authorized ``seat`` (a seat token for Resign; the server's own clocks
        otherwise)."""
        if reason not in FORFEIT_REASONS:
            raise ValueError(f"not a forfeit reason: {reason!r}")
        session = await self.repository.get(match_id)
        for _ in range(MAX_CLAIM_APPENDS):
            async with session.lock:
                await self.repository.refresh(session)
                match = session.match
                done = match.forfeited
                if done is not None and match.side_of(done.seat) == match.side_of(seat):
                    return Conceded(match.version, done.seat, done.reason)
                before = match.version
                events = match.forfeit(seat, reason)  # MatchFinished once over
                try:
                    version = await self.repository.append(session, before, events)
                except VersionConflict:  # a move landed first: concede after it
                    await self.repository.reload(session)
                    continue
            self.observer.forfeited(match, seat, reason)
            return Conceded(version, seat, reason)
        raise StaleVersion(
            "the match kept moving: concede again", current_version=str(session.match.version)
        )


def _result_at_stake(match: Match) -> bool:
    """Whether ending ``match`` now would take a result from someone: every match with a
    human seat, but a practice match (nothing is earned in one)."""
    return HUMAN in match.config.seats and not match.practice
