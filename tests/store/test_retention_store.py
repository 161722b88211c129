"""The store's half of retention, on SQLite and PostgreSQL: which matches have expired
(unjoined and old, or finished and stamped long enough ago) and their deletion with
everything they own.  Times are given, never waited for."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fiveup.match.errors import MatchNotFound
from fiveup.match.ports import EventStore, MatchRecord, RequestRecord

from .conftest import ev, record
from .outcomes import outcome

NONE = float("-inf")


async def make(store: EventStore, match_id: str, created_at: float, seats: tuple[str, ...]) -> None:
    rec: MatchRecord = replace(record(match_id, seats), created_at=created_at)
    await store.create_match(rec, [ev(1)])


async def test_unjoined_matches_expire_once_old_enough(store: EventStore) -> None:
    await make(store, "empty-old", 100.0, ("human", "human"))
    await make(store, "empty-new", 500.0, ("human", "greedy"))
    await make(store, "half-old", 100.0, ("human", "human"))
    await store.claim_seat("half-old", 0, b"h" * 32)
    await make(store, "full-old", 100.0, ("human", "greedy"))
    await store.claim_seat("full-old", 0, b"f" * 32)
    await make(store, "bots-old", 100.0, ("greedy", "expert"))
    expired = await store.expired_match_ids(unjoined_before=200.0, finished_before=NONE)
    # a human seat nobody claimed, and old: the match waits for a player who never came
    assert sorted(expired) == ["empty-old", "half-old"]
    assert await store.expired_match_ids(unjoined_before=NONE, finished_before=NONE) == []


async def test_finished_matches_expire_a_keep_time_after_they_were_seen_finished(
    store: EventStore,
) -> None:
    await make(store, "done", 100.0, ("human", "greedy"))
    await store.claim_seat("done", 0, b"d" * 32)
    await store.append("done", 1, [ev(2)], finished=True)
    await make(store, "playing", 100.0, ("greedy", "greedy"))
    # not stamped yet: a finished match is kept at least a whole keep time after a sweep
    assert await store.expired_match_ids(unjoined_before=NONE, finished_before=1e12) == []
    assert await store.stamp_finished(1000.0) == 1
    assert await store.stamp_finished(2000.0) == 0  # the first stamp stays
    assert await store.expired_match_ids(unjoined_before=NONE, finished_before=1000.0) == []
    assert await store.expired_match_ids(unjoined_before=NONE, finished_before=1000.5) == ["done"]
    # the record is whole until deletion
    assert [e.version for e in await store.read_events("done")] == [1, 2]


async def test_finished_matches_with_a_players_result_are_kept(store: EventStore) -> None:
    """A player's history opens their matches' records and the ratings are rebuilt from
    the rated ones' logs: retention never deletes a match that has a player's result."""
    ends = {
        "anonymous": None,
        "unrated": outcome("unrated", ["p1", None], (310, 0), 0, 5.0, rated=False),
        "rated": outcome("rated", ["p1", "p2"], (310, 0), 0, 5.0),
    }
    for match_id, end in ends.items():
        await make(store, match_id, 100.0, ("human", "human"))
        await store.append(match_id, 1, [ev(2)], finished=True, outcome=end)
    assert await store.stamp_finished(1000.0) == 3
    assert await store.expired_match_ids(unjoined_before=NONE, finished_before=2000.0) == [
        "anonymous"
    ]


async def test_deleting_removes_a_match_and_everything_it_owns(store: EventStore) -> None:
    await make(store, "gone", 100.0, ("human", "human"))
    await store.claim_seat("gone", 0, b"g" * 32)
    await store.append("gone", 1, [ev(2)], request=RequestRecord("r1", 0, "fp", 2, 2))
    await make(store, "kept", 100.0, ("human", "human"))
    assert await store.delete_matches(["gone"]) == 1
    with pytest.raises(MatchNotFound):
        await store.load_match("gone")
    assert await store.read_events("gone") == []
    assert await store.seat_tokens("gone") == {}
    assert await store.get_request("gone", "r1") is None
    assert (await store.load_match("kept")).match_id == "kept"
    assert await store.delete_matches([]) == 0
    # an id can be used again without a trace of the old match
    await make(store, "gone", 300.0, ("human", "human"))
    assert [e.version for e in await store.read_events("gone")] == [1]


async def test_the_creator_hash_is_stored_with_the_match(store: EventStore) -> None:
    rec = replace(record("owned"), creator_hash=b"c" * 32)
    await store.create_match(rec, [ev(1)])
    assert (await store.load_match("owned")).creator_hash == b"c" * 32
    await store.create_match(record("unowned"), [ev(1)])
    assert (await store.load_match("unowned")).creator_hash is None
