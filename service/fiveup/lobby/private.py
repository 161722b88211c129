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

**Blocks, limits and strangers** (docs/security.md, "Invitations and blocks").  An
invitee the creator blocked is refused (``PLAYER_BLOCKED``); an invitee who blocked the
creator is recorded but never told, and the creator cannot tell the difference.
Invitations are limited per inviter (a minute's and a day's) and per invitee (pending
ones from distinct inviters), checked in the transaction that records them
(``InviteQuota``; ``INVITATIONS_LIMITED``).  An invitation from a **stranger** -- someone
the invitee never sat at a table with and whose private table they never sat down at --
is listed like any other (the notification stream, ``data.known`` false) but never
pushed (no Web Push, no webhook): a flood of strangers' invitations rings no phone.  A
friend (``fiveup.friends``) is never a stranger.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import HUMAN
from ..friends.ports import FriendLookup, NoFriends
from ..identity import Players, is_player_id
from ..identity.errors import PlayerNotFound
from ..identity.relations import BlockLookup, NoBlocks
from ..match.matches import Matches, new_match_id
from ..match.results import Joined
from ..notifications.notices import Notice, NoticeKind
from ..shared.errors import InvalidRequest
from .errors import (
    CannotInviteSelf,
    InviteExpired,
    InviteNotFound,
    PlayerBlocked,
    TooManyInvitations,
    TooManyInvitees,
)
from .ports import InviteLookup, InviteQuota, InviteQuotaExceeded, LobbyStore
from .seats import PlayerSeats, check_rated_seat

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
        blocks: BlockLookup | None = None,
        friends: FriendLookup | None = None,
        quota: InviteQuota | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.matches = matches
        self.players = players
        self.seats = seats
        self.store = store
        self.blocks: BlockLookup = blocks or NoBlocks()
        self.friends: FriendLookup = friends or NoFriends()
        self.quota = quota  # None: invitations unlimited (tests, tools)
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
        if join and not unrated and all(kind == HUMAN for kind in seats):
            # the host's seat at a table made rated: refused before anything is written
            await check_rated_seat(self.players, claims.player_id)
        quiet = await self._refusing(claims.player_id, invited)
        known = await self._known(claims.player_id, [p for p in invited if p not in quiet])
        now = self._clock()
        expires = now + (ttl_seconds or DEFAULT_INVITE_SECONDS)
        code = secrets.token_urlsafe(16)
        match_id = new_match_id()
        # The text a notice carries of the inviter is their display name only (checked by
        # the name rules when it was set); a stranger's invitation is listed, never pushed.
        notices = [
            Notice.of(
                NoticeKind.INVITED, player_id, f"{match_id}/invited/{player_id}", now,
                match_id=match_id,
                data={
                    "by": host, "expires_at": expires, "seats": len(seats),
                    "turn_clock_seconds": turn_clock_seconds or 0,
                    "known": player_id in known,
                },
                push=player_id in known,
            )
            for player_id in invited
            if player_id not in quiet
        ]  # fmt: skip
        try:
            await self.store.create_invite(
                match_id, invite_hash(code), expires, claims.player_id, now, invited=invited,
                quiet=quiet, quota=self.quota,
            )  # fmt: skip
        except InviteQuotaExceeded as exc:
            raise _limited(exc) from None
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

    async def _refusing(self, host_id: str, invited: Sequence[str]) -> set[str]:
        """The invitees who blocked the host: their invitation goes silently nowhere
        (no notice, never counted against them; the host is not told).  An invitee the
        host blocked is refused outright (the host knows whom they blocked)."""
        if not invited:
            return set()
        pairs = await self.blocks.pairs_among([host_id, *invited])
        involved = [p for p in invited if frozenset((host_id, p)) in pairs]
        if not involved:
            return set()
        mine = await self.blocks.blocked_by(host_id)
        for index, player_id in enumerate(invited):
            if player_id in mine:
                raise PlayerBlocked(
                    "you blocked this player: unblock them to invite them", field=INVITEES,
                    index=str(index),
                )  # fmt: skip
        return set(involved)

    async def _known(self, host_id: str, invited: Sequence[str]) -> set[str]:
        """The invitees who know the host: their friends, those who sat at a table with
        them, or took a seat at a private table of theirs.  Only their invitations are
        pushed."""
        friends = await self.friends.friends_among(host_id, invited)
        return friends | {
            p for p in invited
            if p not in friends and host_id in await self.store.acquainted(p, [host_id])
        }  # fmt: skip

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


def _limited(exc: InviteQuotaExceeded) -> TooManyInvitations:
    if exc.scope == "invitee":
        return TooManyInvitations(
            "this player has as many pending invitations as they may get: try later",
            exc.retry_after, scope=exc.scope, limit=str(exc.limit), field=INVITEES,
            index=str(exc.index),
        )  # fmt: skip
    window = "a minute" if exc.scope == "inviter_minute" else "a day"
    return TooManyInvitations(
        f"you have sent as many invitations as allowed in {window} ({exc.limit}): try later",
        exc.retry_after, scope=exc.scope, limit=str(exc.limit),
    )  # fmt: skip
