"""Moves nobody submits: the bots' turns (``BotRunner``) and the turn timer that hands an
abandoned human seat to a stand-in bot (``TurnTimer``); and the deadline each step
announces for the turn it starts (``TurnDeadlines``), which the timer then keeps.

Both act through the ``MatchRepository`` like any writer: under the session's lock, on a
refreshed fold, with a version-checked append; when another replica's bot or timer was
first, the append fails, the session reloads and the loser looks again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import weakref
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from typing import Any

from ..bots import Bot, make_bot
from ..engine import HUMAN, Action, Event, Match, Turn, view_for
from ..engine.errors import MatchError
from .observer import Contained
from .ports import StoreError, VersionConflict
from .repository import MatchRepository, MatchSession

log = logging.getLogger(__name__)

STAND_IN_BOT = "greedy"  # the kind that plays for an abandoned seat

BotFactory = Callable[[str], Bot]


BOT_MAX_THINK_SECONDS = 1.0
"""Live play caps a searching bot's think time: on a loaded server it answers a little
weaker rather than late (its budget is a number of deals; on an idle machine the
strongest level needs a few hundredths of a second, docs/bots.md)."""


def default_bot_factory(kind: str) -> Bot:
    return make_bot(kind, secrets.SystemRandom(), max_seconds=BOT_MAX_THINK_SECONDS)


@dataclass
class AutoplayConfig:
    # Seconds a bot waits before moving, so that a person can follow the table: in every
    # match with a human seat, and in a bot-only match while someone watches it (a
    # spectator); a bot-only match nobody watches runs at its own pace (bot_only_*).
    bot_delay: float = 0.0
    # Abandoned seats: a joined human seat to move for this long gets a stand-in bot
    # (SeatAutoPlayed), until its owner submits a move again; 0 = never.
    turn_timeout_seconds: float = 0.0
    stand_in_delay_seconds: float = 0.0  # the stand-in's pause on each turn: the owner's window
    turn_sweep_seconds: float = 0.0  # how often to look for expired turns; 0 = derived
    # The bound on a match's length: past either, the match is cancelled (length_limit).
    max_match_rounds: int = 500
    max_match_events: int = 20_000
    # Matches of bots only (nobody to wait for) share this much of the process's time:
    # one bot-only move at a time (first come, first served), computed off the event
    # loop, then a pause so that their moves together take at most this share; and at
    # least bot_only_min_delay between two moves of one match.
    bot_only_cpu_share: float = 0.25
    bot_only_min_delay: float = 0.01
    # Correspondence matches: how often the store is asked for due reminders and
    # expired turns (0: never).
    correspondence_sweep_seconds: float = 30.0
    # A rated match's abandoned seat forfeits (Forfeited "abandoned": the others win)
    # instead of the stand-in's next move once the stand-in has finished this many of
    # its turns, or has played for it this long, since it last took over (0: not by that
    # measure; both 0: never).  Unrated matches are played to their end by the stand-in.
    forfeit_after_stand_in_turns: int = 3
    forfeit_after_stand_in_seconds: float = 120.0
    # A correspondence turn whose clock ran out: a rated match is forfeited by that seat's
    # side (Forfeited "deadline"); an unrated one goes on with a stand-in, or is forfeited
    # too when the operator chooses so.
    casual_deadline_forfeits: bool = False


def over_length(match: Match, config: AutoplayConfig) -> list[Event]:
    """The events that end ``match`` for its length (none while within the bounds):
    appended with the move that crossed a bound, in the same version-checked append."""
    if match.finished:
        return []
    rounds = match.round.round_no if match.round is not None else 0
    if rounds > config.max_match_rounds or match.version >= config.max_match_events:
        return match.cancel("length_limit")
    return []


def abandoned(match: Match, seat: int, config: AutoplayConfig, now: float) -> bool:
    """Whether the stand-in playing ``seat`` of ``match`` has played for it long enough
    that the seat forfeits rather than being played on: only in a match created rated,
    where a stand-in's win would be a rated result for someone who walked away."""
    if not match.rated or seat not in match.auto_seats:
        return False
    turns = config.forfeit_after_stand_in_turns
    if turns > 0 and match.stand_in_turns.get(seat, 0) >= turns:
        return True
    seconds = config.forfeit_after_stand_in_seconds
    since = match.stand_in_since.get(seat)
    return seconds > 0 and since is not None and now - since >= seconds


def bot_only(match: Match) -> bool:
    return all(kind != HUMAN for kind in match.config.seats)


class TurnDeadlines:
    """When the turn a step starts ends: the policy of the turn timer, stamped on the
    step's last event (``Match.stamp_deadline``) before it is stored, so every replica
    and every client sees the same deadline and the timer keeps exactly that one."""

    def __init__(self, config: AutoplayConfig, clock: Callable[[], float]) -> None:
        self.config = config
        self.clock = clock

    def stamp(
        self, session: MatchSession, events: list[Event], keep: Turn | None = None
    ) -> list[Event]:
        """``events`` (the step just applied to the session's match) with the deadline of
        the turn they announce.  ``keep``: the turn as it was before a step that does not
        change it (a seat claim); its deadline stands unless the claimed seat is to move."""
        match = session.match
        turn = match.current_turn()
        if turn is None or not events or events[-1].turn is None:
            return events
        if keep is not None and (keep.seat, keep.stand_in) == (turn.seat, turn.stand_in):
            deadline = keep.deadline if keep.deadline is not None else self.deadline(session, turn)
        else:
            deadline = self.deadline(session, turn)
        return match.stamp_deadline(events, deadline)

    def deadline(self, session: MatchSession, turn: Turn) -> float | None:
        """A turn starting now: a claimed human seat has ``turn_timeout_seconds`` before a
        stand-in takes over; a stand-in moves after its pause (the owner's window);
        bots, unclaimed seats and a timer that is off have no deadline."""
        config, match = self.config, session.match
        if turn.stand_in:
            if config.stand_in_delay_seconds <= 0:
                return None
            return self.clock() + config.bot_delay + config.stand_in_delay_seconds
        claimed = turn.seat in session.tokens or turn.seat in match.claimed_seats
        if match.config.seats[turn.seat] != HUMAN or not claimed:
            return None
        if match.turn_clock_seconds is not None:  # correspondence: the match's own clock
            return self.clock() + match.turn_clock_seconds
        if config.turn_timeout_seconds > 0:
            return self.clock() + config.turn_timeout_seconds
        return None


class BotRunner:
    """Plays the bots' turns (and the stand-ins'), one task per match at a time."""

    def __init__(
        self,
        repository: MatchRepository,
        config: AutoplayConfig,
        closing: asyncio.Event,
        *,
        deadlines: TurnDeadlines | None = None,
        bot_factory: BotFactory | None = None,
        observer: Contained | None = None,
    ) -> None:
        self.repository = repository
        self.config = config
        self.deadlines = deadlines or TurnDeadlines(config, repository.clock)
        self._closing = closing
        self._bot_factory = bot_factory or default_bot_factory
        self._observer = observer or Contained(None)
        # Each session's latest bots' task (a session that left the cache keeps its own
        # until the task ends: it may still be playing through it).
        self._latest: weakref.WeakKeyDictionary[MatchSession, asyncio.Task[None]] = (
            weakref.WeakKeyDictionary()
        )
        self._tasks: set[asyncio.Task[None]] = set()
        # Bot-only matches take turns here, first come first served (fair), one move at a
        # time: together they never hold more than bot_only_cpu_share of the process.
        self._bot_only_turn = asyncio.Lock()
        # Open WatchMatch streams per match (a watched bot-only match keeps a person's pace).
        self._watchers: dict[str, int] = {}

    @contextlib.contextmanager
    def watching(self, match_id: str) -> Iterator[None]:
        """Count a watcher of ``match_id`` for as long as the block runs."""
        self._watchers[match_id] = self._watchers.get(match_id, 0) + 1
        try:
            yield
        finally:
            left = self._watchers[match_id] - 1
            if left:
                self._watchers[match_id] = left
            else:
                del self._watchers[match_id]

    def watched(self, match_id: str) -> bool:
        return match_id in self._watchers

    def watchers(self, match_id: str) -> int:
        """The open WatchMatch streams of ``match_id`` here."""
        return self._watchers.get(match_id, 0)

    def kick(self, session: MatchSession) -> None:
        """Start playing the bots' turns of this match if it is a bot's turn now."""
        if self._closing.is_set() or not session.match.is_bot_turn():
            return
        current = self._latest.get(session)
        if current is not None and not current.done():
            return
        self._latest[session] = self._spawn(self._run(session))

    def after_remote_append(self, session: MatchSession) -> None:
        """Another replica appended: fold it in and, if it is now a bot's turn, let this
        replica's bots try too (the version key picks one winner)."""
        if not self._closing.is_set():
            self._spawn(self._refresh_and_kick(session))

    async def settled(self, match_id: str) -> bool:
        """Wait until the bots' task of ``match_id``'s cached session (if one was ever
        started) has nothing left to do; answer whether there was one."""
        session = self.repository.cached(match_id)
        task = self._latest.get(session) if session is not None else None
        if task is None:
            return False
        await asyncio.shield(task)
        return True

    async def close(self) -> None:
        tasks = [t for t in self._tasks if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)  # keep a reference; close() cancels it
        task.add_done_callback(self._tasks.discard)
        return task

    async def look(self, session: MatchSession) -> None:
        """Fold in what other replicas appended and, if it is a bot's turn now, play it
        (``after_remote_append`` without a task of its own: a caller already in one)."""
        if self._closing.is_set():
            return
        async with session.lock:
            await self.repository.refresh(session)
        self.kick(session)

    async def _refresh_and_kick(self, session: MatchSession) -> None:
        await self.look(session)

    async def _run(self, session: MatchSession) -> None:
        if bot_only(session.match):
            await self._run_bot_only(session)
            return
        repository = self.repository
        bots: dict[int, Bot] = {}
        paused_at = -1  # the version a stand-in last paused at
        while not self._closing.is_set():
            if self.config.bot_delay:
                await asyncio.sleep(self.config.bot_delay)
            async with session.lock:
                await repository.refresh(session)
                match = session.match
                if not match.is_bot_turn():
                    return
                seat = match.to_move()
                assert seat is not None
                kind = match.config.seats[seat]
                if kind == HUMAN:  # a stand-in for an abandoned seat
                    kind = STAND_IN_BOT
                    pause = self.config.stand_in_delay_seconds > 0 and paused_at != match.version
                    paused_at = match.version
                else:
                    pause = False
                if not pause and abandoned(match, seat, self.config, repository.clock()):
                    await self._forfeit(session, seat)
                    return
                if not pause:
                    bot = bots.get(seat) or bots.setdefault(seat, self._bot_factory(kind))
                    started = time.perf_counter()
                    # off the event loop: a searching bot thinks for milliseconds
                    action = await asyncio.to_thread(bot.choose, view_for(match, seat))
                    self._observer.bot_thought(kind, time.perf_counter() - started)
                    moved = await self._append_move(session, seat, action)
                    if moved is None:
                        continue
                    events = moved
            if pause:  # the owner's window to take the seat back (outside the lock)
                await asyncio.sleep(self.config.stand_in_delay_seconds)
                continue
            self._observer.move(match, seat, action, events)
            await asyncio.sleep(0)  # let clients and watchers in between bot moves

    async def _forfeit(self, session: MatchSession, seat: int) -> None:
        """The abandoned ``seat`` concedes (holding the session's lock, on a fresh fold):
        the append ends the match, with its results and rating like any end.  Another
        writer first (its owner came back and moved, another replica's bot): reloaded,
        and whoever is to move next is kicked again."""
        match = session.match
        before = match.version
        events = match.forfeit(seat, "abandoned")
        try:
            await self.repository.append(session, before, events)
        except VersionConflict:
            await self.repository.reload(session)
            self._spawn(self._refresh_and_kick(session))
            return
        log.info("seat %d of %s forfeits: abandoned in a rated match", seat, session.match_id)
        self._observer.forfeited(match, seat, "abandoned")

    async def _append_move(
        self, session: MatchSession, seat: int, action: Action
    ) -> list[Event] | None:
        """Apply a bot's ``action`` for ``seat`` and append it, with the events that end an
        over-long match and the next turn's deadline (none while only bots are to move).
        None when another writer appended first: the session is reloaded for a retry."""
        match = session.match
        before = match.version
        events = match.act(seat, action) + over_length(match, self.config)
        events = self.deadlines.stamp(session, events)
        try:
            await self.repository.append(session, before, events)
        except VersionConflict:
            await self.repository.reload(session)  # another replica's bot moved first
            return None
        return events

    async def _run_bot_only(self, session: MatchSession) -> None:
        """A match of bots only: nobody waits for it, so it must never slow down those
        who do.  Each move takes the shared bot-only turn (FIFO across matches), is
        chosen on a worker thread (the event loop keeps serving), and is followed by a
        pause that holds bot-only play to ``bot_only_cpu_share`` of the time."""
        repository = self.repository
        config = self.config
        bots: dict[int, Bot] = {}
        share = min(1.0, max(0.01, config.bot_only_cpu_share))
        while not self._closing.is_set():
            async with self._bot_only_turn:
                started = time.perf_counter()
                async with session.lock:
                    await repository.refresh(session)
                    match = session.match
                    if not match.is_bot_turn():
                        return
                    seat = match.to_move()
                    assert seat is not None
                    kind = match.config.seats[seat]
                    bot = bots.get(seat) or bots.setdefault(seat, self._bot_factory(kind))
                    view = view_for(match, seat)
                    thinking = time.perf_counter()
                    action = await asyncio.to_thread(bot.choose, view)
                    self._observer.bot_thought(kind, time.perf_counter() - thinking)
                    events = await self._append_move(session, seat, action)
                    if events is None:
                        continue
                self._observer.move(match, seat, action, events)
                spent = time.perf_counter() - started
                pause = max(config.bot_only_min_delay, spent * (1 / share - 1))
            # outside the shared turn: a watched match's pace holds back no other match
            if self.watched(session.match_id):
                pause = max(pause, config.bot_delay)
            await asyncio.sleep(pause)


class TurnTimer:
    """Gives a stand-in bot every joined human seat whose turn's deadline has passed (the
    one its step announced; for a log from before deadlines were announced, ``turn_timeout_seconds``
    after this process last saw the match change): sweeps every ``turn_sweep_seconds`` on
    its own once started; tests call ``sweep`` directly with an injected clock."""

    def __init__(
        self,
        repository: MatchRepository,
        config: AutoplayConfig,
        bots: BotRunner,
        closing: asyncio.Event,
        *,
        observer: Contained | None = None,
    ) -> None:
        self.repository = repository
        self.config = config
        self.bots = bots
        self.deadlines = bots.deadlines
        self._closing = closing
        self._observer = observer or Contained(None)
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """Whether the timer sweeps on its own (only with a turn timeout)."""
        return self._sweeper is not None and not self._sweeper.done()

    def start(self) -> None:
        if self.config.turn_timeout_seconds > 0 and self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None and not self._sweeper.done():
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)

    async def sweep(self) -> list[tuple[str, int]]:
        """Take over every expired turn; answer the (match id, seat) pairs taken over."""
        timeout = self.config.turn_timeout_seconds
        if timeout <= 0 or self._closing.is_set():
            return []
        clock = self.repository.clock
        taken = []
        for session in self.repository.sessions():
            match = session.match
            if match.turn_clock_seconds is not None:
                continue  # a correspondence clock: fiveup.match.correspondence keeps it
            if clock() < self._ends(session) or match.is_bot_turn():
                continue
            if match.to_move() is None:
                continue
            try:
                seat = await self._take_over(session)
            except (MatchError, StoreError):
                log.warning(
                    "turn timer: could not take over a seat of %s", session.match_id, exc_info=True
                )
                continue
            if seat is not None:
                taken.append((session.match_id, seat))
        return taken

    def _ends(self, session: MatchSession) -> float:
        """When the current turn's time is up: its announced deadline, else (a log from
        before deadlines were announced) ``turn_timeout_seconds`` after it began here."""
        turn = session.match.current_turn()
        if turn is not None and turn.deadline is not None:
            return turn.deadline
        return session.turn_started + self.config.turn_timeout_seconds

    async def _take_over(self, session: MatchSession) -> int | None:
        repository = self.repository
        clock = repository.clock
        async with session.lock:
            await repository.refresh(session)  # another replica may have moved, or timed out
            match = session.match
            seat = match.to_move()
            if seat is None or match.is_bot_turn() or clock() < self._ends(session):
                return None
            await repository.reread_tokens(session)
            if seat not in session.tokens:  # never claimed: the match waits for a player
                session.turn_started = clock()  # look again a timeout later
                return None
            before = match.version
            events = self.deadlines.stamp(session, match.set_auto(seat, True, since=clock()))
            try:
                await repository.append(session, before, events)
            except VersionConflict:  # another replica recorded something first
                await repository.reload(session)
                return None
        log.info("turn timer: seat %d of %s is played by a stand-in", seat, session.match_id)
        self._observer.seat_auto_played(seat, True)
        self.bots.kick(session)
        return seat

    async def _sweep_forever(self) -> None:
        interval = self.config.turn_sweep_seconds or min(
            5.0, max(0.05, self.config.turn_timeout_seconds / 10)
        )
        while not self._closing.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), interval)
            try:
                await self.sweep()
            except Exception:  # the timer must outlive a bad sweep
                log.exception("turn timer sweep failed")
