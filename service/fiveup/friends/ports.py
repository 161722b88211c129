"""The friends context's ports: its store (adapters: ``fiveup.store.sqlite.relations``
and ``fiveup.store.postgres.relations``, beside identity's blocks in the same tables'
schema, so a block ends a friendship in its own transaction), what other contexts ask of
friendships (``FriendLookup``), and what presence asks of the contexts above it.

Every write is one transaction that checks the limits, the blocks and the state it
changes, and writes the notice of what it did (the outbox's write API) -- so a notice
exists exactly when its cause does, and two replicas answering one request at once
leave one outcome.  Contract suite: tests/store/test_friend_store.py.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..identity.ports import BlockStore
from ..notifications.notices import Notice


class FriendState(enum.Enum):
    """Where one player stands with another (the proto's FriendState)."""

    NONE = "none"
    REQUEST_SENT = "request_sent"
    REQUEST_RECEIVED = "request_received"
    FRIENDS = "friends"


@dataclass(frozen=True, slots=True)
class FriendLimits:
    """What one player may send and keep (checked in the writing transaction)."""

    per_hour: int = 20  # requests sent in any hour
    per_day: int = 50  # ... in any day
    pending: int = 50  # the sender's unanswered requests
    incoming: int = 100  # the recipient's unanswered requests
    max_friends: int = 200
    cooldown_seconds: float = 86_400.0  # after a decline, a removal (a block ends a
    # friendship as a removal does) or a withdrawal


class SendOutcome(enum.Enum):
    SENT = "sent"  # a new request (its notice written, unless the recipient blocked)
    PENDING = "pending"  # the same request was pending already: nothing written
    FRIENDS = "friends"  # the two were friends already
    ACCEPTED = "accepted"  # the recipient had asked the sender: now friends
    BLOCKED = "blocked"  # the sender blocked the recipient: nothing written


@dataclass(frozen=True, slots=True)
class SendResult:
    outcome: SendOutcome
    notified: tuple[str, ...] = ()  # players with a new notice (wake their streams)


class AnswerOutcome(enum.Enum):
    ACCEPTED = "accepted"  # now friends (the accepted notice written)
    FRIENDS = "friends"  # friends already (a retried accept)
    DECLINED = "declined"
    NOT_FOUND = "not_found"  # no request from them to answer


@dataclass(frozen=True, slots=True)
class AnswerResult:
    outcome: AnswerOutcome
    notified: tuple[str, ...] = ()


class FriendLimitExceeded(Exception):
    """A send or an accept over a limit: ``scope`` as ``FriendRequestsLimited`` or
    ``TooManyFriends`` say (``you``, ``them``), the ``limit`` and when to retry."""

    def __init__(self, scope: str, limit: int, retry_after: float = 0.0) -> None:
        super().__init__(f"{scope} limit {limit}")
        self.scope = scope
        self.limit = limit
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class FriendRecord:
    """``player_id``: the friend; ``since``: when the two became friends;
    ``last_seen_at``: the friend's last sign-in or session refresh, exact (presence
    rounds it: never shown as it is)."""

    player_id: str
    display_name: str
    since: float
    last_seen_at: float = 0.0


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """A pending request: ``player_id`` the other player (the sender of an incoming one,
    the recipient of an outgoing one)."""

    player_id: str
    display_name: str
    sent_at: float


class FriendStore(Protocol):
    async def send_request(
        self, sender: str, recipient: str, now: float, limits: FriendLimits,
        requested: Notice, accepted: Notice,
    ) -> SendResult:  # fmt: skip
        """In one transaction: FRIENDS or PENDING when nothing is to change; BLOCKED when
        ``sender`` blocked ``recipient``; ACCEPTED (writing ``accepted``, to the
        recipient) when the recipient has a request pending to the sender; else the
        limits (raising ``FriendLimitExceeded``: hour, day, pending, recipient,
        cooldown, you) and a new request, SENT -- with ``requested`` written unless the
        recipient blocked the sender (then the request is kept *quiet*: the sender sees
        it pending, the recipient never sees it)."""

    async def answer(
        self, recipient: str, sender: str, accept: bool, now: float, limits: FriendLimits,
        accepted: Notice,
    ) -> AnswerResult:  # fmt: skip
        """Accept (writing ``accepted``, to the sender; ``FriendLimitExceeded`` you/them
        over the friends limit) or decline (a cooldown on the sender) the sender's pending
        request that the recipient can see (not a quiet one)."""

    async def remove(self, player_id: str, other: str, now: float) -> bool:
        """End the friendship (the other player may not ask again for the cooldown), or
        withdraw the player's pending request to ``other`` (nor may the player ask again
        for as long); whether there was either."""

    async def friends_of(self, player_id: str) -> list[FriendRecord]:
        """The player's friends, most recently befriended first."""

    async def requests_of(self, player_id: str, outgoing: bool) -> list[RequestRecord]:
        """Pending requests to the player (quiet ones left out) or from the player (quiet
        ones included), newest first."""

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]:
        """Those of ``others`` who are the player's friends."""

    async def streaming_until(self, player_ids: Sequence[str]) -> dict[str, float]:
        """When each of these players' live notification streams last reached (the
        latest of every replica's heartbeats and ends: in the future while one is live,
        else when the last one ended); players never seen streaming are left out."""

    # The outbox's ``StreamPresence`` (written by every replica's live streams).

    async def streaming(self, player_id: str, replica: str, until: float) -> None: ...

    async def stopped_streaming(self, player_id: str, replica: str, now: float) -> None: ...


class RelationStore(BlockStore, FriendStore, Protocol):
    """The one store of relations between players: identity's blocks and friendships."""


class FriendLookup(Protocol):
    """What other contexts ask of friendships (the lobby: whose invitations are pushed;
    tournaments: whom a player may invite)."""

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]: ...


class NoFriends:
    """A ``FriendLookup`` that knows of no friendship (contexts built without friends)."""

    async def friends_among(self, player_id: str, others: Sequence[str]) -> set[str]:
        return set()


# Whether a player holds a seat in a live match that has not ended: the lobby's store
# answers it (the lobby sits above this context), handed over by the composition root.
InMatch = Callable[[str], Awaitable[bool]]
# Which of these players have the app open on this replica (a live notification stream):
# the outbox's (other replicas' streams are read from the store).
Online = Callable[[Sequence[str]], set[str]]
