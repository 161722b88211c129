"""Private tables: matches that the lobby never lists, joined with an invite code.

The code is 128 random bits (URL-safe base64, 22 characters): unguessable, so knowing
it is the permission to sit down.  Only its SHA-256 is stored, with an expiry.  The
invite is recorded before the match exists (under the id chosen for it), so the table is
never listed as public, not even for a moment; plain JoinMatch on it is refused
(``INVITE_REQUIRED``), JoinWithInvite seats a signed-in player.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..identity import Players
from ..match.matches import Matches, new_match_id
from ..match.results import Joined
from ..shared.errors import InvalidRequest
from .errors import InviteExpired, InviteNotFound
from .ports import InviteLookup, LobbyStore
from .seats import PlayerSeats

DEFAULT_INVITE_SECONDS = 24 * 3600
MAX_INVITE_SECONDS = 7 * 24 * 3600
MAX_CODE_LENGTH = 64


@dataclass(frozen=True, slots=True)
class PrivateTable:
    match_id: str
    invite_code: str
    expires_at: float
    version: int
    joined: Joined | None  # the creator's seat, when they sat down


@dataclass(frozen=True, slots=True)
class InvitedSeat:
    match_id: str
    seat: int
    version: int


def invite_hash(code: str) -> bytes:
    return hashlib.sha256(code.encode()).digest()


class PrivateTables:
    def __init__(
        self,
        matches: Matches,
        players: Players,
        seats: PlayerSeats,
        store: LobbyStore,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.matches = matches
        self.players = players
        self.seats = seats
        self.store = store
        self._clock = clock

    async def create(
        self,
        access_token: str | None,
        seats: list[str],
        target_points: int,
        ttl_seconds: int,
        join: bool,
        *,
        unrated: bool = False,
        turn_clock_seconds: int | None = None,
    ) -> PrivateTable:
        claims = await self.players.authenticate(access_token)
        if not 0 <= ttl_seconds <= MAX_INVITE_SECONDS:
            raise InvalidRequest(
                f"invite_ttl_seconds must be 0-{MAX_INVITE_SECONDS}", field="invite_ttl_seconds"
            )
        now = self._clock()
        expires = now + (ttl_seconds or DEFAULT_INVITE_SECONDS)
        code = secrets.token_urlsafe(16)
        match_id = new_match_id()
        await self.store.create_invite(match_id, invite_hash(code), expires, claims.player_id, now)
        created = await self.matches.create(
            seats,
            target_points,
            match_id=match_id,
            unrated=unrated,
            turn_clock_seconds=turn_clock_seconds,
        )
        joined = None
        if join:
            joined = await self.seats.join(match_id, None, access_token, invited=True)
        version = joined.version if joined is not None else created.version
        return PrivateTable(match_id, code, expires, version, joined)

    async def join(self, access_token: str | None, code: str, seat: int | None) -> InvitedSeat:
        await self.players.authenticate(access_token)
        if not code or len(code) > MAX_CODE_LENGTH:
            raise InviteNotFound("no private table has this invite code")
        found = await self.store.find_invite(invite_hash(code), self._clock())
        if found.outcome is InviteLookup.UNKNOWN or found.match_id is None:
            raise InviteNotFound("no private table has this invite code")
        if found.outcome is InviteLookup.EXPIRED:
            raise InviteExpired("this invite code has expired: ask for a new table")
        joined = await self.seats.join(found.match_id, seat, access_token, invited=True)
        return InvitedSeat(found.match_id, joined.seat, joined.version)
