"""Correspondence matches through the match context's use cases on real stores: the
turn clock as each turn's deadline, "your turn" notices written with the move that
causes them (and only then), the turn index, the reminder sweep sent once, an expired
turn handed on, and "match ended" to every player."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from fiveup.engine import HUMAN
from fiveup.match.errors import StaleVersion
from fiveup.match.matches import Matches, MatchesConfig
from fiveup.match.notices import reminder_lead
from fiveup.notifications.notices import NoticeKind, render
from fiveup.notifications.ports import NotificationStore
from fiveup.store import open_notification_store, open_store
from tests.security.conftest import FakeClock

DAY = 86_400


@dataclass
class World:
    matches: Matches
    outbox: NotificationStore
    clock: FakeClock
    noticed: list[list[str]]


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    url = str(tmp_path / "corr.sqlite3")
    outbox = open_notification_store(url)
    store = open_store(url, notifications=outbox)
    await store.open()
    await outbox.open()
    clock = FakeClock()
    noticed: list[list[str]] = []
    matches = Matches(
        store, MatchesConfig(correspondence_sweep_seconds=0), clock=clock,
        published=lambda players: noticed.append(list(players)),
    )  # fmt: skip
    try:
        yield World(matches, outbox, clock, noticed)
    finally:
        await matches.close()
        await outbox.close()
        await store.close()


async def kinds(w: World, player: str) -> list[NoticeKind]:
    return [s.notice.kind for s in await w.outbox.read_after(player, 0, 100)]


async def play_one(w: World, match_id: str) -> int:
    """The seat to move plays its first legal move; answer that seat."""
    session = await w.matches.repository.get(match_id)
    seat = session.match.to_move()
    assert seat is not None
    moves = await w.matches.legal_actions(match_id, seat)
    await w.matches.submit(match_id, seat, moves.scored[0].action, moves.version,
                           f"r{moves.version}")  # fmt: skip
    return seat


async def test_every_turn_is_told_to_its_player_while_away(world: World) -> None:
    w = world
    # Unrated: a missed deadline hands the turn to a stand-in (a rated one forfeits:
    # test_a_missed_deadline_forfeits_a_rated_match).
    created = await w.matches.create([HUMAN, HUMAN], 61, turn_clock_seconds=DAY, unrated=True)
    mid = created.match_id
    await w.matches.join(mid, 0, "Ada", "p-ada")
    await w.matches.join(mid, 1, "Bob", "p-bob")
    session = await w.matches.repository.get(mid)
    turn = session.match.current_turn()
    assert turn is not None and turn.deadline == w.clock.now + DAY  # the match's own clock
    first = {0: "p-ada", 1: "p-bob"}[turn.seat]
    assert await kinds(w, first) == [NoticeKind.YOUR_TURN]  # the second claim started it

    seats = []
    for _ in range(6):
        w.clock.advance(3600)
        seats.append(await play_one(w, mid))
    session = await w.matches.repository.get(mid)
    log = await w.outbox.read_after("p-ada", 0, 100) + await w.outbox.read_after("p-bob", 0, 100)
    # One notice per change of the seat to move, to the player who must move, each
    # naming the version and the deadline of the turn it announces.
    following = [*seats[1:], session.match.to_move()]
    changes = sum(1 for a, b in zip(seats, following, strict=True) if a != b)
    assert len(log) == 1 + changes
    assert all(s.notice.kind is NoticeKind.YOUR_TURN for s in log)
    assert len({s.notice.notice_id for s in log}) == len(log)
    assert w.noticed and all(len(p) == 1 for p in w.noticed)
    # The text names who moved (the first turn, started by the claim, names nobody).
    names = {"p-ada": "Bob", "p-bob": "Ada"}  # each player's opponent
    bodies = sorted((s.notice.created_at, render(s.notice)[1], s.notice.player_id) for s in log)
    assert bodies[0][1] == "It is your turn."
    assert [b for _, b, _ in bodies[1:]] == [
        f"{names[p]} moved. It is your turn." for _, _, p in bodies[1:]
    ]

    # The store's turn index: the deadline and the reminder a quarter-clock before it.
    (due,) = await w.matches.repository.store.due_turns(w.clock.now + DAY - reminder_lead(DAY))
    assert not due.expired
    mover = session.match.to_move()
    player = {0: "p-ada", 1: "p-bob"}[mover]
    before = len(await kinds(w, player))
    w.clock.advance(DAY - reminder_lead(DAY))
    reminded, expired = await w.matches.correspondence.sweep()
    assert (reminded, expired) == ([mid], [])
    assert (await w.matches.correspondence.sweep()) == ([], [])  # sent once
    assert (await kinds(w, player))[before:] == [NoticeKind.DEADLINE_SOON]

    w.clock.advance(reminder_lead(DAY) + 1)
    reminded, expired = await w.matches.correspondence.sweep()
    assert expired == [(mid, mover)]
    session = await w.matches.repository.get(mid)
    assert mover in session.match.auto_seats


async def test_a_refused_move_writes_no_notice(world: World) -> None:
    w = world
    mid = (await w.matches.create([HUMAN, HUMAN], 61, turn_clock_seconds=DAY)).match_id
    await w.matches.join(mid, 0, "Ada", "p-ada")
    await w.matches.join(mid, 1, "Bob", "p-bob")
    counts = {p: len(await kinds(w, p)) for p in ("p-ada", "p-bob")}
    session = await w.matches.repository.get(mid)
    seat = session.match.to_move()
    assert seat is not None
    moves = await w.matches.legal_actions(mid, seat)
    with pytest.raises(StaleVersion):  # refused: nothing is stored, no notice either
        await w.matches.submit(mid, seat, moves.scored[0].action, moves.version - 1, "stale")
    assert {p: len(await kinds(w, p)) for p in counts} == counts


async def test_a_live_match_notifies_nobody(world: World) -> None:
    w = world
    mid = (await w.matches.create([HUMAN, HUMAN], 61)).match_id
    await w.matches.join(mid, 0, "Ada", "p-ada")
    await w.matches.join(mid, 1, "Bob", "p-bob")
    for _ in range(3):
        await play_one(w, mid)
    assert await kinds(w, "p-ada") == [] and await kinds(w, "p-bob") == []
    assert await w.matches.repository.store.due_turns(w.clock.now + 10 * DAY) == []


async def test_a_missed_deadline_forfeits_a_rated_match(world: World) -> None:
    w = world
    mid = (await w.matches.create([HUMAN, HUMAN], 61, turn_clock_seconds=DAY)).match_id
    await w.matches.join(mid, 0, "Ada", "p-ada")
    await w.matches.join(mid, 1, "Bob", "p-bob")
    for _ in range(3):
        w.clock.advance(3600)
        await play_one(w, mid)
    session = await w.matches.repository.get(mid)
    assert session.match.rated
    late = session.match.to_move()
    w.clock.advance(DAY + 1)  # past the reminder and the deadline at once
    _, expired = await w.matches.correspondence.sweep()
    assert expired == [(mid, late)]
    session = await w.matches.repository.get(mid)
    match = session.match
    assert match.finished and match.forfeited is not None
    assert (match.forfeited.seat, match.forfeited.reason) == (late, "deadline")
    assert match.winner_side is not None and match.winner_side != match.side_of(late)
    assert not match.auto_seats  # no stand-in: the match is over
    # Both players are told the match ended (in the forfeit's own transaction), once.
    for player in ("p-ada", "p-bob"):
        assert (await kinds(w, player)).count(NoticeKind.MATCH_ENDED) == 1
    assert (await w.matches.correspondence.sweep()) == ([], [])  # nothing due any more
    assert await w.matches.repository.store.due_turns(w.clock.now + 10 * DAY) == []


async def test_the_operator_may_have_casual_deadlines_forfeit_too(tmp_path: Path) -> None:
    url = str(tmp_path / "casual.sqlite3")
    outbox = open_notification_store(url)
    store = open_store(url, notifications=outbox)
    await store.open()
    await outbox.open()
    clock = FakeClock()
    config = MatchesConfig(correspondence_sweep_seconds=0, casual_deadline_forfeits=True)
    matches = Matches(store, config, clock=clock)
    try:
        created = await matches.create([HUMAN, HUMAN], 61, turn_clock_seconds=DAY, unrated=True)
        await matches.join(created.match_id, 0, "Ada", "p-ada")
        await matches.join(created.match_id, 1, "Bob", "p-bob")
        clock.advance(DAY + 1)
        _, expired = await matches.correspondence.sweep()
        session = await matches.repository.get(created.match_id)
        assert len(expired) == 1 and session.match.finished
        assert session.match.forfeited is not None and not session.match.rated
    finally:
        await matches.close()
        await outbox.close()
        await store.close()
