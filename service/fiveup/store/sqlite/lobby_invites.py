"""The lobby store on SQLite, private tables' invitations: creating one (with its
invitees, under the invitation limits), finding one by its code, and who is acquainted
with whom (``fiveup.lobby.ports.InvitationStore``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Sequence

from ...lobby.ports import Invite, InviteLookup, InviteQuota
from ..invites_sql import acquainted_query, judge, quota_checks
from .events import _transaction
from .worker import WorkerStore


class SqliteInvitations(WorkerStore):
    async def create_invite(
        self, match_id: str, invite_hash: bytes, expires_at: float, player_id: str, now: float,
        invited: Sequence[str] = (), *, quiet: Collection[str] = (),
        quota: InviteQuota | None = None,
    ) -> None:  # fmt: skip
        told = [p for p in invited if p not in quiet]

        def create(conn: sqlite3.Connection) -> None:
            with _transaction(conn):  # BEGIN IMMEDIATE: the counts hold until the commit
                if quota is not None and invited:
                    for check in quota_checks(quota, player_id, told, len(invited), now):
                        judge(check, conn.execute(check.query, check.params).fetchone(), now)
                conn.execute(
                    "INSERT INTO private_tables VALUES (?, ?, ?, ?, ?)",
                    (match_id, invite_hash, expires_at, player_id, now),
                )
                conn.executemany(
                    "INSERT INTO private_invitees (match_id, player_id, told) VALUES (?, ?, ?)",
                    [(match_id, p, 0 if p in quiet else 1) for p in invited],
                )

        await self._run(create)

    async def acquainted(self, player_id: str, others: Sequence[str]) -> set[str]:
        candidates = list(others)

        def acquainted(conn: sqlite3.Connection) -> set[str]:
            rows = conn.execute(
                acquainted_query(candidates), [player_id, *candidates, player_id, *candidates]
            ).fetchall()
            return {str(r[0]) for r in rows} - {player_id}

        return await self._run(acquainted) if candidates else set()

    async def invited_until(self, match_id: str, player_id: str) -> float | None:
        def until(conn: sqlite3.Connection) -> float | None:
            row = conn.execute(
                "SELECT t.expires_at FROM private_invitees i"
                " JOIN private_tables t ON t.match_id = i.match_id"
                " WHERE i.match_id = ? AND i.player_id = ?",
                (match_id, player_id),
            ).fetchone()
            return None if row is None else float(row[0])

        return await self._run(until)

    async def find_invite(self, invite_hash: bytes, now: float) -> Invite:
        def find(conn: sqlite3.Connection) -> Invite:
            row = conn.execute(
                "SELECT match_id, expires_at FROM private_tables WHERE invite_hash = ?",
                (invite_hash,),
            ).fetchone()
            if row is None:
                return Invite(InviteLookup.UNKNOWN)
            if row[1] <= now:
                return Invite(InviteLookup.EXPIRED, row[0])
            return Invite(InviteLookup.FOUND, row[0])

        return await self._run(find)

    async def is_private(self, match_id: str) -> bool:
        def private(conn: sqlite3.Connection) -> bool:
            row = conn.execute(
                "SELECT 1 FROM private_tables WHERE match_id = ?", (match_id,)
            ).fetchone()
            return row is not None

        return await self._run(private)
