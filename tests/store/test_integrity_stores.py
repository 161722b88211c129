"""The stores behind the operators' ratings integrity signals, on SQLite and PostgreSQL:
the rating store's read of the rated matches in a window (each with every seat's result,
own moves and ratings before and after), and the signal store's table -- a scan keeps
its signals and forgets the open ones it no longer finds, never a resolved one; a
decision is written once, even over a signal a scan forgot meanwhile."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator

import pytest

from fiveup.admin.signals import (
    Decision,
    Signal,
    SignalKind,
    SignalRecord,
    SignalStatus,
    SignalStore,
)
from fiveup.match.ports import EventStore
from fiveup.ratings.model import Rating
from fiveup.ratings.outcome import MatchOutcome
from fiveup.ratings.ports import RatingStore
from fiveup.store import open_rating_store, open_signal_store, open_store

from .conftest import record
from .outcomes import outcome


def with_own_moves(end: MatchOutcome, *moves: int) -> MatchOutcome:
    seats = tuple(
        dataclasses.replace(s, own_moves=m) for s, m in zip(end.seats, moves, strict=True)
    )
    return dataclasses.replace(end, seats=seats)


@pytest.fixture
async def rated(store_url: str) -> AsyncIterator[tuple[EventStore, RatingStore]]:
    ratings = open_rating_store(store_url)
    events = open_store(store_url, ratings=ratings)
    await events.open()
    await ratings.open()
    try:
        yield events, ratings
    finally:
        await ratings.close()
        await events.close()


async def _end(events: EventStore, end: MatchOutcome) -> None:
    seats = tuple("human" for _ in end.seats)
    await events.create_match(record(end.match_id, seats), [{"kind": "start"}])
    await events.append(end.match_id, 1, [{"kind": "end"}], finished=True, outcome=end)


async def test_the_rated_matches_of_a_window_with_every_seats_result(
    rated: tuple[EventStore, RatingStore],
) -> None:
    events, ratings = rated
    await _end(events, with_own_moves(outcome("old", ["a", "b"], (61, 5), 0, 10.0), 40, 38))
    await _end(events, with_own_moves(outcome("m1", ["a", "b"], (61, 20), 0, 100.0), 30, 29))
    await _end(events, outcome("casual", ["a", "c"], (61, 0), 0, 110.0, rated=False))
    four = outcome("m2", ["a", "b", "c", "d"], (61, 30), 1, 120.0)
    await _end(events, with_own_moves(four, 9, 8, 7, 6))
    await _end(events, with_own_moves(outcome("m3", ["c", "a"], (0, 61), 1, 130.0), 3, 4))

    found = await ratings.rated_results_since(50.0, limit=100)
    assert [r.match_id for r in found] == ["m1", "m2", "m3"]  # rated, in the window, in order
    m1, m2, m3 = found
    assert (m1.category, m1.ended_at, m2.category) == ("2", 100.0, "4")
    a1, b1 = m1.seats
    assert (a1.player_id, a1.seat, a1.side, a1.won, a1.own_moves) == ("a", 0, 0, True, 30)
    assert (b1.player_id, b1.won, b1.own_moves) == ("b", False, 29)
    assert a1.before.mu > Rating().mu > b1.before.mu  # "old", rated before, a won
    assert a1.after.mu > a1.before.mu and b1.after.mu < b1.before.mu
    assert [(s.player_id, s.side, s.won) for s in m2.seats] == [
        ("a", 0, False), ("b", 1, True), ("c", 0, False), ("d", 1, True),
    ]  # fmt: skip
    assert [(p.player_id, q.player_id) for p, q in m2.opponents()] == [
        ("a", "b"), ("a", "d"), ("b", "c"), ("c", "d"),
    ]  # fmt: skip
    assert m3.seats[1].before == a1.after  # category 2's rating carried on from m1
    assert [r.match_id for r in await ratings.rated_results_since(50.0, limit=2)] == ["m2", "m3"]
    assert await ratings.rated_results_since(200.0, limit=100) == []


async def test_results_from_before_own_play_was_kept_read_as_unknown(
    rated: tuple[EventStore, RatingStore],
) -> None:
    events, ratings = rated
    end = outcome("m1", ["a", "b"], (61, 20), 0, 100.0)
    seats = tuple(dataclasses.replace(s, own_moves=None) for s in end.seats)  # type: ignore[arg-type]
    await _end(events, dataclasses.replace(end, seats=seats))
    [found] = await ratings.rated_results_since(0.0, limit=10)
    assert [s.own_moves for s in found.seats] == [None, None]


@pytest.fixture
async def signals(store: object, store_url: str) -> AsyncIterator[tuple[SignalStore, SignalStore]]:
    """Two signal stores on one database (two replicas)."""
    a, b = open_signal_store(store_url), open_signal_store(store_url)
    await a.open()
    await b.open()
    try:
        yield a, b
    finally:
        await b.close()
        await a.close()


def signal(kind: SignalKind, players: tuple[str, ...], matches: tuple[str, ...],
           score: float = 1.0, detail: str = "") -> Signal:  # fmt: skip
    return Signal(kind, players, players, matches, f"{len(matches)} matches", score, detail)


PAIR = signal(SignalKind.REPEATED_PAIR, ("a", "b"), ("m1", "m2", "m3"), 2.0)
CLIMB = signal(SignalKind.SUDDEN_CLIMB, ("a",), ("m1", "m2"), 1.5)
SHARED = signal(SignalKind.SHARED_ADDRESS, ("a", "b"), ("m1", "m2"), 3.0, "203.0.113.0/24")


async def test_a_scan_keeps_its_signals_and_forgets_the_open_ones_it_no_longer_finds(
    signals: tuple[SignalStore, SignalStore],
) -> None:
    a, b = signals
    await a.refresh([PAIR, CLIMB, SHARED], 100.0)
    listed = await b.signals(status=None, kind=None, limit=10)
    assert [r.signal for r in listed] == [SHARED, PAIR, CLIMB]  # most suspicious first
    assert {r.status for r in listed} == {SignalStatus.OPEN} and listed[0].detected_at == 100.0
    assert [r.signal for r in await b.signals(status=None, kind=SignalKind.SUDDEN_CLIMB,
                                              limit=10)] == [CLIMB]  # fmt: skip
    assert len(await b.signals(status=SignalStatus.OPEN, kind=None, limit=2)) == 2
    # found again, reworded: the same signal (first detected at 100); SHARED is gone
    reworded = dataclasses.replace(PAIR, evidence="3 matches, reworded", score=2.5)
    await b.refresh([reworded, CLIMB], 200.0)
    kept = await a.signal(PAIR.signal_id)
    assert kept is not None and kept.signal == reworded and kept.detected_at == 100.0
    assert await a.signal(SHARED.signal_id) is None
    assert [r.signal_id for r in await a.signals(status=None, kind=None, limit=10)] == [
        PAIR.signal_id, CLIMB.signal_id,
    ]  # fmt: skip


async def test_a_decision_is_written_once_and_a_scan_never_touches_it(
    signals: tuple[SignalStore, SignalStore],
) -> None:
    a, b = signals
    await a.refresh([PAIR, CLIMB], 100.0)
    opened = await a.signal(PAIR.signal_id)
    assert opened is not None
    dismissed = dataclasses.replace(
        opened, status=SignalStatus.DISMISSED, decision=Decision.DISMISS,
        resolved_by="local:ops", resolution="friends who play a lot", resolved_at=150.0,
    )  # fmt: skip
    confirmed = dataclasses.replace(
        dismissed, status=SignalStatus.CONFIRMED, decision=Decision.VOID_MATCHES,
        resolved_by="local:other",
    )  # fmt: skip
    assert await a.resolve(dismissed)
    assert not await b.resolve(confirmed)  # resolved already: nothing changes
    assert await b.signal(PAIR.signal_id) == dismissed
    await b.refresh([], 200.0)  # a scan that finds nothing forgets only the open ones
    assert await a.signal(PAIR.signal_id) == dismissed
    assert await a.signal(CLIMB.signal_id) is None
    await b.refresh([dataclasses.replace(PAIR, score=9.0)], 300.0)  # found again: stays
    assert await a.signal(PAIR.signal_id) == dismissed
    assert await a.signals(status=SignalStatus.OPEN, kind=None, limit=10) == []
    assert await a.judged(resolved_since=150.0) == [dismissed]
    assert await a.judged(resolved_since=151.0) == []


async def test_a_decision_over_a_signal_a_scan_forgot_meanwhile_is_kept(
    signals: tuple[SignalStore, SignalStore],
) -> None:
    a, b = signals
    await a.refresh([CLIMB], 100.0)
    seen = await a.signal(CLIMB.signal_id)
    assert seen is not None
    await b.refresh([], 120.0)  # its matches were voided meanwhile: the scan forgets it
    done = SignalRecord(
        CLIMB, SignalStatus.CONFIRMED, seen.detected_at, Decision.VOID_MATCHES,
        "local:ops", "farmed", 130.0,
    )  # fmt: skip
    assert await b.resolve(done)
    assert await a.signal(CLIMB.signal_id) == done
    assert [r.signal_id for r in await a.signals(status=SignalStatus.CONFIRMED, kind=None,
                                                 limit=5)] == [CLIMB.signal_id]  # fmt: skip


async def test_scans_racing_on_two_replicas_keep_one_consistent_table(
    signals: tuple[SignalStore, SignalStore],
) -> None:
    a, b = signals
    many = [
        signal(SignalKind.FEW_OWN_MOVES, (f"p{n:03d}",), (f"m{n}", f"m{n + 1}"), float(n))
        for n in range(600)
    ]
    # the same signals found in opposite orders, at once, again and again (PostgreSQL:
    # rows written in the order found deadlocked here; the store writes them sorted)
    for _ in range(5):
        await asyncio.gather(a.refresh(many, 100.0), b.refresh(list(reversed(many)), 100.0))
    kept = await a.signals(status=SignalStatus.OPEN, kind=None, limit=1000)
    assert sorted(r.signal_id for r in kept) == sorted(s.signal_id for s in many)
    await asyncio.gather(a.refresh(many[:30], 200.0), b.refresh(many[:30], 200.0))
    assert len(await b.signals(status=None, kind=None, limit=100)) == 30
