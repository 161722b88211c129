"""The chat context's port: the chat store (adapters: ``fiveup.store.sqlite.chat``,
``fiveup.store.postgres.chat``).  One contract suite runs on both backends
(tests/store/test_chat_store.py).

Its tables live in the event store's database (schema version ``chat_schema_version``):

* ``chat_rooms``: one row per match that has chat, with the last sequence number handed
  out.  Writing a message locks this row (PostgreSQL) or the file (SQLite), so the
  numbers of one match are 1, 2, 3... in commit order and the flood rules see every
  earlier message of the match.
* ``chat_lines``: the messages.  ``seq`` is the number a message was written under;
  a message held for a round (``held_round``) gets a second number, ``released_seq``,
  when that round ends -- the release takes one new number for all the messages it lets
  through -- so a reader's cursor (the highest number it has been given) never skips a
  message released after it read on.  ``shadow`` marks a message of a silenced author:
  stored, shown to that author only.
* ``chat_mutes``: who no longer reads whom (keys: ``p:<player id>`` for signed-in
  players, ``s:<match id>:<seat>`` for an anonymous seat).
* ``chat_reports``: reports kept for operators, each with a copy of the message as it
  was reported (the copy outlives the message's retention).
* ``chat_silences``: players an operator has silenced, until when.
* ``chat_presence``: who had the chat of a match open, until when (a stream renews it),
  and when they were last told of a message while away (``fiveup.chat.away``): a write
  that tells someone writes their notice into the outbox in its own transaction.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..notifications.notices import Notice
from .flood import Recent
from .table_talk import ContentKind, Room

REPORT_REASONS = ("spam", "abuse", "table_talk", "other")  # why a message is reported


def player_key(player_id: str) -> str:
    return f"p:{player_id}"


def seat_key(match_id: str, seat: int) -> str:
    return f"s:{match_id}:{seat}"


@dataclass(frozen=True, slots=True)
class Author:
    """Who wrote a message (or reads one)."""

    key: str  # player_key or seat_key: what mutes, silences and flood limits count by
    seat: int | None  # the seat they hold in this match (None: a spectator)
    name: str  # the display name at the time ("" for an anonymous seat)
    player_id: str = ""  # "" for an anonymous seat

    @property
    def signed_in(self) -> bool:
        return bool(self.player_id)


@dataclass(frozen=True, slots=True)
class NewLine:
    match_id: str
    room: Room
    author: Author
    kind: ContentKind
    body: str  # the cleaned text, or the phrase key
    sent_at: float
    held_round: int | None = None  # held until this round ends (None: not held)
    early_seats: frozenset[int] = frozenset()  # seats that read a held line at once
    shadow: bool = False  # the author is silenced: only they read it
    request_id: str = ""  # the client's id for retries ("" none)

    @property
    def fingerprint(self) -> str:
        """What the duplicate rule compares."""
        return f"{self.kind.value}:{self.body.casefold()}"


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A stored message.  ``seq`` and ``released_seq`` are the match's own numbers, in
    commit order (never shown to a reader); ``public_id`` is its random id, the one
    readers are shown."""

    seq: int
    line: NewLine
    released_seq: int | None = None  # set once a held line is released
    public_id: int = 0


class SeenKind(enum.Enum):
    """How a message reached a reader's view at a position (``fiveup.chat.visible``)."""

    NEW = "new"  # written, to every reader at once
    EARLY = "early"  # a held (or shadowed) message, to the few who read it at once
    RELEASED = "released"  # released, to a view that read it early
    DELAYED = "delayed"  # released, to a view that had not read it


@dataclass(frozen=True, slots=True)
class Seen:
    """A message at its position in one reader's view."""

    pos: int
    kind: SeenKind
    line: ChatLine


@dataclass(frozen=True, slots=True)
class Posted:
    line: ChatLine
    created: bool  # False: a retry of an earlier request (nothing new written)
    position: int = 0  # its first position in its author's view
    told: tuple[str, ...] = ()  # players who got a notice (wake their streams)


@dataclass(frozen=True, slots=True)
class Released:
    seq: int  # the number the release took (0: nothing was held)
    lines: tuple[ChatLine, ...]
    told: tuple[str, ...] = ()  # players who got a notice


@dataclass(frozen=True, slots=True)
class Report:
    match_id: str
    seq: int  # the message reported
    reporter: str  # the reporter's key
    reason: str  # one of REPORT_REASONS
    comment: str
    created_at: float


@dataclass(frozen=True, slots=True)
class StoredReport:
    report_id: int
    report: Report
    line: ChatLine  # the message as it was when reported
    resolved_at: float | None = None
    resolution: str = ""


@dataclass(frozen=True, slots=True)
class Recipient:
    """A player a write may tell of its message (``fiveup.chat.away``)."""

    key: str  # their chat key (presence, mutes)
    player_id: str


class Tell(Protocol):
    """What a write needs to tell away players of its lines (``fiveup.chat.away.Telling``)."""

    def recipients(self, line: ChatLine, *, at_release: bool) -> Sequence[Recipient]:
        """Who may be told of ``line`` now (at its writing, or at its release)."""

    def notice(self, line: ChatLine, player_id: str) -> Notice: ...


class DuplicateRequest(Exception):
    """A request id the author already used for other words."""

    def __init__(self, line: ChatLine) -> None:
        super().__init__(f"request id {line.line.request_id!r} already used")
        self.line = line


class ChatStore(Protocol):
    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def post(
        self,
        line: NewLine,
        check: Callable[[Recent], None],
        window: float,
        tell: Tell | None = None,
    ) -> Posted:
        """In one transaction: the earlier message of the same author and request id if
        there is one (Posted.created False; DuplicateRequest when its words differ);
        else ``check`` what the author and the room wrote within ``window`` seconds
        (it raises to refuse: nothing is written), store the line under the match's
        next number and a new random public id, place it in the views it reaches now
        (``fiveup.chat.visible``), and write a notice for each of ``tell``'s recipients who is away
        and not yet told (``fiveup.chat.away``)."""

    async def lines_after(self, match_id: str, after: int) -> list[ChatLine]:
        """Lines written or released after number ``after``, by ``seq``."""

    async def view_after(self, match_id: str, room: Room, fork: str, after: int) -> list[Seen]:
        """The messages of the view ``fork`` of ``room`` reads (that fork if it exists,
        else the shared view: ``fiveup.chat.visible``) past position ``after``, by
        position."""

    async def seen_in(self, match_id: str, room: Room, fork: str, seq: int) -> bool:
        """Whether line ``seq`` is in the view ``fork`` reads."""

    async def line(self, match_id: str, seq: int) -> ChatLine | None: ...

    async def line_by_id(self, match_id: str, public_id: int) -> ChatLine | None:
        """The line readers know as ``public_id``."""

    async def latest_seq(self, match_id: str) -> int: ...

    async def release(
        self, match_id: str, up_to_round: int, now: float, tell: Tell | None = None
    ) -> Released:
        """Release every line still held for a round up to ``up_to_round`` under one new
        number (idempotent: nothing held, nothing taken), each at its next position in
        the views it reaches now (``fiveup.chat.visible``), telling the away players it
        reaches now, in the same transaction."""

    async def has_held(self, match_id: str, up_to_round: int) -> bool:
        """Whether lines held for a round up to ``up_to_round`` wait for their release."""

    async def pending_releases(self, limit: int) -> list[str]:
        """Matches with lines still held."""

    async def set_mute(self, muter: str, target: str, muted: bool, now: float) -> None: ...

    async def muted_by(self, muter: str) -> frozenset[str]: ...

    async def add_report(self, report: Report) -> bool:
        """Keep a report (False: this reporter already reported this message)."""

    async def reports(self, *, open_only: bool, limit: int) -> list[StoredReport]:
        """Newest first."""

    async def resolve_report(self, report_id: int, resolution: str, now: float) -> bool: ...

    async def reports_involving(
        self, key: str, limit: int
    ) -> tuple[list[StoredReport], list[StoredReport]]:
        """The reports ``key`` (``player_key``) filed and those against its messages,
        each newest first, at most ``limit`` of each (the operators' profile of a player)."""

    async def silence(self, player_id: str, until: float, reason: str, now: float) -> None:
        """Silence a player until ``until`` (a time in the past lifts it)."""

    async def silenced_until(self, player_id: str) -> float | None: ...

    async def touch_presence(self, match_id: str, key: str, until: float) -> None: ...

    async def present(self, match_id: str, now: float) -> frozenset[str]:
        """Keys whose presence in the match's chat lasts beyond ``now``."""

    async def delete_before(self, before: float, limit: int) -> int:
        """Retention: delete up to ``limit`` lines sent before ``before`` (reports keep
        their copies), the rooms of deleted matches once empty, and presence that ran
        out."""

    async def delete_reports_before(self, before: float, limit: int) -> int: ...


@runtime_checkable
class ListeningChatStore(ChatStore, Protocol):
    """A store shared by replicas that announces every commit that wrote or released a
    line (PostgreSQL: NOTIFY fiveup_chat with the wake-up keys of ``fiveup.chat.visible``:
    the room's for what every reader reads, a fork's for what only it reads): streams on
    other replicas wake at once instead of at their next poll, and only the streams
    that have something new to read."""

    async def listen(self, callback: Callable[[str], None]) -> None: ...


__all__ = [
    "Author",
    "ChatLine",
    "ChatStore",
    "DuplicateRequest",
    "ListeningChatStore",
    "NewLine",
    "Posted",
    "Recipient",
    "Released",
    "Report",
    "Seen",
    "SeenKind",
    "StoredReport",
    "Tell",
    "player_key",
    "seat_key",
]
