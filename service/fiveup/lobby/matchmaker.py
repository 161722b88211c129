"""The matchmaker: searches queue in the store, formation rounds seat them.

* **FindMatch** queues a search (a ticket) for the signed-in player, or follows the one
  they already have (another device, or a reconnect after a replica died), and streams
  its state: ``Searching`` now and every ``status_seconds``, then ``Matched`` with the
  match and seat.  While the stream is open it renews the ticket's heartbeat; a stream
  that ends before the seat (the client went away, cancelled, or its replica stopped)
  cancels the search; a search whose stream died with its replica (kill -9: no cleanup)
  expires ``ticket_ttl_seconds`` after its last heartbeat.
* **Rounds** run on every replica every ``round_seconds`` (and soon after a search is
  queued here).  A round takes the store's round lock (PostgreSQL: an advisory lock held
  by the round's transaction; one round at a time across replicas), forms tables from the
  waiting searches (``formation.form_tables``, within rating bands: the waiting players'
  established ratings come from ``ratings``, a ``RatingLookup``; never two players with
  a block either way, from ``blocks``), creates each match with a chosen id,
  claims its human seats, and settles the tickets and the seat bindings (only if all its
  searches are still waiting) in the round's transaction; streams hear of it after the
  commit.  A replica killed mid-round leaves at most a match nobody is bound to (no
  one was told of it); the tickets are still waiting and the next round seats them:
  nobody is ever seated twice.
* Streams learn of their seat from one watcher per replica that reads every followed
  ticket in one query every ``poll_seconds`` (and renews the waiting ones every
  ``heartbeat_seconds``), or at once when a round of this replica settles.
* **Left waiting.**  A stream that ends on a live replica cancels its search, so a
  search is seated without anyone following it in one case only: its stream died with
  its replica (kill -9, a lost node) and the search still waits out its
  ``ticket_ttl_seconds``.  Nothing renews its heartbeat then; a settlement that finds it
  older than ``left_waiting_after`` (twice the heartbeat, and a poll: a followed search
  is always renewed sooner) writes a "table found" notice for that player in the same
  transaction (``LeftWaiting``), and none for the players whose streams are there to
  hear ``Matched``.  (A client whose connection silently died is not known to be gone
  until gRPC notices; its search is renewed until then, like any open stream.)
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from ..engine.config import HUMAN, MAX_TURN_CLOCK, MIN_TURN_CLOCK
from ..engine.scoring import DEFAULT_TARGET
from ..identity import Players
from ..identity.relations import BlockLookup, NoBlocks
from ..match.matches import new_match_id
from ..notifications.notices import Notice, NoticeKind
from ..shared.errors import InvalidRequest
from .bot_fill import fill_bot
from .errors import SearchEnded
from .formation import Bands, TablePlan, Ticket, form_tables
from .observer import MatchmakerObserver, PrometheusMatchmakerObserver
from .ports import LeftWaiting, QueueStore, TicketState, TicketStatus
from .seating import SeatedTables, TableOptions
from .seats import check_rated_seat

log = logging.getLogger(__name__)

MIN_PARTY_CODE = 16
MAX_PARTY_CODE = 128


@dataclass(frozen=True, slots=True)
class MatchmakerConfig:
    round_seconds: float = 0.5
    bot_wait_seconds: float = 30.0  # when a search allows bots and names no wait
    max_bot_wait_seconds: float = 300.0
    bot: str = "greedy"  # fills a table where no player has an established rating
    strongest_bot: str = "master"  # the strongest level a rated table's bot fill may pick
    ticket_ttl_seconds: float = 10.0
    heartbeat_seconds: float = 2.0
    status_seconds: float = 5.0
    poll_seconds: float = 0.25
    band_width: float = 5.0  # rating bands: ordinal points either side at first
    band_widen_per_second: float = 0.25

    @property
    def left_waiting_after(self) -> float:
        """A waiting search whose heartbeat is this old has no stream renewing it (an
        open one is renewed every ``heartbeat_seconds``, checked every ``poll_seconds``)."""
        return 2 * self.heartbeat_seconds + self.poll_seconds


class RatingLookup(Protocol):
    async def established(
        self, keys: Collection[tuple[str, str]]
    ) -> Mapping[tuple[str, str], float]:
        """The ordinal of each (category, player id) among ``keys`` whose rating there is
        established (past the provisional matches); the others are left out."""


@dataclass(frozen=True, slots=True)
class Search:
    """What a FindMatch asks for."""

    players: int
    allow_bots: bool = False
    bot_wait_seconds: float = 0.0  # 0: the server's default
    party_code: str = ""
    target_points: int = 0  # 0: the standard target
    turn_clock_seconds: int = 0  # a correspondence match's clock per turn (0: live)


@dataclass(frozen=True, slots=True)
class Searching:
    queued_at: float
    players_waiting: int
    bots_at: float | None


@dataclass(frozen=True, slots=True)
class Matched:
    match_id: str
    seat: int


class Matchmaker:
    def __init__(
        self,
        tables: SeatedTables,
        players: Players,
        store: QueueStore,
        config: MatchmakerConfig | None = None,
        *,
        observer: MatchmakerObserver | None = None,
        ratings: RatingLookup | None = None,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
        published: Callable[[Iterable[str]], None] | None = None,
    ) -> None:
        self.tables = tables  # creates the match with its players seated (lobby.seating)
        self.blocks: BlockLookup = blocks or NoBlocks()  # pairs never seated together
        self.published = published  # the outbox's wake-up, after a round that told someone
        self.ratings = ratings
        self.players = players
        self.store = store
        self.config = config or MatchmakerConfig()
        self.observer: MatchmakerObserver = observer or PrometheusMatchmakerObserver()
        self._clock = clock
        self._round_wanted = asyncio.Event()
        self._loop_task: asyncio.Task[None] | None = None
        self._watch_task: asyncio.Task[None] | None = None
        # The searches this replica's streams follow: ticket id -> (its latest known
        # state, how many streams follow it, the event that wakes them).  One task reads
        # and renews them all in one query each (not one query per stream).
        self._followed: dict[str, _Followed] = {}
        self.tables_formed = 0  # by this replica (tests, benchmarks)

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop_task is None:
            self._loop_task = loop.create_task(self._rounds(), name="fiveup-matchmaker")
        if self._watch_task is None:
            self._watch_task = loop.create_task(self._watch(), name="fiveup-search-watcher")

    async def close(self) -> None:
        tasks = [t for t in (self._loop_task, self._watch_task) if t is not None]
        self._loop_task = self._watch_task = None
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self) -> None:
        """Read the followed searches (every ``poll_seconds``) and renew the waiting ones
        (every ``heartbeat_seconds``), each in one query; wake the streams of those that
        changed."""
        last_beat = float("-inf")
        while True:
            await asyncio.sleep(self.config.poll_seconds)
            ids = list(self._followed)
            if not ids:
                continue
            try:
                for status in await self.store.tickets(ids):
                    self._update(status)
                now = self._clock()
                if now - last_beat >= self.config.heartbeat_seconds:
                    waiting = [
                        i
                        for i, f in self._followed.items()
                        if f.status.state is TicketState.WAITING
                    ]
                    await self.store.heartbeat(waiting, now)
                    last_beat = now
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not read the followed searches")

    def _update(self, status: TicketStatus) -> None:
        followed = self._followed.get(status.ticket.ticket_id)
        if followed is not None and status.state is not followed.status.state:
            followed.status = status
            followed.changed.set()

    async def _rounds(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._round_wanted.wait(), self.config.round_seconds)
            self._round_wanted.clear()
            try:
                await self.run_round()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("matchmaking round failed")

    # ------------------------------------------------------------------ rounds

    async def run_round(self) -> int:
        """One formation round (if no other replica is running one): the tables formed."""
        now = self._clock()
        formed = 0
        seated: list[TicketStatus] = []
        async with self.store.formation_round(now, now - self.config.ticket_ttl_seconds) as rnd:
            if not rnd.acquired:
                return 0
            self.observer.queue_length(len(rnd.tickets))
            bands = await self._bands(rnd.tickets)
            apart = await self.blocks.pairs_among([t.player_id for t in rnd.tickets])
            for plan in form_tables(rnd.tickets, now, bands, apart):
                bot = fill_bot(plan, bands, self.config.bot, self.config.strongest_bot)
                match_id = await self._open_table(plan, bot)
                if await rnd.settle(plan, match_id, now, self._left_waiting(plan, match_id, now)):
                    formed += 1
                    seated += [
                        TicketStatus(s.ticket, TicketState.MATCHED, now, match_id, s.seat)
                        for s in plan.seats
                        if s.ticket is not None
                    ]
                    self.observer.table_formed(plan.players, plan.bots)
                    for ticket in plan.tickets:
                        self.observer.seated(plan.players, now - ticket.queued_at)
                else:  # a search ended meanwhile (SQLite: no row locks): nobody is bound
                    log.info("table %s formed for searches that ended; left unused", match_id)
        # Committed: now tell this replica's streams (never before: a round that dies before
        # its commit seats nobody, and must not have told anyone otherwise).
        for status in seated:
            self._update(status)
        if rnd.told and self.published is not None:
            self.published(rnd.told)
        self.tables_formed += formed
        return formed

    def _left_waiting(self, plan: TablePlan, match_id: str, now: float) -> LeftWaiting:
        """The "table found" notice of each of the plan's searches, written by the
        settlement for those it finds left waiting (no heartbeat lately)."""
        notices = {
            s.ticket.ticket_id: Notice.of(
                NoticeKind.TABLE_FOUND, s.ticket.player_id, f"{match_id}/found", now,
                match_id=match_id,
                data={"seat": s.seat, "players": plan.players,
                      "turn_clock_seconds": plan.turn_clock},
            )
            for s in plan.seats
            if s.ticket is not None
        }  # fmt: skip
        return LeftWaiting(now - self.config.left_waiting_after, notices)

    async def _bands(self, tickets: Collection[Ticket]) -> Bands:
        """The waiting players' established ratings, each in its table size's category."""
        ordinals: Mapping[tuple[str, str], float] = {}
        if self.ratings is not None and tickets:
            ordinals = await self.ratings.established(
                {(str(t.players), t.player_id) for t in tickets}
            )
        return Bands(ordinals, self.config.band_width, self.config.band_widen_per_second)

    async def _open_table(self, plan: TablePlan, bot: str) -> str:
        """Create the plan's match (``bot`` in its empty seats) and claim its human seats
        (no seat token is kept: the players act through their bindings, which the
        round's settlement writes)."""
        match_id = new_match_id()
        kinds = [HUMAN if s.ticket is not None else bot for s in plan.seats]
        owners = {s.seat: s.ticket.player_id for s in plan.seats if s.ticket is not None}
        options = TableOptions(plan.target_points, turn_clock_seconds=plan.turn_clock or None)
        await self.tables.open(match_id, kinds, options, owners, bind=False, fresh=True)
        return match_id

    # ------------------------------------------------------------------ searches

    def _ticket(self, player_id: str, search: Search, now: float) -> Ticket:
        if search.players not in (2, 3, 4):
            raise InvalidRequest("players must be 2, 3 or 4", field="players")
        if not 0 <= search.target_points <= 10_000:
            raise InvalidRequest("target_points must be 0-10000", field="target_points")
        clock = search.turn_clock_seconds
        if clock and not MIN_TURN_CLOCK <= clock <= MAX_TURN_CLOCK:
            raise InvalidRequest(
                f"turn_clock_seconds must be 0 (live) or {MIN_TURN_CLOCK}-{MAX_TURN_CLOCK}",
                field="turn_clock_seconds",
            )
        party = None
        if search.party_code:
            if search.players != 4:
                raise InvalidRequest("parties play in partnerships: players 4", field="party_code")
            if not MIN_PARTY_CODE <= len(search.party_code) <= MAX_PARTY_CODE:
                raise InvalidRequest(
                    f"party_code must be {MIN_PARTY_CODE}-{MAX_PARTY_CODE} characters",
                    field="party_code",
                )
            party = hashlib.sha256(search.party_code.encode()).hexdigest()
        if (
            search.bot_wait_seconds < 0
            or search.bot_wait_seconds > self.config.max_bot_wait_seconds
        ):
            raise InvalidRequest(
                f"bot_wait_seconds must be 0-{self.config.max_bot_wait_seconds:g}",
                field="bot_wait_seconds",
            )
        wait = search.bot_wait_seconds or self.config.bot_wait_seconds
        return Ticket(
            ticket_id=uuid.uuid4().hex,
            player_id=player_id,
            players=search.players,
            target_points=search.target_points or DEFAULT_TARGET,
            queued_at=now,
            allow_bots=search.allow_bots,
            bots_at=now + wait if search.allow_bots else None,
            party=party,
            turn_clock=search.turn_clock_seconds,
        )

    async def find(
        self, access_token: str | None, search: Search
    ) -> AsyncIterator[Searching | Matched]:
        """Queue (or follow) the player's search; ends with ``Matched``.  Closing the
        iterator early cancels the search."""
        claims = await self.players.authenticate(access_token)
        # The matchmaker's tables are rated (when every seat is a player's): none for a
        # player suspended from rated play.
        await check_rated_seat(self.players, claims.player_id)
        now = self._clock()
        ticket = self._ticket(claims.player_id, search, now)
        # A search seated a moment ago whose stream broke before it could tell (its replica
        # died, the connection dropped): the client asks again and is answered that seat
        # rather than seated a second time.
        queued = await self.store.enqueue(ticket, now - self.config.ticket_ttl_seconds)
        if queued.status.state is TicketState.MATCHED:
            assert queued.status.match_id is not None and queued.status.seat is not None
            yield Matched(queued.status.match_id, queued.status.seat)
            return
        ticket = queued.status.ticket
        if queued.created:
            self.observer.search("queued")
        self._round_wanted.set()
        seated = False
        try:
            async for update in self._follow(ticket):
                if isinstance(update, Matched):
                    seated = True
                yield update
        finally:
            if not seated:
                with contextlib.suppress(Exception):
                    if await asyncio.shield(self.store.cancel(ticket.ticket_id, self._clock())):
                        self.observer.search("cancelled")

    async def _follow(self, ticket: Ticket) -> AsyncIterator[Searching | Matched]:
        status = await self.store.ticket(ticket.ticket_id)
        if status is None:
            raise SearchEnded("the search was cancelled")
        followed = self._followed.get(ticket.ticket_id)
        if followed is None:
            followed = self._followed[ticket.ticket_id] = _Followed(status)
        followed.streams += 1
        try:
            while True:
                followed.changed.clear()  # before reading: a later change wakes the wait
                state = followed.status
                if state.state in (TicketState.CANCELLED, TicketState.EXPIRED):
                    raise SearchEnded("the search was cancelled")
                if state.state is TicketState.MATCHED:
                    assert state.match_id is not None and state.seat is not None
                    self.observer.search("matched")
                    yield Matched(state.match_id, state.seat)
                    return
                waiting = await self.store.waiting_count(ticket.players, ticket.target_points)
                yield Searching(ticket.queued_at, waiting, ticket.bots_at)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(followed.changed.wait(), self.config.status_seconds)
        finally:
            followed.streams -= 1
            if followed.streams == 0:
                self._followed.pop(ticket.ticket_id, None)

    async def cancel(self, access_token: str | None) -> bool:
        claims = await self.players.authenticate(access_token)
        waiting = await self.store.waiting_of(claims.player_id)
        if waiting is None:
            return False
        cancelled = await self.store.cancel(waiting.ticket.ticket_id, self._clock())
        if cancelled:
            self.observer.search("cancelled")
        return cancelled


@dataclass
class _Followed:
    status: TicketStatus
    streams: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
