"""A client draws a live table from WatchMatch alone: it never calls GetMatch.

Each test follows a match through the stream into ``Table`` (tests/service/table.py) and
checks it, at every step, against the engine's fold of the finished match's record:
whose turn it is, hands and boneyard counts, the end sum, the scores, the round's starter.
The server's own request counter shows that no GetMatch was made meanwhile.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from fiveup.api.convert import event_from_pb
from fiveup.engine import Match, MatchConfig, RoundEnded, event_from_dict
from fiveup.v1 import match_pb2 as pb
from tests.security.conftest import FakeClock

from ..harness import Running, auth, bot, human, start, stop
from .table import Table


def get_match_calls() -> float:
    labels = {"grpc_type": "unary", "grpc_service": "fiveup.v1.MatchService"}
    value = REGISTRY.get_sample_value(
        "grpc_server_started_total", {**labels, "grpc_method": "GetMatch"}
    )
    return value or 0.0


async def follow(
    server: Running, match_id: str, token: str | None = None
) -> tuple[Table, list[tuple[pb.MatchEvent, Table]]]:
    """Follow the whole match; the table after every event (copies, for the checks)."""
    md = auth(token) if token else None
    table = Table(viewer=None)
    seen: list[tuple[pb.MatchEvent, Table]] = []
    call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id), metadata=md)
    async for item in call:
        assert item.WhichOneof("item") == "event"
        table.apply(item.event)
        table.draw(time.time())  # drawable at every event
        seen.append((item.event, table.copy()))
    return table, seen


async def check_against_the_record(
    server: Running, match_id: str, seen: list[tuple[pb.MatchEvent, Table]]
) -> Match:
    """Replay the record through the engine; at each step's end the table must agree."""
    record = await server.matches.GetMatchRecord(pb.GetMatchRecordRequest(match_id=match_id))
    config = MatchConfig(
        tuple("human" if s.kind == pb.SEAT_KIND_HUMAN else "bot" for s in record.seats),
        record.shuffle_seed,
        record.target_points,
    )
    fold = Match(config)
    assert len(seen) == len(record.events)
    for (event, table), stored in zip(seen, record.events, strict=True):
        fold.apply(event_from_pb(stored))
        r = fold.round
        assert r is not None or event.WhichOneof("kind") == "match_started"
        if r is not None:
            assert table.hand_sizes == [len(h) for h in r.hands]
            assert table.boneyard == len(r.boneyard)
            assert table.end_sum == r.layout.end_sum()
            assert (table.round_number, table.starter, table.by_lot) == (
                r.round_no, r.starter, r.by_lot
            )  # fmt: skip
        if event.HasField("turn") or event.WhichOneof("kind") in ("round_ended", "match_ended"):
            # the end of a step: the table's turn is the fold's
            assert (table.turn.seat if table.turn else None) == fold.to_move(), event
            assert fold.current_turn() == (event_from_pb(event).turn if table.turn else None)
        assert table.scores == list(fold.scores)
    assert fold.finished and seen[-1][1].finished
    return fold


async def test_a_bot_only_match_drawn_from_the_stream_alone(server: Running) -> None:
    before = get_match_calls()
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[bot("random"), bot("greedy"), bot("random")], target_points=25)
    )
    table, seen = await follow(server, created.match_id)
    assert get_match_calls() == before  # the whole match without one GetMatch
    assert table.finished and table.draws > 0 and table.draws == table.hidden_draws
    turns = [e.turn.seat for e, _ in seen if e.HasField("turn")]
    assert len(set(turns)) == 3  # every bot's turn was announced
    assert all(not e.turn.HasField("deadline") for e, _ in seen if e.HasField("turn"))
    await check_against_the_record(server, created.match_id, seen)


def blocking_seed(n_seats: int) -> bytes:
    """A seed whose first round blocks when every seat plays its first listed move: found
    by playing candidates through the engine, so the test names no magic constant."""
    for i in range(10_000):
        seed = hashlib.sha256(b"a blocked round %d" % i).digest()
        match, _ = Match.start(MatchConfig(("human",) * n_seats, seed, 1))
        while match.round is not None and not match.round.over:
            seat = match.to_move()
            assert seat is not None
            match.act(seat, match.legal_actions(seat)[0])
        if match.last_round_end is not None and match.last_round_end.blocked:
            return seed
    raise AssertionError("no blocking seed among the candidates")


async def test_draws_claims_and_a_blocked_round_from_the_stream_alone(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fiveup.match.matches

    seed = blocking_seed(2)
    monkeypatch.setattr(fiveup.match.matches, "new_seed", lambda: seed)
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=[human(), human()], target_points=1)
    )
    match_id = created.match_id
    tokens = {}
    for seat in (0, 1):
        joined = await server.matches.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=seat))
        tokens[seat] = joined.seat_token
    before = get_match_calls()
    moves = 0

    async def play_when_announced(table: Table, event: pb.MatchEvent) -> None:
        """Each player moves when the stream says it is its turn: the first listed move."""
        nonlocal moves
        if not event.HasField("turn") or table.round_number > 1:
            return
        md = auth(tokens[event.turn.seat])
        listed = await server.matches.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=match_id, min_version=event.version), metadata=md
        )
        if not listed.moves:  # an announcement the stream has already overtaken (catch-up)
            assert listed.version > event.version
            return
        await server.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=match_id, move=listed.moves[0], expected_version=listed.version,
                request_id=f"m{moves}",
            ),
            metadata=md,
        )  # fmt: skip
        moves += 1

    # Seat 0 follows its own view; it plays both seats (from what the stream announces)
    # through round 1, which blocks; then the test stops following.
    table = Table(viewer=0)
    md = auth(tokens[0])
    seen: list[tuple[pb.MatchEvent, Table]] = []
    call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id), metadata=md)
    async for item in call:
        table.apply(item.event)
        table.draw(time.time())
        seen.append((item.event, table.copy()))
        if table.blocked_rounds:
            break
        await play_when_announced(table, item.event)
    call.cancel()
    assert get_match_calls() == before
    assert table.claimed == {0: "", 1: ""}  # both arrivals were on the stream
    assert table.blocked_rounds == [1] and table.turn is None
    assert table.draws > 0 and 0 < table.hidden_draws < table.draws  # seat 1's are hidden
    kinds = [e.WhichOneof("kind") for e, _ in seen]
    ended = kinds.index("round_ended")
    assert kinds[ended - 1] != "passed"  # declared blocked without the passes
    # the same steps, replayed by the engine from the authoritative log
    stored = await server.app.store.read_events(match_id)
    config = MatchConfig(("human", "human"), seed, 1)
    fold = Match(config)
    for (event, snap), body in zip(seen, stored, strict=False):
        fold.apply(event_from_dict(body.body))
        if event.HasField("turn"):
            assert snap.turn is not None and snap.turn.seat == fold.to_move()
        if fold.round is not None:
            assert snap.hand_sizes == [len(h) for h in fold.round.hands]
            assert snap.boneyard == len(fold.round.boneyard)
    assert isinstance(fold.last_round_end, RoundEnded) and fold.last_round_end.blocked


TIMEOUT = 60.0


class Following:
    """A stream-only client in the background: its table, and a way to wait for it."""

    def __init__(self, server: Running, match_id: str, token: str, seat: int) -> None:
        self.table = Table(viewer=seat)
        self.changed = asyncio.Event()
        md = auth(token)
        self._call = server.matches.WatchMatch(pb.WatchMatchRequest(match_id=match_id), metadata=md)
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        async for item in self._call:
            self.table.apply(item.event)
            self.changed.set()

    async def until(self, ready: Callable[[Table], bool]) -> Table:
        while not ready(self.table):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 10)
        return self.table

    def stop(self) -> None:
        self._call.cancel()


async def timed_server(tmp_path: Path, stand_in_delay: float) -> tuple[Running, FakeClock]:
    clock = FakeClock()
    running = await start(
        tmp_path / "timer.sqlite3", clock=clock, turn_timeout_seconds=TIMEOUT,
        stand_in_delay_seconds=stand_in_delay,
    )  # fmt: skip
    return running, clock


async def two_joined(s: Running) -> tuple[str, dict[int, str]]:
    created = await s.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = {}
    for seat in (0, 1):
        request = pb.JoinMatchRequest(match_id=created.match_id, seat=seat)
        tokens[seat] = (await s.matches.JoinMatch(request)).seat_token
    return created.match_id, tokens


async def test_a_stand_in_take_over_and_the_take_back_from_the_stream_alone(
    tmp_path: Path,
) -> None:
    s, clock = await timed_server(tmp_path, stand_in_delay=30.0)  # the stand-in stays paused
    try:
        before = get_match_calls()
        match_id, tokens = await two_joined(s)
        owners = {seat: Following(s, match_id, tokens[seat], seat) for seat in (0, 1)}
        for following in owners.values():
            table = await following.until(lambda t: len(t.claimed) == 2)
            assert table.claimed == {0: "", 1: ""}  # both arrivals, on each stream
        assert table.turn is not None and not table.turn.stand_in
        mover = table.turn.seat
        assert table.countdown(clock.now) == TIMEOUT  # a claimed seat's whole turn
        assert "s left" in table.draw(clock.now)

        clock.advance(TIMEOUT - 1)
        assert await s.app.matches.sweep_turns() == []
        assert owners[mover].table.countdown(clock.now) == 1
        clock.advance(2)
        assert await s.app.matches.sweep_turns() == [(match_id, mover)]
        # The owner sees the stand-in take over, and until when it may take the seat back.
        mine = await owners[mover].until(lambda t: bool(t.stand_ins))
        assert mine.stand_ins == {mover}
        assert mine.turn is not None and mine.turn.seat == mover and mine.turn.stand_in
        assert mine.countdown(clock.now) == 30.0
        assert "stand-in" in mine.draw(clock.now)

        md = auth(tokens[mover])
        listed = await s.matches.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=match_id, min_version=mine.version), metadata=md
        )
        await s.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=match_id, move=listed.moves[0], expected_version=listed.version,
                request_id="take it back",
            ),
            metadata=md,
        )  # fmt: skip
        other = await owners[1 - mover].until(lambda t: t.version > listed.version + 1)
        assert other.stand_ins == set()  # handed back, on the stream
        assert other.turn is not None and other.turn.seat == 1 - mover
        assert not other.turn.stand_in and other.countdown(clock.now) == TIMEOUT
        assert get_match_calls() == before
    finally:
        for following in owners.values():
            following.stop()
        await stop(s)


async def test_a_stand_in_playing_a_seat_from_the_stream_alone(tmp_path: Path) -> None:
    s, clock = await timed_server(tmp_path, stand_in_delay=0.0)  # no window: it moves at once
    try:
        before = get_match_calls()
        match_id, tokens = await two_joined(s)
        watcher = Following(s, match_id, tokens[0], 0)
        table = await watcher.until(lambda t: len(t.claimed) == 2)
        assert table.turn is not None
        mover, at = table.turn.seat, table.version
        clock.advance(TIMEOUT + 1)
        assert await s.app.matches.sweep_turns() == [(match_id, mover)]
        table = await watcher.until(
            lambda t: t.turn is not None and t.turn.seat != mover and t.version > at + 1
        )
        assert table.stand_ins == {mover}  # it still plays the seat
        assert table.turn is not None and table.countdown(clock.now) == TIMEOUT
        assert get_match_calls() == before
    finally:
        watcher.stop()
        await stop(s)
