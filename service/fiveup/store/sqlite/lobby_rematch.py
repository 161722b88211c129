"""The lobby store on SQLite, rematches: a finished match's offer and the seats that
accepted it (``fiveup.lobby.ports.RematchStore``)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from ...lobby.ports import RematchState
from ...notifications.notices import Notice
from .events import _transaction
from .outbox import write_notices
from .worker import WorkerStore


class SqliteRematches(WorkerStore):
    async def accept_rematch(
        self, match_id: str, seat: int, new_match_id: str, now: float,
        offered: Sequence[Notice],
    ) -> RematchState:  # fmt: skip
        def accept(conn: sqlite3.Connection) -> RematchState:
            with _transaction(conn):
                new = conn.execute(
                    "INSERT INTO rematches (match_id, new_match_id, offered_at) VALUES (?, ?, ?)"
                    " ON CONFLICT (match_id) DO NOTHING",
                    (match_id, new_match_id, now),
                ).rowcount
                conn.execute(
                    "INSERT INTO rematch_accepts VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    (match_id, seat, now),
                )
                told = tuple(write_notices(conn, offered)) if new else ()
                state = _rematch(conn, match_id)
                assert state is not None
                return RematchState(
                    state.match_id, state.new_match_id, state.accepted, state.started, told
                )

        return await self._run(accept)

    async def rematch(self, match_id: str) -> RematchState | None:
        return await self._run(lambda conn: _rematch(conn, match_id))

    async def decline_rematch(self, match_id: str) -> bool:
        def decline(conn: sqlite3.Connection) -> bool:
            with _transaction(conn):
                conn.execute(
                    "DELETE FROM rematch_accepts WHERE match_id = ? AND match_id IN"
                    " (SELECT match_id FROM rematches WHERE started_at IS NULL)",
                    (match_id,),
                )
                return bool(conn.execute(
                    "DELETE FROM rematches WHERE match_id = ? AND started_at IS NULL",
                    (match_id,),
                ).rowcount)  # fmt: skip

        return await self._run(decline)

    async def rematch_started(self, match_id: str, notices: Sequence[Notice]) -> RematchState:
        def started(conn: sqlite3.Connection) -> RematchState:
            with _transaction(conn):
                first = conn.execute(
                    "UPDATE rematches SET started_at = ? WHERE match_id = ? AND started_at IS NULL",
                    (min((n.created_at for n in notices), default=0.0), match_id),
                ).rowcount
                told = tuple(write_notices(conn, notices)) if first else ()
                state = _rematch(conn, match_id)
                assert state is not None
                return RematchState(
                    state.match_id, state.new_match_id, state.accepted, state.started, told
                )

        return await self._run(started)


def _rematch(conn: sqlite3.Connection, match_id: str) -> RematchState | None:
    row = conn.execute(
        "SELECT new_match_id, started_at FROM rematches WHERE match_id = ?", (match_id,)
    ).fetchone()
    if row is None:
        return None
    seats = conn.execute(
        "SELECT seat FROM rematch_accepts WHERE match_id = ? ORDER BY seat", (match_id,)
    ).fetchall()
    return RematchState(match_id, str(row[0]), tuple(int(s[0]) for s in seats), row[1] is not None)
