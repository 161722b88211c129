"""The match repository: loads matches from the event store, keeps them folded in a
cache of sessions, keeps that cache coherent with the store, and appends new events
with a version check.

The store is the source of truth: a ``MatchSession`` is a cache, re-read from the store
whenever it may be behind (``refresh``), and every append is version-checked, so several
processes or replicas can serve the same match and the (match, version) key settles
every race.  How a session learns that others appended is the ``Freshness`` mode, chosen
once when the server is created.

Each session also keeps its match's newest committed events (``RECENT_EVENTS``), so a
watcher that keeps up is served from memory (``events_after``); one further behind, one
whose session left the cache, or one in a process that cannot trust its cache to be
current (``Freshness.SHARED``) reads the store.  Events leave the repository as typed
``(version, Event)`` pairs (``fiveup.match.event_mapper``), never as stored dicts.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..engine import Event, Match, MatchConfig, MatchEnded
from ..notifications.notices import Notice
from ..ratings.outcome import MatchOutcome, OutcomeGate, SeatOwners, match_outcome
from ..shared.broker import Broker
from ..shared.errors import InvalidRequest
from .event_mapper import from_stored, to_bodies
from .notices import append_notices, turn_index
from .observer import Contained
from .ports import (
    EventStore,
    MatchRecord,
    NoticePublisher,
    NotifyingStore,
    RequestRecord,
    StoreError,
    VersionConflict,
)
from .results import VersionedEvent

# How many of a match's newest committed events its session keeps decoded, so watchers
# that keep up are served from memory instead of a store read per wake-up (one per
# watcher per append).  A watcher further behind reads the store as before.
RECENT_EVENTS = 16
MAX_MATCH_ID = 64
T = TypeVar("T")


class Freshness(enum.Enum):
    """How the cached sessions learn of other processes' appends."""

    EXCLUSIVE = "exclusive"  # nobody else writes: the cache is current by construction
    SHARED = "shared"  # others may write, unannounced: re-read the store before every use
    NOTIFIED = "notified"  # others may write and the store announces it (NotifyingStore)

    @classmethod
    def for_store(cls, store: EventStore, *, shared: bool) -> Freshness:
        """The mode for ``store``: NOTIFIED when it can notify, else SHARED when other
        processes write to it (``shared``), else EXCLUSIVE."""
        if isinstance(store, NotifyingStore):
            return cls.NOTIFIED
        return cls.SHARED if shared else cls.EXCLUSIVE


@dataclass(slots=True, eq=False, weakref_slot=True)
class MatchSession:
    """A cached, up-to-date fold of one match, with the lock that serialises its writers."""

    record: MatchRecord
    match: Match
    tokens: dict[int, bytes]  # seat -> hash of its bearer token (claimed seats only)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    turn_started: float = 0.0  # when the seat to move got its turn (the turn timer)
    stale: bool = False  # another process appended since this fold was last read
    heard: int = 0  # other processes' appends announced so far (see ``catch_up``)
    deleted: bool = False  # retention deleted the match (its watchers end with NOT_FOUND)
    # The newest committed events, consecutive versions, ending at the newest version
    # this process knows to be committed (``match`` runs ahead of it during an append,
    # and behind it after a catch-up, until ``refresh`` folds them in).
    recent: list[VersionedEvent] = field(default_factory=list)
    # The views streamed to this match's watchers (WatchMatch with_views), as the API
    # layer rendered them: per seat (None: every spectator), only the newest version
    # built, so a match holds at most one per seat plus one.  Filled under ``lock``.
    views: dict[int | None, tuple[int, object]] = field(default_factory=dict)

    @property
    def match_id(self) -> str:
        return self.record.match_id

    def remember(self, first_version: int, events: list[Event]) -> None:
        """Record ``events`` (versions from ``first_version`` on) as committed.  Those
        already known are skipped (a version holds one committed event, wherever it was
        read: a catch-up may have read this process's own append before it returned)."""
        recent = self.recent
        if recent:
            known = recent[-1][0]
            if first_version <= known:
                events = events[known + 1 - first_version :]
                first_version = known + 1
            elif first_version != known + 1:
                recent.clear()  # a gap: keep only what is consecutive
        recent.extend(enumerate(events, first_version))
        del recent[:-RECENT_EVENTS]

    def committed_after(self, version: int) -> list[VersionedEvent] | None:
        """The committed events after ``version`` as far as this process knows, or None
        when they are not all in memory."""
        recent = self.recent
        if not recent or recent[0][0] > version + 1:
            return None
        return recent[version + 1 - recent[0][0] :]


class MatchRepository:
    """Sessions of matches over an event store: load, cache, refresh, append."""

    def __init__(
        self,
        store: EventStore,
        *,
        freshness: Freshness = Freshness.EXCLUSIVE,
        cache_size: int = 10_000,
        clock: Callable[[], float] = time.time,
        broker: Broker | None = None,
        observer: Contained | None = None,
        owners: SeatOwners | None = None,
        rated_play: OutcomeGate | None = None,
        published: NoticePublisher | None = None,
    ) -> None:
        if freshness is Freshness.NOTIFIED and not isinstance(store, NotifyingStore):
            raise TypeError(f"{type(store).__name__} cannot notify: freshness {freshness}")
        self.store = store
        self.freshness = freshness
        self.cache_size = cache_size
        self.clock = clock
        self.broker = broker or Broker()
        self.observer = observer or Contained(None)
        # Who holds each seat, for the outcome recorded with a match's end (the lobby
        # store implements the port); None: no results are recorded, no match is rated.
        self._owners = owners
        # The operator's rules of rated play (standing, repeated pairings): a rated
        # outcome they turn away is recorded unrated.  None: the log's rule alone.
        self._rated_play = rated_play
        # Told the players who got notices, after each commit that wrote some (the
        # notifications context's Outbox.published: their streams wake at once).
        self._published = published
        self._sessions: OrderedDict[str, MatchSession] = OrderedDict()

    # ------------------------------------------------------------------ the cache

    async def get(self, match_id: str) -> MatchSession:
        """The session of ``match_id``, from the cache or loaded from the store (raises
        MatchNotFound).  It may be behind the store: ``refresh`` it under its lock."""
        if not match_id or len(match_id) > MAX_MATCH_ID:
            raise InvalidRequest(f"match_id must be 1-{MAX_MATCH_ID} characters", field="match_id")
        session = self._sessions.get(match_id)
        if session is not None:
            self._sessions.move_to_end(match_id)
            return session
        record = await self._timed("load_match", self.store.load_match(match_id))
        config = MatchConfig(record.seats, record.seed, record.target_points)
        match, recent = await self._replay(match_id, config)
        tokens = await self._timed("seat_tokens", self.store.seat_tokens(match_id))
        session = self._sessions.get(match_id)  # another task may have loaded it meanwhile
        if session is None:
            session = MatchSession(record, match, tokens, turn_started=self.clock())
            session.recent = recent
            self._remember(session)
        return session

    def cached(self, match_id: str) -> MatchSession | None:
        """The live cached session of ``match_id``, if any (no store read)."""
        return self._sessions.get(match_id)

    def forget(self, match_id: str) -> None:
        """Drop a match that retention is deleting: out of the cache, and its watchers
        woken to find it gone."""
        session = self._sessions.pop(match_id, None)
        if session is not None:
            session.deleted = True
        self.broker.publish(match_id)

    def sessions(self) -> list[MatchSession]:
        """Every cached session, least recently used first."""
        return list(self._sessions.values())

    def __len__(self) -> int:
        return len(self._sessions)

    def _remember(self, session: MatchSession) -> None:
        self._sessions[session.match_id] = session
        while len(self._sessions) > self.cache_size:
            self._sessions.popitem(last=False)

    # ------------------------------------------------------------------ writes

    async def create(
        self, record: MatchRecord, match: Match, events: list[Event],
        notices: Sequence[Notice] = (),
    ) -> MatchSession:  # fmt: skip
        """Store a new match with its first events (and the ``notices`` its creation
        causes, in the same transaction) and cache its session."""
        await self.store.create_match(record, to_bodies(events), notices=notices)
        session = MatchSession(record, match, {}, turn_started=self.clock())
        session.remember(1, events)
        self._remember(session)
        if notices:
            self.noticed(sorted({n.player_id for n in notices}))
        return session

    async def append(
        self,
        session: MatchSession,
        before: int,
        events: list[Event],
        request: RequestRecord | None = None,
    ) -> int:
        """Persist ``events`` (already applied to the session's match, which was at
        version ``before``) or roll the session back to the store's log and re-raise
        (VersionConflict: another writer was first; DuplicateRequest: the request id was
        already recorded).  Events that end the match carry its outcome into the same
        transaction: results and rating updates commit with the end or not at all."""
        match_id = session.match_id
        match = session.match
        started = time.perf_counter()
        notices = []
        turn = None
        if match.turn_clock_seconds is not None:  # a correspondence match
            previous = (
                session.recent[-1][1]
                if session.recent and session.recent[-1][0] == before
                else None
            )
            notices = append_notices(match_id, match, previous, events, before + len(events),
                                     self.clock())  # fmt: skip
            turn = turn_index(match)
        try:
            version = await self.store.append(
                match_id,
                before,
                to_bodies(events),
                request=request,
                finished=match.finished,
                outcome=await self._outcome(match_id, before, events),
                turn=turn,
                notices=notices,
            )
        except BaseException as exc:
            if isinstance(exc, VersionConflict):
                self.observer.store_conflict()
            if not isinstance(exc, StoreError):
                await asyncio.shield(self.reload(session))
            raise
        self.observer.store_append(time.perf_counter() - started)
        session.remember(before + 1, events)
        session.turn_started = self.clock()
        live = self._sessions.get(match_id)
        if live is not None and live is not session:
            # This session left the cache while in use (a bot's turn) and another was
            # loaded in its place, which has not seen this append: mark it, so it re-reads
            # and its watchers read the store meanwhile.
            live.stale = True
        self.broker.publish(match_id)
        if notices:
            self.noticed(sorted({n.player_id for n in notices}))
        return version

    async def _outcome(
        self, match_id: str, before: int, events: list[Event]
    ) -> MatchOutcome | None:
        """The outcome to record with an append that ends the match, from the stored log
        up to ``before`` and ``events`` (None: they do not end it with a winner, or no
        seat is a signed-in player's)."""
        if self._owners is None or not any(isinstance(e, MatchEnded) for e in events):
            return None
        owners = await self._owners.seat_owners(match_id)
        if not owners:
            return None
        earlier = await self.read_events(match_id, 0, upto=before)
        if len(earlier) != before:  # the store is not where this session says it is
            raise VersionConflict(match_id, before, len(earlier))
        log = [event for _, event in earlier] + events
        outcome = match_outcome(match_id, self.clock(), log, owners)
        if self._rated_play is not None:
            outcome = await self._rated_play.admit(outcome)
        return outcome

    def noticed(self, player_ids: list[str]) -> None:
        """After a commit that wrote notices: tell the publisher who got one."""
        if player_ids and self._published is not None:
            self._published(player_ids)

    async def prior_request(self, match_id: str, request_id: str) -> RequestRecord | None:
        """What an already applied request did (None: the request id is new)."""
        return await self.store.get_request(match_id, request_id)

    async def claim_seat(self, session: MatchSession, seat: int, token_hash: bytes) -> None:
        """Record a seat's token hash (raises SeatTaken if another claimed it first)."""
        await self.store.claim_seat(session.match_id, seat, token_hash)
        session.tokens[seat] = token_hash

    async def reread_tokens(self, session: MatchSession) -> None:
        """Re-read the claimed seats (another process may have claimed one)."""
        session.tokens = await self._timed("seat_tokens", self.store.seat_tokens(session.match_id))

    # ------------------------------------------------------------------ coherence

    async def listen(self, on_remote_append: Callable[[str], None]) -> None:
        """With Freshness.NOTIFIED, hear every other process's appends from now on."""
        store = self.store
        assert isinstance(store, NotifyingStore)  # checked when the mode was chosen
        await store.listen(on_remote_append)

    async def unfinished(self) -> list[str]:
        """The ids of the store's unfinished matches, newest first."""
        return await self.store.active_match_ids()

    def remote_append(self, match_id: str) -> MatchSession | None:
        """Another process appended to ``match_id`` (a store notification): mark the
        cached session, if any, as behind and answer it -- nothing is read here; whoever
        uses it next reads (``refresh``), and its watchers are woken by ``catch_up``.
        Without a cached session, wake whoever waits on the match (a watcher whose session
        left the cache reads the store itself)."""
        session = self._sessions.get(match_id)
        if session is None:
            self.broker.publish(match_id)
            return None
        session.stale = True
        session.heard += 1
        return session

    def followed(self, match_id: str) -> bool:
        """Whether anything in this process waits on ``match_id``'s next events (a watch
        stream, a chat stream of the table)."""
        return self.broker.waiting(match_id)

    async def catch_up(self, session: MatchSession) -> None:
        """Read what other processes appended once, into the session's recent events,
        and wake its watchers, who are served from memory -- outside the session's lock,
        so a writer holding it (a bot thinking) does not hold up the watchers; the fold
        takes the events from memory under the lock when next used (``refresh``).  A
        failed read leaves the session stale: the watchers, woken, read the store."""
        heard, recent = session.heard, session.recent
        known = recent[-1][0] if recent else 0
        try:
            stored = from_stored(
                await self._timed("read_events", self.store.read_events(session.match_id, known))
            )
            if stored:
                session.remember(stored[0][0], [event for _, event in stored])
            last = stored[-1][0] if stored else known
            # Memory now holds all that was announced before the read: unless another
            # wake-up came meanwhile, or a reload replaced the recent events.
            if session.heard == heard and session.recent is recent and recent:
                session.stale = recent[-1][0] < last
        finally:
            self.broker.publish(session.match_id)

    async def refresh(
        self,
        session: MatchSession,
        *,
        for_read: bool = False,
        expected: int | None = None,
        seen: int = 0,
    ) -> None:
        """Fold in events other processes appended since this session was current (call
        it holding the session's lock).

        The store is read only when the cache may be behind: always when other processes
        share a store that cannot notify; with notifications, when one arrived, for reads
        (a client may have just moved through another replica) unless the client says
        which version it has seen (``seen``) and the cache has it, or when a writer
        expects a version the cache has not seen; and always when a client has seen a
        version the cache has not.  A write decided on a cache that is behind anyway
        fails its version-checked append and reloads, so skipping is safe."""
        self._fold_caught_up(session)
        current = session.match.version
        if self.freshness is Freshness.EXCLUSIVE and not session.stale and current >= seen:
            return
        if (
            self.freshness is Freshness.NOTIFIED
            and not session.stale
            and (not for_read or 0 < seen <= current)
            and (expected is None or expected == current)
        ):
            return
        session.stale = False
        try:
            stored = from_stored(
                await self._timed("read_events", self.store.read_events(session.match_id, current))
            )
        except BaseException:
            session.stale = True  # still behind: the next use reads again
            raise
        for version, event in stored:
            if version != session.match.version + 1:
                await self.reload(session)
                return
            session.match.apply(event)
            session.remember(version, [event])
        if stored:
            session.turn_started = self.clock()
            # A watcher may have looked at ``recent`` while this read was in flight (the
            # session no longer stale, the events not yet in): wake it to look again.
            self.broker.publish(session.match_id)

    def _fold_caught_up(self, session: MatchSession) -> None:
        """Fold in the committed events a catch-up left in memory, past the fold (call it
        holding the session's lock): no read.  A gap between the two makes the session
        stale, so the store is read instead."""
        match = session.match
        recent = session.recent
        if not recent or recent[-1][0] <= match.version:
            return
        ahead = session.committed_after(match.version)
        if ahead is None:
            session.stale = True
            return
        for _, event in ahead:
            match.apply(event)
        session.turn_started = self.clock()

    async def reload(self, session: MatchSession) -> None:
        """Fold the session's match again from the whole stored log (after a failed
        append, or a gap in what ``refresh`` read).  Committed events a catch-up read
        past the replay meanwhile stay in memory, for the next ``refresh`` to fold."""
        match, recent = await self._replay(session.match_id, session.match.config)
        end = recent[-1][0] if recent else 0
        newer = [(v, event) for v, event in session.recent if v > end]
        session.match, session.recent = match, recent
        if newer:
            session.remember(newer[0][0], [event for _, event in newer])
        self.broker.publish(session.match_id)  # as in refresh: ``recent`` may have grown

    async def _replay(
        self, match_id: str, config: MatchConfig
    ) -> tuple[Match, list[VersionedEvent]]:
        """The match folded from its whole stored log, and the log's newest events."""
        stored = from_stored(await self._timed("read_events", self.store.read_events(match_id)))
        match = Match.replay(config, [event for _, event in stored])
        return match, stored[len(stored) - min(len(stored), RECENT_EVENTS) :]

    # ------------------------------------------------------------------ reads

    async def _timed(self, operation: str, read: Awaitable[T]) -> T:
        """A store read, its latency told to the observer (fiveup_store_read_seconds)."""
        started = time.perf_counter()
        result = await read
        self.observer.store_read(operation, time.perf_counter() - started)
        return result

    async def read_events(
        self, match_id: str, after: int = 0, upto: int | None = None
    ) -> list[VersionedEvent]:
        """The stored events after version ``after`` (up to ``upto``), from the store."""
        stored = from_stored(
            await self._timed("read_events", self.store.read_events(match_id, after))
        )
        if upto is not None:
            stored = [(v, e) for v, e in stored if v <= upto]
        return stored

    async def latest_version(self, match_id: str) -> int:
        return await self._timed("latest_version", self.store.latest_version(match_id))

    async def events_after(self, match_id: str, cursor: int, at_least: int) -> list[VersionedEvent]:
        """The events after ``cursor``: from the session's memory when it is known to hold
        every committed one up to the newest (this process is the only writer, or a
        notification has not marked it stale) and reaches ``at_least``; else from the
        store."""
        session = self._sessions.get(match_id)  # the live one: an evicted one stops growing
        if session is not None and self.freshness is not Freshness.SHARED and not session.stale:
            events = session.committed_after(cursor)
            if events is not None and (events[-1][0] if events else cursor) >= at_least:
                return events
        return await self.read_events(match_id, cursor)
