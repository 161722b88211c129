"""Private tables: matches that the lobby never lists, joined with an invite code.

The code is 128 random bits (URL-safe base64, 22 characters): unguessable, so knowing
it is the permission to sit down.  The table keeps only its SHA-256, with an expiry.  The
invite is recorded before the match exists (under the id chosen for it), so the table is
never listed as public, not even for a moment; plain JoinMatch on it is refused
(``INVITE_REQUIRED``), JoinWithInvite seats a signed-in player.

**Named invitees.**  The creator may name players (``invited_player_ids``).  They are
recorded with the invite, and each may then take a seat as themself -- JoinMatch with
their access token -- until the invite expires: the permission is bound to the player,
so it needs no copy of the code (which stays stored as a hash only, and never travels in
a notification, a webhook or a push).  Each gets an "invited" notification naming the
table, written in the transaction that creates the match -- so a notice exists exactly
when its table does (an invite whose match never got created, after a crash, told
nobody).  The list is checked before anything is written: ids well formed and each once,
not the creator, no more than the human seats left for others, every one a player.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import HUMAN
from ..identity import Players, is_player_id
from ..identity.errors import PlayerNotFound
from ..match.matches import Matches, new_match_id
from ..match.results import Joined
from ..notifications.notices import Notice, NoticeKind
from ..shared.errors import InvalidRequest
from .errors import CannotInviteSelf, InviteExpired, InviteNotFound, TooManyInvitees
from .ports import InviteLookup, LobbyStore
from .seats import PlayerSeats

DEFAULT_INVITE_SECONDS = 24 * 3600
MAX_INVITE_SECONDS = 7 * 24 * 3600
MAX_CODE_LENGTH = 64
INVITEES = "invited_player_ids"


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
        invited: Sequence[str] = (),
    ) -> PrivateTable:
        """A new private table; ``invited``: the players told of it, who may sit down as
        themselves until the invite expires."""
        claims = await self.players.authenticate(access_token)
        if not 0 <= ttl_seconds <= MAX_INVITE_SECONDS:
            raise InvalidRequest(
                f"invite_ttl_seconds must be 0-{MAX_INVITE_SECONDS}", field="invite_ttl_seconds"
            )
        host = await self._check_invitees(claims.player_id, invited, seats, join)
        now = self._clock()
        expires = now + (ttl_seconds or DEFAULT_INVITE_SECONDS)
        code = secrets.token_urlsafe(16)
        match_id = new_match_id()
        notices = [
            Notice.of(
                NoticeKind.INVITED, player_id, f"{match_id}/invited/{player_id}", now,
                match_id=match_id,
                data={
                    "by": host, "expires_at": expires, "seats": len(seats),
                    "turn_clock_seconds": turn_clock_seconds or 0,
                },
            )
            for player_id in invited
        ]  # fmt: skip
        await self.store.create_invite(
            match_id, invite_hash(code), expires, claims.player_id, now, invited=invited
        )
        created = await self.matches.create(
            seats,
            target_points,
            match_id=match_id,
            unrated=unrated,
            turn_clock_seconds=turn_clock_seconds,
            notices=notices,
        )
        joined = None
        if join:
            joined = await self.seats.join(match_id, None, access_token, invited=True)
        version = joined.version if joined is not None else created.version
        return PrivateTable(match_id, code, expires, version, joined)

    async def _check_invitees(
        self, host_id: str, invited: Sequence[str], seats: Sequence[str], join: bool
    ) -> str:
        """Refuse a bad list of invitees before anything is written; the host's display
        name (the notices say who invited)."""
        seen: set[str] = set()
        for index, player_id in enumerate(invited):
            if not is_player_id(player_id):
                raise InvalidRequest("not a player id", field=INVITEES, index=str(index))
            if player_id in seen:
                raise InvalidRequest("a player is invited twice", field=INVITEES, index=str(index))
            seen.add(player_id)
            if player_id == host_id:
                raise CannotInviteSelf(
                    "the table's creator cannot invite themself", field=INVITEES,
                    index=str(index),
                )  # fmt: skip
        room = sum(1 for kind in seats if kind == HUMAN) - (1 if join else 0)
        if len(invited) > max(room, 0):
            raise TooManyInvitees(
                f"at most {max(room, 0)} invitees: the human seats left for others",
                field=INVITEES, limit=str(max(room, 0)),
            )  # fmt: skip
        for index, player_id in enumerate(invited):
            if await self.players.store.get_player(player_id) is None:
                raise PlayerNotFound("no player has this id", field=INVITEES, index=str(index))
        if not invited:
            return ""
        host = await self.players.store.get_player(host_id)
        return host.display_name if host is not None else ""

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
