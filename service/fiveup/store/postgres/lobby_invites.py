"""The lobby store on PostgreSQL, private tables' invitations: creating one (with its
invitees, under the invitation limits), finding one by its code, and who is acquainted
with whom (``fiveup.lobby.ports.InvitationStore``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...lobby.ports import Invite, InviteLookup, InviteQuota
from ..invites_sql import acquainted_query, judge, quota_checks
from ..ratings_sql import pg
from .common import PooledStore, fetch_all


class PostgresInvitations(PooledStore):
    async def create_invite(
        self, match_id: str, invite_hash: bytes, expires_at: float, player_id: str, now: float,
        invited: Sequence[str] = (), *, quiet: Collection[str] = (),
        quota: InviteQuota | None = None,
    ) -> None:  # fmt: skip
        told = [p for p in invited if p not in quiet]
        async with self.pool.connection() as conn, conn.transaction():
            if quota is not None and invited:
                # The inviter's and each told invitee's counts, one writer at a time
                # across replicas (locks taken in one sorted order: no deadlock).
                keys = sorted({f"inviter:{player_id}", *(f"invitee:{p}" for p in told)})
                for key in keys:
                    await conn.execute(
                        "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,)
                    )
                for check in quota_checks(quota, player_id, told, len(invited), now):
                    cur = await conn.execute(pg(check.query), check.params)
                    judge(check, await cur.fetchone(), now)
            await conn.execute(
                "INSERT INTO private_tables VALUES (%s, %s, %s, %s, %s)",
                (match_id, invite_hash, expires_at, player_id, now),
            )
            if invited:
                await conn.execute(
                    "INSERT INTO private_invitees (match_id, player_id, told)"
                    " SELECT %s, p, t FROM unnest(%s::TEXT[], %s::INTEGER[]) AS x (p, t)",
                    (match_id, list(invited), [0 if p in quiet else 1 for p in invited]),
                )

    async def acquainted(self, player_id: str, others: Sequence[str]) -> set[str]:
        candidates = list(others)
        if not candidates:
            return set()
        rows = await fetch_all(
            self.pool,
            pg(acquainted_query(candidates)),
            [player_id, *candidates, player_id, *candidates],
        )
        return {str(r[0]) for r in rows} - {player_id}

    async def invited_until(self, match_id: str, player_id: str) -> float | None:
        rows = await fetch_all(
            self.pool,
            "SELECT t.expires_at FROM private_invitees i"
            " JOIN private_tables t ON t.match_id = i.match_id"
            " WHERE i.match_id = %s AND i.player_id = %s",
            (match_id, player_id),
        )
        return float(rows[0][0]) if rows else None

    async def find_invite(self, invite_hash: bytes, now: float) -> Invite:
        rows = await fetch_all(
            self.pool,
            "SELECT match_id, expires_at FROM private_tables WHERE invite_hash = %s",
            (invite_hash,),
        )
        if not rows:
            return Invite(InviteLookup.UNKNOWN)
        match_id, expires = rows[0]
        if expires <= now:
            return Invite(InviteLookup.EXPIRED, match_id)
        return Invite(InviteLookup.FOUND, match_id)

    async def is_private(self, match_id: str) -> bool:
        return bool(
            await fetch_all(
                self.pool, "SELECT 1 FROM private_tables WHERE match_id = %s", (match_id,)
            )
        )
