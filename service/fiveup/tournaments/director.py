"""The director: each replica's background task that runs the tournaments
(docs/tournaments.md, "Running and playing a tournament").

Every ``tick_seconds`` it looks at each upcoming or running tournament and does what is
due: starts it at its time (the entrants' ratings fixed, a Swiss's rounds fixed, called
off if fewer than one table entered a Swiss); reads the end of each table being played
from its match's log (``results.table_ending``); pairs the next Swiss round once every
table of the round before has ended, or the waiting players of an arena as their tables
end (until its end time); ends it when the last round, or the arena's time, is over.

Several replicas run the same director over the same store and nothing is assigned to
any of them: every step is a change written at the version it read (``Tournaments.
change``), so a round is paired once whichever replica gets there first, and the
others find it paired when they read again.  A table's match id is chosen when the
round is written; the match is then created with its players seated through the
lobby's ``SeatedTables`` (the matchmaker's and the rematches' own way), which any
replica may repeat: a replica that dies between the pairing and the seating leaves
tables that the next tick (on any replica) opens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable, Mapping

from ..engine import HUMAN
from ..engine.errors import MatchFinished
from ..identity.relations import BlockLookup, NoBlocks
from ..lobby.seating import SeatedTables, TableOptions
from ..match.errors import MatchNotFinished, MatchNotFound
from ..match.matches import Matches, new_match_id
from ..notifications.notices import Notice, NoticeKind
from .arena import pair_waiting
from .model import Ending, Rng
from .ports import (
    CANCELLED,
    FINISHED,
    RUNNING,
    UNSEATED,
    UPCOMING,
    TableRecord,
    TournamentRecord,
)
from .results import CANCELLED as CANCELLED_TABLE
from .results import Ended, table_ending
from .service import NEW_PLAYER_RATING, Tournaments
from .settings import TournamentsConfig
from .standings import final_points
from .swiss import pair_round

log = logging.getLogger(__name__)


class Director:
    def __init__(
        self,
        config: TournamentsConfig,
        tournaments: Tournaments,
        matches: Matches,
        seated: SeatedTables,
        *,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
        rng: Rng | None = None,
    ) -> None:
        self.config = config
        self.tournaments = tournaments
        self.store = tournaments.store
        self.matches = matches
        self.seated = seated
        self.blocks: BlockLookup = blocks or NoBlocks()
        self.clock = clock
        self.rng: Rng = rng or secrets.SystemRandom()
        self._task: asyncio.Task[None] | None = None
        self._wanted = asyncio.Event()

    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name="fiveup-tournaments"
            )

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def wake(self) -> None:
        """Run a tick soon (an entry or a table's end noticed here)."""
        self._wanted.set()

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wanted.wait(), self.config.tick_seconds)
            self._wanted.clear()
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournament tick failed")

    async def tick(self) -> None:
        """One pass over every running tournament and every one due to start."""
        for tournament_id in await self.store.due_ids(self.clock()):
            try:
                await self.advance(tournament_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournament %s: step failed", tournament_id)

    async def advance(self, tournament_id: str) -> None:
        record = await self.store.get(tournament_id)
        if record is None:
            return
        if record.state == UPCOMING:
            if self.clock() < record.settings.starts_at:
                return
            record = await self._start(record)
        if record.state != RUNNING:
            return
        await self._open_tables(record)
        record = await self._read_endings(record)
        if record.state != RUNNING or (record.playing() and not record.is_arena):
            return
        if record.is_arena:
            await self._arena_step(record)
        else:
            await self._swiss_step(record)

    # ------------------------------------------------------------------ steps

    async def _start(self, record: TournamentRecord) -> TournamentRecord:
        """Fix the entrants' ratings and (Swiss) the rounds; call a Swiss with fewer than
        a table's worth of entrants off."""
        ids = [e.player_id for e in record.entrants]
        ratings = await self.tournaments.ratings.display_ratings(str(record.settings.seats), ids)
        now = self.clock()

        def start(r: TournamentRecord) -> bool:
            if r.state != UPCOMING:
                return False
            for e in r.entrants:
                e.rating = float(ratings.get(e.player_id, NEW_PLAYER_RATING))
            r.started_at = now
            if r.is_arena:
                r.state = RUNNING
                r.ends_at = r.settings.starts_at + r.settings.duration_seconds
            elif len(r.entrants) < r.settings.seats:
                r.state, r.finished_at = CANCELLED, now
            else:
                r.state = RUNNING
                r.rounds = r.settings.config().rounds_for(len(r.entrants))
            return True

        record = await self.tournaments.change(record.tournament_id, start)
        log.info("tournament %s: %s", record.tournament_id, record.state)
        return record

    async def _open_tables(self, record: TournamentRecord) -> None:
        """Create each paired table's match with its players seated (idempotent), then
        mark it open so its players are shown it."""
        pending = [t for t in record.playing() if t.match_id and not t.opened]
        if not pending:
            return
        s = record.settings
        options = TableOptions(
            s.target_points or 61, unrated=not s.rated,
            turn_clock_seconds=s.turn_clock_seconds or None,
        )  # fmt: skip
        for table in pending:
            await self.seated.open(
                table.match_id, [HUMAN] * len(table.seats), options, dict(enumerate(table.seats))
            )
        opened = {t.match_id for t in pending}

        def mark(r: TournamentRecord) -> bool:
            changed = False
            for t in r.tables:
                if t.match_id in opened and not t.opened:
                    t.opened = changed = True
            return changed

        now = self.clock()

        def ready(r: TournamentRecord) -> list[Notice]:
            if r.state != RUNNING:  # called off meanwhile: nothing to play
                return []
            return [
                table_ready(r, t, seat, now)
                for t in r.tables if t.match_id in opened and t.playing
                for seat in range(len(t.seats))
            ]  # fmt: skip

        record = await self.tournaments.change(record.tournament_id, mark, ready)
        if record.state == CANCELLED:  # an operator called it off while these opened
            await self.cancel(record, also=opened)

    async def cancel(self, record: TournamentRecord, also: Iterable[str] = ()) -> list[str]:
        """End the tables a cancelled tournament still has in play: each match is
        ended as an operator's EndMatch ends one (cancelled, no result, no rating), and
        each table's ending is then read from its log like any other (one that finished
        first keeps its result; a table whose match never opened is aborted).  Any
        replica may repeat it.  ``also``: matches a director opened after the
        cancellation recorded their tables' endings (ended too).  The match ids it
        ended."""
        ended_ids: list[str] = []
        endings: dict[str, Ended] = {}
        playing = {t.match_id for t in record.playing() if t.match_id}
        for match_id in sorted(playing | set(also)):
            try:
                await self.matches.end(match_id)
                ended_ids.append(match_id)
            except (MatchFinished, MatchNotFound):
                pass
            if match_id in playing:
                ending = await self._ending(match_id)
                endings[match_id] = ending or Ended(Ending.ABORTED, concede_reason=CANCELLED_TABLE)
        if endings:
            now = self.clock()
            await self.tournaments.change(
                record.tournament_id, lambda r: record_endings(r, endings, now)
            )
        return ended_ids

    async def _read_endings(self, record: TournamentRecord) -> TournamentRecord:
        ended: dict[str, Ended] = {}
        for table in record.playing():
            if not table.opened:
                continue
            ending = await self._ending(table.match_id)
            if ending is not None:
                ended[table.match_id] = ending
        if not ended:
            return record
        now = self.clock()
        return await self.tournaments.change(
            record.tournament_id, lambda r: record_endings(r, ended, now)
        )

    async def _ending(self, match_id: str) -> Ended | None:
        try:
            if not (await self.matches.progress(match_id)).finished:
                return None
            events = (await self.matches.record(match_id)).events
        except (MatchNotFinished, MatchNotFound):
            return None
        return table_ending(match_id, [e for _, e in events], self.config.min_own_moves)

    async def _swiss_step(self, record: TournamentRecord) -> None:
        """Every table of the round has ended: pair the next round, or finish."""
        if record.round >= record.rounds:
            await self._finish(record)
            return
        apart = await self._apart(record)
        done = record.round

        def pair(r: TournamentRecord) -> bool:
            if r.state != RUNNING or r.round != done or r.playing():
                return False
            pairing = pair_round(r.engine_entrants(), r.results(), r.config, self.rng,
                                 apart=apart)  # fmt: skip
            number = r.round + 1
            r.round = number
            r.tables += [TableRecord(number, t.board, t.seats, new_match_id())
                         for t in pairing.tables]  # fmt: skip
            r.tables += [
                TableRecord(number, 0, (p,), ending=Ending.BYE.value) for p in pairing.byes
            ]
            r.tables += [TableRecord(number, 0, (p,), ending=UNSEATED) for p in pairing.unseated]
            if not pairing.tables:  # nobody left to pair (everyone withdrew)
                r.rounds = number
            return True

        record = await self.tournaments.change(record.tournament_id, pair)
        if record.round > done:
            log.info("tournament %s: round %d paired", record.tournament_id, record.round)
            await self._open_tables(record)

    async def _arena_step(self, record: TournamentRecord) -> None:
        """Seat the waiting players (until the end time); finish once the time is up and
        the last tables have ended."""
        now = self.clock()
        if now >= record.ends_at:
            if not record.playing():
                await self._finish(record)
            return
        apart = await self._apart(record)

        def pair(r: TournamentRecord) -> bool:
            if r.state != RUNNING or self.clock() >= r.ends_at:
                return False
            size = r.settings.seats
            busy = {p for t in r.playing() for p in t.seats}
            waiting = [e.player_id for e in r.entrants if e.active and e.player_id not in busy]
            if len(waiting) < size:
                return False
            free_since = came_free(r)
            waiting.sort(key=lambda p: free_since.get(p, 0.0))
            scores = final_points(r.results(), r.config)
            active = sum(1 for e in r.entrants if e.active)
            tables = pair_waiting(waiting, scores, r.results(), r.config, self.rng, apart=apart,
                                  rematch_ok=active <= size)  # fmt: skip
            if not tables:
                return False
            number = r.round + 1
            r.round = number
            r.tables += [TableRecord(number, t.board, t.seats, new_match_id()) for t in tables]
            return True

        before = record.round
        record = await self.tournaments.change(record.tournament_id, pair)
        if record.round > before:
            await self._open_tables(record)

    async def _finish(self, record: TournamentRecord) -> None:
        now = self.clock()

        def finish(r: TournamentRecord) -> bool:
            if r.state != RUNNING or r.playing():
                return False
            r.state, r.finished_at = FINISHED, now
            return True

        record = await self.tournaments.change(record.tournament_id, finish)
        if record.state == FINISHED:
            log.info("tournament %s finished", record.tournament_id)

    async def _apart(self, record: TournamentRecord) -> set[frozenset[str]]:
        active = [e.player_id for e in record.entrants if e.active]
        return await self.blocks.pairs_among(active) if active else set()


def record_endings(record: TournamentRecord, ended: Mapping[str, Ended], now: float) -> bool:
    """Write the endings of the tables in ``ended`` (by match id) still marked playing;
    a Swiss player who abandoned an aborted table is withdrawn (docs/tournaments.md,
    "Fair play")."""
    changed = False
    for table in record.tables:
        ending = ended.get(table.match_id)
        if ending is None or not table.playing:
            continue
        table.ending = ending.ending.value
        table.scores = ending.scores
        table.winner_side = ending.winner_side
        table.forfeited_side = ending.forfeited_side
        table.conceded_by = (
            table.seats[ending.conceded_seat] if ending.conceded_seat is not None else ""
        )
        table.concede_reason = ending.concede_reason
        table.ended_at = now
        changed = True
        if (
            not record.is_arena
            and ending.ending is Ending.ABORTED
            and ending.concede_reason == "abandoned"
            and (entrant := record.entrant(table.conceded_by)) is not None
        ):
            entrant.active = False
    return changed


def table_ready(record: TournamentRecord, table: TableRecord, seat: int, now: float) -> Notice:
    """ "Your table is ready" for the player at ``seat``: written with the write that
    marks the table open (only the write that opens it has any: one per table and
    player, and its id, derived from the match, stores it once whatever retries)."""
    s = record.settings
    return Notice.of(
        NoticeKind.TOURNAMENT_TABLE_READY, table.seats[seat], f"{table.match_id}/ready", now,
        match_id=table.match_id,
        data={"tournament_id": record.tournament_id, "name": s.name, "round": table.round,
              "seat": seat, "format": s.format, "turn_clock_seconds": s.turn_clock_seconds},
    )  # fmt: skip


def came_free(record: TournamentRecord) -> dict[str, float]:
    """When each arena entrant last came free: their last table's end, else their entry."""
    since = {e.player_id: e.joined_at for e in record.entrants}
    for table in record.tables:
        if not table.playing and table.ended_at:
            for p in table.seats:
                since[p] = max(since.get(p, 0.0), table.ended_at)
    return since
