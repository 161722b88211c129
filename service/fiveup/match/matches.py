"""The use cases of the MatchService: create, join, authenticate, view, list legal moves,
submit, watch and read the record of a match.

Each reads like the rule it implements: load the match's session from the repository,
check the seat, apply an action through the engine, append the new events with the
expected version, tell the observer, let the bots move.  The parts live in their own
modules:

* ``fiveup.match.repository``: the session cache, its freshness, replay, versioned append;
* ``fiveup.match.seating``: claiming seats and authenticating their tokens;
* ``fiveup.match.commands``: moves and undos recorded once per request id;
* ``fiveup.match.endings``: cancel and forfeit;
* ``fiveup.match.watching``: the live WatchMatch streams;
* ``fiveup.shared.broker``: wake-ups for local watchers;
* ``fiveup.match.autoplay``: the bots' turns and the turn timer;
* ``fiveup.match.results``: the named results handed to the API (no cache object leaves here);
* ``fiveup.match.observer``: what metrics hear.

Nothing here knows about protobuf or gRPC; the servicers in ``fiveup.api`` translate.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass

from ..bots import BOT_KINDS
from ..engine import (
    HUMAN,
    Action,
    Event,
    Match,
    MatchConfig,
    MoveUndone,
    score_actions,
    view_for,
)
from ..engine.errors import MatchError, UndoNotAllowed
from ..engine.shuffle import new_seed
from ..notifications.notices import Notice
from ..ratings.outcome import OutcomeGate, SeatOwners
from ..shared.errors import InvalidRequest
from .autoplay import AutoplayConfig, BotFactory, BotRunner, TurnDeadlines, TurnTimer, over_length
from .catchup import CatchUp
from .commands import CommandRecorder, Rejected
from .correspondence import CorrespondenceClock
from .endings import EarlyEnds
from .errors import (
    MatchNotFinished,
    check_reached,
)
from .inspection import inspect
from .observer import Contained, Observer
from .ports import (
    EventStore,
    MatchRecord,
    NoticePublisher,
)
from .repository import Freshness, MatchRepository
from .results import (
    Cancelled,
    Conceded,
    Created,
    Inspection,
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
from .seating import SeatClaims, hash_token
from .watching import FINAL_EVENTS, MatchWatch

log = logging.getLogger(__name__)


def new_match_id() -> str:
    return secrets.token_hex(8)


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
        self.endings = EarlyEnds(self.repository, self.observer)
        self.seating = SeatClaims(self.repository, self.deadlines, clock)
        self.commands = CommandRecorder(self.repository, self.deadlines, self.bots, self._closing)
        self.watching = MatchWatch(
            self.repository, self.bots, self._closing,
            max_catchup_events=self.config.max_catchup_events,
            poll_seconds=self.config.watch_poll_seconds,
        )  # fmt: skip
        self.catch_up = CatchUp(self.repository, self.bots)

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
        await self.catch_up.close()
        await self.bots.close()
        await self.timer.close()
        await self.correspondence.close()

    @property
    def closing(self) -> bool:
        return self._closing.is_set()

    def _on_remote_append(self, match_id: str) -> None:
        """Another process appended to ``match_id``: catch up as far as this process
        needs (``fiveup.match.catchup``): its watchers, then its bots."""
        self.catch_up.heard(match_id)

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
        really started (``fiveup.match.endings``)."""
        return await self.endings.cancel(match_id, token)

    async def end(self, match_id: str) -> Cancelled:
        """An operator ends a live match: cancelled, no result (``fiveup.match.endings``)."""
        return await self.endings.end(match_id)

    async def inspect(self, match_id: str, at_version: int = 0) -> Inspection:
        """The whole match as an operator sees it, its seats' views at ``at_version``
        (0: the latest) and the verdict on its deals (``fiveup.match.inspection``)."""
        return await inspect(self.repository, match_id, at_version)

    async def forfeit(self, match_id: str, seat: int, reason: str) -> Conceded:
        """``seat`` concedes the match for its side (``fiveup.match.endings``)."""
        return await self.endings.forfeit(match_id, seat, reason)

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
        """Claim a human seat and record the claim (``fiveup.match.seating``)."""
        return await self.seating.join(match_id, seat, display_name, player_id)

    async def authenticate(self, match_id: str, token: str | None, *, required: bool) -> int | None:
        """The seat a bearer token belongs to (None for a spectator when not required)."""
        return await self.seating.authenticate(match_id, token, required=required)

    async def view(self, match_id: str, seat: int | None, min_version: int = 0) -> SeatedView:
        """The match as ``seat`` may see it, at ``min_version`` or later if the match has
        it (``min_version``: the newest version the client has seen; 0: unknown)."""
        session = await self.repository.get(match_id)
        async with session.lock:
            await self.repository.refresh(session, for_read=True, seen=_seen(min_version))
            check_reached(session.match.version, min_version, "min_version")
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
            check_reached(session.match.version, min_version, "min_version")
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
                    raise Rejected(exc, reclaimed=True) from exc
                raise Rejected(exc, reclaimed=False) from exc

        return await self.commands.record(
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
                raise Rejected(exc, reclaimed=False) from exc

        result = await self.commands.record(
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

    def watch(
        self,
        match_id: str,
        viewer: int | None,
        after_version: int,
        render: Callable[[SeatedView], object] | None = None,
    ) -> AsyncIterator[VersionedEvent | Viewed | Resync]:
        """Events after ``after_version`` as ``viewer`` may see them, live (a ``Resync``
        when too far behind; with ``render``, the view at the end of each burst):
        ``fiveup.match.watching``."""
        return self.watching.watch(match_id, viewer, after_version, render)

    async def sweep_turns(self) -> list[tuple[str, int]]:
        """Hand every expired turn to a stand-in now (see ``TurnTimer.sweep``)."""
        return await self.timer.sweep()

    # ------------------------------------------------------------------ helpers

    def cached_sessions(self) -> int:
        return len(self.repository)


def _seen(min_version: int) -> int:
    if min_version < 0:
        raise InvalidRequest("min_version must be >= 0", field="min_version")
    return min_version
