"""Seats of a match: claiming a human seat (JoinMatch) -- its token's hash stored first,
then a SeatClaimed event appended on top of whatever others appended meanwhile -- and
telling which seat a bearer token belongs to.  Only a token's SHA-256 is kept, and a
token is compared with every seat's hash in constant time."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable

from ..engine import HUMAN
from ..shared.errors import InvalidRequest, PermissionDenied, Unauthenticated
from .autoplay import TurnDeadlines
from .errors import NoFreeSeat, SeatTaken
from .ports import VersionConflict
from .repository import MatchRepository, MatchSession
from .results import Joined

# A seat claim's event is appended on top of whatever was appended meanwhile; this many
# lost races in a row (each one a whole step by another writer) means something is wrong.
MAX_CLAIM_APPENDS = 20

log = logging.getLogger(__name__)


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class SeatClaims:
    """Claims seats and authenticates their tokens, over the match repository."""

    def __init__(
        self,
        repository: MatchRepository,
        deadlines: TurnDeadlines,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.repository = repository
        self.deadlines = deadlines
        self.clock = clock

    async def join(
        self, match_id: str, seat: int | None, display_name: str = "", player_id: str = ""
    ) -> Joined:
        """Claim a human seat (``seat``, or the lowest free one) and record the claim as a
        SeatClaimed event naming ``display_name`` and ``player_id`` (a signed-in player's
        public name and id; both "" for an anonymous seat token)."""
        session = await self.repository.get(match_id)
        seats = session.record.seats
        if seat is not None:
            if not 0 <= seat < len(seats):
                raise InvalidRequest(
                    f"seat {seat} is not in this {len(seats)}-seat match", field="seat"
                )
            if seats[seat] != HUMAN:
                raise SeatTaken(f"seat {seat} is played by the {seats[seat]} bot")
        token = secrets.token_urlsafe(32)
        async with session.lock:
            await self.repository.reread_tokens(session)
            candidates = (
                [seat]
                if seat is not None
                else [
                    s for s, kind in enumerate(seats) if kind == HUMAN and s not in session.tokens
                ]
            )
            if not candidates:
                raise NoFreeSeat("every human seat of this match is taken")
            chosen = candidates[0]
            await self.repository.claim_seat(session, chosen, hash_token(token))
            session.turn_started = self.clock()  # a newcomer gets a whole turn
            version = await self._record_claim(session, chosen, display_name, player_id)
            return Joined(chosen, token, version)

    async def authenticate(self, match_id: str, token: str | None, *, required: bool) -> int | None:
        """The seat a bearer token belongs to (None for a spectator when not required)."""
        session = await self.repository.get(match_id)
        if not token:
            if required:
                raise Unauthenticated("this call needs `authorization: Bearer <seat token>`")
            return None
        digest = hash_token(token)
        found = _seat_of(session.tokens, digest)
        if found is None and len(session.tokens) < _human_count(session):
            # A seat may have been claimed through another process since: re-read them.
            # (Only then: a token that matches a cached seat is valid for good.)
            await self.repository.reread_tokens(session)
            found = _seat_of(session.tokens, digest)
        if found is None:
            raise PermissionDenied("the token does not belong to a seat of this match")
        return found

    async def _record_claim(
        self, session: MatchSession, seat: int, display_name: str, player_id: str
    ) -> int:
        """Append the SeatClaimed event of a seat just claimed in the store (holding the
        session's lock); answer the match's version after it.  The claim itself is
        already stored: a writer that appends first (a bot, another replica) only makes
        this re-read and append again on top."""
        repository = self.repository
        for _ in range(MAX_CLAIM_APPENDS):
            await repository.refresh(session)
            match = session.match
            before, turn = match.version, match.current_turn()
            claim = match.claim_seat(seat, display_name, player_id)
            events = self.deadlines.stamp(session, claim, keep=turn)
            if not events:  # the match is over: nothing follows its end
                return before
            try:
                return await repository.append(session, before, events)
            except VersionConflict:
                await repository.reload(session)
        log.warning("seat %d of %s: claimed, but its event lost %d races", seat,
                    session.match_id, MAX_CLAIM_APPENDS)  # fmt: skip
        return session.match.version


def _seat_of(tokens: dict[int, bytes], digest: bytes) -> int | None:
    found: int | None = None
    for seat, stored in tokens.items():  # compare with every seat: constant time
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def _human_count(session: MatchSession) -> int:
    return sum(1 for kind in session.record.seats if kind == HUMAN)
