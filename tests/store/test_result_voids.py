"""The ResultVoids contract (issue 33), for every backend: the reads a void is planned
from, and its one transaction -- the record, the results flagged, the voided match's
history points gone, the later matches' points and results rewritten, the current
ratings reset with their counts read back -- which is refused whole when the category's
ratings moved, and is a no-op the second time.  Every figure leaves a voided result out.

The plans here are made by hand from the rating model (every later match rated again);
the planner that reads the logs (``fiveup.match.voiding``) is tested through a server
(tests/admin/test_void_result.py)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from fiveup.identity.ports import Identity, PlayerStore
from fiveup.match.ports import EventStore
from fiveup.ratings.model import Rating, rate, rebuild
from fiveup.ratings.outcome import VOIDED, MatchOutcome
from fiveup.ratings.ports import (
    BoardRule,
    RatingStore,
    Rerated,
    VoidConflict,
    VoidRecord,
    VoidWrite,
)
from fiveup.store import open_player_store, open_rating_store, open_store

from .conftest import record
from .outcomes import outcome

EVERYONE = BoardRule(settled_sigma=100.0, active_since=0.0)


@dataclass
class Stores:
    events: EventStore
    players: PlayerStore
    ratings: RatingStore

    async def player(self, name: str) -> str:
        identity = Identity("device", hashlib.sha256(name.encode()).hexdigest())
        return (await self.players.sign_in(identity, name, name.title(), 1.0)).player.player_id

    async def end(self, end: MatchOutcome) -> None:
        seats = tuple("human" for _ in end.seats)
        await self.events.create_match(record(end.match_id, seats), [{"kind": "start"}])
        await self.events.append(end.match_id, 1, [{"kind": "end"}], finished=True, outcome=end)


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


async def plan(ratings: RatingStore, record: VoidRecord, ends: list[MatchOutcome]) -> VoidWrite:
    """A void of ``record.match_id`` rating every later match of its category again
    (``ends``: every rated match, in the ledger's order)."""
    entry = await ratings.ledger_entry(record.match_id)
    assert entry is not None
    since = await ratings.rated_since(entry.category, entry.seq)
    later = {x.match_id: x.seq for x in since.entries}
    kept = [x for x in ends if x.category == entry.category and x.match_id != record.match_id]
    earlier = rebuild(x.rated_match() for x in kept if x.match_id not in later)
    current = {p: r for (_, p), r in earlier.items()}
    state: dict[str, Rating | None] = {p: current.get(p) for p in entry.players}
    rerated = []
    for x in kept:
        if x.match_id in later:
            match = x.rated_match()
            before = {p: current[p] for side in match.sides for p in side if p in current}
            after = rate(before, match)
            current.update(after)
            state.update(after)
            rerated.append(Rerated(later[x.match_id], x.match_id, before, after))
    return VoidWrite(record, entry, since.basis, tuple(rerated), state)


async def test_a_void_rewrites_exactly_what_a_rebuild_without_it_gives(stores: Stores) -> None:
    a, b, c, d, e = [await stores.player(n) for n in ("ann", "bob", "cat", "dan", "eve")]
    ends = [
        outcome("m1", [a, b], (310, 120), 0, 100.0),  # the farmed one: voided below
        outcome("m2", [b, c], (80, 305), 1, 110.0),
        outcome("m3", [c, d], (305, 10), 0, 120.0),
        outcome("m4", [d, e], (305, 10), 0, 130.0),
        outcome("t1", [a, c, e], (305, 100, 40), 0, 140.0),  # another category: untouched
    ]
    for end in ends:
        await stores.end(end)
    before = await stores.ratings.all_ratings()

    entry = await stores.ratings.ledger_entry("m1")
    assert entry is not None and (entry.seq, entry.category, entry.players) == (1, "2", (a, b))
    assert await stores.ratings.ledger_entry("nope") is None
    since = await stores.ratings.rated_since("2", 1)
    assert [(x.seq, x.match_id, x.players) for x in since.entries] == [
        (2, "m2", (b, c)), (3, "m3", (c, d)), (4, "m4", (d, e)),
    ]  # fmt: skip
    assert since.basis == (4, 0)
    upto_m2 = rebuild([ends[0].rated_match(), ends[1].rated_match()])
    assert await stores.ratings.ratings_before("2", [b, c, a], 3) == {
        p: upto_m2[("2", p)] for p in (a, b, c)
    }
    assert await stores.ratings.ratings_before("2", [a], 1) == {}  # no point before its first

    record_ = VoidRecord("m1", 200.0, "local:ops", "farmed")
    write = await plan(stores.ratings, record_, ends)
    assert await stores.ratings.write_void(write) is True

    expected = rebuild(x.rated_match() for x in ends if x.match_id != "m1")
    assert await stores.ratings.all_ratings() == expected  # float for float; ann has none left
    assert ("2", a) in before and ("2", a) not in expected
    assert await stores.ratings.voids(["m1", "m2"]) == {"m1": record_}
    assert await stores.ratings.voided_match_ids() == frozenset({"m1"})
    assert (await stores.ratings.rated_since("2", 0)).basis == (4, 1)
    assert await stores.ratings.rated_match_ids() == ("m1", "m2", "m3", "m4", "t1")  # the ledger

    # The later matches' history and results say what the ratings were, as rebuilt.
    (point,) = [p for p in await stores.ratings.rating_history(c, "2", limit=10) if p.seq == 2]
    assert (point.mu, point.sigma) == (rate({}, ends[1].rated_match())[c].mu,
                                       rate({}, ends[1].rated_match())[c].sigma)  # fmt: skip
    (m2,) = [r for r in (await stores.ratings.player_results(b, before=None, limit=9)).rows
             if r.match_id == "m2"]  # fmt: skip
    assert m2.rating_before == Rating() and m2.rating_after == rate({}, ends[1].rated_match())[b]
    assert [p.match_id for p in await stores.ratings.rating_history(b, "2", limit=10)] == ["m2"]

    # The voided result counts for nobody: shown unrated for that reason, left out of
    # every figure, the counts of ratings read back from what is left.
    (m1,) = [r for r in (await stores.ratings.player_results(b, before=None, limit=9)).rows
             if r.match_id == "m1"]  # fmt: skip
    assert (m1.rated, m1.unrated_reason, m1.rating_before, m1.rating_after) == (
        False, VOIDED, None, None,
    )  # fmt: skip
    assert [s.category for s in await stores.ratings.player_summary(a)] == ["3"]
    (summary,) = [s for s in await stores.ratings.player_summary(b) if s.category == "2"]
    assert (summary.matches, summary.rated_matches, summary.wins) == (1, 1, 0)
    board = await stores.ratings.leaderboard("2", EVERYONE, offset=0, limit=10)
    rows = {r.player_id: r for r in board.rows}
    assert set(rows) == {b, c, d, e}
    assert (rows[b].matches, rows[b].wins, rows[c].matches, rows[c].wins) == (1, 0, 2, 2)
    assert rows[b].mu == expected[("2", b)].mu


async def test_a_void_is_refused_whole_when_the_ratings_moved_and_once_only(
    stores: Stores,
) -> None:
    a, b, c = [await stores.player(n) for n in ("ann", "bob", "cat")]
    ends = [outcome("m1", [a, b], (310, 120), 0, 100.0), outcome("m2", [b, c], (80, 305), 1, 110.0)]
    for end in ends:
        await stores.end(end)
    stale = await plan(stores.ratings, VoidRecord("m1", 200.0, "local:ops", "farmed"), ends)
    late = outcome("m3", [a, c], (305, 5), 0, 120.0)  # ends after the plan was made
    await stores.end(late)
    before = await stores.ratings.all_ratings()
    with pytest.raises(VoidConflict):
        await stores.ratings.write_void(stale)
    assert await stores.ratings.all_ratings() == before  # nothing written
    assert await stores.ratings.voided_match_ids() == frozenset()
    (row,) = [r for r in (await stores.ratings.player_results(a, before=None, limit=9)).rows
              if r.match_id == "m1"]  # fmt: skip
    assert row.rated and row.unrated_reason == ""

    fresh = await plan(
        stores.ratings, VoidRecord("m1", 201.0, "local:ops", "farmed"), [*ends, late]
    )
    assert await stores.ratings.write_void(fresh) is True
    after = await stores.ratings.all_ratings()
    assert after == rebuild(x.rated_match() for x in [ends[1], late])
    again = VoidWrite(VoidRecord("m1", 202.0, "local:other", "twice"), fresh.entry, fresh.basis)
    assert await stores.ratings.write_void(again) is False  # the first void stands
    assert (await stores.ratings.voids(["m1"]))["m1"].reason == "farmed"
    assert await stores.ratings.all_ratings() == after


async def test_a_casual_result_voided_leaves_the_figures_and_no_rating_moves(
    stores: Stores,
) -> None:
    a, b = await stores.player("ann"), await stores.player("bob")
    casual = outcome("c1", [a, b], (310, 120), 0, 100.0, rated=False)
    own = tuple(dataclasses.replace(s, own_moves=9, own_rounds=2) for s in casual.seats)
    await stores.end(dataclasses.replace(casual, seats=own))
    assert await stores.ratings.ledger_entry("c1") is None
    assert (await stores.ratings.finished_record(a)).matches == 1
    write = VoidWrite(VoidRecord("c1", 150.0, "local:ops", "bug"))
    assert await stores.ratings.write_void(write) is True
    assert await stores.ratings.player_summary(a) == ()
    assert (await stores.ratings.finished_record(a)).matches == 0
    (row,) = (await stores.ratings.player_results(a, before=None, limit=9)).rows
    assert (row.mode, row.rated, row.unrated_reason) == ("casual", False, VOIDED)
    assert await stores.ratings.all_ratings() == {}
