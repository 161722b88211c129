"""The lobby context's port: the lobby store interface, one protocol per job (seats
bound to players, tables and a player's matches, private tables' invitations, the
matchmaking queue, rematches; ``LobbyStore`` is all of them), and the rows they answer
(adapters: ``fiveup.store.sqlite.lobby``, ``fiveup.store.postgres.lobby``, each a class
composed of one part per job).

Its tables live in the event store's database beside the player store's (schema version
``lobby_schema_version``), and its reads join the event store's ``matches`` and ``seats``
tables (which matches are open, which seats are claimed) and the player store's
``players`` (display names): one database, three owners of disjoint tables.  One
contract suite runs on both backends (tests/store/test_lobby_store.py).

**The queue.**  A search is a row of ``mm_tickets``: ``waiting`` until a formation round
seats it (``matched``, with its match and seat) or it is ``cancelled`` / ``expired`` (its
stream stopped renewing ``heartbeat_at``).  A player has at most one waiting search (a
unique index).  A round (``formation_round``) sees the waiting searches and settles each
table it forms: the tickets become ``matched`` and the players are bound to their seats
together, or not at all, and only if every one of the table's searches is still waiting
(a guarded update: a cancellation that got there first voids the table).  On PostgreSQL
a round is one transaction holding an advisory lock (one round at a time across
replicas; a replica killed mid-round loses its transaction and its lock with its
connection, and the next round starts from the same waiting searches); it holds no row
locks while it creates matches, so heartbeats and cancellations never wait for a round
(only for a table being settled).  On SQLite rounds are serialised in the process, and
each table is settled in one write transaction.

**Left waiting.**  A settlement is given the "table found" notice of each of its
searches (``LeftWaiting``) and writes, in its own transaction, those of the searches
whose heartbeat it finds older than ``LeftWaiting.before``: no stream renews them (their
replica died; a stream that ends on a live replica cancels its search instead), so the
player is not there to hear ``Matched``.  PostgreSQL writes a round's notices at the end
of the round's transaction (after every lock the round takes: the outbox's lock order);
SQLite in each table's.  ``FormationRound.told`` names the players told, for the wake-up
after the commit.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Protocol

from ..notifications.notices import Notice
from .formation import TablePlan, Ticket


class TicketState(enum.Enum):
    WAITING = "waiting"
    MATCHED = "matched"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class TicketStatus:
    ticket: Ticket
    state: TicketState
    heartbeat_at: float
    match_id: str | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Enqueued:
    """The player's search: the new one, the one already waiting, or one just seated."""

    status: TicketStatus
    created: bool


@dataclass(frozen=True, slots=True)
class TableSeatRow:
    seat: int
    kind: str  # "human" or a bot kind
    taken: bool
    display_name: str


@dataclass(frozen=True, slots=True)
class TableRow:
    match_id: str
    seats: tuple[TableSeatRow, ...]
    target_points: int
    created_at: float
    finished: bool


@dataclass(frozen=True, slots=True)
class TablePage:
    tables: tuple[TableRow, ...]
    next_cursor: tuple[float, str] | None  # (created_at, match_id) of the last row


@dataclass(frozen=True, slots=True)
class MyMatchRow:
    seat: int
    joined_at: float
    table: TableRow
    # A correspondence match waiting for this seat: when its clock runs out (None: not
    # the player's turn, or a live match).
    your_turn_until: float | None = None
    turn_clock_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class MyMatchPage:
    matches: tuple[MyMatchRow, ...]
    # (bucket, key, match_id), ascending: bucket 0 the player's turns (key: the
    # deadline), 1 the other unfinished matches, 2 the finished (key: -joined_at)
    next_cursor: tuple[int, float, str] | None


@dataclass(frozen=True, slots=True)
class TableFilter:
    players: int = 0  # 0: any
    partnerships: bool | None = None
    target_points: int = 0  # 0: any


class InviteLookup(enum.Enum):
    FOUND = "found"
    UNKNOWN = "unknown"
    EXPIRED = "expired"


@dataclass(frozen=True, slots=True)
class Invite:
    outcome: InviteLookup
    match_id: str | None = None


@dataclass(frozen=True, slots=True)
class RematchState:
    """A finished match's rematch offer: the seats that accepted (the first offered),
    the new match's id (chosen with the offer), whether it has started, and the
    players the call told (their notification streams to wake)."""

    match_id: str
    new_match_id: str
    accepted: tuple[int, ...]
    started: bool
    told: tuple[str, ...] = ()


class LobbyStoreError(Exception):
    pass


@dataclass(frozen=True, slots=True)
class InviteQuota:
    """Invitation limits, checked by ``create_invite`` in its own transaction (so
    concurrent calls through several replicas cannot slip past them).  An invitation is
    one named invitee of a private table.

    * per inviter: at most ``per_minute`` in the last 60 s and ``per_day`` in 24 h;
    * per invitee: pending invitations (told, unexpired, not yet taken up) from at most
      ``per_invitee`` distinct other inviters made in the last ``invitee_window``
      seconds."""

    per_minute: int
    per_day: int
    per_invitee: int
    invitee_window: float


class InviteQuotaExceeded(LobbyStoreError):
    """``scope``: ``inviter_minute``, ``inviter_day`` or ``invitee`` (``index``: which
    invitee); ``retry_after``: seconds until the oldest counted invitation leaves its
    window."""

    def __init__(self, scope: str, limit: int, retry_after: float, index: int = -1) -> None:
        super().__init__(f"invitation limit reached ({scope})")
        self.scope = scope
        self.limit = limit
        self.retry_after = retry_after
        self.index = index


class SeatAlreadyBound(LobbyStoreError):
    """The player already has a seat in the match (``seat``), or the seat is bound to
    another player (``seat`` None)."""

    def __init__(self, match_id: str, seat: int | None) -> None:
        super().__init__(f"already bound in match {match_id!r}")
        self.match_id = match_id
        self.seat = seat


@dataclass(frozen=True, slots=True)
class LeftWaiting:
    """The "table found" notice of each of a table's searches (ticket id -> notice),
    written with the settlement only for a search whose heartbeat is older than
    ``before`` (nothing renews it: its stream is gone)."""

    before: float
    notices: Mapping[str, Notice]


class FormationRound(Protocol):
    acquired: bool  # False: another round is running (elsewhere); nothing to do
    tickets: Sequence[Ticket]  # the waiting searches
    # The players whose notices the round wrote (complete once the round has committed).
    told: list[str]

    async def settle(
        self, plan: TablePlan, match_id: str, now: float, left: LeftWaiting | None = None
    ) -> bool:
        """Mark the plan's tickets matched and bind their players to their seats, and
        write ``left``'s notices for the searches left waiting, all in one transaction;
        False (nothing changed, nothing written) when one of them is no longer waiting."""


class SeatStore(Protocol):
    """Seats bound to players."""

    async def bind_seat(self, match_id: str, seat: int, player_id: str, now: float) -> None:
        """Raises SeatAlreadyBound."""

    async def seat_of(self, match_id: str, player_id: str) -> int | None: ...

    async def seat_owners(self, match_id: str) -> dict[int, str]:
        """Every bound seat of the match and its player (``ratings.outcome.SeatOwners``:
        who is rated when the match ends)."""


class TableStore(Protocol):
    """The open tables, one table, and a player's matches (read from the match
    context's tables and the lobby's seats)."""

    async def open_tables(
        self, where: TableFilter, limit: int, after: tuple[float, str] | None
    ) -> TablePage:
        """Public unfinished matches with a free human seat, newest first."""

    async def table(self, match_id: str) -> TableRow | None: ...

    async def my_matches(
        self, player_id: str, limit: int, after: tuple[int, float, str] | None
    ) -> MyMatchPage:
        """The player's matches, unfinished first, each newest joined first."""


class InvitationStore(Protocol):
    """Private tables: their invitations (under the limits), who is acquainted."""

    async def create_invite(
        self, match_id: str, invite_hash: bytes, expires_at: float, player_id: str, now: float,
        invited: Sequence[str] = (), *, quiet: Collection[str] = (),
        quota: InviteQuota | None = None,
    ) -> None:  # fmt: skip
        """Record a private table's invite (by ``player_id``) and the players it names
        (``invited``), in one transaction; ``quiet``: those of them who are not told
        (a block: they count for the inviter's quota, never for the invitee's).  With
        ``quota``, raises ``InviteQuotaExceeded`` (nothing written) when the invitations
        would pass it."""

    async def acquainted(self, player_id: str, others: Sequence[str]) -> set[str]:
        """Those of ``others`` with whom ``player_id`` has sat at a table (both bound to
        seats of one match), or whose private table ``player_id`` took a seat at."""

    async def invited_until(self, match_id: str, player_id: str) -> float | None:
        """When the private table's invite expires, if it names ``player_id``; None if
        it does not (or the match is no private table)."""

    async def find_invite(self, invite_hash: bytes, now: float) -> Invite: ...

    async def is_private(self, match_id: str) -> bool: ...


class QueueStore(Protocol):
    """The matchmaking queue: searches, their heartbeats, formation rounds."""

    async def enqueue(self, ticket: Ticket, matched_since: float) -> Enqueued:
        """Add a waiting search, or return the player's waiting one (renewing it), or --
        checked after the waiting one, since a search only ever leaves ``waiting`` -- the
        one that was seated at or after ``matched_since`` for the same wish (its stream
        may have broken before it could tell)."""

    async def ticket(self, ticket_id: str) -> TicketStatus | None: ...

    async def waiting_of(self, player_id: str) -> TicketStatus | None: ...

    async def tickets(self, ticket_ids: Sequence[str]) -> list[TicketStatus]:
        """The searches with these ids (unknown ids are left out)."""

    async def heartbeat(self, ticket_ids: Sequence[str], now: float) -> None:
        """Renew the waiting searches among ``ticket_ids``."""

    async def cancel(self, ticket_id: str, now: float) -> bool:
        """Cancel a waiting search; False if it was no longer waiting."""

    async def waiting_count(self, players: int, target_points: int) -> int: ...

    def formation_round(
        self, now: float, stale_before: float
    ) -> AbstractAsyncContextManager[FormationRound]:
        """A round: waiting searches (those not renewed since ``stale_before`` are
        expired first) and their settlement, committed when the block ends."""


class RematchStore(Protocol):
    """A finished match's rematch offer."""

    async def accept_rematch(
        self, match_id: str, seat: int, new_match_id: str, now: float,
        offered: Sequence[Notice],
    ) -> RematchState:  # fmt: skip
        """``seat`` offers or accepts the rematch of ``match_id`` (the first call makes
        the offer, with ``new_match_id``; a seat accepting twice counts once); the first
        call writes ``offered`` (the other players' notices) in its transaction."""

    async def rematch(self, match_id: str) -> RematchState | None: ...

    async def decline_rematch(self, match_id: str) -> bool:
        """Withdraw an offer that has not started; whether there was one."""

    async def rematch_started(self, match_id: str, notices: Sequence[Notice]) -> RematchState:
        """The rematch's match exists: mark it started and write ``notices`` (to every
        player) in one transaction; once only."""


class MatchFilter(enum.Enum):
    """Which matches the operators' list gives (AdminService.ListMatches)."""

    ANY = "any"
    LIVE = "live"  # not finished yet: waiting for players or in play
    ENDED = "ended"  # finished or cancelled
    STUCK = "stuck"  # live, and silent longer than ``StuckRule`` allows


@dataclass(frozen=True, slots=True)
class StuckRule:
    """When a live match is stuck: its last event is older than its turn clock allows
    (a correspondence match's own clock per turn, else ``turn_allowance``: the server's
    turn timer and the stand-in's pause) plus ``grace``, at ``now``."""

    now: float
    turn_allowance: float
    grace: float


@dataclass(frozen=True, slots=True)
class MatchQuery:
    """A page of the operators' list of matches, newest first (``before``: the
    (created_at, match_id) of the previous page's last row)."""

    which: MatchFilter = MatchFilter.ANY
    stuck: StuckRule | None = None  # required with MatchFilter.STUCK
    player_id: str = ""  # only matches this player held a seat in ("": any)
    rated_only: bool = False
    before: tuple[float, str] | None = None
    limit: int = 50


IN_PROGRESS, FINISHED, CANCELLED = "in_progress", "finished", "cancelled"


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A match as the operators' list shows it.  ``rated``: a live match created rated
    (it is rated at its end if every seat is a player's by then), an ended one rated (in
    the ratings' ledger); ``player_ids``: each seat's bound player ("" for a bot, an
    anonymous or an empty seat); ``last_event_at``: when its last event was written, to
    within ``match.ports.LAST_EVENT_PRECISION_SECONDS`` (None: before that was kept)."""

    match_id: str
    status: str  # IN_PROGRESS, FINISHED or CANCELLED
    rated: bool
    player_ids: tuple[str, ...]
    created_at: float
    last_event_at: float | None
    version: int
    voided: bool
    turn_clock_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class MatchListPage:
    matches: tuple[MatchSummary, ...]
    next_cursor: tuple[float, str] | None  # (created_at, match_id) of the last row


class MatchDirectory(Protocol):
    """Every match, as the operators see them (read from the match context's tables, the
    lobby's seats and the ratings' ledger and voids: one database)."""

    async def list_matches(self, query: MatchQuery) -> MatchListPage: ...

    async def match_summary(self, match_id: str) -> MatchSummary | None: ...


class LobbyStore(
    SeatStore, TableStore, InvitationStore, QueueStore, RematchStore, MatchDirectory, Protocol
):
    """The lobby store: one port per job above, one adapter class per backend composed
    of one part per job (``fiveup.store.sqlite.lobby``, ``fiveup.store.postgres.lobby``)."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...
