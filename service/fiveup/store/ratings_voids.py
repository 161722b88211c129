"""Voided results on both backends (``fiveup.ratings.ports.ResultVoids``): the reads a
void is planned from and the one transaction that records it.

The tables are the rating store's (``ratings_sql``, migration 5): ``voided_results`` (who
voided which match, when, why) and each result's ``voided`` flag, which every figure
tests.  A void keeps the ledger (``rated_matches``: the order the ratings were computed
in) and the voided match's own result rows (the player's list shows them, unrated, for
the reason ``voided``); it deletes the voided match's rating-history points and
rewrites what the recomputation changed: later matches' history points and their
results' before/after ratings, and the players' current ratings, their counts read back
from what is left.
"""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import Any

from ..ratings.model import Rating
from ..ratings.ports import LedgerEntry, RatedSince, VoidConflict, VoidRecord, VoidWrite
from .postgres.common import Conn
from .ratings_sql import PG_RATING_LOCK, pg

Row = tuple[Any, ...]
CHUNK = 500  # ids per query: well below SQLite's bound on parameters

ALL_VOIDED = "SELECT match_id FROM voided_results"
LEDGER_ENTRY = (
    "SELECT m.seq, m.category, r.player_id FROM rated_matches m"
    " JOIN player_results r ON r.match_id = m.match_id WHERE m.match_id = ? ORDER BY r.seat"
)
# What the category's ratings stand on: its last place in the rating order and how many
# of its matches were voided.  Read before the matches after a place (so a match that
# ends in between changes it), and checked again in the void's transaction.
BASIS = (
    "SELECT (SELECT COALESCE(MAX(seq), 0) FROM rated_matches WHERE category = ?),"
    " (SELECT COUNT(*) FROM voided_results v JOIN rated_matches m ON m.match_id = v.match_id"
    " WHERE m.category = ?)"
)
RATED_SINCE = (
    "SELECT m.seq, m.match_id, r.player_id FROM rated_matches m"
    " JOIN player_results r ON r.match_id = m.match_id"
    " WHERE m.category = ? AND m.seq > ?"
    " AND NOT EXISTS (SELECT 1 FROM voided_results v WHERE v.match_id = m.match_id)"
    " ORDER BY m.seq, r.seat"
)
# A player's last history point before a place (the history's primary key finds it).
RATING_BEFORE = (
    "SELECT mu, sigma FROM rating_history WHERE player_id = ? AND category = ? AND seq < ?"
    " ORDER BY seq DESC LIMIT 1"
)

VOIDED_ALREADY = "SELECT 1 FROM voided_results WHERE match_id = ?"
INSERT_VOID = (
    "INSERT INTO voided_results (match_id, voided_at, operator_id, reason) VALUES (?, ?, ?, ?)"
)
FLAG_RESULTS = "UPDATE player_results SET voided = TRUE WHERE match_id = ?"
DROP_POINT = "DELETE FROM rating_history WHERE player_id = ? AND category = ? AND seq = ?"
REWRITE_POINT = (
    "UPDATE rating_history SET mu = ?, sigma = ?, ordinal = ?"
    " WHERE player_id = ? AND category = ? AND seq = ?"
)
REWRITE_RESULT = (
    "UPDATE player_results SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ?"
    " WHERE player_id = ? AND match_id = ?"
)
# A player's current rating, its counts read back from what the void left: rated
# matches (history points), wins (won rated results not voided), the last place.
RESET_RATING = (
    "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?,"
    " matches = (SELECT COUNT(*) FROM rating_history h"
    "  WHERE h.player_id = ratings.player_id AND h.category = ratings.category),"
    " wins = (SELECT COUNT(*) FROM player_results r WHERE r.player_id = ratings.player_id"
    "  AND r.category = ratings.category AND r.rated AND NOT r.voided AND r.won),"
    " last_seq = (SELECT MAX(seq) FROM rating_history h"
    "  WHERE h.player_id = ratings.player_id AND h.category = ratings.category)"
    " WHERE category = ? AND player_id = ?"
)
DROP_RATING = "DELETE FROM ratings WHERE category = ? AND player_id = ?"


def voids_of(match_ids: int) -> str:
    marks = ", ".join("?" * match_ids)
    return (
        "SELECT match_id, voided_at, operator_id, reason FROM voided_results"
        f" WHERE match_id IN ({marks})"
    )


class VoidReads(ABC):
    """``ResultVoids``' reads, over a backend's ``fetch`` (as ``RatingReads``)."""

    @abstractmethod
    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def voids(self, match_ids: Collection[str]) -> dict[str, VoidRecord]:
        ids = sorted(set(match_ids))
        out: dict[str, VoidRecord] = {}
        for start in range(0, len(ids), CHUNK):
            chunk = ids[start : start + CHUNK]
            for m, at, operator, reason in await self.fetch(voids_of(len(chunk)), chunk):
                out[str(m)] = VoidRecord(str(m), float(at), str(operator), str(reason))
        return out

    async def voided_match_ids(self) -> frozenset[str]:
        return frozenset(str(r[0]) for r in await self.fetch(ALL_VOIDED))

    async def ledger_entry(self, match_id: str) -> LedgerEntry | None:
        rows = await self.fetch(LEDGER_ENTRY, (match_id,))
        if not rows:
            return None
        return LedgerEntry(
            int(rows[0][0]), match_id, str(rows[0][1]), tuple(str(r[2]) for r in rows)
        )

    async def rated_since(self, category: str, seq: int) -> RatedSince:
        ((top, voided),) = await self.fetch(BASIS, (category, category))
        entries: list[LedgerEntry] = []
        for s, m, player in await self.fetch(RATED_SINCE, (category, seq)):
            if entries and entries[-1].seq == int(s):
                last = entries[-1]
                entries[-1] = LedgerEntry(
                    last.seq, last.match_id, category, (*last.players, str(player))
                )
            else:
                entries.append(LedgerEntry(int(s), str(m), category, (str(player),)))
        return RatedSince(tuple(entries), (int(top), int(voided)))

    async def ratings_before(
        self, category: str, player_ids: Collection[str], seq: int
    ) -> dict[str, Rating]:
        out = {}
        for player in sorted(set(player_ids)):
            rows = await self.fetch(RATING_BEFORE, (player, category, seq))
            if rows:
                out[player] = Rating(float(rows[0][0]), float(rows[0][1]))
        return out


def void_statements(write: VoidWrite) -> list[tuple[str, list[Row]]]:
    """The void's writes in order, each a statement and its rows (``?`` placeholders)."""
    record, entry = write.record, write.entry
    out: list[tuple[str, list[Row]]] = [
        (INSERT_VOID, [(record.match_id, record.voided_at, record.operator_id, record.reason)]),
        (FLAG_RESULTS, [(record.match_id,)]),
    ]
    if entry is None:
        return out
    cat = entry.category
    out.append((DROP_POINT, [(p, cat, entry.seq) for p in entry.players]))
    points, results = [], []
    for match in write.rerated:
        for player, after in match.after.items():
            before = match.before.get(player, Rating())
            points.append((after.mu, after.sigma, after.ordinal, player, cat, match.seq))
            results.append((before.mu, before.sigma, after.mu, after.sigma, player, match.match_id))
    out += [(REWRITE_POINT, points), (REWRITE_RESULT, results)]
    kept = [(r.mu, r.sigma, r.ordinal, cat, p) for p, r in sorted(write.ratings.items()) if r]
    gone = [(cat, p) for p, r in sorted(write.ratings.items()) if r is None]
    out += [(RESET_RATING, kept), (DROP_RATING, gone)]
    return out


def write_void_sqlite(conn: sqlite3.Connection, write: VoidWrite) -> bool:
    """``write`` inside the caller's write transaction (SQLite's write lock serialises
    it with every append, rating updates included)."""
    if conn.execute(VOIDED_ALREADY, (write.record.match_id,)).fetchone() is not None:
        return False
    entry = write.entry
    if entry is not None:
        basis = conn.execute(BASIS, (entry.category, entry.category)).fetchone()
        if (int(basis[0]), int(basis[1])) != write.basis:
            raise VoidConflict(f"the ratings of category {entry.category} moved: plan again")
    for query, rows in void_statements(write):
        if rows:
            conn.executemany(query, rows)
    return True


async def write_void_postgres(conn: Conn, write: VoidWrite) -> bool:
    """``write`` inside the caller's transaction, after the rating lock (every rating
    update holds it to its commit, so the basis checked here stays put until ours)."""
    await conn.execute("SELECT pg_advisory_xact_lock(%s)", (PG_RATING_LOCK,))
    cur = await conn.execute(pg(VOIDED_ALREADY), (write.record.match_id,))
    if await cur.fetchone() is not None:
        return False
    entry = write.entry
    if entry is not None:
        cur = await conn.execute(pg(BASIS), (entry.category, entry.category))
        basis = await cur.fetchone()
        assert basis is not None
        if (int(basis[0]), int(basis[1])) != write.basis:
            raise VoidConflict(f"the ratings of category {entry.category} moved: plan again")
    for query, rows in void_statements(write):
        if rows:
            async with conn.cursor() as many:
                await many.executemany(pg(query), rows)
    return True
