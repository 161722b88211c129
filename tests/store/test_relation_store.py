"""The BlockStore contract, for every backend (SQLite file, fresh PostgreSQL database):
blocks recorded once, the per-player limit held under concurrent calls (two stores on
one database: two replicas), either-way and pair lookups, pages newest first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from fiveup.identity.ports import BlockStore
from fiveup.store import open_block_store, open_player_store


@pytest.fixture
async def blocks(store_url: str) -> AsyncIterator[BlockStore]:
    players = open_player_store(store_url)  # pages name the blocked: a join with players
    await players.open()
    store = open_block_store(store_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
        await players.close()


async def test_a_block_is_recorded_once_and_lifted(blocks: BlockStore) -> None:
    first = await blocks.block("a", "b", 10.0, limit=5)
    again = await blocks.block("a", "b", 20.0, limit=5)
    assert first is not None and again is not None and again.blocked_at == 10.0
    assert await blocks.blocked_either_way("a", "b") and await blocks.blocked_either_way("b", "a")
    assert not await blocks.blocked_either_way("a", "c")
    assert (
        await blocks.blocked_by("a") == frozenset({"b"}) and await blocks.blocked_by("b") == set()
    )
    assert await blocks.unblock("a", "b") and not await blocks.unblock("a", "b")
    assert not await blocks.blocked_either_way("a", "b")


async def test_pairs_among_and_pages(blocks: BlockStore) -> None:
    for n, other in enumerate(["b", "c", "d", "e"]):
        await blocks.block("a", other, 100.0 + n, limit=10)
    await blocks.block("c", "d", 50.0, limit=10)
    assert await blocks.pairs_among(["a", "c", "d", "x"]) == {
        frozenset("ac"), frozenset("ad"), frozenset("cd"),
    }  # fmt: skip
    first = await blocks.blocks_of("a", 3, None)
    assert [b.blocked for b in first.blocks] == ["e", "d", "c"]
    assert first.next_cursor is not None
    rest = await blocks.blocks_of("a", 3, first.next_cursor)
    assert [b.blocked for b in rest.blocks] == ["b"] and rest.next_cursor is None


async def test_the_limit_holds_across_replicas(blocks: BlockStore, store_url: str) -> None:
    other = open_block_store(store_url)
    await other.open()
    try:
        results = await asyncio.gather(
            *[(blocks if n % 2 else other).block("a", f"p{n}", 1.0, limit=5) for n in range(12)]
        )
    finally:
        await other.close()
    assert sum(r is not None for r in results) == 5
    assert len(await blocks.blocked_by("a")) == 5
