"""The RatingStore contract, for every backend: results and rating updates written by the
append that ends a match (and only if it commits), leaderboards with their windows,
thresholds, ties and paging, a player's results, summary and rating history."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import sqlite3
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import psycopg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiveup.engine.scoring import n_sides
from fiveup.identity.ports import Identity, PlayerStore
from fiveup.match.ports import EventStore, StoreError, VersionConflict
from fiveup.ratings.model import RatedMatch, Rating, rate, rebuild
from fiveup.ratings.outcome import MatchOutcome
from fiveup.ratings.ports import BoardRule, LeaderboardRow, RatingStore
from fiveup.store import open_player_store, open_rating_store, open_store

from .conftest import OpenStore, record
from .outcomes import outcome


@dataclass
class Stores:
    events: EventStore
    players: PlayerStore
    ratings: RatingStore

    async def player(self, name: str) -> str:
        identity = Identity("device", hashlib.sha256(name.encode()).hexdigest())
        return (await self.players.sign_in(identity, name, name.title(), 1.0)).player.player_id

    async def end(self, outcome: MatchOutcome, store: EventStore | None = None) -> int:
        """Store a match of the outcome's seats and append its end with the outcome."""
        seats = tuple("human" for _ in outcome.seats)
        await self.events.create_match(record(outcome.match_id, seats), [{"kind": "start"}])
        return await (store or self.events).append(
            outcome.match_id, 1, [{"kind": "end"}], finished=True, outcome=outcome
        )


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[Stores]:
    ratings = open_rating_store(store_url)
    events = open_store(store_url, ratings=ratings)
    await events.open()
    players = open_player_store(store_url)
    await players.open()
    await ratings.open()
    try:
        yield Stores(events, players, ratings)
    finally:
        await ratings.close()
        await players.close()
        await events.close()


async def test_an_event_store_without_the_rating_store_writes_no_outcome(
    stores: Stores, store_url: str
) -> None:
    """The ratings tables are the rating store's: an event store opened without it (a
    tool that only reads logs) refuses an end with an outcome, and writes nothing."""
    a, b = await stores.player("ann"), await stores.player("bob")
    end = outcome("alone", [a, b], (310, 120), 0, 100.0)
    await stores.events.create_match(record("alone", ("human", "human")), [{"kind": "start"}])
    alone = open_store(store_url)
    await alone.open()
    try:
        with pytest.raises(StoreError, match="without the rating store"):
            await alone.append("alone", 1, [{"kind": "end"}], finished=True, outcome=end)
        assert await alone.latest_version("alone") == 1
    finally:
        await alone.close()
    assert await stores.ratings.rated_match_ids() == ()


async def test_a_rated_end_writes_results_ratings_history_and_the_ledger(stores: Stores) -> None:
    a, b = await stores.player("ann"), await stores.player("bob")
    end = outcome("m1", [a, b], (310, 120), 0, 100.0)
    assert await stores.end(end) == 2
    expected = rate({}, end.rated_match())
    assert await stores.ratings.rated_match_ids() == ("m1",)
    assert await stores.ratings.all_ratings() == {("2", a): expected[a], ("2", b): expected[b]}

    page = await stores.ratings.player_results(a, before=None, limit=10)
    assert page.next is None
    (row,) = page.rows
    assert (row.match_id, row.ended_at, row.category, row.seat, row.side) == (
        "m1",
        100.0,
        "2",
        0,
        0,
    )
    assert (row.won, row.placement, row.rounds, row.points, row.deducted) == (True, 1, 3, 10, 0)
    assert (row.blocked_rounds, row.best_placement, row.rated) == (0, 4, True)
    assert row.rating_before == Rating() and row.rating_after == expected[a]  # exact floats
    (lost,) = (await stores.ratings.player_results(b, before=None, limit=10)).rows
    assert (lost.won, lost.placement, lost.seat) == (False, 2, 1)

    (point,) = await stores.ratings.rating_history(a, "2", limit=10)
    assert (point.seq, point.match_id, point.ended_at) == (1, "m1", 100.0)
    assert (point.mu, point.sigma, point.ordinal) == (
        expected[a].mu, expected[a].sigma, expected[a].ordinal,
    )  # fmt: skip


async def test_an_unrated_end_records_results_of_signed_in_seats_only(stores: Stores) -> None:
    a = await stores.player("ann")
    await stores.end(outcome("m1", [a, None, None], (100, 305, 40), 1, 5.0, rated=False))
    assert await stores.ratings.rated_match_ids() == ()
    assert await stores.ratings.all_ratings() == {}
    (row,) = (await stores.ratings.player_results(a, before=None, limit=10)).rows
    assert (row.rated, row.rating_before, row.rating_after, row.placement) == (False, None, None, 2)
    (summary,) = await stores.ratings.player_summary(a)
    assert (summary.category, summary.matches, summary.rated_matches, summary.rating) == (
        "3", 1, 0, None,
    )  # fmt: skip
    assert await stores.ratings.rating_history(a, "3", limit=10) == ()


async def test_ratings_carry_over_in_the_ledgers_order_per_category(stores: Stores) -> None:
    a, b, c, d = [await stores.player(n) for n in ("ann", "bob", "cat", "dan")]
    ends = [
        outcome("m1", [a, b], (310, 120), 0, 1.0),
        outcome("m2", [b, a], (305, 300), 0, 2.0),
        outcome("m3", [a, b, c], (90, 200, 305), 2, 3.0),
        outcome("m4", [a, b, c, d], (150, 310), 1, 4.0),  # partnerships: a+c against b+d
        outcome("m5", [c, a], (20, 305), 1, 5.0),
        outcome("m6", [a, b], (310, 0), 0, 6.0, rated=False),  # changes no rating
    ]
    for end in ends:
        await stores.end(end)
    assert await stores.ratings.rated_match_ids() == ("m1", "m2", "m3", "m4", "m5")
    rated = [e.rated_match() for e in ends if e.rated]
    assert await stores.ratings.all_ratings() == rebuild(rated)  # float for float
    assert ends[3].rated_match().sides == ((a, c), (b, d))

    history = await stores.ratings.rating_history(a, "2", limit=10)
    assert [p.match_id for p in history] == ["m1", "m2", "m5"]
    assert [p.seq for p in history] == [1, 2, 5]
    newest = await stores.ratings.rating_history(a, "2", limit=2)
    assert newest == history[1:]  # the newest ones, oldest first
    (m2,) = [r for r in (await stores.ratings.player_results(a, before=None, limit=10)).rows
             if r.match_id == "m2"]  # fmt: skip
    assert m2.rating_before == Rating(history[0].mu, history[0].sigma)
    assert m2.rating_after == Rating(history[1].mu, history[1].sigma)

    # The current ratings of a set of players, with the rated matches behind each: the
    # same numbers as all_ratings, unknown and unrated players left out.
    stranger = await stores.player("eve")
    current = await stores.ratings.current_ratings([a, c, stranger, "no-such-player", a])
    everyone = await stores.ratings.all_ratings()
    assert {(r.category, r.player_id): r.rating for r in current} == {
        key: rating for key, rating in everyone.items() if key[1] in (a, c)
    }
    counts = {(r.category, r.player_id): r.rated_matches for r in current}
    assert counts == {("2", a): 3, ("3", a): 1, ("4", a): 1, ("2", c): 1, ("3", c): 1,
                      ("4", c): 1}  # fmt: skip
    assert await stores.ratings.current_ratings([]) == ()
    crowd = [f"waiting-{i:04d}" for i in range(1200)] + [c]  # several queries' worth
    assert {r.player_id for r in await stores.ratings.current_ratings(crowd)} == {c}


async def test_a_refused_end_writes_nothing(stores: Stores) -> None:
    a, b = await stores.player("ann"), await stores.player("bob")
    end = outcome("m1", [a, b], (310, 120), 0, 1.0)
    await stores.events.create_match(record("m1", ("human", "human")), [{"kind": "start"}])
    await stores.events.append("m1", 1, [{"kind": "move"}])
    with pytest.raises(VersionConflict):
        await stores.events.append("m1", 1, [{"kind": "end"}], finished=True, outcome=end)
    assert await stores.ratings.rated_match_ids() == ()
    assert await stores.ratings.all_ratings() == {}
    assert (await stores.ratings.player_results(a, before=None, limit=10)).rows == ()
    assert await stores.ratings.player_summary(a) == ()


async def test_racing_ends_of_one_match_rate_it_once(
    stores: Stores, open_another: OpenStore
) -> None:
    """Several stores (processes, replicas) append the same finishing version at once:
    one commits, with its outcome; the others conflict and write nothing."""
    names = [await stores.player(n) for n in ("ann", "bob", "cat", "dan")]
    others = [await open_another() for _ in range(3)]
    for n in range(5):
        match_id = f"race{n}"
        end = outcome(match_id, names, (310, 150), n % 2, float(n))
        await stores.events.create_match(record(match_id, ("human",) * 4), [{"kind": "start"}])
        results = await asyncio.gather(
            *(
                s.append(match_id, 1, [{"kind": "end"}], finished=True, outcome=end)
                for s in [stores.events, *others]
            ),
            return_exceptions=True,
        )
        assert sum(r == 2 for r in results) == 1, results
        assert all(isinstance(r, VersionConflict) for r in results if r != 2), results
    ids = await stores.ratings.rated_match_ids()
    assert ids == tuple(f"race{n}" for n in range(5))
    ends = [outcome(f"race{n}", names, (310, 150), n % 2, float(n)) for n in range(5)]
    assert await stores.ratings.all_ratings() == rebuild(e.rated_match() for e in ends)
    page = await stores.ratings.player_results(names[0], before=None, limit=100)
    assert len(page.rows) == 5


async def test_leaderboard_ranks_settled_recent_players_by_mu_with_windows_and_paging(
    stores: Stores,
) -> None:
    a, b, c, d = [await stores.player(n) for n in ("ann", "bob", "cat", "dan")]
    # ann beats everyone, dan loses everything; cat plays only recently; bob once.
    plays = [
        ("m1", [a, d], 0, 10.0),
        ("m2", [a, b], 0, 20.0),
        ("m3", [d, a], 1, 30.0),
        ("m4", [c, d], 0, 100.0),
        ("m5", [d, c], 1, 110.0),
        ("m6", [a, c], 0, 120.0),
    ]
    for match_id, people, winner, ended in plays:
        scores = tuple(310 if side == winner else 100 for side in range(2))
        await stores.end(outcome(match_id, people, scores, winner, ended))
    ratings = await stores.ratings.all_ratings()
    counts = {a: 4, b: 1, c: 3, d: 4}
    last = {a: 120.0, b: 20.0, c: 120.0, d: 110.0}

    def expected(players: list[str]) -> list[str]:
        return sorted(players, key=lambda p: (-ratings[("2", p)].mu, p))

    # Settled: a sigma between bob's (one match) and the others' (three or four).
    settled = max(ratings[("2", p)].sigma for p in (a, c, d))
    assert ratings[("2", b)].sigma > settled
    rule = BoardRule(settled_sigma=settled, active_since=0.0)
    board = await stores.ratings.leaderboard("2", rule, offset=0, limit=10)
    assert board.total == 3
    assert [r.player_id for r in board.rows] == expected([a, c, d])
    assert [r.rank for r in board.rows] == [1, 2, 3]
    top = board.rows[0]
    assert (top.player_id, top.display_name, top.matches, top.wins) == (a, "Ann", 4, 4)
    assert (top.mu, top.sigma, top.ordinal, top.last_rated_at) == (
        ratings[("2", a)].mu, ratings[("2", a)].sigma, ratings[("2", a)].ordinal, 120.0,
    )  # fmt: skip
    everyone_rule = BoardRule(settled_sigma=100.0, active_since=0.0)
    everyone = await stores.ratings.leaderboard("2", everyone_rule, offset=0, limit=10)
    assert [r.player_id for r in everyone.rows] == expected([a, b, c, d])
    assert [r.matches for r in everyone.rows] == [counts[r.player_id] for r in everyone.rows]
    assert [r.last_rated_at for r in everyone.rows] == [last[r.player_id] for r in everyone.rows]

    paged: list[LeaderboardRow] = []
    for offset in range(0, 4, 3):
        page = await stores.ratings.leaderboard("2", everyone_rule, offset=offset, limit=3)
        assert page.total == 4
        paged += page.rows
    assert paged == list(everyone.rows)

    for row in everyone.rows:
        found = await stores.ratings.standing("2", row.player_id, everyone_rule)
        assert found is not None and found.ranked and found.row == row
    # bob is provisional: off the board, placed where his rating would stand
    bob = await stores.ratings.standing("2", b, rule)
    assert bob is not None and not bob.ranked
    above = sum(1 for p in (a, c, d) if ratings[("2", p)].mu > ratings[("2", b)].mu)
    assert (bob.row.rank, bob.row.matches, bob.row.display_name) == (above + 1, 1, "Bob")
    assert await stores.ratings.standing("3", a, rule) is None  # no rating there
    assert await stores.ratings.standing("2", "nobody", rule) is None
    # Activity: d's last rated match ended at 110, before the board's active_since.
    active = BoardRule(settled_sigma=settled, active_since=115.0)
    page = await stores.ratings.leaderboard("2", active, offset=0, limit=10)
    assert [r.player_id for r in page.rows] == expected([a, c])
    dan = await stores.ratings.standing("2", d, active)
    assert dan is not None and not dan.ranked
    assert dan.row.rank == 1 + sum(1 for p in (a, c) if ratings[("2", p)].mu > ratings[("2", d)].mu)

    # The window counts matches that ended since then and ranks by the current mu.
    window = BoardRule(settled_sigma=settled, active_since=0.0, since=100.0)
    recent = await stores.ratings.leaderboard("2", window, offset=0, limit=10)
    assert [r.player_id for r in recent.rows] == expected([a, c, d])
    assert {r.player_id: (r.matches, r.wins) for r in recent.rows} == {
        a: (1, 1), c: (3, 2), d: (2, 0),
    }  # fmt: skip
    assert await stores.ratings.standing("2", b, window) is None  # no match in the window
    empty = await stores.ratings.leaderboard("3", everyone_rule, offset=0, limit=10)
    assert (empty.rows, empty.total) == ((), 0)


async def test_equal_ratings_rank_by_player_id(stores: Stores) -> None:
    ids = [await stores.player(n) for n in ("zed", "amy", "kim", "bea")]
    # Two 4-player matches where each side's partners get identical updates.
    await stores.end(outcome("m1", ids, (310, 100), 0, 1.0))  # zed+kim beat amy+bea
    rule = BoardRule(settled_sigma=100.0, active_since=0.0)
    board = await stores.ratings.leaderboard("4", rule, offset=0, limit=10)
    assert [r.player_id for r in board.rows] == ["kim", "zed", "amy", "bea"]
    assert board.rows[0].mu == board.rows[1].mu
    zed = await stores.ratings.standing("4", "zed", rule)
    assert zed is not None and zed.row.rank == 2


async def test_player_results_are_newest_first_and_paged_by_cursor(stores: Stores) -> None:
    a, b = await stores.player("ann"), await stores.player("bob")
    ends = [(f"m{n}", float(n // 2)) for n in range(7)]  # pairs share an ended_at
    for n, (match_id, ended) in enumerate(ends):
        await stores.end(outcome(match_id, [a, b] if n % 2 else [b, a], (310, 10), 0, ended))
    seen: list[tuple[float, str]] = []
    cursor: tuple[float, str] | None = None
    while True:
        page = await stores.ratings.player_results(a, before=cursor, limit=3)
        seen += [(r.ended_at, r.match_id) for r in page.rows]
        cursor = page.next
        if cursor is None:
            break
    assert seen == sorted(((e, m) for m, e in ends), reverse=True)
    exact = await stores.ratings.player_results(a, before=None, limit=7)
    assert len(exact.rows) == 7 and exact.next is None
    assert (await stores.ratings.player_results("nobody", before=None, limit=5)).rows == ()


async def test_player_summary_adds_up_per_category(stores: Stores) -> None:
    a, b, c = [await stores.player(n) for n in ("ann", "bob", "cat")]
    await stores.end(outcome("m1", [a, b], (310, 10), 0, 1.0))  # ann seat 0: wins
    await stores.end(outcome("m2", [b, a], (310, 10), 0, 2.0))  # ann seat 1: loses
    await stores.end(outcome("m3", [a, b], (310, 10), 0, 3.0, rated=False))
    await stores.end(outcome("m4", [c, b, a], (100, 50, 305), 2, 4.0))  # ann seat 2: wins
    two, three = await stores.ratings.player_summary(a)
    assert (two.category, two.matches, two.wins, two.rated_matches) == ("2", 3, 2, 2)
    assert (two.rounds, two.points, two.deducted) == (3 + 4 + 3, 10 + 20 + 10, 0 + 1 + 0)
    assert (two.blocked_rounds, two.best_placement) == (1, 5)
    ratings = await stores.ratings.all_ratings()
    assert two.rating == ratings[("2", a)]
    assert (three.category, three.matches, three.wins, three.rounds) == ("3", 1, 1, 5)
    assert three.rating == ratings[("3", a)]
    assert await stores.ratings.player_summary("nobody") == ()


async def test_results_keep_their_mode_apart_in_summaries_and_lists(stores: Stores) -> None:
    a, b = [await stores.player(n) for n in ("ann", "bob")]
    await stores.end(outcome("r1", [a, b], (310, 10), 0, 1.0))  # rated, won
    await stores.end(outcome("c1", [b, a], (310, 10), 0, 2.0, rated=False))  # casual, lost
    await stores.end(outcome("p1", [a, None], (310, 10), 0, 3.0, rated=False, practice=True))
    await stores.end(outcome("p2", [None, a], (310, 10), 0, 4.0, rated=False, practice=True))
    rows = (await stores.ratings.player_results(a, before=None, limit=10)).rows
    assert [(r.match_id, r.mode) for r in rows] == [
        ("p2", "practice"), ("p1", "practice"), ("c1", "casual"), ("r1", "rated"),
    ]  # fmt: skip
    public = await stores.ratings.player_results(
        a, before=None, limit=10, modes=("rated", "casual")
    )
    assert [r.match_id for r in public.rows] == ["c1", "r1"]
    first = await stores.ratings.player_results(a, before=None, limit=1, modes=("practice",))
    assert [r.match_id for r in first.rows] == ["p2"] and first.next is not None
    rest = await stores.ratings.player_results(a, before=first.next, limit=5, modes=("practice",))
    assert ([r.match_id for r in rest.rows], rest.next) == (["p1"], None)
    assert (await stores.ratings.player_results(a, before=None, limit=5, modes=())).rows == ()
    (two,) = await stores.ratings.player_summary(a)
    assert [(m.mode, m.matches, m.wins) for m in two.modes] == [
        ("rated", 1, 1), ("casual", 1, 0), ("practice", 2, 1),
    ]  # fmt: skip
    assert (two.matches, two.wins, two.rated_matches) == (4, 2, 1)  # every mode
    practice = two.modes[2]
    assert (practice.rounds, practice.points, practice.best_placement) == (3 + 4, 10 + 20, 5)


async def test_results_from_before_modes_are_resolved_from_their_logs(
    stores: Stores, store_url: str, backend: str
) -> None:
    """An upgraded database: its unrated results say nothing of practice; the event
    store's opening reads it from each match's match_started (once: a no-op after)."""
    a, b = [await stores.player(n) for n in ("ann", "bob")]
    for match_id, practice in (("old-practice", True), ("old-casual", False)):
        started = {"type": "match_started", "practice": practice, "rated": False}
        await stores.events.create_match(record(match_id, ("human", "random")), [started])
        await stores.events.append(
            match_id, 1, [{"type": "match_ended"}], finished=True,
            outcome=outcome(match_id, [a, None], (310, 10), 0, 5.0, rated=False,
                            practice=practice),
        )  # fmt: skip
    await stores.end(outcome("old-rated", [a, b], (310, 10), 0, 6.0))
    forget = "UPDATE player_results SET mode = 'legacy' WHERE NOT rated"
    if backend == "sqlite":
        with contextlib.closing(sqlite3.connect(store_url)) as conn, conn:
            conn.execute(forget)
    else:
        with psycopg.connect(store_url, autocommit=True) as conn:
            conn.execute(forget)
    # Until resolved they read as casual, never as a mode a reader does not know.
    rows = (await stores.ratings.player_results(a, before=None, limit=10)).rows
    assert {r.mode for r in rows} == {"casual", "rated"}
    reopened = open_rating_store(store_url)  # resolves them from the logs as it opens
    await reopened.open()
    await reopened.close()
    rows = (await stores.ratings.player_results(a, before=None, limit=10)).rows
    assert {r.match_id: r.mode for r in rows} == {
        "old-practice": "practice", "old-casual": "casual", "old-rated": "rated",
    }  # fmt: skip


async def test_an_outcome_needs_every_seat_for_rating() -> None:
    unrated = outcome("m", ["a", None], (310, 0), 0, 1.0, rated=False)
    with pytest.raises(ValueError):
        unrated.rated_match()
    rated = outcome("m", ["a", "b", "c", "d"], (0, 310), 1, 1.0)
    assert rated.rated_match() == RatedMatch("m", (("a", "c"), ("b", "d")), (0, 310), 1)


PEOPLE = ("p1", "p2", "p3", "p4", "p5")


@st.composite
def endings(draw: st.DrawFn) -> list[tuple[list[str | None], tuple[int, ...], int, bool]]:
    """Finished matches: seats (a player or an anonymous seat), scores, winner, rated."""
    out = []
    for _ in range(draw(st.integers(0, 12))):
        n = draw(st.sampled_from([2, 3, 4]))
        seats: list[str | None] = list(draw(st.permutations(PEOPLE))[:n])
        anonymous = draw(st.sets(st.integers(0, n - 1), max_size=1))
        seats = [None if s in anonymous else p for s, p in enumerate(seats)]
        sides = n_sides(n)
        winner = draw(st.integers(0, sides - 1))
        scores = [draw(st.integers(-10, 60)) * 5 for _ in range(sides)]
        scores[winner] = max(scores) + 5
        rated = not anonymous and draw(st.booleans())
        out.append((seats, tuple(scores), winner, rated))
    return out


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plays=endings())
async def test_stored_ratings_results_and_boards_equal_a_fold_of_the_endings(
    stores: Stores, plays: list[tuple[list[str | None], tuple[int, ...], int, bool]]
) -> None:
    """Whatever finished matches the store records, in whatever order: the ledger is the
    rated ones in order, the ratings are their rebuild (float for float), each player's
    results and summary add up their seats, and a leaderboard's pages are its players by
    mu.  (One database for every example: ids are made unique per example.)"""
    tag = uuid.uuid4().hex[:8]
    ends = []
    for n, (seats, scores, winner, rated) in enumerate(plays):
        people = [None if p is None else f"{tag}-{p}" for p in seats]
        ends.append(outcome(f"{tag}-m{n}", people, scores, winner, float(n), rated=rated))
        await stores.end(ends[-1])
    rated_ids = [e.match_id for e in ends if e.rated]
    ledger = [m for m in await stores.ratings.rated_match_ids() if m.startswith(tag)]
    assert ledger == rated_ids
    mine = {k: v for k, v in (await stores.ratings.all_ratings()).items() if k[1].startswith(tag)}
    assert mine == rebuild(e.rated_match() for e in ends if e.rated)

    for person in PEOPLE:
        player = f"{tag}-{person}"
        seats = [(e, s) for e in ends for s in e.seats if s.player_id == player]
        page = await stores.ratings.player_results(player, before=None, limit=100)
        assert [r.match_id for r in page.rows] == [e.match_id for e, _ in reversed(seats)]
        summary = {c.category: c for c in await stores.ratings.player_summary(player)}
        assert set(summary) == {e.category for e, _ in seats}
        for category, c in summary.items():
            mine_here = [s for e, s in seats if e.category == category]
            assert c.matches == len(mine_here)
            assert c.wins == sum(s.won for s in mine_here)
            assert c.points == sum(s.points for s in mine_here)
            assert c.best_placement == max(s.best_placement for s in mine_here)
            assert c.rated_matches == sum(e.rated for e, s in seats if e.category == category)
            assert c.rating == mine.get((category, player))

    everyone = BoardRule(settled_sigma=100.0, active_since=0.0)
    for category in ("2", "3", "4"):
        board = await stores.ratings.leaderboard(category, everyone, offset=0, limit=1000)
        ours = [r for r in board.rows if r.player_id.startswith(tag)]
        expected = sorted(
            (p for c, p in mine if c == category), key=lambda p: (-mine[(category, p)].mu, p)
        )
        assert [r.player_id for r in ours] == expected
        assert [r.rank for r in board.rows] == list(range(1, len(board.rows) + 1))
        pages = [
            row
            for offset in range(0, board.total, 2)
            for row in (
                await stores.ratings.leaderboard(category, everyone, offset=offset, limit=2)
            ).rows
        ]
        assert pages == list(board.rows)
