"""SIGKILL the server under load, again and again: nothing acknowledged is ever lost.

A real ``fiveup serve`` process (SQLite file or PostgreSQL database) is driven by
concurrent seat clients over gRPC: several matches of two human seats and a bot, every
human seat submitting listed legal moves with its own request ids.  At random moments the
server is killed with SIGKILL (no drain, no cleanup) and started again on the same
database.  After every kill, straight from the store:

* every move a client saw acknowledged (match id, the version in the SubmitMove
  response, the request id) is recorded, with exactly that version;
* every match's log is gap-free (versions 1..n) and replays strictly through the engine;

and after every restart the clients' new moves succeed again (the next kill waits for
an acknowledgement from the new server most of the time; play must go on in any case).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

from ..serverproc import ServerProcess
from .logcheck import check_match, open_checked

KILLS = int(os.environ.get("FIVEUP_CRASH_KILLS", "20"))
MATCHES = 6
HUMANS = (0, 1)
TARGET = 5  # short matches, so matches finish and new ones start during the run
SEATS = [
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN),
    pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM),
]
EXPECTED = {grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION}  # raced a bot


@dataclass(frozen=True)
class Ack:
    match_id: str
    version: int
    request_id: str
    seat: int


@dataclass
class Slot:
    """One table: the match being played there and the tokens of its human seats."""

    match_id: str | None = None
    tokens: dict[int, str] = field(default_factory=dict)


@dataclass
class Load:
    rng: random.Random
    acks: list[Ack] = field(default_factory=list)
    matches: set[str] = field(default_factory=set)
    acked_now: int = 0  # acknowledgements from the current server incarnation
    first_ack: asyncio.Event = field(default_factory=asyncio.Event)
    counter: int = 0


def _auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def _drive(stub: match_pb2_grpc.MatchServiceStub, slot: Slot, load: Load) -> None:
    """Play at this table until the server goes away (the RPC error ends the task)."""
    while True:
        if slot.match_id is None:
            created = await stub.CreateMatch(
                pb.CreateMatchRequest(seats=SEATS, target_points=TARGET)
            )
            slot.match_id, slot.tokens = created.match_id, {}
            load.matches.add(created.match_id)
        for seat in HUMANS:
            if seat in slot.tokens:
                continue
            try:
                joined = await stub.JoinMatch(
                    pb.JoinMatchRequest(match_id=slot.match_id, seat=seat)
                )
            except grpc.aio.AioRpcError as exc:
                if exc.code() != grpc.StatusCode.FAILED_PRECONDITION:
                    raise
                # Claimed by a join whose answer died with the server: that token is lost.
                slot.match_id = None
                break
            slot.tokens[seat] = joined.seat_token
        if slot.match_id is None:
            continue
        await asyncio.gather(
            *(_play_seat(stub, slot.match_id, s, slot.tokens[s], load) for s in HUMANS)
        )
        slot.match_id = None  # finished: start another


async def _play_seat(
    stub: match_pb2_grpc.MatchServiceStub, match_id: str, seat: int, token: str, load: Load
) -> None:
    md = _auth(token)
    while True:
        view = (await stub.GetMatch(pb.GetMatchRequest(match_id=match_id), metadata=md)).view
        if view.status == pb.MATCH_STATUS_FINISHED:
            return
        if not (view.HasField("turn_seat") and view.turn_seat == seat):
            await asyncio.sleep(0.003)
            continue
        listed = await stub.ListLegalMoves(pb.ListLegalMovesRequest(match_id=match_id), metadata=md)
        if not listed.moves:
            continue
        load.counter += 1
        request_id = f"{match_id}-{seat}-{load.counter}"
        move = load.rng.choice(list(listed.moves))
        try:
            response = await stub.SubmitMove(
                pb.SubmitMoveRequest(match_id=match_id, move=move,
                                     expected_version=listed.version, request_id=request_id),
                metadata=md,
            )  # fmt: skip
        except grpc.aio.AioRpcError as exc:
            if exc.code() in EXPECTED:
                continue
            raise
        load.acks.append(Ack(match_id, response.version, request_id, seat))
        load.acked_now += 1
        load.first_ack.set()


async def _verify(url: str, load: Load) -> tuple[int, int]:
    """Every acknowledged move is stored as acknowledged; every log replays strictly."""
    store = await open_checked(url)
    try:
        latest: dict[str, int] = {}
        for match_id in sorted(load.matches):
            checked = await check_match(store, match_id)
            latest[match_id] = checked.version
        for ack in load.acks:
            stored = await store.get_request(ack.match_id, ack.request_id)
            assert stored is not None, f"acknowledged move lost: {ack}"
            assert stored.last_version == ack.version and stored.seat == ack.seat, (ack, stored)
            assert latest[ack.match_id] >= ack.version, (ack, latest[ack.match_id])
        return len(load.acks), sum(latest.values())
    finally:
        await store.close()


async def _incarnation(
    server: ServerProcess, slots: list[Slot], load: Load, *, wait_ack: bool
) -> int:
    await server.start()
    assert server.stub is not None
    load.acked_now = 0
    load.first_ack = asyncio.Event()
    drivers = [asyncio.ensure_future(_drive(server.stub, slot, load)) for slot in slots]
    try:
        if wait_ack:  # play continues after the restart: a new move is acknowledged
            done, _ = await asyncio.wait(
                [asyncio.ensure_future(load.first_ack.wait()), *drivers],
                timeout=30, return_when=asyncio.FIRST_COMPLETED,
            )  # fmt: skip
            for task in drivers:
                if task in done:
                    task.result()  # a client failed unexpectedly: show why
            assert load.first_ack.is_set(), (
                f"no move acknowledged after restart\n{server.log_tail()}"
            )
        await asyncio.sleep(load.rng.uniform(0.0, 0.6))
    finally:
        await server.kill()  # SIGKILL at a random moment, mid-flight
        for task in drivers:
            task.cancel()
        results = await asyncio.gather(*drivers, return_exceptions=True)
    for result in results:  # the only failures allowed are the server going away
        if isinstance(result, grpc.aio.AioRpcError):
            assert result.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED,
                                     grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL), result  # fmt: skip
        elif isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            raise result
    return load.acked_now


async def test_sigkill_under_load_loses_nothing_acknowledged(db_url: str, tmp_path: Path) -> None:
    seed = int(os.environ.get("FIVEUP_CRASH_SEED", str(time.time_ns() % 1_000_000)))
    load = Load(random.Random(seed))
    slots = [Slot() for _ in range(MATCHES)]
    server = ServerProcess(db_url, tmp_path / "server.log")
    started = time.perf_counter()
    acked_per_run: list[int] = []
    try:
        for kill in range(KILLS):
            # Mostly kill once the new server has acknowledged a move; sometimes right
            # after it is ready (while it resumes bot turns and clients reconnect).
            wait_ack = kill == 0 or load.rng.random() < 0.8
            acked_per_run.append(await _incarnation(server, slots, load, wait_ack=wait_ack))
            await _verify(db_url, load)
        # One more start: play goes on, and a graceful stop keeps everything too.
        await server.start()
        assert server.stub is not None
        load.acked_now = 0
        drivers = [asyncio.ensure_future(_drive(server.stub, slot, load)) for slot in slots]
        deadline = time.perf_counter() + 30
        while load.acked_now < 20 and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        assert load.acked_now >= 20, f"play did not resume\n{server.log_tail()}"
        assert await server.stop() == 0, server.log_tail()
        acked, events = await _verify(db_url, load)
    finally:
        with contextlib.suppress(Exception):
            await server.kill()
    elapsed = time.perf_counter() - started
    print(
        f"\n{'postgres' if db_url.startswith('postgres') else 'sqlite'}: {KILLS} kills, {acked} acknowledged moves "
        f"({acked_per_run}), {len(load.matches)} matches, {events} events, "
        f"{elapsed:.1f}s, seed {seed}"
    )
    assert server.starts == KILLS + 1
    assert sum(1 for n in acked_per_run if n > 0) >= KILLS // 2


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_killed_sqlite_server_keeps_its_file_usable(db_url: str, tmp_path: Path) -> None:
    """Kill before anything was written, then start on the same file: it opens cleanly."""
    server = ServerProcess(db_url, tmp_path / "server.log")
    try:
        await server.start()
        await server.kill()
        await server.start()
        assert server.stub is not None
        # humans only: no bot may move between the answer and the kill
        humans = [pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)] * 2
        created = await server.stub.CreateMatch(pb.CreateMatchRequest(seats=humans))
        assert created.version >= 2
        await server.kill()
        store = await open_checked(db_url)
        try:
            assert (await check_match(store, created.match_id)).version == created.version
        finally:
            await store.close()
    finally:
        await server.kill()
