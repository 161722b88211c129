"""Abandoned seats: a joined human seat that does not move within the turn timeout is played
by a stand-in bot (a SeatAutoPlayed event, then the stand-in's moves) until its owner takes
it back by moving again.  Time moves by a fake clock; the sweep is triggered by hand."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from prometheus_client import REGISTRY

from fiveup.engine import Match, SeatAutoPlayed, TilePlaced, event_from_dict
from fiveup.match.matches import Matches, MatchesConfig
from fiveup.store import open_store
from fiveup.v1 import match_pb2 as pb
from tests.harness import Running, auth, human, start, stop, wait_for
from tests.service.helpers import error_info, snapshot

from .conftest import FakeClock

TIMEOUT = 60.0


async def timed(
    tmp_path: Path, stand_in_delay_seconds: float = 0.0, **overrides: Any
) -> tuple[Running, FakeClock]:
    clock = FakeClock()  # the server's from the start: every turn starts on it
    running = await start(
        tmp_path / "timer.sqlite3", clock=clock, turn_timeout_seconds=TIMEOUT,
        stand_in_delay_seconds=stand_in_delay_seconds, **overrides,
    )  # fmt: skip
    return running, clock


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[Running, FakeClock]]:
    running, clock = await timed(tmp_path)
    try:
        yield running, clock
    finally:
        await stop(running)


async def two_humans(s: Running, join: tuple[int, ...] = (0, 1)) -> tuple[str, dict[int, str], int]:
    created = await s.matches.CreateMatch(pb.CreateMatchRequest(seats=[human(), human()]))
    tokens = {}
    for seat in join:
        joined = await s.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=created.match_id, seat=seat)
        )
        tokens[seat] = joined.seat_token
    view = (await s.matches.GetMatch(pb.GetMatchRequest(match_id=created.match_id))).view
    return created.match_id, tokens, view.turn_seat


def cached_match(s: Running, match_id: str) -> Match:
    """The server's own, live state of the match."""
    session = s.app.matches.repository.cached(match_id)
    assert session is not None
    return session.match


async def log_of(s: Running, match_id: str) -> list[Any]:
    return [event_from_dict(e.body) for e in await s.app.store.read_events(match_id)]


async def test_a_silent_seat_is_played_by_a_stand_in_after_the_timeout(
    server: tuple[Running, FakeClock],
) -> None:
    s, clock = server
    match_id, _tokens, mover = await two_humans(s)
    version = len(await log_of(s, match_id))
    counted = REGISTRY.get_sample_value("fiveup_seats_auto_played_total") or 0.0
    clock.advance(TIMEOUT - 1)
    assert await s.app.matches.sweep_turns() == []
    clock.advance(2)
    assert await s.app.matches.sweep_turns() == [(match_id, mover)]
    assert REGISTRY.get_sample_value("fiveup_seats_auto_played_total") == counted + 1

    async def stand_in_moved() -> bool:
        return len(await log_of(s, match_id)) >= version + 2

    await wait_for(stand_in_moved, timeout=10)
    events = await log_of(s, match_id)
    # recorded like any event, with when the stand-in took over (a rated seat's forfeit
    # allowance counts from there)
    assert events[version] == SeatAutoPlayed(mover, True, since=clock())
    assert isinstance(events[version + 1], TilePlaced) and events[version + 1].seat == mover
    view = (await s.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
    assert [seat.auto_played for seat in view.seats] == [seat == mover for seat in (0, 1)]
    assert view.turn_seat == 1 - mover  # the other human's turn, and its clock just started
    assert await s.app.matches.sweep_turns() == []


async def test_the_owner_takes_the_seat_back_by_moving_again(tmp_path: Path) -> None:
    # The owner's window on each turn, in real time: GetMatch and SubmitMove below must
    # land inside it, so it is wide enough for a loaded machine (the stand-in sleeps it out).
    s, clock = await timed(tmp_path, stand_in_delay_seconds=3.0)
    try:
        match_id, tokens, mover = await two_humans(s)
        clock.advance(TIMEOUT + 1)
        assert await s.app.matches.sweep_turns() == [(match_id, mover)]
        own = (
            await s.matches.GetMatch(
                pb.GetMatchRequest(match_id=match_id), metadata=auth(tokens[mover])
            )
        ).view
        assert own.seats[mover].auto_played
        response = await s.matches.SubmitMove(
            pb.SubmitMoveRequest(
                match_id=match_id,
                move=own.legal_moves[0],
                expected_version=own.version,
                request_id="back",
            ),
            metadata=auth(tokens[mover]),
        )
        kinds = [e.WhichOneof("kind") for e in response.events]
        assert kinds[:2] == ["seat_auto_played", "tile_placed"]
        assert not response.events[0].seat_auto_played.active
        assert response.events[0].version == own.version + 1
        # The stand-in, waking from its pause, finds nothing to do.
        assert await asyncio.wait_for(s.app.matches.bots.settled(match_id), 15)
        assert cached_match(s, match_id).version == response.version
        view = (await s.matches.GetMatch(pb.GetMatchRequest(match_id=match_id))).view
        assert not any(seat.auto_played for seat in view.seats)
    finally:
        await stop(s)


async def test_an_illegal_move_does_not_take_the_seat_back(tmp_path: Path) -> None:
    s, clock = await timed(tmp_path, stand_in_delay_seconds=30.0)  # the stand-in stays paused
    try:
        match_id, tokens, mover = await two_humans(s)
        clock.advance(TIMEOUT + 1)
        await s.app.matches.sweep_turns()
        own = (
            await s.matches.GetMatch(
                pb.GetMatchRequest(match_id=match_id), metadata=auth(tokens[mover])
            )
        ).view
        before = await snapshot(s.matches, match_id, list(tokens.values()))
        with pytest.raises(grpc.aio.AioRpcError) as caught:  # a draw while holding a placement
            await s.matches.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=match_id,
                    move=pb.Move(draw=pb.DrawMove()),
                    expected_version=own.version,
                    request_id="bad",
                ),
                metadata=auth(tokens[mover]),
            )
        assert error_info(caught.value).reason == "MUST_PLACE"
        assert await snapshot(s.matches, match_id, list(tokens.values())) == before
        assert cached_match(s, match_id).auto_seats == {mover}
        assert len(await log_of(s, match_id)) == own.version
    finally:
        await stop(s)


async def test_an_unclaimed_seat_waits_for_its_player(server: tuple[Running, FakeClock]) -> None:
    s, clock = server
    match_id, _tokens, mover = await two_humans(s, join=())
    clock.advance(10 * TIMEOUT)
    assert await s.app.matches.sweep_turns() == []
    # Joining starts a fresh turn for the newcomer.
    await s.matches.JoinMatch(pb.JoinMatchRequest(match_id=match_id, seat=mover))
    clock.advance(TIMEOUT - 1)
    assert await s.app.matches.sweep_turns() == []
    clock.advance(2)
    assert await s.app.matches.sweep_turns() == [(match_id, mover)]


async def test_the_timer_is_off_at_zero(tmp_path: Path) -> None:
    clock = FakeClock()
    s = await start(tmp_path / "off.sqlite3", clock=clock, turn_timeout_seconds=0.0)
    try:
        await two_humans(s)
        clock.advance(1e9)
        assert await s.app.matches.sweep_turns() == []
        assert not s.app.matches.timer.running
    finally:
        await stop(s)


async def test_the_timer_runs_by_itself(tmp_path: Path) -> None:
    """No hand-triggered sweep and a real clock: a short timeout, bounded wait."""
    s = await start(tmp_path / "real.sqlite3", turn_timeout_seconds=0.2, stand_in_delay_seconds=0.0)
    try:
        match_id, _tokens, mover = await two_humans(s)

        async def taken_over() -> bool:
            return any(
                isinstance(e, SeatAutoPlayed) and (e.seat, e.active) == (mover, True)
                for e in await log_of(s, match_id)
            )

        await wait_for(taken_over, timeout=10)
    finally:
        await stop(s)


async def test_two_replicas_record_the_take_over_once(tmp_path: Path) -> None:
    """Both replicas' timers fire on the same turn; the version key lets one append win."""
    db = str(tmp_path / "shared.sqlite3")
    clock = FakeClock()
    config = MatchesConfig(turn_timeout_seconds=TIMEOUT, stand_in_delay_seconds=30.0)
    stores = [open_store(db), open_store(db)]
    for store in stores:
        await store.open()
    replicas = [Matches(store, config, clock=clock) for store in stores]
    try:
        match_id = (await replicas[0].create(["human", "human"], 61)).match_id
        for seat in (0, 1):
            await replicas[0].join(match_id, seat)
        await replicas[1].view(match_id, None)  # cached on both
        clock.advance(TIMEOUT + 1)
        results = await asyncio.gather(*(r.sweep_turns() for r in replicas))
        assert sum(len(r) for r in results) >= 1
        stored = [event_from_dict(e.body) for e in await stores[0].read_events(match_id)]
        assert sum(isinstance(e, SeatAutoPlayed) for e in stored) == 1
        for r in replicas:  # both caches agree with the log
            await r.view(match_id, None)
            session = r.repository.cached(match_id)
            assert session is not None and session.match.version == len(stored)
    finally:
        for r in replicas:
            await r.close()
        for store in stores:
            await store.close()
