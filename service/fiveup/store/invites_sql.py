"""The invitation queries both lobby stores share (written for SQLite; ``pg`` turns the
placeholders into PostgreSQL's): the quota counts of ``LobbyStore.create_invite`` and
the acquaintance of ``LobbyStore.acquainted``.  Both read ``private_tables``,
``private_invitees`` and ``seat_players`` (lobby migration 5 indexes them for this)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..lobby.ports import InviteQuota, InviteQuotaExceeded

MINUTE = 60.0
DAY = 86_400.0

# Invitations an inviter made since a time: (count, oldest).
INVITER_SINCE = """
SELECT COUNT(*), MIN(t.created_at) FROM private_invitees i
  JOIN private_tables t ON t.match_id = i.match_id
 WHERE t.created_by = ? AND t.created_at > ?
"""

# Pending invitations of an invitee from other inviters: told, unexpired, made since a
# time, not taken up (no seat bound in that match): (distinct inviters, oldest).
INVITEE_PENDING = """
SELECT COUNT(DISTINCT t.created_by), MIN(t.created_at) FROM private_invitees i
  JOIN private_tables t ON t.match_id = i.match_id
 WHERE i.player_id = ? AND i.told = 1 AND t.created_by <> ?
   AND t.created_at > ? AND t.expires_at > ?
   AND NOT EXISTS (SELECT 1 FROM seat_players s
                    WHERE s.match_id = i.match_id AND s.player_id = i.player_id)
"""

# Of the candidates, who shared a table with the player, or whose private table the
# player sat down at.  (The candidate list is spliced in as placeholders.)
ACQUAINTED = """
SELECT DISTINCT b.player_id FROM seat_players a
  JOIN seat_players b ON b.match_id = a.match_id
 WHERE a.player_id = ? AND b.player_id IN ({marks})
UNION
SELECT DISTINCT t.created_by FROM seat_players s
  JOIN private_tables t ON t.match_id = s.match_id
 WHERE s.player_id = ? AND t.created_by IN ({marks})
"""


@dataclass(frozen=True, slots=True)
class QuotaCheck:
    """One count of a quota: its query, and how many more invitations it may take."""

    query: str
    params: tuple[Any, ...]
    scope: str
    limit: int
    window: float
    adding: int  # refused when the count plus this passes the limit
    index: int = -1  # the invitee's, for the invitee scope


def quota_checks(
    quota: InviteQuota, inviter: str, told: Sequence[str], count: int, now: float
) -> list[QuotaCheck]:
    """The counts that decide whether ``count`` more invitations by ``inviter`` (of
    which ``told`` are told) pass ``quota``; run each in the writing transaction and
    hand its row to ``judge``."""
    checks = [
        QuotaCheck(INVITER_SINCE, (inviter, now - MINUTE), "inviter_minute",
                   quota.per_minute, MINUTE, count),
        QuotaCheck(INVITER_SINCE, (inviter, now - DAY), "inviter_day", quota.per_day, DAY, count),
    ]  # fmt: skip
    window = quota.invitee_window
    for index, invitee in enumerate(told):
        checks.append(
            QuotaCheck(INVITEE_PENDING, (invitee, inviter, now - window, now), "invitee",
                       quota.per_invitee, window, 1, index)
        )  # fmt: skip
    return checks


def judge(check: QuotaCheck, row: tuple[Any, ...] | None, now: float) -> None:
    """Raise ``InviteQuotaExceeded`` when ``row`` (count, oldest) leaves no room."""
    counted = int(row[0]) if row is not None and row[0] is not None else 0
    if counted + check.adding > check.limit:
        oldest = row[1] if row is not None else None
        retry = (float(oldest) + check.window - now) if oldest is not None else check.window
        raise InviteQuotaExceeded(check.scope, check.limit, max(1.0, retry), check.index)


def acquainted_query(others: Sequence[str]) -> str:
    """``ACQUAINTED`` for ``len(others)`` candidates; its parameters: the player, the
    others, the player, the others."""
    return ACQUAINTED.format(marks=",".join("?" * len(others)))
