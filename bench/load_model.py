"""The load model: people playing Five Up as people play.  Change it here.

``python -m bench.capacity`` ramps this load against the servers it starts; it also runs
on its own against any server (the server must trust this host's x-forwarded-for, see
below):

    .venv/bin/python -m bench.load_model --target 127.0.0.1:50051 --players 200 --seconds 60

Who is in the load (``MODEL`` holds every number):

* **Players**, people with the app.  Each signs in as a guest (a device id of its own),
  then plays match after match: mostly through the matchmaker (``FindMatch`` for a 2-, 3-
  or 4-seat table, bots allowed after a wait), sometimes against bots of a level it
  picks (``CreateMatch`` + ``JoinMatch``).  In a match it reads the match once
  (``GetMatch``), then watches with views (``WatchMatch`` from that version,
  ``with_views``): the view that ends each burst of events is its new view, no call
  needed (``Model.views_on_stream``; off, it does what the web client does today,
  clients/web/src/table/game.ts: one ``GetMatch(min_version)`` on every event that names
  whose turn it is).  On its own turn it thinks (log-normal, 2-8 s; a forced draw or pass
  is a tap) and submits one of the legal moves the view lists.  Now and then its phone
  drops the stream and comes back a few seconds later (``WatchMatch`` after the version it
  had, with views; without them ``GetMatch`` first).  Between matches it looks at the
  result; some leave and a new person signs in instead.
* **Spectators**, a few per hundred players: each watches one live match (anonymously,
  as a shared link opens it), reads the view on turn events like a player, and moves on
  after a few minutes; at most ``spectators_per_match`` on one match.
* **Validators**: a fixed few services calling the rules API (``ValidateMove`` on
  positions reached by legal play) at a steady pace, whatever the number of players.

Every simulated person has a client address of its own (``x-forwarded-for``, from the
benchmark range 198.18.0.0/15: a header, never a destination), as phones behind the
gateway do, so the per-client limits see one person each; the server trusts this host
as its gateway (``--client-address-header x-forwarded-for --trusted-proxies 127.0.0.1``,
which bench.capacity sets).  With several targets (replicas) people are spread over them
as a load balancer would: the players of one match may sit on different replicas.

What it measures (``Recorder``): every call's latency by method, its failures by status
code, and two figures of the streams:

* ``delivery``: how long after the server decided a step its watchers had it, for every
  streamed event that carries a timed turn.  The turn's deadline minus the server's turn
  timeout (``turn_timeout``) is the instant the server stamped the step, on the clock
  this process shares with the server (one machine).  Catch-up events are not counted
  (they are old on purpose): a step the server stamped before the stream was opened --
  one that happened while the phone was away, or between the view read and the watch --
  is caught up, not delivered.
* ``seated``: queued to seated in the matchmaker.

Why not Locust: its gRPC users run on grpcio's gevent mode, which parks an OS thread for
every call in flight -- every open stream included -- and a player here holds a
WatchMatch stream for a whole match.  Measured (docs/performance.md, "The load
generator"): with gevent's default pool of 10 threads, 10 open streams stall every other
call; with a pool of 1,200, 1,000 open streams and 900 calls/s gave the client itself a
p99 of 407 ms and twice the CPU of the same calls without streams -- the load tool would
measure itself, not the server.  This is an asyncio (grpc.aio) loop instead, one thread
for thousands of streams.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import itertools
import math
import random
import sys
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import grpc

from bench._server import client_address
from fiveup.app.config import ServerConfig
from fiveup.telemetry.collector import set_young_threshold
from fiveup.v1 import (
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    match_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Model:
    """The people in the load.  Times in seconds; shares are probabilities."""

    # Thinking before a move: log-normal around the median, kept within the range.
    think_median: float = 4.0
    think_sigma: float = 0.35
    think_range: tuple[float, float] = (2.0, 8.0)
    # A move that is the only one there is (a draw, a pass) is a tap.
    forced_move: tuple[float, float] = (0.6, 1.5)
    # The tables people ask for: (seats, share).
    table_sizes: tuple[tuple[int, float], ...] = ((2, 0.45), (3, 0.20), (4, 0.35))
    # A match against bots instead of the matchmaker, and the level picked then.
    against_bots: float = 0.25
    bot_levels: tuple[tuple[int, float], ...] = (
        (match_pb2.BOT_KIND_NOVICE, 0.30),
        (match_pb2.BOT_KIND_GREEDY, 0.40),
        (match_pb2.BOT_KIND_ADEPT, 0.25),
        (match_pb2.BOT_KIND_EXPERT, 0.05),
    )
    # The matchmaker: bots fill a table that found no people within this wait.
    bot_wait_seconds: int = 15
    # Between two matches: looking at the result; then some leave (a new person comes).
    between_matches: tuple[float, float] = (3.0, 12.0)
    leave_after_match: float = 0.3
    # Phones drop their stream this often (per hour of play) and come back after a gap.
    reconnects_per_hour: float = 12.0
    reconnect_gap: tuple[float, float] = (1.0, 4.0)
    # Spectators: how many per player, how long one stays, how many one match may have.
    spectators_per_player: float = 0.05
    spectator_stay: tuple[float, float] = (60.0, 240.0)
    spectators_per_match: int = 3
    # A spectator opens the match through the replica it is connected to (a shared link
    # lands wherever the balancer sends it: bench.cluster), not the one a player of the
    # match is on (False: as a player's link would, so one replica serves the match).
    spectators_elsewhere: bool = False
    # Rules-API validators: how many, and calls a second each.
    validators: int = 2
    validator_rate: float = 20.0
    # Displayed points to win (the standard game).
    target_points: int = 61
    # Read the view from the stream (WatchMatch with_views), as a client should; False:
    # one GetMatch(min_version) per announced turn, as the web client does today
    # (bench.capacity's ``sqlite_getmatch`` runs that beside ``sqlite``).
    views_on_stream: bool = True

    def think(self, rng: random.Random, forced: bool) -> float:
        if forced:
            return rng.uniform(*self.forced_move)
        low, high = self.think_range
        drawn = rng.lognormvariate(math.log(self.think_median), self.think_sigma)
        return min(high, max(low, drawn))

    def streams_per_player(self) -> float:
        """Streams the load holds per player at most (its own, and its spectators')."""
        return 1.0 + self.spectators_per_player


MODEL = Model()
CALL_TIMEOUT = 30.0  # no call of the model may hang a person for ever
CLOSE_ATTEMPTS, CLOSE_WAIT = 5, 2.0  # closing the crowd: cancels, and seconds after each
IN_PROGRESS = match_pb2.MATCH_STATUS_IN_PROGRESS


# ---------------------------------------------------------------------- what it saw


@dataclass
class Window:
    """What the load saw between two ``Recorder.take`` calls."""

    seconds: float
    latencies: dict[str, list[float]]  # name -> seconds, unsorted
    errors: Counter[str]  # "Method CODE: reason" -> count
    # The load's own collector: every pause stops this process's loop too, and lands in
    # the latencies it measures; reported so a reader can tell the two apart.
    gc_pauses: list[float] = field(default_factory=list)  # seconds, one per collection

    @property
    def gc_ms_per_second(self) -> float:
        return sum(self.gc_pauses) / self.seconds * 1000 if self.seconds else float("nan")

    def count(self, name: str) -> int:
        return len(self.latencies.get(name, ()))

    def percentile(self, name: str, q: float) -> float:
        """In milliseconds (nan when nothing was seen)."""
        values = sorted(self.latencies.get(name, ()))
        if not values:
            return float("nan")
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())


class Recorder:
    def __init__(self) -> None:
        self._latencies: defaultdict[str, list[float]] = defaultdict(list)
        self._errors: Counter[str] = Counter()
        self._since = time.monotonic()
        self._gc_pauses: list[float] = []
        self._gc_started = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._gc_started:
            self._gc_pauses.append(time.perf_counter() - self._gc_started)
            self._gc_started = 0.0

    def close(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)

    def ok(self, name: str, seconds: float) -> None:
        self._latencies[name].append(seconds)

    def failed(self, name: str, error: BaseException) -> None:
        if isinstance(error, grpc.aio.AioRpcError):
            reason = _reason(error)
            self._errors[f"{name} {error.code().name}: {reason}"] += 1
        else:
            self._errors[f"{name} {type(error).__name__}: {str(error)[:100]}"] += 1

    def take(self) -> Window:
        """Everything since the last take (or the start)."""
        now = time.monotonic()
        window = Window(now - self._since, dict(self._latencies), self._errors, self._gc_pauses)
        self._latencies, self._errors, self._since = defaultdict(list), Counter(), now
        self._gc_pauses = []
        return window


def _reason(error: grpc.aio.AioRpcError) -> str:
    """The ErrorInfo reason of a refusal, else the start of its message."""
    from google.rpc import error_details_pb2, status_pb2

    for key, value in error.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info.reason
    return (error.details() or "")[:100]


# ---------------------------------------------------------------------- one person


_addresses = itertools.count(1)


def next_client_address() -> str:
    """A distinct address per simulated person (see ``bench._server.client_address``)."""
    return client_address(next(_addresses))


class Client:
    """One person's connection (a channel of its own, as a phone has) and calls."""

    def __init__(self, target: str, recorder: Recorder) -> None:
        self.target = target
        self.recorder = recorder
        self.channel = grpc.aio.insecure_channel(target)
        self.players = players_pb2_grpc.PlayerServiceStub(self.channel)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(self.channel)
        self.matches = match_pb2_grpc.MatchServiceStub(self.channel)
        self.anonymous: tuple[tuple[str, str], ...] = (("x-forwarded-for", next_client_address()),)
        self.auth = self.anonymous

    async def call(self, name: str, method: Callable[..., Awaitable[T]], request: Any,
                   *, anonymous: bool = False) -> T:  # fmt: skip
        """A unary call, timed and recorded (its error re-raised once recorded)."""
        started = time.perf_counter()
        try:
            answer = await method(request, metadata=self.anonymous if anonymous else self.auth,
                                  timeout=CALL_TIMEOUT)  # fmt: skip
        except grpc.aio.AioRpcError as exc:
            self.recorder.failed(name, exc)
            raise
        self.recorder.ok(name, time.perf_counter() - started)
        return answer

    async def sign_in(self) -> None:
        answer = await self.call(
            "SignInAsGuest", self.players.SignInAsGuest,
            players_pb2.SignInAsGuestRequest(device_id=uuid.uuid4().hex), anonymous=True,
        )  # fmt: skip
        self.auth = (*self.anonymous, ("authorization", f"Bearer {answer.session.access_token}"))

    async def close(self) -> None:
        await self.channel.close()


class Watch:
    """A WatchMatch stream read by a task of its own: times each live event's delivery,
    keeps the newest version seen, and sets ``turned`` on each event that names the
    next turn (when the web client reads the view again) and when the stream ends.  With
    ``views``: asks for the views on the stream, keeps the newest in ``view`` and sets
    ``turned`` when one comes instead."""

    def __init__(self, client: Client, match_id: str, after: int, *, anonymous: bool,
                 turn_timeout: float, views: bool = False) -> None:  # fmt: skip
        self.client = client
        self.version = after
        self.turned = asyncio.Event()
        self.ended = False
        self.turn_timeout = turn_timeout
        self.views = views
        self.view: match_pb2.MatchView | None = None
        # Steps stamped before this instant are catch-up, not deliveries (see Recorder).
        self.opened = time.time()
        metadata = client.anonymous if anonymous else client.auth
        self.stream = client.matches.WatchMatch(
            match_pb2.WatchMatchRequest(match_id=match_id, after_version=after, with_views=views),
            metadata=metadata,
        )
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        recorder = self.client.recorder
        try:
            async for item in self.stream:
                if not item.HasField("event"):  # resync: read the view and watch again
                    break
                event = item.event
                self.version = event.version
                if event.HasField("turn"):
                    turn = event.turn
                    if turn.HasField("deadline") and not turn.stand_in:
                        deadline = turn.deadline.seconds + turn.deadline.nanos * 1e-9
                        stamped = deadline - self.turn_timeout
                        if stamped >= self.opened:
                            recorder.ok("delivery", time.time() - stamped)
                if self.views:
                    if item.HasField("view"):
                        self.view = item.view
                        self.turned.set()
                elif (
                    event.HasField("turn")
                    or event.HasField("match_ended")
                    or event.HasField("match_cancelled")
                ):
                    self.turned.set()
        except grpc.aio.AioRpcError as exc:
            if exc.code() != grpc.StatusCode.CANCELLED:  # not our own drop
                recorder.failed("WatchMatch", exc)
        except asyncio.CancelledError:
            pass
        finally:
            self.ended = True
            self.turned.set()

    async def drop(self) -> None:
        self.stream.cancel()
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


@dataclass
class LiveMatches:
    """The matches being played by this load, for spectators to pick from; and the
    targets (replicas) each match was followed through, seats and spectators."""

    watchers: dict[tuple[str, str], int] = field(default_factory=dict)  # (target, id) -> n
    followed_from: defaultdict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, target: str, match_id: str) -> None:
        self.watchers.setdefault((target, match_id), 0)
        self.followed_from[match_id].add(target)

    def spanning(self) -> tuple[int, int]:
        """(matches followed so far, those followed through more than one target)."""
        spans = [len(targets) > 1 for targets in self.followed_from.values()]
        return len(spans), sum(spans)

    def remove(self, target: str, match_id: str) -> None:
        self.watchers.pop((target, match_id), None)

    def take(self, rng: random.Random, limit: int) -> tuple[str, str] | None:
        """A match with room for one more spectator (one of the least watched)."""
        if not self.watchers:
            return None
        fewest = min(self.watchers.values())
        if fewest >= limit:
            return None
        key = rng.choice([k for k, n in self.watchers.items() if n == fewest])
        self.watchers[key] += 1
        return key

    def give_back(self, key: tuple[str, str]) -> None:
        if key in self.watchers:
            self.watchers[key] -= 1


class Person:
    """What players and spectators share: a client, randomness, the view loop."""

    anonymous = False

    def __init__(self, crowd: Crowd, target: str) -> None:
        self.crowd = crowd
        self.model = crowd.model
        self.rng = random.Random()
        self.client = Client(target, crowd.recorder)
        self.watch: Watch | None = None

    async def read_view(self, match_id: str, min_version: int = 0) -> match_pb2.MatchView:
        answer = await self.client.call(
            "GetMatch", self.client.matches.GetMatch,
            match_pb2.GetMatchRequest(match_id=match_id, min_version=min_version),
            anonymous=self.anonymous,
        )  # fmt: skip
        return answer.view

    def _watch(self, match_id: str, after: int) -> Watch:
        self.watch = Watch(self.client, match_id, after, anonymous=self.anonymous,
                           turn_timeout=self.crowd.turn_timeout,
                           views=self.model.views_on_stream)  # fmt: skip
        return self.watch

    async def follow(
        self, match_id: str, on_view: Callable[[match_pb2.MatchView], Awaitable[bool]]
    ) -> None:
        """Read the view, watch, and take the view again after each announced turn (from
        the stream with ``Model.views_on_stream``, else a GetMatch as the web client
        does), with the phone's occasional drop and return; ``on_view(view)`` after each
        (False: stop following).  Ends with the match."""
        views = self.model.views_on_stream
        view = await self.read_view(match_id)
        watch = self._watch(match_id, view.version)
        drop_rate = self.model.reconnects_per_hour / 3600.0
        last = time.monotonic()
        try:
            while await on_view(view) and view.status == IN_PROGRESS:
                # (a timeout: read the view anyway, as a client's refresh timer would;
                # with views on the stream there is nothing to read: the view is current)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(watch.turned.wait(), CALL_TIMEOUT)
                watch.turned.clear()
                now = time.monotonic()
                streamed = watch.view
                if views and streamed is not None and streamed.version > view.version:
                    view = streamed  # the stream's own view: no call
                if views and watch.ended and view.status != IN_PROGRESS:
                    pass  # the match's end came with its view
                elif watch.ended or self.rng.random() < drop_rate * (now - last):
                    dropped = not watch.ended
                    await watch.drop()  # the network went (or the stream ended): come back
                    if dropped:
                        await asyncio.sleep(self.rng.uniform(*self.model.reconnect_gap))
                    if views and dropped:
                        # From the view it has: a catch-up's last event brings a newer one
                        # (none comes when the match is still there: the view is current).
                        watch = self._watch(match_id, view.version)
                    else:
                        view = await self.read_view(match_id)
                        if view.status == IN_PROGRESS:
                            watch = self._watch(match_id, view.version)
                elif not views:
                    view = await self.read_view(match_id, watch.version)
                last = now
        finally:
            await watch.drop()
            self.watch = None


class Player(Person):
    async def run(self) -> None:
        await self.client.sign_in()
        while True:
            seated = await self.seat_at_a_table()
            if seated is not None:
                match_id, seat = seated
                live = self.crowd.live
                live.add(self.client.target, match_id)
                try:
                    await self.play(match_id, seat)
                finally:
                    live.remove(self.client.target, match_id)
            else:
                await asyncio.sleep(self.rng.uniform(1.0, 3.0))  # refused: try again later
            await asyncio.sleep(self.rng.uniform(*self.model.between_matches))
            if self.rng.random() < self.model.leave_after_match:
                await self.client.sign_in()  # someone else takes this place in the load

    async def seat_at_a_table(self) -> tuple[str, int] | None:
        seats = _pick(self.rng, self.model.table_sizes)
        if self.rng.random() < self.model.against_bots:
            return await self.against_bots(seats)
        started = time.perf_counter()
        request = lobby_pb2.FindMatchRequest(
            players=seats, allow_bots=True, bot_wait_seconds=self.model.bot_wait_seconds,
            target_points=self.model.target_points,
        )  # fmt: skip
        recorder = self.client.recorder
        try:
            async for message in self.client.lobby.FindMatch(request, metadata=self.client.auth):
                if message.HasField("matched"):
                    recorder.ok("seated", time.perf_counter() - started)
                    return message.matched.match_id, message.matched.seat
        except grpc.aio.AioRpcError as exc:
            recorder.failed("FindMatch", exc)
            return None
        recorder.failed("FindMatch", RuntimeError("the search ended without a seat"))
        return None

    async def against_bots(self, seats: int) -> tuple[str, int] | None:
        bot = _pick(self.rng, self.model.bot_levels)
        specs = [match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_HUMAN)] + [
            match_pb2.SeatSpec(kind=match_pb2.SEAT_KIND_BOT, bot=bot) for _ in range(seats - 1)
        ]
        matches = self.client.matches
        try:
            created = await self.client.call(
                "CreateMatch", matches.CreateMatch,
                match_pb2.CreateMatchRequest(seats=specs, target_points=self.model.target_points),
            )  # fmt: skip
            joined = await self.client.call(
                "JoinMatch",
                matches.JoinMatch,
                match_pb2.JoinMatchRequest(match_id=created.match_id),
            )
        except grpc.aio.AioRpcError:
            return None  # recorded
        return created.match_id, joined.seat

    async def play(self, match_id: str, seat: int) -> None:
        submitted = 0  # the version this player last moved at (never twice on one view)

        async def on_view(view: match_pb2.MatchView) -> bool:
            nonlocal submitted
            if (
                view.status != IN_PROGRESS
                or not view.HasField("turn_seat")
                or view.turn_seat != seat
                or not view.legal_moves
                or view.version <= submitted
            ):
                return True
            moves = view.legal_moves
            forced = len(moves) == 1 and not moves[0].HasField("place")
            await asyncio.sleep(self.model.think(self.rng, forced))
            move = self.rng.choice(moves)  # its points and end sum ride along, ignored
            try:
                await self.client.call(
                    "SubmitMove", self.client.matches.SubmitMove,
                    match_pb2.SubmitMoveRequest(
                        match_id=match_id, move=move, expected_version=view.version,
                        request_id=uuid.uuid4().hex,
                    ),
                )  # fmt: skip
            except grpc.aio.AioRpcError:
                return False  # recorded; this player leaves the match (a stand-in takes over)
            submitted = view.version
            return True

        with contextlib.suppress(grpc.aio.AioRpcError):  # recorded: on to the next match
            await self.follow(match_id, on_view)


class Spectator(Person):
    anonymous = True

    async def run(self) -> None:
        while True:
            key = self.crowd.live.take(self.rng, self.model.spectators_per_match)
            if key is None:
                await asyncio.sleep(self.rng.uniform(1.0, 3.0))  # nothing to watch yet
                continue
            target, match_id = key
            if self.model.spectators_elsewhere:
                self.crowd.live.followed_from[match_id].add(self.client.target)
            elif target != self.client.target:  # through the replica that serves it here
                await self.client.close()
                self.client = Client(target, self.crowd.recorder)
            leave_at = time.monotonic() + self.rng.uniform(*self.model.spectator_stay)

            async def on_view(view: match_pb2.MatchView, leave_at: float = leave_at) -> bool:
                return time.monotonic() < leave_at

            try:
                await self.follow(match_id, on_view)
            except grpc.aio.AioRpcError:
                await asyncio.sleep(1.0)  # recorded
            finally:
                self.crowd.live.give_back(key)


class Validator(Person):
    """A service checking moves through the rules API (ValidateMove, compact form)."""

    async def run(self) -> None:
        from bench.rules_rpc import build_checks, move_request

        requests = itertools.cycle(
            [move_request(c) for c in build_checks(200, self.rng.randrange(1 << 30))]
        )
        validate = self.client.channel.unary_unary("/fiveup.v1.RulesService/ValidateMove")
        pause = 1.0 / self.model.validator_rate
        while True:
            with contextlib.suppress(grpc.aio.AioRpcError):  # recorded
                await self.client.call("ValidateMove", validate, next(requests), anonymous=True)
            await asyncio.sleep(pause)


# ---------------------------------------------------------------------- the crowd


class Crowd:
    """The whole load: grows to a number of players (spectators and validators in
    proportion), spread over the targets; ``close`` ends every person."""

    def __init__(self, targets: Sequence[str], *, model: Model = MODEL,
                 turn_timeout: float = 120.0) -> None:  # fmt: skip
        if not targets:
            raise ValueError("no target")
        self.targets = list(targets)
        self.model = model
        self.turn_timeout = turn_timeout
        self.recorder = Recorder()
        self.live = LiveMatches()
        self.players: list[asyncio.Task[None]] = []
        self.spectators: list[asyncio.Task[None]] = []
        self.others: list[asyncio.Task[None]] = []
        self._people: list[Person] = []
        self._placed = itertools.count()
        # The load collects as the servers do (fiveup.telemetry.collector): its own pauses land
        # in the latencies it measures.
        set_young_threshold(ServerConfig.gc_young_threshold)

    def _start(self, kind: type[Person], into: list[asyncio.Task[None]]) -> None:
        person = kind(self, self.targets[next(self._placed) % len(self.targets)])
        self._people.append(person)
        into.append(asyncio.ensure_future(_logged(person.run())))

    async def grow(self, players: int, per_second: float) -> None:
        """Add players (arrivals at ``per_second``) until there are ``players``."""
        if not self.others:
            for _ in range(self.model.validators):
                self._start(Validator, self.others)
        pause = 1.0 / per_second
        while len(self.players) < players:
            self._start(Player, self.players)
            wanted = int(len(self.players) * self.model.spectators_per_player)
            while len(self.spectators) < wanted:
                self._start(Spectator, self.spectators)
            await asyncio.sleep(pause)
        # The people now alive live until the run ends: out of the collector's way, so
        # the load's own full collections (hundreds of ms over thousands of people's
        # tasks) stop landing in the latencies it measures.  (A benchmark may keep its
        # few cycles among them until it exits; a server must not: it freezes only its
        # startup heap, fiveup.telemetry.collector.)
        gc.collect()
        gc.freeze()

    async def close(self) -> None:
        # Cancelled until every person has ended, each wait bounded: a person whose
        # gRPC call was cancelled under it may see the call's error instead (which the
        # model takes in its stride and plays on), and a closing run must not hang on it.
        pending = set(self.players + self.spectators + self.others)
        for _ in range(CLOSE_ATTEMPTS):
            pending = {task for task in pending if not task.done()}
            if not pending:
                break
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=CLOSE_WAIT)
        closing = [asyncio.ensure_future(p.client.close()) for p in self._people]
        if closing:
            await asyncio.wait(closing, timeout=CLOSE_WAIT * CLOSE_ATTEMPTS)
        left = sum(not t.done() for t in pending) + sum(not c.done() for c in closing)
        if left:
            print(f"load_model: {left} people or channels did not close", file=sys.stderr)
        self.recorder.close()
        gc.unfreeze()


async def _logged(run: Awaitable[None]) -> None:
    """A person's life; an error nobody expected is printed, not lost in a task."""
    try:
        await run
    except asyncio.CancelledError:
        raise
    except grpc.aio.AioRpcError:
        pass  # recorded where it happened
    except Exception as exc:  # a bug of the model: say so, the others go on
        print(f"load_model: a person stopped: {type(exc).__name__}: {exc}", file=sys.stderr)


def _pick(rng: random.Random, weighted: tuple[tuple[int, float], ...]) -> int:
    values, weights = zip(*weighted, strict=True)
    return int(rng.choices(values, weights)[0])


# ---------------------------------------------------------------------- on its own


async def _main_async(args: argparse.Namespace) -> int:
    model = dataclasses.replace(MODEL, views_on_stream=not args.getmatch)
    crowd = Crowd(args.target.split(","), model=model, turn_timeout=args.turn_timeout)
    try:
        await crowd.grow(args.players, args.arrivals)
        crowd.recorder.take()  # the ramp is not measured
        await asyncio.sleep(args.seconds)
        window = crowd.recorder.take()
    finally:
        await crowd.close()
    print(f"{args.players} players for {window.seconds:.0f} s against {args.target}")
    for name in sorted(window.latencies):
        print(f"  {name:<14} {window.count(name) / window.seconds:8.1f}/s  "
              f"p50 {window.percentile(name, 0.5):7.1f} ms  p99 {window.percentile(name, 0.99):7.1f} ms")  # fmt: skip
    print(f"  the load's own collector: {len(window.gc_pauses)} pauses, "
          f"{window.gc_ms_per_second:.1f} ms a second, longest {max(window.gc_pauses, default=0) * 1000:.1f} ms")  # fmt: skip
    for what, n in window.errors.most_common():
        print(f"  error x{n}: {what}")
    return 0 if not window.errors else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", required=True, help="host:port[,host:port...]")
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--arrivals", type=float, default=20.0, help="sign-ins a second")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured, after the ramp")
    parser.add_argument("--turn-timeout", type=float, default=120.0,
                        help="the server's --turn-timeout-seconds (times deliveries)")  # fmt: skip
    parser.add_argument("--getmatch", action="store_true",
                        help="a GetMatch per announced turn instead of the views on the stream")  # fmt: skip
    return asyncio.run(_main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main())
