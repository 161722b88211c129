"""What both lobby stores share (as ``chat_sql`` and ``invites_sql`` do for theirs): the
columns of a matchmaking ticket and the one mapping from such a row to a
``TicketStatus``, and the one mapping from a match's seat kinds, its claimed seats and
its seated players' names to a ``TableRow``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import Any

from ..lobby.formation import Ticket
from ..lobby.ports import TableRow, TableSeatRow, TicketState, TicketStatus

TICKET_COLUMNS = (
    "ticket_id, player_id, players, target_points, queued_at, allow_bots, bots_at, party,"
    " state, heartbeat_at, match_id, seat, turn_clock"
)


def ticket_status(row: Sequence[Any]) -> TicketStatus:
    """A row of ``TICKET_COLUMNS`` as the search it records."""
    (ticket_id, player_id, players, target, queued, allow, bots_at, party,
     state, heartbeat, match_id, seat, clock) = row  # fmt: skip
    ticket = Ticket(
        ticket_id, player_id, int(players), int(target), float(queued), bool(allow),
        None if bots_at is None else float(bots_at), party, int(clock or 0),
    )  # fmt: skip
    return TicketStatus(
        ticket, TicketState(state), float(heartbeat), match_id, None if seat is None else int(seat)
    )


def table_row(
    match_id: str,
    kinds: Sequence[str],
    target: int,
    created: float,
    finished: bool,
    claimed: Set[int],
    names: Mapping[tuple[str, int], str],
) -> TableRow:
    """A match as a table: each seat's kind, whether it is taken (a bot's always is, a
    human one once claimed) and the display name of the player bound to it."""
    seats = tuple(
        TableSeatRow(
            seat=i,
            kind=kind,
            taken=kind != "human" or i in claimed,
            display_name=names.get((match_id, i), ""),
        )
        for i, kind in enumerate(kinds)
    )
    return TableRow(match_id, seats, int(target), float(created), bool(finished))
