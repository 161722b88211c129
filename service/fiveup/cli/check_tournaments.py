"""``fiveup check-tournaments``: recompute every finished tournament from the match logs
and compare with what the server stored (docs/tournaments.md, "Checking a tournament
against the logs").

For each table of each finished tournament the table's ending (played, forfeit,
aborted), its scores and winner are read again from its match's log by the same pure
rule the director applies (``tournaments.results.table_ending``, with the server's
``--rated-min-own-moves``), and the players the log seated are compared with the
table's; then the standings are computed from those results and compared, line for
line, with the standings of the stored results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import Event
from ..match.event_mapper import from_stored
from ..ratings.eligibility import DEFAULT_MIN_OWN_MOVES
from ..store import open_store, open_tournament_store
from ..tournaments.model import TableResult
from ..tournaments.ports import FINISHED, TournamentRecord
from ..tournaments.results import seated_players, table_ending
from ..tournaments.standings import standings
from .check_ratings import require_database

EVERY = 1_000_000


@dataclass(frozen=True, slots=True)
class TournamentMismatch:
    tournament_id: str
    what: str  # one sentence: the table or the standing line that differs


@dataclass(frozen=True, slots=True)
class TournamentCheck:
    tournaments: int
    tables: int
    mismatches: tuple[TournamentMismatch, ...]

    @property
    def ok(self) -> bool:
        return not self.mismatches


async def check_tournaments(
    url: str, min_own_moves: int = DEFAULT_MIN_OWN_MOVES
) -> TournamentCheck:
    """Compare every finished tournament of the database ``url`` with its tables' logs
    (``min_own_moves``: the server's ``--rated-min-own-moves``)."""
    require_database(url)
    events, store = open_store(url), open_tournament_store(url)
    mismatches: list[TournamentMismatch] = []
    tables = 0
    await events.open()
    try:
        await store.open()
        try:
            finished = await store.listed(FINISHED, EVERY)
            for record in finished:
                logs: dict[str, list[Event]] = {}
                for t in record.tables:
                    if t.match_id:
                        stored = await events.read_events(t.match_id)
                        logs[t.match_id] = [event for _, event in from_stored(stored)]
                tables += len(logs)
                mismatches += compare(record, logs, min_own_moves)
        finally:
            await store.close()
    finally:
        await events.close()
    return TournamentCheck(len(finished), tables, tuple(mismatches))


def compare(
    record: TournamentRecord, logs: Mapping[str, Sequence[Event]], min_own_moves: int
) -> list[TournamentMismatch]:
    """The differences between ``record`` and its tables' logs (``logs``: match id ->
    the match's events)."""
    tid = record.tournament_id
    found: list[TournamentMismatch] = []
    rebuilt: list[TableResult] = []
    for t in sorted(record.tables, key=lambda t: (t.round, t.board)):
        if not t.match_id:
            result = t.result()
            if result is not None:
                rebuilt.append(result)
            continue
        where = f"round {t.round} board {t.board} (match {t.match_id})"
        log = logs.get(t.match_id) or []
        if seated_players(log) != dict(enumerate(t.seats)):
            found.append(TournamentMismatch(tid, f"{where}: its log seats other players"))
        ended = table_ending(t.match_id, log, min_own_moves)
        if ended is None:
            found.append(TournamentMismatch(tid, f"{where}: its log has no end"))
            continue
        stored = (t.ending, t.scores, t.winner_side, t.forfeited_side)
        again = (ended.ending.value, ended.scores, ended.winner_side, ended.forfeited_side)
        if stored != again:
            found.append(TournamentMismatch(tid, f"{where}: stored {stored}, its log says {again}"))
        rebuilt.append(
            TableResult(t.round, t.seats, ended.ending, ended.scores, ended.winner_side,
                        ended.forfeited_side)
        )  # fmt: skip
    rebuilt.sort(key=lambda r: r.round)
    entrants = record.engine_entrants()
    mine = standings(entrants, record.results(), record.config)
    theirs = standings(entrants, rebuilt, record.config)
    for a, b in zip(mine, theirs, strict=True):
        if a != b:
            found.append(TournamentMismatch(tid, f"rank {a.rank}: stored {a}, from the logs {b}"))
    return found
