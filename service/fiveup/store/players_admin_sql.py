"""The player stores' queries for the operators (``PlayerStore.find_players``,
``sessions_of``, ``revoke_player_sessions``), once for both backends: written with ``?``
placeholders (PostgreSQL's adapter swaps them for ``%s``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..identity.ports import SessionRecord

# A name contains the query when its skeleton contains one of the query's keys (the
# skeleton of the query as typed, case-folded and upper-cased: identity.names). A scan
# of the players' skeletons: an operator's search, bounded by its limit.
_FIND = (
    "SELECT player_id FROM players WHERE {matches} ORDER BY last_seen_at DESC, player_id LIMIT ?"
)
SESSIONS_OF = (
    "SELECT s.session_id, s.created_at, COALESCE(MAX(t.issued_at), s.created_at),"
    " s.revoked_at, COALESCE(s.revoked_reason, '')"
    " FROM player_sessions s LEFT JOIN refresh_tokens t ON t.session_id = s.session_id"
    " WHERE s.player_id = ?"
    " GROUP BY s.session_id, s.created_at, s.revoked_at, s.revoked_reason"
    " ORDER BY s.created_at DESC, s.session_id LIMIT ?"
)
REVOKE_PLAYER_SESSIONS = (
    "UPDATE player_sessions SET revoked_at = ?, revoked_reason = ?"
    " WHERE player_id = ? AND revoked_at IS NULL RETURNING session_id"
)
# The index both backends add (a player's sessions: the operators' reads and revocation).
SESSIONS_BY_PLAYER = (
    "CREATE INDEX IF NOT EXISTS player_sessions_by_player ON player_sessions"
    " (player_id, created_at)"
)


def like_pattern(key: str) -> str:
    """``%key%`` with LIKE's own characters escaped (ESCAPE '\\')."""
    escaped = key.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def find(keys: Sequence[str], limit: int) -> tuple[str, list[Any]]:
    """The query and parameters of ``find_players``."""
    matches = " OR ".join(["name_skeleton LIKE ? ESCAPE '\\'"] * len(keys))
    return _FIND.format(matches=matches), [*(like_pattern(k) for k in keys), limit]


def session_of(row: Sequence[Any]) -> SessionRecord:
    session_id, started, used, revoked, reason = row
    return SessionRecord(
        str(session_id), float(started), float(used),
        None if revoked is None else float(revoked), str(reason),
    )  # fmt: skip
