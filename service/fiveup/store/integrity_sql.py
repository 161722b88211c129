"""The operators' table of ratings integrity signals (``fiveup.admin.signals``), once for
both backends: queries written with SQLite's ``?`` (``pg`` makes PostgreSQL's), the row
mapping, and each backend's migrations.

``integrity_signals`` holds every signal a scan found while it is open (its wording and
score as last computed) and every signal an operator resolved, for good: a resolved one
is what keeps the same evidence from being raised again.  Lists are JSON arrays."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..admin.signals import Decision, Signal, SignalKind, SignalRecord, SignalStatus

VERSION_TABLE = "integrity_schema_version"
COLUMNS = (
    "signal_id, kind, subject, players, match_ids, detail, evidence, score, detected_at,"
    " status, decision, resolved_by, resolution, resolved_at"
)
_INSERT = f"INSERT INTO integrity_signals ({COLUMNS}) VALUES ({', '.join('?' * 14)})"
# A scan's signal: new, or an open one's wording and score as recomputed.
KEEP = (
    f"{_INSERT} ON CONFLICT (signal_id) DO UPDATE SET evidence = excluded.evidence,"
    " score = excluded.score WHERE integrity_signals.status = 'open'"
)
OPEN_IDS = "SELECT signal_id FROM integrity_signals WHERE status = 'open'"
FORGET = "DELETE FROM integrity_signals WHERE signal_id = ? AND status = 'open'"
LIST = (
    f"SELECT {COLUMNS} FROM integrity_signals WHERE (? = '' OR status = ?)"
    " AND (? = '' OR kind = ?) ORDER BY score DESC, detected_at, signal_id LIMIT ?"
)
ONE = f"SELECT {COLUMNS} FROM integrity_signals WHERE signal_id = ?"
JUDGED = f"SELECT {COLUMNS} FROM integrity_signals WHERE status <> 'open' AND resolved_at >= ?"
# An operator's decision: written over the open signal, or in its place if a scan forgot
# it meanwhile; never over one resolved already (no row changes: the caller says so).
RESOLVE = (
    f"{_INSERT} ON CONFLICT (signal_id) DO UPDATE SET status = excluded.status,"
    " decision = excluded.decision, resolved_by = excluded.resolved_by,"
    " resolution = excluded.resolution, resolved_at = excluded.resolved_at"
    " WHERE integrity_signals.status = 'open'"
)


def pg(query: str) -> str:
    return query.replace("?", "%s")


def record_params(record: SignalRecord) -> tuple[Any, ...]:
    s = record.signal
    return (
        s.signal_id, s.kind.value, json.dumps(s.subject), json.dumps(s.players),
        json.dumps(s.match_ids), s.detail, s.evidence, s.score, record.detected_at,
        record.status.value, "" if record.decision is None else record.decision.value,
        record.resolved_by, record.resolution, record.resolved_at,
    )  # fmt: skip


def found_params(signal: Signal, now: float) -> tuple[Any, ...]:
    return record_params(SignalRecord(signal, SignalStatus.OPEN, now))


def list_params(
    status: SignalStatus | None, kind: SignalKind | None, limit: int
) -> tuple[Any, ...]:
    s = "" if status is None else status.value
    k = "" if kind is None else kind.value
    return (s, s, k, k, limit)


def record_of(row: Sequence[Any]) -> SignalRecord:
    (signal_id, kind, subject, players, match_ids, detail, evidence, score, detected_at,
     status, decision, resolved_by, resolution, resolved_at) = row  # fmt: skip
    signal = Signal(
        kind=SignalKind(kind), subject=tuple(json.loads(subject)),
        players=tuple(json.loads(players)), match_ids=tuple(json.loads(match_ids)),
        evidence=str(evidence), score=float(score), detail=str(detail),
    )  # fmt: skip
    if signal.signal_id != signal_id:  # the digest is the contract: a row must keep it
        raise ValueError(f"integrity signal {signal_id!r} does not match its evidence")
    return SignalRecord(
        signal, SignalStatus(status), float(detected_at),
        Decision(decision) if decision else None, str(resolved_by), str(resolution),
        None if resolved_at is None else float(resolved_at),
    )  # fmt: skip


_TABLE = """
    CREATE TABLE {exists}integrity_signals (
        signal_id   TEXT PRIMARY KEY,
        kind        TEXT NOT NULL,
        subject     TEXT NOT NULL,
        players     TEXT NOT NULL,
        match_ids   TEXT NOT NULL,
        detail      TEXT NOT NULL,
        evidence    TEXT NOT NULL,
        score       {real} NOT NULL,
        detected_at {real} NOT NULL,
        status      TEXT NOT NULL,
        decision    TEXT NOT NULL,
        resolved_by TEXT NOT NULL,
        resolution  TEXT NOT NULL,
        resolved_at {real}
    )
"""
_INDEXES = (
    "CREATE INDEX {exists}integrity_signals_listed ON integrity_signals (status, score)",
    "CREATE INDEX {exists}integrity_signals_judged ON integrity_signals (resolved_at)"
    " WHERE resolved_at IS NOT NULL",
)

SQLITE_MIGRATIONS: list[str] = [
    # 1: the signals and what operators decided
    ";".join(
        [_TABLE.format(exists="IF NOT EXISTS ", real="REAL")]
        + [i.format(exists="IF NOT EXISTS ") for i in _INDEXES]
    ),
]
PG_MIGRATIONS: list[list[str]] = [
    [_TABLE.format(exists="", real="DOUBLE PRECISION")] + [i.format(exists="") for i in _INDEXES],
]
