"""The operators' list of matches on both backends (``fiveup.lobby.ports.MatchDirectory``):
one query for a page's ids, newest first, with the filters; one for those matches'
summaries; one for their seats' players.  Written once with ``?`` placeholders; the two
dialects differ only in how a JSON field of an event is read (``Dialect``).

A page reads the ``matches`` table newest first (its index ``matches_newest``) and stops
at the page's end; the filters are column tests and primary-key probes per match: the
player's seats (``seat_players``'s unique index), the ledger, the first event (``rated``
at creation).  A summary adds the last event (its version and whether it cancelled the
match) and the void.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..lobby.ports import (
    CANCELLED,
    FINISHED,
    IN_PROGRESS,
    MatchFilter,
    MatchQuery,
    MatchSummary,
)

Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Dialect:
    created_rated: str  # over the first event ``e``: the match was created rated
    event_type: str  # over an event ``e``: its type


SQLITE = Dialect("json_extract(e.body, '$.rated') = 1", "json_extract(e.body, '$.type')")
POSTGRES = Dialect("(e.body ->> 'rated') = 'true'", "e.body ->> 'type'")

# An ended match is rated when the ledger rated it; a live one when it was created rated.
_RATED = (
    "((m.finished AND EXISTS (SELECT 1 FROM rated_matches r WHERE r.match_id = m.match_id))"
    " OR (NOT m.finished AND EXISTS (SELECT 1 FROM events e WHERE e.match_id = m.match_id"
    " AND e.version = 1 AND {created_rated})))"
)


def page_query(query: MatchQuery, dialect: Dialect) -> tuple[str, list[Any]]:
    """The ids of a page (one more than its limit: whether another follows)."""
    created, match = query.before if query.before is not None else (math.inf, "")
    where = ["(m.created_at < ? OR (m.created_at = ? AND m.match_id < ?))"]
    params: list[Any] = [created, created, match]
    if query.which in (MatchFilter.LIVE, MatchFilter.STUCK):
        where.append("NOT m.finished")
    elif query.which is MatchFilter.ENDED:
        where.append("m.finished")
    if query.which is MatchFilter.STUCK:
        rule = query.stuck
        if rule is None:
            raise ValueError("MatchFilter.STUCK needs a StuckRule")
        # silent since its last event (or its creation, for a match whose appends all
        # came before that was kept) longer than its turn clock allows, plus the grace
        where.append("COALESCE(m.last_event_at, m.created_at) + COALESCE(m.turn_clock, ?) < ?")
        params += [rule.turn_allowance, rule.now - rule.grace]
    if query.player_id:
        where.append("m.match_id IN (SELECT b.match_id FROM seat_players b WHERE b.player_id = ?)")
        params.append(query.player_id)
    if query.rated_only:
        where.append(_RATED.format(created_rated=dialect.created_rated))
    sql = (
        "SELECT m.match_id FROM matches m WHERE " + " AND ".join(where)
        + " ORDER BY m.created_at DESC, m.match_id DESC LIMIT ?"
    )  # fmt: skip
    return sql, [*params, max(query.limit, 0) + 1]


def summaries_query(matches: int, dialect: Dialect) -> str:
    """The summaries of ``matches`` matches (their ids follow)."""
    marks = ", ".join("?" * matches)
    return (
        "SELECT m.match_id, m.seats, m.created_at, m.finished, m.last_event_at, m.turn_clock,"
        " (SELECT MAX(e.version) FROM events e WHERE e.match_id = m.match_id),"
        f" (SELECT {dialect.event_type} FROM events e WHERE e.match_id = m.match_id"
        "  ORDER BY e.version DESC LIMIT 1),"
        f" {_RATED.format(created_rated=dialect.created_rated)},"
        " EXISTS (SELECT 1 FROM voided_results v WHERE v.match_id = m.match_id)"
        f" FROM matches m WHERE m.match_id IN ({marks})"
    )


def owners_query(matches: int) -> str:
    marks = ", ".join("?" * matches)
    return f"SELECT match_id, seat, player_id FROM seat_players WHERE match_id IN ({marks})"


def summaries(rows: Sequence[Row], owners: Sequence[Row]) -> dict[str, MatchSummary]:
    """The summaries' rows and their seats' players as ``MatchSummary`` by id."""
    players: dict[str, dict[int, str]] = {}
    for match_id, seat, player in owners:
        players.setdefault(str(match_id), {})[int(seat)] = str(player)
    out = {}
    for match_id, seats, created, finished, last_at, clock, version, last, rated, voided in rows:
        kinds = json.loads(seats) if isinstance(seats, str) else list(seats)
        bound: Mapping[int, str] = players.get(str(match_id), {})
        status = (
            IN_PROGRESS if not finished else CANCELLED if last == "match_cancelled" else FINISHED
        )
        out[str(match_id)] = MatchSummary(
            match_id=str(match_id), status=status, rated=bool(rated),
            player_ids=tuple(bound.get(seat, "") for seat in range(len(kinds))),
            created_at=float(created), last_event_at=None if last_at is None else float(last_at),
            version=int(version or 0), voided=bool(voided),
            turn_clock_seconds=None if clock is None else int(clock),
        )  # fmt: skip
    return out
