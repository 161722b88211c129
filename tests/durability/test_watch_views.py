"""WatchMatch ``with_views``: the watcher's own view rides on the stream.

Real ``fiveup serve`` processes over real channels, on SQLite, PostgreSQL and two
replicas on one PostgreSQL database.  Whole matches are played by clients that read the
match only from their streams' views (never GetMatch) and move from them.  Wherever the
match rests (a human is to move, or it is over) every watcher must have been sent the view
at that version, and that view must equal GetMatch's for the same seat (or a spectator)
through the same replica; views carry no hidden tile; without the flag the stream is
exactly what it was (no view, the same bytes); a reconnect with after_version gets the
catch-up with one view, on its last event.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import common_pb2, match_pb2_grpc
from fiveup.v1 import match_pb2 as pb

from ..serverproc import ServerProcess

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
WATCH = "/fiveup.v1.MatchService/WatchMatch"
REVEALED_FIELDS = {"last_round", "round_ended"}  # a reckoning shows the hands by design
TIMEOUT = 20.0


def _bot(kind: str) -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=getattr(pb, f"BOT_KIND_{kind.upper()}"))


def _auth(token: str | None) -> tuple[tuple[str, str], ...] | None:
    return (("authorization", f"Bearer {token}"),) if token else None


def _tiles(message: object) -> set[tuple[int, int]]:
    """Every tile anywhere in a message but under the reckoning's fields."""
    if isinstance(message, common_pb2.Tile):
        return {(min(message.low, message.high), max(message.low, message.high))}
    found: set[tuple[int, int]] = set()
    for fd, value in message.ListFields():  # type: ignore[attr-defined]
        if fd.name in REVEALED_FIELDS or fd.message_type is None:
            continue
        for item in value if fd.is_repeated else [value]:
            found |= _tiles(item)
    return found


def _hand(view: pb.MatchView) -> set[tuple[int, int]]:
    return {(min(t.low, t.high), max(t.low, t.high)) for t in view.hand}


@dataclass
class Watch:
    """One WatchMatch stream, read as raw bytes (what the server sent) and parsed."""

    channel: grpc.aio.Channel
    stub: match_pb2_grpc.MatchServiceStub
    match_id: str
    seat: int | None = None  # None: a spectator
    token: str | None = None
    after: int = 0
    with_views: bool = True
    since: int = 0  # the match's version when this stream was opened
    raw: list[bytes] = field(default_factory=list)
    items: list[pb.WatchMatchResponse] = field(default_factory=list)
    views: dict[int, pb.MatchView] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    done: bool = False
    task: asyncio.Task[None] | None = None

    def start(self) -> Watch:
        self.task = asyncio.get_running_loop().create_task(self._run())
        return self

    async def _run(self) -> None:
        call = self.channel.unary_stream(
            WATCH, request_serializer=pb.WatchMatchRequest.SerializeToString
        )(
            pb.WatchMatchRequest(
                match_id=self.match_id, after_version=self.after, with_views=self.with_views
            ),
            metadata=_auth(self.token),
        )
        try:
            async for raw in call:
                item = pb.WatchMatchResponse.FromString(raw)
                assert item.WhichOneof("item") == "event", item
                self.raw.append(raw)
                self.items.append(item)
                if item.HasField("view"):
                    assert item.view.version == item.event.version
                    self.views[item.event.version] = item.view
                self.changed.set()
        finally:
            self.done = True
            self.changed.set()

    @property
    def newest(self) -> pb.MatchView | None:
        return self.views[max(self.views)] if self.views else None

    async def until(self, ready: object, timeout: float = TIMEOUT) -> None:
        """Wait (bounded) until ``ready()`` holds for this stream."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not ready():  # type: ignore[operator]
            if self.done:
                assert self.task is not None
                await self.task  # raise the stream's error, if it failed
                raise AssertionError(f"stream ended at {self.items[-1:]}")
            self.changed.clear()
            if ready():  # type: ignore[operator]
                break
            remaining = deadline - loop.time()
            assert remaining > 0, f"not reached in {timeout}s (views at {sorted(self.views)})"
            try:
                await asyncio.wait_for(self.changed.wait(), remaining)
            except TimeoutError:
                continue

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)


@dataclass
class Replica:
    process: ServerProcess

    @property
    def channel(self) -> grpc.aio.Channel:
        assert self.process.channel is not None
        return self.process.channel

    @property
    def stub(self) -> match_pb2_grpc.MatchServiceStub:
        assert self.process.stub is not None
        return self.process.stub


async def _started(db: str, tmp_path: Path, n: int) -> list[Replica]:
    env = {"FIVEUP_BOT_DELAY": "0"}  # bots answer at once: the fold races the watchers
    procs = [ServerProcess(db, tmp_path / f"replica-{i}.log", env=env) for i in range(n)]
    await asyncio.gather(*(p.start() for p in procs))
    return [Replica(p) for p in procs]


async def _check_rest(watches: list[Watch], version: int) -> None:
    """The match rests at ``version``: every watcher with views has been sent the view at
    ``version``, equal to GetMatch's for its seat through its own replica."""
    for w in watches:
        if not w.with_views:
            continue
        await w.until(lambda w=w: version in w.views)
        got = w.views[version]
        answer = await w.stub.GetMatch(
            pb.GetMatchRequest(match_id=w.match_id, min_version=version), metadata=_auth(w.token)
        )
        assert answer.view.version == version
        assert got == answer.view, (w.seat, version)
        if w.seat is None:
            assert not got.hand and not got.HasField("viewer_seat")
        else:
            assert got.viewer_seat == w.seat
    seated = {w.seat: w.views[version] for w in watches if w.with_views and w.seat is not None}
    hands = {seat: _hand(view) for seat, view in seated.items()}
    for w in watches:
        if not w.with_views:
            continue
        shown = _tiles(w.views[version])
        if w.views[version].status == pb.MATCH_STATUS_FINISHED:
            continue
        for seat, hand in hands.items():
            if seat != w.seat:
                assert not shown & hand, f"viewer {w.seat} sees seat {seat}'s tiles"


async def _play(
    replicas: list[Replica], seats: list[pb.SeatSpec], rng: random.Random
) -> tuple[list[Watch], list[int]]:
    """A whole match whose humans move only from their own streams' views, moves spread
    over ``replicas``; answers every watch and the versions the match rested at."""
    first = replicas[0].stub
    created = await first.CreateMatch(pb.CreateMatchRequest(seats=seats, target_points=10))
    match_id = created.match_id
    humans = [i for i, s in enumerate(seats) if s.kind == pb.SEAT_KIND_HUMAN]
    tokens: dict[int, str] = {}
    for n, seat in enumerate(humans):
        via = replicas[n % len(replicas)].stub
        tokens[seat] = (
            await via.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=seat))
        ).seat_token

    def at(n: int) -> Replica:
        return replicas[n % len(replicas)]

    watches = [
        Watch(at(1).channel, at(1).stub, match_id, seat, tokens[seat]) for seat in humans
    ] + [
        Watch(at(0).channel, at(0).stub, match_id),  # a spectator with views
        Watch(at(1).channel, at(1).stub, match_id, with_views=False),  # and without
        Watch(at(0).channel, at(0).stub, match_id, humans[0], tokens[humans[0]], with_views=False),
    ]
    for w in watches:
        w.start()
    own = {w.seat: w for w in watches if w.with_views and w.seat is not None}
    rests: list[int] = []
    try:
        for n in range(3_000):
            # Rests when a human is to move (only it can move the match) or at the end.
            mover, view = await _resting(list(own.values()), rests[-1] if rests else -1)
            rests.append(view.version)
            await _check_rest(watches, view.version)
            if view.status == pb.MATCH_STATUS_FINISHED:
                break
            if len(rests) == 4:  # a phone comes back: catch up from three versions back
                back = Watch(
                    at(0).channel, at(0).stub, match_id, humans[0], tokens[humans[0]],
                    after=max(0, view.version - 3), since=view.version,
                ).start()  # fmt: skip
                await back.until(lambda b=back, v=view.version: v in b.views)
                assert [i.event.version for i in back.items] == list(
                    range(max(0, view.version - 3) + 1, view.version + 1)
                )
                assert [i.HasField("view") for i in back.items][:-1] == [False] * (
                    len(back.items) - 1
                )
                watches.append(back)
                await _check_rest(watches, view.version)
            assert mover is not None
            move = rng.choice(list(view.legal_moves))
            await at(n).stub.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=match_id, move=move, expected_version=view.version,
                    request_id=f"{match_id}-{n}",
                ),
                metadata=_auth(tokens[mover]),
            )  # fmt: skip
        else:
            raise AssertionError("the match did not finish")
        for w in watches:
            assert w.task is not None
            await asyncio.wait_for(w.task, TIMEOUT)  # each stream ends with the match
    finally:
        for w in watches:
            await w.stop()
    return watches, rests


async def _resting(own: list[Watch], after: int) -> tuple[int | None, pb.MatchView]:
    """The human seat whose own newest view, newer than ``after``, says it is to move
    (None: the match is over), waiting (bounded) for one."""

    def ready() -> bool:
        return any(_mover(w, after) is not False for w in own)

    waits = [asyncio.ensure_future(w.until(ready)) for w in own]
    try:
        done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for d in done:
            d.result()
    finally:
        for t in waits:
            t.cancel()
    for w in own:
        mover = _mover(w, after)
        if mover is not False:
            assert w.newest is not None
            return mover, w.newest  # type: ignore[return-value]
    raise AssertionError("unreachable: one was ready")


def _mover(w: Watch, after: int) -> int | bool | None:
    """``w``'s seat if its newest view (newer than ``after``) has it to move, None if that
    view is the end, False otherwise.  (Only the seat to move can change the match, so it
    rests there.)"""
    view = w.newest
    if view is None or view.version <= after:
        return False
    if view.status == pb.MATCH_STATUS_FINISHED:
        return None
    if view.HasField("turn_seat") and view.turn_seat == w.seat and view.legal_moves:
        return w.seat
    return False


def _check_streams(watches: list[Watch], rests: list[int], *, bots: bool) -> None:
    plain = [w for w in watches if not w.with_views]
    for w in plain:  # without the flag: no view, the very bytes of the event alone
        assert w.items and not w.views
        for raw, item in zip(w.raw, w.items, strict=True):
            assert raw == pb.WatchMatchResponse(event=item.event).SerializeToString()
    spectators = [w for w in watches if w.seat is None]
    with_views, without = (
        next(w for w in spectators if w.with_views),
        next(w for w in spectators if not w.with_views),
    )
    events = [item.event for item in with_views.items]  # the same events, the view aside
    assert events == [i.event for i in without.items]
    versions = [e.version for e in events]
    assert versions == list(range(1, len(versions) + 1))
    assert events[-1].WhichOneof("kind") == "match_ended"
    for w in watches:
        if w.with_views:
            rested = {r for r in rests if r >= w.since}
            assert rested <= set(w.views)  # every rest reached every watcher
            if not bots:  # people only: each step ends at a rest
                assert set(w.views) == rested
            assert w.items[-1].HasField("view")  # the end always carries one
            assert w.views[max(w.views)].status == pb.MATCH_STATUS_FINISHED


@pytest.mark.parametrize("bots", [False, True], ids=["people", "with_bots"])
async def test_views_on_the_stream_are_getmatch_at_their_version(
    db_url: str, tmp_path: Path, bots: bool
) -> None:
    replicas = await _started(db_url, tmp_path, 1)
    try:
        seats = [HUMAN, _bot("greedy"), HUMAN, _bot("random")] if bots else [HUMAN, HUMAN, HUMAN]
        watches, rests = await _play(replicas, seats, random.Random(26))
        _check_streams(watches, rests, bots=bots)
    finally:
        await asyncio.gather(*(r.process.stop() for r in replicas))


@pytest.mark.postgres
@pytest.mark.parametrize("bots", [False, True], ids=["people", "with_bots"])
async def test_views_through_two_replicas(pg_url: str, tmp_path: Path, bots: bool) -> None:
    """Moves alternate between the replicas and watchers sit on the other one: each
    replica folds the other's events in (NOTIFY) before it builds the view."""
    replicas = await _started(pg_url, tmp_path, 2)
    try:
        seats = [HUMAN, HUMAN, _bot("greedy")] if bots else [HUMAN, HUMAN]
        watches, rests = await _play(replicas, seats, random.Random(27))
        _check_streams(watches, rests, bots=bots)
    finally:
        await asyncio.gather(*(r.process.stop() for r in replicas))
