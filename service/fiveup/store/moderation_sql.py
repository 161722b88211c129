"""What both moderation stores share (``fiveup.identity.ports.ModerationStore``): the
tables' SQL, written with ``?`` placeholders (PostgreSQL's adapter swaps them for
``%s``), and the row mappings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..identity.ports import AddressSeen, NewSanction, SanctionKind, SanctionRecord

SANCTION_COLUMNS = (
    "sanction_id, player_id, kind, starts_at, ends_at, reason, operator_id, lifted_at,"
    " lifted_by, lift_reason"
)
ADD_SANCTION = (
    "INSERT INTO player_sanctions (player_id, kind, starts_at, ends_at, reason, operator_id)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
# Lifted only while in force: a second operator's lift (or one after the end) changes
# nothing, and the caller is told so.
LIFT_SANCTION = (
    "UPDATE player_sanctions SET lifted_at = ?, lifted_by = ?, lift_reason = ?"
    " WHERE sanction_id = ? AND player_id = ? AND lifted_at IS NULL"
    " AND starts_at <= ? AND ends_at > ?"
)
SANCTION = (
    f"SELECT {SANCTION_COLUMNS} FROM player_sanctions WHERE sanction_id = ? AND player_id = ?"
)
SANCTIONS_OF = (
    f"SELECT {SANCTION_COLUMNS} FROM player_sanctions WHERE player_id = ?"
    " ORDER BY sanction_id DESC LIMIT 500"
)


def in_force(count: int, kind: SanctionKind | None) -> str:
    """The sanctions of ``count`` players in force at a time (parameters: the ids, the
    time twice, then the kind if one)."""
    marks = ",".join("?" * count)
    return (
        f"SELECT {SANCTION_COLUMNS} FROM player_sanctions WHERE player_id IN ({marks})"
        " AND lifted_at IS NULL AND starts_at <= ? AND ends_at > ?"
        + (" AND kind = ?" if kind is not None else "")
        + " ORDER BY sanction_id DESC"
    )


RECORD_ADDRESS = (
    "INSERT INTO player_addresses (player_id, prefix, first_seen_at, last_seen_at)"
    " VALUES (?, ?, ?, ?) ON CONFLICT (player_id, prefix) DO UPDATE SET"
    " last_seen_at = CASE WHEN excluded.last_seen_at > player_addresses.last_seen_at"
    " THEN excluded.last_seen_at ELSE player_addresses.last_seen_at END"
)
ADDRESSES_OF = (
    "SELECT player_id, prefix, first_seen_at, last_seen_at FROM player_addresses"
    " WHERE player_id = ? ORDER BY last_seen_at DESC LIMIT 200"
)
PLAYERS_SHARING = (
    "SELECT player_id FROM player_addresses WHERE prefix = ? ORDER BY player_id LIMIT 1000"
)
FORGET_OLD_ADDRESSES = "DELETE FROM player_addresses WHERE last_seen_at < ?"


def forget_players(count: int) -> str:
    return f"DELETE FROM player_addresses WHERE player_id IN ({','.join('?' * count)})"


def sanction_params(sanction: NewSanction) -> tuple[Any, ...]:
    return (sanction.player_id, sanction.kind.value, sanction.starts_at, sanction.ends_at,
            sanction.reason, sanction.operator_id)  # fmt: skip


def sanction_of(row: Sequence[Any]) -> SanctionRecord:
    (sanction_id, player_id, kind, starts_at, ends_at, reason, operator_id, lifted_at,
     lifted_by, lift_reason) = row  # fmt: skip
    return SanctionRecord(
        int(sanction_id),
        NewSanction(
            str(player_id), SanctionKind(kind), float(starts_at), float(ends_at), str(reason),
            str(operator_id),
        ),
        None if lifted_at is None else float(lifted_at), str(lifted_by), str(lift_reason),
    )  # fmt: skip


def address_of(row: Sequence[Any]) -> AddressSeen:
    player_id, prefix, first, last = row
    return AddressSeen(str(player_id), str(prefix), float(first), float(last))
