"""The use cases of the MatchService: create, join, authenticate, view, list legal moves,
submit, watch and read the record of a match.

Each reads like the rule it implements: load the match's session from the repository,
check the seat, apply an action through the engine, append the new events with the
expected version, tell the observer, let the bots move.  The parts live in their own
modules:

* ``fiveup.match.repository``: the session cache, its freshness, replay, versioned append;
* ``fiveup.shared.broker``: wake-ups for local watchers;
* ``fiveup.match.autoplay``: the bots' turns and the turn timer;
* ``fiveup.match.results``: the named results handed to the API (no cache object leaves here);
* ``fiveup.match.observer``: what metrics hear.

Nothing here knows about protobuf or gRPC; the servicers in ``fiveup.api`` translate.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from ..bots import BOT_KINDS
from ..engine import (
    FORFEIT_REASONS,
    HUMAN,
    Action,
    Event,
    Match,
    MatchConfig,
    MoveUndone,
    redact,
    score_actions,
    view_for,
)
from ..engine.errors import MatchError, MatchFinished, UndoNotAllowed
from ..engine.shuffle import new_seed
from ..notifications.notices import Notice
from ..ratings.outcome import OutcomeGate, SeatOwners
from ..shared.errors import InvalidRequest, PermissionDenied, ShuttingDown, Unauthenticated
from .autoplay import AutoplayConfig, BotFactory, BotRunner, TurnDeadlines, TurnTimer, over_length
from .correspondence import CorrespondenceClock
from .errors import (
    MatchNotFinished,
    MatchNotFound,
    NoFreeSeat,
    PlayStarted,
    RequestIdReused,
    SeatTaken,
    StaleVersion,
    VersionNotReached,
)
from .observer import Contained, Observer
from .ports import (
    DuplicateRequest,
    EventStore,
    MatchRecord,
    NoticePublisher,
    RequestRecord,
    VersionConflict,
)
from .repository import Freshness, MatchRepository, MatchSession
from .results import (
    Cancelled,
    Conceded,
    Created,
    Joined,
    LegalMoves,
    MatchLog,
    MatchProgress,
    MoveResult,
    Resync,
    SeatedView,
    Undone,
    VersionedEvent,
    Viewed,
)

MAX_REQUEST_ID = 128
FINAL_EVENTS = frozenset({"match_ended", "match_cancelled"})  # a watch ends after these
# A seat claim's event is appended on top of whatever was appended meanwhile; this many
# lost races in a row (each one a whole step by another writer) means something is wrong.
MAX_CLAIM_APPENDS = 20

log = logging.getLogger(__name__)


def new_match_id() -> str:
    return secrets.token_hex(8)


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


@dataclass
class MatchesConfig(AutoplayConfig):
    """The application's settings (the bots' and the turn timer's come from
    ``AutoplayConfig``)."""

    cache_size: int = 10_000
    max_catchup_events: int = 100_000  # watchers further behind are told to resync
    # How the cache learns of other processes' appends (chosen once, by the server).
    freshness: Freshness = Freshness.EXCLUSIVE
    # With Freshness.SHARED: watchers re-read the store this often even without a
    # wake-up (other processes' appends wake nobody here); 0 = never.
    watch_poll_seconds: float = 0.0
    # The targets (displayed points) a match may be created rated at: the operator's
    # standard ones (None: any).  A 1-point match is never rated: one round decides it.
    rated_targets: frozenset[int] | None = frozenset({61, 121})

    def ratable_target(self, target_points: int) -> bool:
        if target_points <= 1:
            return False
        return self.rated_targets is None or target_points in self.rated_targets


class Matches:
    """Use cases of the MatchService, over an event store."""

    def __init__(
        self,
        store: EventStore,
        config: MatchesConfig | None = None,
        *,
        clock: Callable[[], float] = time.time,
        bot_factory: BotFactory | None = None,
        observer: Observer | None = None,
        owners: SeatOwners | None = None,
        rated_play: OutcomeGate | None = None,
        published: NoticePublisher | None = None,
    ) -> None:
        """``owners``: which player holds each seat (the lobby store implements it):
        with it every finished match's results are recorded, and a rated one is rated,
        with the append that ends it (None: no results); ``rated_play``: which rated
        outcomes the operator's rules count (None: all); ``published``: told which
        players got notices after each commit that wrote some (a correspondence match's
        turns, its end, deadline reminders): the notifications context's
        ``Outbox.published``, which wakes their streams and the dispatcher at once."""
        self.config = config or MatchesConfig()
        self.clock = clock
        self.observer = Contained(observer)
        self.repository = MatchRepository(
            store,
            freshness=self.config.freshness,
            cache_size=self.config.cache_size,
            clock=clock,
            observer=self.observer,
            owners=owners,
            rated_play=rated_play,
            published=published,
        )
        self.broker = self.repository.broker
        self._closing = asyncio.Event()
        self.deadlines = TurnDeadlines(self.config, clock)
        self.bots = BotRunner(
            self.repository,
            self.config,
            self._closing,
            deadlines=self.deadlines,
            bot_factory=bot_factory,
            observer=self.observer,
        )
        self.timer = TurnTimer(
            self.repository, self.config, self.bots, self._closing, observer=self.observer
        )
        self.correspondence = CorrespondenceClock(
            self.repository, self.config, self.bots, self.deadlines, self._closing
        )

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Listen for other replicas' appends (with Freshness.NOTIFIED), resume bot turns
        of unfinished matches (e.g. after a restart) and start the turn timer."""
        if self.config.freshness is Freshness.NOTIFIED:
            await self.repository.listen(self._on_remote_append)
        for match_id in await self.repository.unfinished():
            with contextlib.suppress(MatchError):
                self.bots.kick(await self.repository.get(match_id))
        self.timer.start()
        self.correspondence.start()

    async def close(self) -> None:
        self._closing.set()
        self.broker.publish_all()
        await self.bots.close()
        await self.timer.close()
        await self.correspondence.close()

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def _on_remote_append(self, match_id: str) -> None:
        """Another process appended to ``match_id``: wake local watchers and let the bots
        see whether it is their turn now."""
        session = self.repository.remote_append(match_id)
        if session is not None:
            self.bots.after_remote_append(session)

    # ------------------------------------------------------------------ use cases

    async def create(
        self,
        seats: list[str],
        target_points: int,
        *,
        match_id: str | None = None,
        hints: bool | None = None,
        practice: bool = False,
        unrated: bool = False,
        turn_clock_seconds: int | None = None,
        notices: Sequence[Notice] = (),
    ) -> Created:
        """A new match (``match_id``: one chosen beforehand, e.g. a private table's whose
        invite is recorded first; default a fresh random id).  ``hints``: whether
        SuggestMoves may be asked (None: only in a practice match); ``practice``: one
        human with bots, hints on, undo allowed.  The match is created rated unless
        ``unrated``, or it has a bot seat, hints or practice (rated matches never allow
        hints), or its target is not one the operator rates (``rated_targets``; never
        1); it is rated at its end if every seat is a signed-in player by then (and the
        operator's rules of rated play count it: ratings.eligibility).
        ``turn_clock_seconds``: a correspondence match, each turn this long (no stand-in;
        its players are notified while away: fiveup.match.notices).  ``notices``: the
        notifications the creation itself causes (a private table's invitations), written
        in the transaction that creates the match: they exist exactly when it does."""
        for i, kind in enumerate(seats):
            if kind != HUMAN and kind not in BOT_KINDS:
                raise InvalidRequest(f"seat {i}: unknown bot kind {kind!r}", field="seats")
        if practice and hints is False:
            raise InvalidRequest("a practice match always allows hints", field="hints_allowed")
        hints = practice if hints is None else hints
        config = MatchConfig(
            seats=tuple(seats),
            seed=new_seed(),
            target_points=target_points,
            hints=hints,
            practice=practice,
            rated=not (unrated or hints or practice or any(kind != HUMAN for kind in seats))
            and self.config.ratable_target(target_points),
            turn_clock_seconds=turn_clock_seconds,
        )
        match, events = Match.start(config)
        match_id = match_id or new_match_id()
        creator_token = secrets.token_urlsafe(32)
        record = MatchRecord(
            match_id, config.seats, config.target_points, config.seed, self.clock(),
            creator_hash=hash_token(creator_token), turn_clock_seconds=turn_clock_seconds,
        )  # fmt: skip
        session = await self.repository.create(record, match, events, notices)
        self.observer.match_created(match)
        self.bots.kick(session)
        return Created(match_id, match.version, config.commitment, creator_token)

    async def cancel(self, match_id: str, token: str | None) -> Cancelled:
        """End the match without a winner, on its creator's token, while play has not
        really started: once every seat has made a move a cancel would erase the result
        at stake (a losing creator's escape), so it is refused (PlayStarted) and a player
        ends the match by resigning.  Practice matches (one human, nothing earned, undo
        allowed) and matches of bots only may be cancelled at any point.  The
        cancellation is an event of the log (MatchCancelled): watchers see it, the record
        replays it, bots stop and a restart does not resume them (the match is finished
        in the store).  Cancelling a cancelled match answers the version it was
        cancelled at."""
        session = await self.repository.get(match_id)
        if not token:
            raise Unauthenticated("CancelMatch needs `authorization: Bearer <creator token>`")
        creator = session.record.creator_hash
        if creator is None or not hmac.compare_digest(creator, hash_token(token)):
            raise PermissionDenied("only the match's creator (its creator token) may cancel it")
        async with session.lock:
            await self.repository.refresh(session)
            match = session.match
            if match.cancelled:
                return Cancelled(match.version)
            if match.finished:
                raise MatchFinished("the match is over: it has a winner")
            if match.play_started and _result_at_stake(match):
                raise PlayStarted(
                    "every seat has made a move: the match can no longer be cancelled;"
                    " a player ends it with Resign"
                )
            before = match.version
            events = match.cancel("creator")
            try:
                version = await self.repository.append(session, before, events)
            except VersionConflict:
                await self.repository.reload(session)
                raise StaleVersion(
                    "a move was recorded at the same moment: cancel again",
                    current_version=str(session.match.version),
                ) from None
        return Cancelled(version)

    async def forfeit(self, match_id: str, seat: int, reason: str) -> Conceded:
        """``seat`` concedes the match for its side (``reason``: "resigned" for Resign,
        "abandoned" for a stand-in past the server's limit in a rated match, "deadline"
        for a rated correspondence turn whose clock ran out): a Forfeited event and the
        MatchEnded ranking the side last, appended under the session's lock on the
        freshest fold (a racing move is simply ordered before it).  The append that ends
        the match records its results and rates it like any end.  Idempotent: when this
        seat's side has already conceded, the answer is the version it ended at.  The
        caller has authorized ``seat`` (a seat token for Resign; the server's own clocks
        otherwise)."""
        if reason not in FORFEIT_REASONS:
            raise ValueError(f"not a forfeit reason: {reason!r}")
        session = await self.repository.get(match_id)
        for _ in range(MAX_CLAIM_APPENDS):
            async with session.lock:
                await self.repository.refresh(session)
                match = session.match
                done = match.forfeited
                if done is not None and match.side_of(done.seat) == match.side_of(seat):
                    return Conceded(match.version, done.seat, done.reason)
                before = match.version
                events = match.forfeit(seat, reason)  # MatchFinished once over
                try:
                    version = await self.repository.append(session, before, events)
                except VersionConflict:  # a move landed first: concede after it
                    await self.repository.reload(session)
                    continue
            self.observer.forfeited(match, seat, reason)
            return Conceded(version, seat, reason)
        raise StaleVersion(
            "the match kept moving: concede again", current_version=str(session.match.version)
        )

    def forget(self, match_id: str) -> None:
        """Retention is deleting ``match_id``: drop it from the cache, end its watchers."""
        self.repository.forget(match_id)

    def is_running(self, match_id: str) -> bool:
        """Whether this process holds ``match_id`` and it is not over (bot-match caps)."""
        session = self.repository.cached(match_id)
        return session is not None and not session.match.finished

    async def join(
        self, match_id: str, seat: int | None, display_name: str = "", player_id: str = ""
    ) -> Joined:
        """Claim a human seat (``seat``, or the lowest free one) and record the claim as a
        SeatClaimed event naming ``display_name`` and ``player_id`` (a signed-in player's
        public name and id; both "" for an anonymous seat token)."""
        session = await self.repository.get(match_id)
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
            await self.repository.reread_tokens(session)
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
            await self.repository.claim_seat(session, chosen, hash_token(token))
            session.turn_started = self.clock()  # a newcomer gets a whole turn
            version = await self._record_claim(session, chosen, display_name, player_id)
            return Joined(chosen, token, version)

    async def authenticate(self, match_id: str, token: str | None, *, required: bool) -> int | None:
        """The seat a bearer token belongs to (None for a spectator when not required)."""
        session = await self.repository.get(match_id)
        if not token:
            if required:
                raise Unauthenticated("this call needs `authorization: Bearer <seat token>`")
            return None
        digest = hash_token(token)
        found = _seat_of(session.tokens, digest)
        if found is None and len(session.tokens) < _human_count(session):
            # A seat may have been claimed through another process since: re-read them.
            # (Only then: a token that matches a cached seat is valid for good.)
            await self.repository.reread_tokens(session)
            found = _seat_of(session.tokens, digest)
        if found is None:
            raise PermissionDenied("the token does not belong to a seat of this match")
        return found

    async def view(self, match_id: str, seat: int | None, min_version: int = 0) -> SeatedView:
        """The match as ``seat`` may see it, at ``min_version`` or later if the match has
        it (``min_version``: the newest version the client has seen; 0: unknown)."""
        session = await self.repository.get(match_id)
        async with session.lock:
            await self.repository.refresh(session, for_read=True, seen=_seen(min_version))
            _reached(session.match.version, min_version, "min_version")
            return SeatedView(view_for(session.match, seat), frozenset(session.tokens))

    async def progress(self, match_id: str, seen: int = 0) -> MatchProgress:
        """Where the match stands (``seen``: a version the caller has seen: a cache that
        has it need not ask the store)."""
        session = await self.repository.get(match_id)
        async with session.lock:
            await self.repository.refresh(session, for_read=True, seen=seen)
            match = session.match
            ended = match.last_round_end
            return MatchProgress(
                seats=match.n_seats,
                version=match.version,
                finished=match.finished,
                round_no=match.round.round_no if match.round is not None else 0,
                ended_round=ended.round_no if ended is not None else 0,
            )

    async def legal_actions(self, match_id: str, seat: int, min_version: int = 0) -> LegalMoves:
        """What ``seat`` may do now, each with the points it scores and the end sum it
        leaves (the rules core's answer, not re-derived here)."""
        session = await self.repository.get(match_id)
        async with session.lock:
            await self.repository.refresh(session, for_read=True, seen=_seen(min_version))
            _reached(session.match.version, min_version, "min_version")
            match = session.match
            actions = match.legal_actions(seat)
            if not actions:
                return LegalMoves((), match.version)
            assert match.round is not None  # someone is to move: a round is dealt
            return LegalMoves(score_actions(match.round.layout, actions), match.version)

    async def submit(
        self, match_id: str, seat: int, action: Action, expected_version: int, request_id: str
    ) -> MoveResult:
        def command(match: Match) -> list[Event]:
            # The owner of a seat a stand-in plays for takes it back by moving again.
            reclaim = match.set_auto(seat, False)
            try:
                events = [*reclaim, *match.act(seat, action)]  # act changes nothing if illegal
                return events + over_length(match, self.config)  # the bound on a match's length
            except MatchError as exc:
                if reclaim:
                    raise _Rejected(exc, reclaimed=True) from exc
                raise _Rejected(exc, reclaimed=False) from exc

        return await self._record_command(
            match_id,
            seat,
            f"{seat}:{action}",
            command,
            expected_version,
            request_id,
            rejected=lambda match, exc: self.observer.move_rejected(match, exc.reason, action),
            recorded=lambda match, events: self.observer.move(match, seat, action, events),
        )

    async def undo(
        self, match_id: str, seat: int, expected_version: int, request_id: str
    ) -> Undone:
        """In a practice match, take back ``seat``'s last own action and everything after
        it (recorded as a MoveUndone event; the log only grows)."""
        session = await self.repository.get(match_id)
        if not session.match.practice:  # settled at creation: said before any staleness
            raise UndoNotAllowed("only a practice match can take moves back")

        def command(match: Match) -> list[Event]:
            try:
                return match.undo(seat)
            except MatchError as exc:
                raise _Rejected(exc, reclaimed=False) from exc

        result = await self._record_command(
            match_id,
            seat,
            f"{seat}:undo",
            command,
            expected_version,
            request_id,
            rejected=lambda match, exc: None,
            recorded=lambda match, events: self.observer.move_undone(match, seat, events),
        )
        undone = next(e for _, e in result.events if isinstance(e, MoveUndone))
        return Undone(seat, result.version, undone.to_version)

    async def _record_command(
        self,
        match_id: str,
        seat: int,
        fingerprint: str,
        command: Callable[[Match], list[Event]],
        expected_version: int,
        request_id: str,
        *,
        rejected: Callable[[Match, MatchError], None],
        recorded: Callable[[Match, list[Event]], None],
    ) -> MoveResult:
        """Apply ``command`` to the match at ``expected_version`` and append its events,
        once per ``request_id`` (a retry gets the first answer again)."""
        _check_request_id(request_id)
        if self.closing:
            raise ShuttingDown("the server is shutting down; retry on another replica")
        repository = self.repository
        session = await repository.get(match_id)
        async with session.lock:
            await repository.refresh(session, expected=expected_version)
            match = session.match
            if expected_version != match.version:
                # A retry of an applied request also lands here (its version has moved
                # on): the idempotency record is only looked up off the happy path.
                prior = await repository.prior_request(match_id, request_id)
                if prior is not None:
                    return await self._answer_again(match_id, prior, seat, fingerprint)
                raise StaleVersion(
                    f"the match is at version {match.version}, not {expected_version}",
                    current_version=str(match.version),
                )
            before = match.version
            try:
                events = command(match)
            except _Rejected as rejection:
                if rejection.reclaimed:
                    await repository.reload(session)  # undo the uncommitted reclaim
                rejected(match, rejection.error)
                raise rejection.error from None
            events = self.deadlines.stamp(session, events)
            request = RequestRecord(request_id, seat, fingerprint, before + 1, before + len(events))
            try:
                version = await repository.append(session, before, events, request)
            except DuplicateRequest as dup:
                await repository.reload(session)
                return await self._answer_again(match_id, dup.record, seat, fingerprint)
            except VersionConflict as conflict:
                await repository.reload(session)
                raise StaleVersion(
                    f"another move was recorded first (version {conflict.current})",
                    current_version=str(conflict.current),
                ) from None
        recorded(match, events)
        self.bots.kick(session)
        return MoveResult(seat, version, tuple(enumerate(events, start=before + 1)))

    async def record(self, match_id: str) -> MatchLog:
        """The finished match's whole log, read from the store -- and whether it is
        finished is decided from that same read, not from the cached fold, which on a
        replica may not yet have heard of the end (its notification still on the way)."""
        session = await self.repository.get(match_id)
        events = tuple(await self.repository.read_events(match_id))
        if not any(event.kind in FINAL_EVENTS for _, event in events):
            raise MatchNotFinished(
                "the record (with all hands and the seed) opens when the match ends"
            )
        return MatchLog(session.record, events)

    async def watch(
        self,
        match_id: str,
        viewer: int | None,
        after_version: int,
        render: Callable[[SeatedView], object] | None = None,
    ) -> AsyncIterator[VersionedEvent | Viewed | Resync]:
        """Events after ``after_version`` as ``viewer`` may see them, live.  Yields a
        ``Resync`` instead when the watcher is too far behind.  Ends when the match is
        over and fully sent, or when the server shuts down (ShuttingDown).

        With ``render``: the last event of each burst comes as ``Viewed`` when the match
        is still at its version, with ``render(view)`` for ``viewer`` at that version
        (what ``view`` answers then).  A view is rendered once per (version, viewer) and
        shared by every watcher of the match in this process (spectators share one)."""
        if after_version < 0:
            raise InvalidRequest("after_version must be >= 0", field="after_version")
        repository = self.repository
        session = await repository.get(match_id)
        latest = await repository.latest_version(match_id)
        _reached(latest, after_version, "after_version")
        if latest - after_version > self.config.max_catchup_events:
            yield Resync(latest)
            return
        cursor = after_version
        # Counted while open: a bot-only match someone watches plays at a person's pace.
        with self.bots.watching(match_id):
            async with contextlib.aclosing(
                self._follow(match_id, viewer, cursor, latest, session, render)
            ) as events:
                async for item in events:
                    yield item

    async def _follow(
        self,
        match_id: str,
        viewer: int | None,
        cursor: int,
        latest: int,
        session: MatchSession,
        render: Callable[[SeatedView], object] | None,
    ) -> AsyncGenerator[VersionedEvent | Viewed, None]:
        """The events after ``cursor`` as ``viewer`` may see them, live (see ``watch``)."""
        repository = self.repository
        while True:
            wake = self.broker.waiter(match_id)
            finished = moved_on = False
            events = await repository.events_after(match_id, cursor, latest)
            last = events[-1][0] if events else cursor
            for version, event in events:
                finished = finished or event.kind in FINAL_EVENTS
                seen = redact(event, viewer)
                cursor = version
                if render is not None and version == last:
                    view = await self._view_at(match_id, viewer, version, render)
                    if view is not None:
                        yield Viewed(version, seen, view)
                        continue
                    moved_on = True  # newer events are in: the next burst carries the view
                yield version, seen
            session = repository.cached(match_id) or session
            if finished or (session.match.finished and cursor >= session.match.version):
                return
            if session.deleted:
                raise MatchNotFound("the match expired and was deleted (docs/security.md)")
            if self.closing:
                raise ShuttingDown("the server is shutting down; reconnect with after_version")
            if moved_on:
                continue
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

    async def _view_at(
        self,
        match_id: str,
        viewer: int | None,
        version: int,
        render: Callable[[SeatedView], object],
    ) -> object | None:
        """``render`` of the match at ``version`` as ``viewer`` sees it, from the
        session's views when another watcher had it made; None when the match is past
        ``version`` already (that view can no longer be made from the fold)."""
        session = await self.repository.get(match_id)
        made = session.views.get(viewer)
        if made is not None and made[0] == version:
            return made[1]
        async with session.lock:  # the fold is committed state only under its lock
            made = session.views.get(viewer)
            if made is not None and made[0] == version:  # made while this one waited
                return made[1]
            await self.repository.refresh(session, for_read=True, seen=version)
            match = session.match
            if match.version != version:
                return None
            view = render(SeatedView(view_for(match, viewer), frozenset(session.tokens)))
            session.views[viewer] = (version, view)
            return view

    async def sweep_turns(self) -> list[tuple[str, int]]:
        """Hand every expired turn to a stand-in now (see ``TurnTimer.sweep``)."""
        return await self.timer.sweep()

    # ------------------------------------------------------------------ helpers

    async def _record_claim(
        self, session: MatchSession, seat: int, display_name: str, player_id: str
    ) -> int:
        """Append the SeatClaimed event of a seat just claimed in the store (holding the
        session's lock); answer the match's version after it.  The claim itself is
        already stored: a writer that appends first (a bot, another replica) only makes
        this re-read and append again on top."""
        repository = self.repository
        for _ in range(MAX_CLAIM_APPENDS):
            await repository.refresh(session)
            match = session.match
            before, turn = match.version, match.current_turn()
            claim = match.claim_seat(seat, display_name, player_id)
            events = self.deadlines.stamp(session, claim, keep=turn)
            if not events:  # the match is over: nothing follows its end
                return before
            try:
                return await repository.append(session, before, events)
            except VersionConflict:
                await repository.reload(session)
        log.warning("seat %d of %s: claimed, but its event lost %d races", seat,
                    session.match_id, MAX_CLAIM_APPENDS)  # fmt: skip
        return session.match.version

    async def _answer_again(
        self, match_id: str, prior: RequestRecord, seat: int, fingerprint: str
    ) -> MoveResult:
        """The answer to a retried request, rebuilt from the events it produced."""
        if prior.seat != seat or prior.fingerprint != fingerprint:
            raise RequestIdReused(
                f"request id {prior.request_id!r} was already used for another move"
            )
        events = await self.repository.read_events(
            match_id, prior.first_version - 1, upto=prior.last_version
        )
        return MoveResult(seat, prior.last_version, tuple(events))

    def cached_sessions(self) -> int:
        return len(self.repository)


class _Rejected(Exception):
    """A command the rules refused (``reclaimed``: it had already taken a seat back from
    its stand-in, which must be rolled back)."""

    def __init__(self, error: MatchError, *, reclaimed: bool) -> None:
        super().__init__(str(error))
        self.error = error
        self.reclaimed = reclaimed


def _seat_of(tokens: dict[int, bytes], digest: bytes) -> int | None:
    found: int | None = None
    for seat, stored in tokens.items():  # compare with every seat: constant time
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def _result_at_stake(match: Match) -> bool:
    """Whether ending ``match`` now would take a result from someone: every match with a
    human seat, but a practice match (nothing is earned in one)."""
    return HUMAN in match.config.seats and not match.practice


def _human_count(session: MatchSession) -> int:
    return sum(1 for kind in session.record.seats if kind == HUMAN)


def _reached(version: int, asked: int, field: str) -> None:
    """One answer everywhere for a version the match has not reached: OUT_OF_RANGE
    (VERSION_NOT_REACHED) with the version it is at.  (Not INVALID_ARGUMENT: the request
    is well formed, and the same request may succeed once the match gets there.)"""
    if asked > version:
        raise VersionNotReached(
            f"{field} {asked} is beyond the match's version {version}",
            field=field, current_version=str(version),
        )  # fmt: skip


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
