"""Friends: requests, answers, removals, the friends list with presence and the friends'
board (FriendService; docs/api.md, "FriendService").

A friendship is two-sided: one player asks, the other accepts (or declines).  Asking a
player who had asked first accepts their request.  Every call is keyed by the pair and
idempotent: a retried send finds its request pending, a retried accept the friendship,
a retried decline or removal nothing left to do -- so no request id is needed, and a
retry never counts twice against a limit.

**Blocks win** (docs/security.md, "Friends and presence").  Blocking a friend ends the
friendship (in the block's own transaction: ``fiveup.store.*.relations``) exactly as a
removal would, cooldown included, so the blocked player cannot tell the two apart.  A request to
a player who blocked the sender is answered as sent and listed as the sender's pending
request, but never reaches the recipient (no notice, not in their list): the sender
cannot tell.  A request to a player the sender blocked is refused (``PLAYER_BLOCKED``):
the sender knows whom they blocked.

**Limits against spam** (checked in the writing transaction): requests per hour and per
day, the sender's unanswered requests, the recipient's unanswered requests, and a
cooldown after a decline, a removal or a withdrawal before the same player may be asked
again.  A request's notice goes to the stream only (never Web Push or the webhook): a
flood of requests rings no phone; an acceptance is pushed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..identity import Players, is_player_id
from ..identity.errors import PlayerBlocked, PlayerNotFound
from ..notifications.notices import Notice, NoticeKind
from ..ratings.standings import PlayerStanding, Standings, Window
from ..shared.errors import InvalidRequest
from .errors import CannotFriendSelf, FriendRequestNotFound, FriendRequestsLimited, TooManyFriends
from .ports import (
    AnswerOutcome,
    FriendLimitExceeded,
    FriendLimits,
    FriendRecord,
    FriendState,
    FriendStore,
    RequestRecord,
    SendOutcome,
)
from .presence import Presence, PresenceView


@dataclass(frozen=True, slots=True)
class FriendsConfig:
    limits: FriendLimits = field(default_factory=FriendLimits)


@dataclass(frozen=True, slots=True)
class FriendView:
    friend: FriendRecord
    presence: PresenceView


class Friends:
    """The use cases of FriendService for the signed-in player (and ``FriendLookup``)."""

    def __init__(
        self,
        players: Players,
        store: FriendStore,
        presence: Presence,
        standings: Standings,
        config: FriendsConfig | None = None,
        *,
        published: Callable[[Iterable[str]], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.players = players
        self.store = store
        self.presence = presence
        self.standings = standings
        self.config = config or FriendsConfig()
        self._published = published  # the outbox's wake-up, after a commit with notices
        self._clock = clock

    async def _pair(self, access_token: str | None, player_id: str) -> str:
        """The caller's id, after checking ``player_id`` names another player."""
        claims = await self.players.authenticate(access_token)
        if not is_player_id(player_id):
            raise InvalidRequest("not a player id", field="player_id")
        if player_id == claims.player_id:
            raise CannotFriendSelf("a player cannot be their own friend", field="player_id")
        return claims.player_id

    async def _name(self, player_id: str) -> str:
        record = await self.players.store.get_player(player_id)
        return record.display_name if record is not None else ""

    def _wake(self, player_ids: Sequence[str]) -> None:
        if player_ids and self._published is not None:
            self._published(player_ids)

    async def send(self, access_token: str | None, player_id: str) -> FriendState:
        me = await self._pair(access_token, player_id)
        if await self.players.store.get_player(player_id) is None:
            raise PlayerNotFound("no player has this id", field="player_id")
        now = self._clock()
        name = await self._name(me)
        # The text a notice carries of the sender is their display name (checked by the
        # name rules when it was set).
        requested = Notice.of(
            NoticeKind.FRIEND_REQUEST, player_id, f"{me}@{now!r}", now,
            data={"from": me, "by": name}, push=False,
        )  # fmt: skip
        accepted = Notice.of(
            NoticeKind.FRIEND_ACCEPTED, player_id, f"{me}@{now!r}", now,
            data={"friend": me, "by": name},
        )  # fmt: skip
        limits = self.config.limits
        try:
            result = await self.store.send_request(me, player_id, now, limits, requested, accepted)
        except FriendLimitExceeded as exc:
            raise _limited(exc) from None
        self._wake(result.notified)
        if result.outcome is SendOutcome.BLOCKED:
            raise PlayerBlocked(
                "you blocked this player: unblock them to ask them", field="player_id"
            )
        if result.outcome in (SendOutcome.FRIENDS, SendOutcome.ACCEPTED):
            return FriendState.FRIENDS
        return FriendState.REQUEST_SENT

    async def respond(self, access_token: str | None, player_id: str, accept: bool) -> FriendState:
        me = await self._pair(access_token, player_id)
        now = self._clock()
        accepted = Notice.of(
            NoticeKind.FRIEND_ACCEPTED, player_id, f"{me}@{now!r}", now,
            data={"friend": me, "by": await self._name(me)},
        )  # fmt: skip
        try:
            result = await self.store.answer(
                me, player_id, accept, now, self.config.limits, accepted
            )
        except FriendLimitExceeded as exc:
            raise _limited(exc) from None
        self._wake(result.notified)
        if result.outcome in (AnswerOutcome.ACCEPTED, AnswerOutcome.FRIENDS):
            return FriendState.FRIENDS
        if result.outcome is AnswerOutcome.NOT_FOUND and accept:
            raise FriendRequestNotFound(
                "this player has no pending friend request to you", field="player_id"
            )
        return FriendState.NONE

    async def remove(self, access_token: str | None, player_id: str) -> bool:
        me = await self._pair(access_token, player_id)
        return await self.store.remove(me, player_id, self._clock())

    async def list_friends(self, access_token: str | None) -> list[FriendView]:
        """The caller's friends with their presence."""
        claims = await self.players.authenticate(access_token)
        friends = await self.store.friends_of(claims.player_id)
        presence = await self.presence.of(friends)
        return [FriendView(f, presence[f.player_id]) for f in friends]

    async def requests(self, access_token: str | None, outgoing: bool) -> list[RequestRecord]:
        claims = await self.players.authenticate(access_token)
        return await self.store.requests_of(claims.player_id, outgoing)

    async def board(
        self, access_token: str | None, category: str, window: Window
    ) -> tuple[PlayerStanding, ...]:
        """The caller's and their friends' standings in ``category``, best first."""
        claims = await self.players.authenticate(access_token)
        friends = await self.store.friends_of(claims.player_id)
        ids = [claims.player_id, *(f.player_id for f in friends)]
        return await self.standings.standings_of(category, window, ids)

    # ------------------------------------------------------------------ FriendLookup

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]:
        wanted = sorted(set(others) - {player_id})
        return await self.store.friends_among(player_id, wanted) if wanted else set()


def _limited(exc: FriendLimitExceeded) -> Exception:
    if exc.scope in ("you", "them"):
        whose = "you have" if exc.scope == "you" else "this player has"
        return TooManyFriends(
            f"{whose} as many friends as the server keeps ({exc.limit})",
            scope=exc.scope, limit=str(exc.limit), field="player_id",
        )  # fmt: skip
    messages = {
        "hour": f"you have sent as many friend requests as allowed in an hour ({exc.limit})",
        "day": f"you have sent as many friend requests as allowed in a day ({exc.limit})",
        "pending": f"you have {exc.limit} unanswered friend requests: wait for answers",
        "recipient": "this player has as many unanswered friend requests as they may get",
        "cooldown": "you cannot ask this player again yet",
    }
    return FriendRequestsLimited(
        messages[exc.scope] + ": try later", max(exc.retry_after, 1.0),
        scope=exc.scope, limit=str(exc.limit), field="player_id",
    )  # fmt: skip
