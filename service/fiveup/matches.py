"""The application layer: load a match, check the seat, apply an action through the
engine, append the new events with the expected version, publish them, move the bots.

Nothing here knows about protobuf or gRPC; the servicers in ``fiveup.api`` translate.
The store is the source of truth: the in-memory ``MatchSession`` is a cache, re-read
from the store whenever it may be behind (see ``_refresh``), and every append is
version-checked, so several processes or replicas can serve the same match and the
(match, version) key settles every race.

Each session also keeps its match's newest committed events (``RECENT_EVENTS``) decoded,
so a watcher that keeps up is served from memory; a watcher further behind, one whose
session has left the cache, or one in a process that cannot trust its cache to be current
(``watch_poll_seconds``: other writers that do not notify) reads the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from .engine import (
    HUMAN,
    Action,
    Event,
    Match,
    MatchConfig,
    MatchView,
    event_from_dict,
    redact,
    view_for,
)
from .engine.errors import MatchError
from .engine.shuffle import new_seed
from .errors import (
    InvalidRequest,
    MatchNotFinished,
    MatchNotFound,
    NoFreeSeat,
    PermissionDenied,
    RequestIdReused,
    SeatTaken,
    ShuttingDown,
    StaleVersion,
    Unauthenticated,
)
from .store import base as store_base
from .store.base import EventStore, MatchRecord, RequestRecord

log = logging.getLogger(__name__)

MAX_REQUEST_ID = 128
STAND_IN_BOT = "greedy"
# How many of a match's newest committed events its session keeps decoded, so watchers
# that keep up are served from memory instead of a store read per wake-up (one per
# watcher per append).  A watcher further behind reads the store as before.
RECENT_EVENTS = 16


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


@dataclass(frozen=True, slots=True)
class MoveResult:
    seat: int
    version: int
    events: list[tuple[int, Event]]


@dataclass(slots=True)
class MatchSession:
    """A cached, up-to-date fold of one match, with the lock that serialises its writers."""

    record: MatchRecord
    match: Match
    tokens: dict[int, bytes]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    turn_started: float = 0.0
    stale: bool = False  # another process appended since this fold was last read
    # The newest committed events, consecutive versions, ending at the newest version
    # this process knows to be committed (``match`` runs ahead of it during an append).
    recent: list[tuple[int, Event]] = field(default_factory=list)

    def remember(self, first_version: int, events: list[Event]) -> None:
        """Record ``events`` (versions from ``first_version`` on) as committed."""
        recent = self.recent
        if recent and recent[-1][0] != first_version - 1:
            recent.clear()  # a gap: keep only what is consecutive
        recent.extend(enumerate(events, first_version))
        del recent[:-RECENT_EVENTS]

    def committed_after(self, version: int) -> list[tuple[int, Event]] | None:
        """The committed events after ``version`` as far as this process knows, or None
        when they are not all in memory."""
        recent = self.recent
        if not recent or recent[0][0] > version + 1:
            return None
        return recent[version + 1 - recent[0][0] :]


class Broker:
    """Wakes local watchers when a match gets new events.  Watchers always re-read the
    store from their own cursor, so a missed or merged wake-up cannot lose an event."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def waiter(self, match_id: str) -> asyncio.Event:
        """Take this before reading, then wait on it: nothing published after the read
        can slip past."""
        ev = self._events.get(match_id)
        if ev is None:
            ev = self._events[match_id] = asyncio.Event()
        return ev

    def publish(self, match_id: str) -> None:
        ev = self._events.pop(match_id, None)
        if ev is not None:
            ev.set()

    def publish_all(self) -> None:
        for match_id in list(self._events):
            self.publish(match_id)


@dataclass
class MatchesConfig:
    cache_size: int = 10_000
    bot_delay: float = 0.0  # seconds a bot waits before moving (pace for human opponents)
    max_catchup_events: int = 100_000  # watchers further behind are told to resync
    # Re-read the store this often even without a wake-up: needed when other processes
    # share a store that cannot notify (several workers on one SQLite file); 0 = never.
    watch_poll_seconds: float = 0.0
    # Abandoned seats: a joined human seat to move for this long gets a stand-in bot
    # (SeatAutoPlayed), until its owner submits a move again; 0 = never.
    turn_timeout: float = 0.0
    stand_in_delay: float = 0.0  # the stand-in's pause on each turn: the owner's window
    turn_sweep_seconds: float = 0.0  # how often to look for expired turns; 0 = derived


class Matches:
    """Use cases of the MatchService, over an event store."""

    def __init__(
        self,
        store: EventStore,
        config: MatchesConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        bot_factory: Callable[[str], Any] | None = None,
        observer: Any = None,
    ) -> None:
        self.store = store
        self.config = config or MatchesConfig()
        self.clock = clock
        self.broker = Broker()
        self._sessions: OrderedDict[str, MatchSession] = OrderedDict()
        self._bot_factory = bot_factory or _default_bot_factory
        self._observer = observer  # metrics hooks; see fiveup.metrics.MatchObserver
        self._closing = asyncio.Event()
        self._bot_tasks: set[asyncio.Task[None]] = set()
        # How the cached folds learn of other processes' appends: "exclusive" (nobody
        # else writes), "shared" (others may, unannounced) or "notified" (the store tells).
        self._freshness = "shared" if self.config.watch_poll_seconds > 0 else "exclusive"
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen for other replicas' appends (when the store can tell), and resume bot
        turns of unfinished matches (e.g. after a restart)."""
        listen = getattr(self.store, "listen", None)
        if listen is not None:
            await listen(self._on_remote_append)
            self._freshness = "notified"
        elif self.config.watch_poll_seconds > 0:
            self._freshness = "shared"
        for match_id in await self.store.active_match_ids():
            with contextlib.suppress(MatchError):
                session = await self._session(match_id)
                self._kick_bots(match_id, session)
        if self.config.turn_timeout > 0 and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        self._closing.set()
        self.broker.publish_all()
        tasks = [t for t in (*self._bot_tasks, self._sweeper) if t is not None and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def _on_remote_append(self, match_id: str) -> None:
        """Another process appended to ``match_id``: wake local watchers and, if it is now a
        bot's turn, let this replica's bots try too (the version key picks one winner)."""
        self.broker.publish(match_id)
        session = self._sessions.get(match_id)
        if session is not None and not self.closing:
            session.stale = True
            task = asyncio.get_running_loop().create_task(self._refresh_and_kick(match_id, session))
            self._bot_tasks.add(task)  # keep a reference; close() cancels it
            task.add_done_callback(self._bot_tasks.discard)

    async def _refresh_and_kick(self, match_id: str, session: MatchSession) -> None:
        async with session.lock:
            await self._refresh(match_id, session)
        self._kick_bots(match_id, session)

    # ------------------------------------------------------------------ use cases

    async def create(self, seats: list[str], target_points: int) -> tuple[str, int, str]:
        from .bots import BOT_KINDS

        for i, kind in enumerate(seats):
            if kind != HUMAN and kind not in BOT_KINDS:
                raise InvalidRequest(f"seat {i}: unknown bot kind {kind!r}", field="seats")
        config = MatchConfig(seats=tuple(seats), seed=new_seed(), target_points=target_points)
        match, events = Match.start(config)
        match_id = secrets.token_hex(8)
        record = MatchRecord(
            match_id, config.seats, config.target_points, config.seed, self.clock()
        )
        await self.store.create_match(record, [e.to_dict() for e in events])
        session = MatchSession(record, match, {}, turn_started=self.clock())
        session.remember(1, events)
        self._remember(match_id, session)
        self._notify("match_created", match)
        self._kick_bots(match_id, session)
        return match_id, match.version, config.commitment

    async def join(self, match_id: str, seat: int | None) -> tuple[int, str, int]:
        session = await self._session(match_id)
        seats = session.record.seats
        if seat is not None:
            if not 0 <= seat < len(seats):
                raise InvalidRequest(
                    f"seat {seat} is not in this {len(seats)}-seat match", field="seat"
                )
            if seats[seat] != HUMAN:
                raise SeatTaken(f"seat {seat} is played by the {seats[seat]} bot")
        token = secrets.token_urlsafe(32)
        async with session.lock:
            session.tokens = await self.store.seat_tokens(match_id)
            candidates = (
                [seat]
                if seat is not None
                else [
                    s for s, kind in enumerate(seats) if kind == HUMAN and s not in session.tokens
                ]
            )
            if not candidates:
                raise NoFreeSeat("every human seat of this match is taken")
            chosen = candidates[0]
            try:
                await self.store.claim_seat(match_id, chosen, hash_token(token))
            except store_base.SeatTaken:
                raise SeatTaken(f"seat {chosen} is taken") from None
            session.tokens[chosen] = hash_token(token)
            await self._refresh(match_id, session)
            session.turn_started = self.clock()  # a newcomer gets a whole turn
            return chosen, token, session.match.version

    async def authenticate(self, match_id: str, token: str | None, *, required: bool) -> int | None:
        """The seat a bearer token belongs to (None for a spectator when not required)."""
        session = await self._session(match_id)
        if not token:
            if required:
                raise Unauthenticated("this call needs `authorization: Bearer <seat token>`")
            return None
        digest = hash_token(token)
        found = _seat_of(session.tokens, digest)
        if found is None and len(session.tokens) < _human_count(session):
            # A seat may have been claimed through another process since: re-read them.
            # (Only then: a token that matches a cached seat is valid for good.)
            session.tokens = await self.store.seat_tokens(match_id)
            found = _seat_of(session.tokens, digest)
        if found is None:
            raise PermissionDenied("the token does not belong to a seat of this match")
        return found

    async def view(
        self, match_id: str, seat: int | None, min_version: int = 0
    ) -> tuple[MatchView, MatchSession]:
        """The match as ``seat`` may see it, at ``min_version`` or later if the match has
        it (``min_version``: the newest version the client has seen; 0: unknown)."""
        session = await self._session(match_id)
        async with session.lock:
            await self._refresh(match_id, session, for_read=True, seen=_seen(min_version))
            return view_for(session.match, seat), session

    async def legal_actions(
        self, match_id: str, seat: int, min_version: int = 0
    ) -> tuple[list[Action], int]:
        session = await self._session(match_id)
        async with session.lock:
            await self._refresh(match_id, session, for_read=True, seen=_seen(min_version))
            return session.match.legal_actions(seat), session.match.version

    async def submit(
        self, match_id: str, seat: int, action: Action, expected_version: int, request_id: str
    ) -> MoveResult:
        _check_request_id(request_id)
        if self.closing:
            raise ShuttingDown("the server is shutting down; retry on another replica")
        session = await self._session(match_id)
        fingerprint = f"{seat}:{action}"
        async with session.lock:
            await self._refresh(match_id, session, expected=expected_version)
            match = session.match
            if expected_version != match.version:
                # A retry of an applied request also lands here (its version has moved
                # on): the idempotency record is only looked up off the happy path.
                prior = await self.store.get_request(match_id, request_id)
                if prior is not None:
                    return await self._answer_again(session, prior, seat, fingerprint)
                raise StaleVersion(
                    f"the match is at version {match.version}, not {expected_version}",
                    current_version=str(match.version),
                )
            before = match.version
            # The owner of a seat a stand-in plays for takes it back by moving again.
            reclaim = match.set_auto(seat, False)
            try:
                events = [*reclaim, *match.act(seat, action)]  # act changes nothing when illegal
            except MatchError as exc:
                if reclaim:
                    await self._reload(match_id, session)  # undo the uncommitted reclaim
                self._notify("move_rejected", match, reason=exc.reason, action=action)
                raise
            request = RequestRecord(request_id, seat, fingerprint, before + 1, before + len(events))
            try:
                version = await self._append(match_id, session, before, events, request)
            except store_base.DuplicateRequest as dup:
                await self._reload(match_id, session)
                return await self._answer_again(session, dup.record, seat, fingerprint)
            except store_base.VersionConflict as conflict:
                await self._reload(match_id, session)
                raise StaleVersion(
                    f"another move was recorded first (version {conflict.current})",
                    current_version=str(conflict.current),
                ) from None
        self._notify("move", match, seat=seat, action=action, events=events)
        self._kick_bots(match_id, session)
        return MoveResult(seat, version, list(enumerate(events, start=before + 1)))

    async def record(self, match_id: str) -> tuple[MatchRecord, list[tuple[int, Event]]]:
        session = await self._session(match_id)
        async with session.lock:
            await self._refresh(match_id, session)
            if not session.match.finished:
                raise MatchNotFinished(
                    "the record (with all hands and the seed) opens when the match ends"
                )
        stored = await self.store.read_events(match_id)
        return session.record, [(e.version, event_from_dict(e.body)) for e in stored]

    async def watch(
        self, match_id: str, viewer: int | None, after_version: int
    ) -> AsyncIterator[tuple[int, Event] | int]:
        """Events after ``after_version`` as ``viewer`` may see them, live.  Yields an int
        (the current version) instead when the watcher must resync.  Ends when the match
        is over and fully sent, or when the server shuts down (ShuttingDown)."""
        if after_version < 0:
            raise InvalidRequest("after_version must be >= 0", field="after_version")
        session = await self._session(match_id)
        latest = await self.store.latest_version(match_id)
        if after_version > latest:
            raise InvalidRequest(
                f"after_version {after_version} is beyond the match's version {latest}",
                field="after_version",
            )
        if latest - after_version > self.config.max_catchup_events:
            yield latest
            return
        cursor = after_version
        while True:
            wake = self.broker.waiter(match_id)
            finished = False
            for version, event in await self._events_after(match_id, cursor, latest):
                finished = finished or event.kind == "match_ended"
                yield version, redact(event, viewer)
                cursor = version
            session = self._sessions.get(match_id) or session
            if finished or (session.match.finished and cursor >= session.match.version):
                return
            if self.closing:
                raise ShuttingDown("the server is shutting down; reconnect with after_version")
            closing = asyncio.ensure_future(self._closing.wait())
            woken = asyncio.ensure_future(wake.wait())
            try:
                await asyncio.wait(
                    {closing, woken},
                    timeout=self.config.watch_poll_seconds or None,
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                closing.cancel()
                woken.cancel()

    async def _events_after(
        self, match_id: str, cursor: int, at_least: int
    ) -> list[tuple[int, Event]]:
        """The events after ``cursor``: from the session's memory when it is known to hold
        every committed one up to the newest (this process is the only writer, or a
        notification has not marked it stale) and reaches ``at_least``; else from the
        store."""
        session = self._sessions.get(match_id)  # the live one: an evicted one stops growing
        if session is not None and self._freshness != "shared" and not session.stale:
            events = session.committed_after(cursor)
            if events is not None and (events[-1][0] if events else cursor) >= at_least:
                return events
        return [
            (e.version, event_from_dict(e.body))
            for e in await self.store.read_events(match_id, cursor)
        ]

    # ------------------------------------------------------------------ bots

    def _kick_bots(self, match_id: str, session: MatchSession) -> None:
        if self.closing or not session.match.is_bot_turn():
            return
        if session.bot_task is not None and not session.bot_task.done():
            return
        task = asyncio.get_running_loop().create_task(self._run_bots(match_id, session))
        session.bot_task = task
        self._bot_tasks.add(task)
        task.add_done_callback(self._bot_tasks.discard)

    async def _run_bots(self, match_id: str, session: MatchSession) -> None:
        bots: dict[int, Any] = {}
        paused_at = -1  # the version a stand-in last paused at
        while not self.closing:
            if self.config.bot_delay:
                await asyncio.sleep(self.config.bot_delay)
            async with session.lock:
                await self._refresh(match_id, session)
                match = session.match
                if not match.is_bot_turn():
                    return
                seat = match.to_move()
                assert seat is not None
                kind = match.config.seats[seat]
                if kind == HUMAN:  # a stand-in for an abandoned seat
                    kind = STAND_IN_BOT
                    pause = self.config.stand_in_delay > 0 and paused_at != match.version
                    paused_at = match.version
                else:
                    pause = False
                if not pause:
                    bot = bots.get(seat) or bots.setdefault(seat, self._bot_factory(kind))
                    started = time.perf_counter()
                    action = bot.choose(view_for(match, seat))
                    self._notify(
                        "bot_thought", match, kind=kind, seconds=time.perf_counter() - started
                    )
                    before = match.version
                    events = match.act(seat, action)
                    try:
                        await self._append(match_id, session, before, events, None)
                    except store_base.VersionConflict:
                        await self._reload(match_id, session)  # another replica's bot moved first
                        continue
            if pause:  # the owner's window to take the seat back (outside the lock)
                await asyncio.sleep(self.config.stand_in_delay)
                continue
            self._notify("move", match, seat=seat, action=action, events=events)
            await asyncio.sleep(0)  # let clients and watchers in between bot moves

    # ------------------------------------------------------------------ abandoned seats

    async def sweep_turns(self) -> list[tuple[str, int]]:
        """Give a stand-in bot every joined human seat whose turn has lasted longer than
        ``turn_timeout``; answer the (match id, seat) pairs taken over.  Runs every
        ``turn_sweep_seconds`` on its own; tests call it directly with a fake clock."""
        timeout = self.config.turn_timeout
        if timeout <= 0 or self.closing:
            return []
        taken = []
        for match_id, session in list(self._sessions.items()):
            match = session.match
            if self.clock() - session.turn_started < timeout or match.is_bot_turn():
                continue
            if match.to_move() is None:
                continue
            try:
                seat = await self._take_over(match_id, session, timeout)
            except (MatchError, store_base.StoreError):
                log.warning("turn timer: could not take over a seat of %s", match_id, exc_info=True)
                continue
            if seat is not None:
                taken.append((match_id, seat))
        return taken

    async def _take_over(self, match_id: str, session: MatchSession, timeout: float) -> int | None:
        async with session.lock:
            await self._refresh(match_id, session)  # another replica may have moved, or timed out
            match = session.match
            seat = match.to_move()
            if seat is None or match.is_bot_turn() or self.clock() - session.turn_started < timeout:
                return None
            session.tokens = await self.store.seat_tokens(match_id)
            if seat not in session.tokens:  # never claimed: the match waits for a player
                session.turn_started = self.clock()  # look again a timeout later
                return None
            before = match.version
            events = match.set_auto(seat, True)
            try:
                await self._append(match_id, session, before, events, None)
            except store_base.VersionConflict:  # another replica recorded something first
                await self._reload(match_id, session)
                return None
        log.info("turn timer: seat %d of %s is played by a stand-in", seat, match_id)
        self._notify("seat_auto_played", match, seat=seat, active=True)
        self._kick_bots(match_id, session)
        return seat

    async def _sweep_forever(self) -> None:
        interval = self.config.turn_sweep_seconds or min(
            5.0, max(0.05, self.config.turn_timeout / 10)
        )
        while not self.closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), interval)
            try:
                await self.sweep_turns()
            except Exception:  # the timer must outlive a bad sweep
                log.exception("turn timer sweep failed")

    # ------------------------------------------------------------------ sessions

    async def _append(
        self,
        match_id: str,
        session: MatchSession,
        before: int,
        events: list[Event],
        request: RequestRecord | None,
    ) -> int:
        """Persist ``events`` (already applied to the cached match) or roll the cache back."""
        started = time.perf_counter()
        try:
            version = await self.store.append(
                match_id,
                before,
                [e.to_dict() for e in events],
                request=request,
                finished=session.match.finished,
            )
        except BaseException as exc:
            if isinstance(exc, store_base.VersionConflict):
                self._notify("store_conflict", session.match)
            if not isinstance(exc, store_base.StoreError):
                await asyncio.shield(self._reload(match_id, session))
            raise
        self._notify("store_append", session.match, seconds=time.perf_counter() - started)
        session.remember(before + 1, events)
        session.turn_started = self.clock()
        live = self._sessions.get(match_id)
        if live is not None and live is not session:
            # This session left the cache while in use (a bot's turn) and another was
            # loaded in its place, which has not seen this append: mark it, so it re-reads
            # and its watchers read the store meanwhile.
            live.stale = True
        self.broker.publish(match_id)
        return version

    async def _answer_again(
        self, session: MatchSession, prior: RequestRecord, seat: int, fingerprint: str
    ) -> MoveResult:
        if prior.seat != seat or prior.fingerprint != fingerprint:
            raise RequestIdReused(
                f"request id {prior.request_id!r} was already used for another move"
            )
        stored = await self.store.read_events(session.record.match_id, prior.first_version - 1)
        events = [
            (e.version, event_from_dict(e.body)) for e in stored if e.version <= prior.last_version
        ]
        return MoveResult(seat, prior.last_version, events)

    async def _session(self, match_id: str) -> MatchSession:
        if not match_id or len(match_id) > 64:
            raise InvalidRequest("match_id must be 1-64 characters", field="match_id")
        session = self._sessions.get(match_id)
        if session is not None:
            self._sessions.move_to_end(match_id)
            return session
        try:
            record = await self.store.load_match(match_id)
        except store_base.MatchNotFound:
            raise MatchNotFound(f"no match {match_id!r}") from None
        config = MatchConfig(record.seats, record.seed, record.target_points)
        match, recent = await self._replay(match_id, config)
        tokens = await self.store.seat_tokens(match_id)
        session = self._sessions.get(match_id)  # another task may have loaded it meanwhile
        if session is None:
            session = MatchSession(record, match, tokens, turn_started=self.clock())
            session.recent = recent
            self._remember(match_id, session)
        return session

    def _remember(self, match_id: str, session: MatchSession) -> None:
        self._sessions[match_id] = session
        while len(self._sessions) > self.config.cache_size:
            self._sessions.popitem(last=False)

    async def _refresh(
        self,
        match_id: str,
        session: MatchSession,
        *,
        for_read: bool = False,
        expected: int | None = None,
        seen: int = 0,
    ) -> None:
        """Fold in events other processes appended since this cache was current.

        The store is read only when the cache may be behind: always when other processes
        share a store that cannot notify; with notifications, when one arrived, for reads
        (a client may have just moved through another replica) unless the client says
        which version it has seen (``seen``) and the cache has it, or when a writer
        expects a version the cache has not seen; and always when a client has seen a
        version the cache has not.  A write decided on a cache that is behind anyway
        fails its version-checked append and reloads, so skipping is safe."""
        current = session.match.version
        if self._freshness == "exclusive" and not session.stale and current >= seen:
            return
        if (
            self._freshness == "notified"
            and not session.stale
            and (not for_read or 0 < seen <= current)
            and (expected is None or expected == current)
        ):
            return
        session.stale = False
        stored = await self.store.read_events(match_id, session.match.version)
        for e in stored:
            if e.version != session.match.version + 1:
                await self._reload(match_id, session)
                return
            event = event_from_dict(e.body)
            session.match.apply(event)
            session.remember(e.version, [event])
        if stored:
            session.turn_started = self.clock()
            # A watcher may have looked at ``recent`` while this read was in flight (the
            # session no longer stale, the events not yet in): wake it to look again.
            self.broker.publish(match_id)

    async def _reload(self, match_id: str, session: MatchSession) -> None:
        session.match, session.recent = await self._replay(match_id, session.match.config)
        self.broker.publish(match_id)  # as in _refresh: ``recent`` may have grown

    async def _replay(
        self, match_id: str, config: MatchConfig
    ) -> tuple[Match, list[tuple[int, Event]]]:
        """The match folded from its whole stored log, and the log's newest events."""
        stored = await self.store.read_events(match_id)
        events = [event_from_dict(e.body) for e in stored]
        match = Match.replay(config, events)
        first = len(events) - min(len(events), RECENT_EVENTS)
        return match, [
            (e.version, ev) for e, ev in zip(stored[first:], events[first:], strict=True)
        ]

    def _notify(self, what: str, match: Match, **details: Any) -> None:
        if self._observer is not None:
            try:
                self._observer.on(what, match, **details)
            except Exception:  # metrics must never break a move
                log.exception("observer failed on %s", what)

    # ------------------------------------------------------------------ introspection

    def cached_sessions(self) -> int:
        return len(self._sessions)


def _seat_of(tokens: dict[int, bytes], digest: bytes) -> int | None:
    found: int | None = None
    for seat, stored in tokens.items():  # compare with every seat: constant time
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def _human_count(session: MatchSession) -> int:
    return sum(1 for kind in session.record.seats if kind == HUMAN)


def _seen(min_version: int) -> int:
    if min_version < 0:
        raise InvalidRequest("min_version must be >= 0", field="min_version")
    return min_version


def _check_request_id(request_id: str) -> None:
    if (
        not 1 <= len(request_id) <= MAX_REQUEST_ID
        or not request_id.isascii()
        or not request_id.isprintable()
    ):
        raise InvalidRequest(
            f"request_id must be 1-{MAX_REQUEST_ID} printable ASCII characters", field="request_id"
        )


def _default_bot_factory(kind: str) -> Any:
    from .bots import make_bot

    return make_bot(kind, secrets.SystemRandom())
