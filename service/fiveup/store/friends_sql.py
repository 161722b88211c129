"""The friends store's transactions, written once for both backends (``FriendStore`` in
``fiveup.friends.ports``; the tables are the relation store's, beside the blocks).

Each transaction is a *script*: a generator that yields its steps -- a query
(``(sql, params)``, written for SQLite: ``pg`` turns the placeholders into
PostgreSQL's), ``Lock`` (the players whose friendships it reads and changes: PostgreSQL
takes an advisory lock on each, in sorted order, so two replicas' writes about one
player run one after the other and the limits hold; SQLite's ``BEGIN IMMEDIATE``
serialises every write already) or ``Notices`` (written with the outbox's write API) --
and is sent back each query's rows (or the players notified).  Each backend's runner
(``run_sqlite``, ``run_postgres``) runs a script inside one transaction: a script that
raises (a limit) rolls everything back.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from ..friends.ports import (
    AnswerOutcome,
    AnswerResult,
    FriendLimitExceeded,
    FriendLimits,
    SendOutcome,
    SendResult,
)
from ..notifications.notices import Notice

HOUR = 3_600.0
DAY = 86_400.0

# Relation migration 2 (SQLite; PostgreSQL's types in its own list): pending requests
# (``quiet``: the recipient had blocked the sender, so only the sender sees it),
# friendships (one row each way), each sender's sends (the hour's and day's limits;
# a day's kept) and the cooldowns (``recipient`` declined, removed or blocked ``sender``,
# or ``sender`` withdrew a request to them, at ``since``: the limit's length is the
# friends context's, applied when a request is checked).
FRIEND_TABLES = [
    """CREATE TABLE IF NOT EXISTS friend_requests (
        sender    TEXT NOT NULL,
        recipient TEXT NOT NULL,
        sent_at   {real} NOT NULL,
        quiet     INTEGER NOT NULL,
        PRIMARY KEY (sender, recipient)
    )""",
    "CREATE INDEX IF NOT EXISTS friend_requests_to ON friend_requests (recipient, sent_at)",
    "CREATE INDEX IF NOT EXISTS friend_requests_from ON friend_requests (sender, sent_at)",
    """CREATE TABLE IF NOT EXISTS friendships (
        player_id TEXT NOT NULL,
        friend_id TEXT NOT NULL,
        since     {real} NOT NULL,
        PRIMARY KEY (player_id, friend_id)
    )""",
    """CREATE TABLE IF NOT EXISTS friend_sends (
        sender  TEXT NOT NULL,
        sent_at {real} NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS friend_sends_by_sender ON friend_sends (sender, sent_at)",
    """CREATE TABLE IF NOT EXISTS friend_cooldowns (
        sender    TEXT NOT NULL,
        recipient TEXT NOT NULL,
        since     {real} NOT NULL,
        PRIMARY KEY (sender, recipient)
    )""",
]


# Relation migration 3: live notification streams by player and replica (``replica`` ''
# holds the end of the last one: the player's last seen), for presence.
PRESENCE_TABLES = [
    """CREATE TABLE IF NOT EXISTS player_presence (
        player_id       TEXT NOT NULL,
        replica         TEXT NOT NULL,
        streaming_until {real} NOT NULL,
        PRIMARY KEY (player_id, replica)
    )""",
]
STREAMING = (
    "INSERT INTO player_presence VALUES (?, ?, ?) ON CONFLICT (player_id, replica)"
    " DO UPDATE SET streaming_until = excluded.streaming_until"
)
# A replica's last stream of the player ended: its row goes, with any expired row of the
# player's (a replica that died), and the end is kept as their last seen.
STOPPED = [
    ("DELETE FROM player_presence WHERE player_id = ? AND replica <> ''"
     " AND (replica = ? OR streaming_until < ?)"),
    STREAMING,
]  # fmt: skip


def presence_query(count: int) -> str:
    """Each player's latest streaming_until (in the future: streaming now)."""
    marks = ",".join("?" * count)
    return (
        f"SELECT player_id, MAX(streaming_until) FROM player_presence"
        f" WHERE player_id IN ({marks}) GROUP BY player_id"
    )


@dataclass(frozen=True, slots=True)
class Lock:
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Notices:
    notices: tuple[Notice, ...]


Step = tuple[str, tuple[Any, ...]] | Lock | Notices
Script = Generator[Step, Any, Any]


def pg(query: str) -> str:
    return query.replace("?", "%s")


def _one(rows: Sequence[Sequence[Any]]) -> Sequence[Any] | None:
    return rows[0] if rows else None


def _are_friends(a: str, b: str) -> Script:
    rows = yield ("SELECT 1 FROM friendships WHERE player_id = ? AND friend_id = ?", (a, b))
    return bool(rows)


def _count_friends(player_id: str) -> Script:
    rows = yield ("SELECT COUNT(*) FROM friendships WHERE player_id = ?", (player_id,))
    return int(rows[0][0])


def _befriend(a: str, b: str, now: float, limits: FriendLimits, notice: Notice) -> Script:
    """Make ``a`` (who answers) and ``b`` (who asked) friends, telling ``b``."""
    if (yield from _count_friends(a)) >= limits.max_friends:
        raise FriendLimitExceeded("you", limits.max_friends)
    if (yield from _count_friends(b)) >= limits.max_friends:
        raise FriendLimitExceeded("them", limits.max_friends)
    yield (
        "DELETE FROM friend_requests WHERE (sender = ? AND recipient = ?)"
        " OR (sender = ? AND recipient = ?)",
        (a, b, b, a),
    )
    yield ("DELETE FROM friend_cooldowns WHERE (sender = ? AND recipient = ?)"
           " OR (sender = ? AND recipient = ?)", (a, b, b, a))  # fmt: skip
    yield ("INSERT INTO friendships VALUES (?, ?, ?), (?, ?, ?)", (a, b, now, b, a, now))
    notified = yield Notices((notice,))
    return tuple(notified)


def _cool(sender: str, recipient: str, now: float) -> Step:
    """``sender`` may not ask ``recipient`` again for the cooldown from ``now``."""
    return (
        "INSERT INTO friend_cooldowns VALUES (?, ?, ?) ON CONFLICT (sender, recipient)"
        " DO UPDATE SET since = excluded.since",
        (sender, recipient, now),
    )


def send_request(
    sender: str, recipient: str, now: float, limits: FriendLimits, requested: Notice,
    accepted: Notice,
) -> Script:  # fmt: skip
    yield Lock((sender, recipient))
    if (yield from _are_friends(sender, recipient)):
        return SendResult(SendOutcome.FRIENDS)
    rows = yield ("SELECT 1 FROM player_blocks WHERE blocker = ? AND blocked = ?",
                  (sender, recipient))  # fmt: skip
    if rows:
        return SendResult(SendOutcome.BLOCKED)
    rows = yield ("SELECT 1 FROM friend_requests WHERE sender = ? AND recipient = ?",
                  (sender, recipient))  # fmt: skip
    if rows:
        return SendResult(SendOutcome.PENDING)
    rows = yield ("SELECT 1 FROM friend_requests WHERE sender = ? AND recipient = ?",
                  (recipient, sender))  # fmt: skip
    if rows:  # they asked first: this accepts their request
        notified = yield from _befriend(sender, recipient, now, limits, accepted)
        return SendResult(SendOutcome.ACCEPTED, notified)
    cooled = now - limits.cooldown_seconds
    row = _one((yield ("SELECT since FROM friend_cooldowns WHERE sender = ? AND recipient = ?"
                       " AND since > ?", (sender, recipient, cooled))))  # fmt: skip
    if row is not None:
        raise FriendLimitExceeded("cooldown", 1, float(row[0]) - cooled)
    for scope, window, limit in (("hour", HOUR, limits.per_hour), ("day", DAY, limits.per_day)):
        count, oldest = (yield ("SELECT COUNT(*), MIN(sent_at) FROM friend_sends"
                                " WHERE sender = ? AND sent_at > ?",
                                (sender, now - window)))[0]  # fmt: skip
        if int(count) >= limit:
            raise FriendLimitExceeded(scope, limit, float(oldest) + window - now)
    rows = yield ("SELECT COUNT(*) FROM friend_requests WHERE sender = ?", (sender,))
    if int(rows[0][0]) >= limits.pending:
        raise FriendLimitExceeded("pending", limits.pending, HOUR)
    if (yield from _count_friends(sender)) >= limits.max_friends:
        raise FriendLimitExceeded("you", limits.max_friends)
    # The recipient's unanswered requests (the quiet ones, which they never see, left
    # out): the same answer whether or not the recipient blocked the sender.
    rows = yield ("SELECT COUNT(*) FROM friend_requests WHERE recipient = ? AND quiet = 0",
                  (recipient,))  # fmt: skip
    if int(rows[0][0]) >= limits.incoming:
        raise FriendLimitExceeded("recipient", limits.incoming, HOUR)
    rows = yield ("SELECT 1 FROM player_blocks WHERE blocker = ? AND blocked = ?",
                  (recipient, sender))  # fmt: skip
    quiet = bool(rows)
    yield ("INSERT INTO friend_requests VALUES (?, ?, ?, ?)", (sender, recipient, now, int(quiet)))
    # What no limit reads any more: the sender's sends older than a day, their cooldowns
    # that ended (so neither table grows with a player's history).
    yield ("DELETE FROM friend_sends WHERE sender = ? AND sent_at <= ?", (sender, now - DAY))
    yield ("DELETE FROM friend_cooldowns WHERE sender = ? AND since <= ?", (sender, cooled))
    yield ("INSERT INTO friend_sends VALUES (?, ?)", (sender, now))
    if quiet:  # answered as sent; it never reaches the recipient
        return SendResult(SendOutcome.SENT)
    notified = yield Notices((requested,))
    return SendResult(SendOutcome.SENT, tuple(notified))


def answer(
    recipient: str, sender: str, accept: bool, now: float, limits: FriendLimits,
    accepted: Notice,
) -> Script:  # fmt: skip
    yield Lock((recipient, sender))
    if accept and (yield from _are_friends(recipient, sender)):
        return AnswerResult(AnswerOutcome.FRIENDS)
    rows = yield ("SELECT 1 FROM friend_requests WHERE sender = ? AND recipient = ?"
                  " AND quiet = 0", (sender, recipient))  # fmt: skip
    if not rows:
        return AnswerResult(AnswerOutcome.NOT_FOUND)
    if not accept:
        yield ("DELETE FROM friend_requests WHERE sender = ? AND recipient = ?",
               (sender, recipient))  # fmt: skip
        yield _cool(sender, recipient, now)
        return AnswerResult(AnswerOutcome.DECLINED)
    notified = yield from _befriend(recipient, sender, now, limits, accepted)
    return AnswerResult(AnswerOutcome.ACCEPTED, notified)


def remove(player_id: str, other: str, now: float) -> Script:
    yield Lock((player_id, other))
    if (yield from _are_friends(player_id, other)):
        yield ("DELETE FROM friendships WHERE (player_id = ? AND friend_id = ?)"
               " OR (player_id = ? AND friend_id = ?)", (player_id, other, other, player_id))  # fmt: skip
        yield _cool(other, player_id, now)
        return True
    rows = yield ("SELECT 1 FROM friend_requests WHERE sender = ? AND recipient = ?",
                  (player_id, other))  # fmt: skip
    if not rows:
        return False
    yield ("DELETE FROM friend_requests WHERE sender = ? AND recipient = ?", (player_id, other))
    yield _cool(player_id, other, now)
    return True


def end_friendship(blocker: str, blocked: str, now: float) -> Script:
    """A new block (inside its transaction): the friendship ends as a removal by the
    blocker would (the blocked player may not ask again for the cooldown: after a block
    as after a removal, so the two look alike to them), the blocker's request to the
    blocked player is withdrawn, and the blocked player's request to the blocker turns
    quiet (still pending to its sender, who cannot tell; gone from the blocker's list)."""
    yield Lock((blocker, blocked))
    if (yield from _are_friends(blocker, blocked)):
        yield ("DELETE FROM friendships WHERE (player_id = ? AND friend_id = ?)"
               " OR (player_id = ? AND friend_id = ?)", (blocker, blocked, blocked, blocker))  # fmt: skip
        yield _cool(blocked, blocker, now)
    yield ("DELETE FROM friend_requests WHERE sender = ? AND recipient = ?", (blocker, blocked))
    yield ("UPDATE friend_requests SET quiet = 1 WHERE sender = ? AND recipient = ?",
           (blocked, blocker))  # fmt: skip
    return None


# The reads (the other player's current name: the players table in the same database; a
# player since deleted is left out).
FRIENDS_OF = """
SELECT f.friend_id, p.display_name, f.since, p.last_seen_at FROM friendships f
  JOIN players p ON p.player_id = f.friend_id
 WHERE f.player_id = ? ORDER BY f.since DESC, f.friend_id
"""
INCOMING = """
SELECT r.sender, p.display_name, r.sent_at FROM friend_requests r
  JOIN players p ON p.player_id = r.sender
 WHERE r.recipient = ? AND r.quiet = 0 ORDER BY r.sent_at DESC, r.sender
"""
OUTGOING = """
SELECT r.recipient, p.display_name, r.sent_at FROM friend_requests r
  JOIN players p ON p.player_id = r.recipient
 WHERE r.sender = ? ORDER BY r.sent_at DESC, r.recipient
"""


def friends_among_query(count: int) -> str:
    marks = ",".join("?" * count)
    return f"SELECT friend_id FROM friendships WHERE player_id = ? AND friend_id IN ({marks})"


class FriendWrites:
    """The friends store's writes, the same on both backends: each runs its script in one
    transaction through the backend's ``_script``."""

    async def _script(self, script: Script) -> object:
        raise NotImplementedError

    async def send_request(
        self, sender: str, recipient: str, now: float, limits: FriendLimits,
        requested: Notice, accepted: Notice,
    ) -> SendResult:  # fmt: skip
        script = send_request(sender, recipient, now, limits, requested, accepted)
        result = await self._script(script)
        assert isinstance(result, SendResult)
        return result

    async def answer(
        self, recipient: str, sender: str, accept: bool, now: float, limits: FriendLimits,
        accepted: Notice,
    ) -> AnswerResult:  # fmt: skip
        script = answer(recipient, sender, accept, now, limits, accepted)
        result = await self._script(script)
        assert isinstance(result, AnswerResult)
        return result

    async def remove(self, player_id: str, other: str, now: float) -> bool:
        return bool(await self._script(remove(player_id, other, now)))
