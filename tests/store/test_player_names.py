"""Display names' skeletons in the PlayerStore, for every backend: a look-alike of another
player's current name is refused (``NameTaken``), a player may keep or re-set their own,
and rows stored before the skeleton column existed are filled in as the store opens."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import AsyncIterator

import psycopg
import pytest

from fiveup.identity.names import name_keys, name_skeleton
from fiveup.identity.ports import Identity, NameTaken, PlayerStore
from fiveup.store import open_player_store


@pytest.fixture
async def players(store_url: str) -> AsyncIterator[PlayerStore]:
    store = open_player_store(store_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


def device(n: int) -> Identity:
    return Identity("device", hashlib.sha256(f"device-{n}".encode()).hexdigest())


async def test_a_look_alike_of_another_players_name_is_refused(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Bo", 1.0, name_keys("Bo"))
    with pytest.raises(NameTaken):
        await players.sign_in(device(2), "p2", "\u0412o", 2.0, name_keys("\u0412o"))  # Cyrillic
    assert await players.get_player("p2") is None  # nothing was written
    await players.sign_in(device(2), "p2", "Cy", 2.0, name_keys("Cy"))
    with pytest.raises(NameTaken):
        await players.rename("p2", "BO", name_keys("BO"))
    assert (await players.get_player("p2")).display_name == "Cy"  # type: ignore[union-attr]
    # the same identity signing in again keeps its player, whatever name it sends
    again = await players.sign_in(device(1), "p3", "\u0412o", 3.0, name_keys("\u0412o"))
    assert not again.created and again.player.display_name == "Bo"


async def test_a_player_may_keep_or_re_set_their_own_name(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ilya", 1.0, name_keys("Ilya"))
    renamed = await players.rename("p1", "ILYA", name_keys("ILYA"))
    assert renamed is not None and renamed.display_name == "ILYA"
    assert (await players.rename("p1", "ILYA", name_keys("ILYA"))) is not None
    # once renamed, the old name is free for others
    await players.rename("p1", "Grace", name_keys("Grace"))
    created = await players.sign_in(device(2), "p2", "ilya", 2.0, name_keys("ilya"))
    assert created.created


async def test_racing_look_alikes_leave_exactly_one_player_the_name(
    players: PlayerStore, store_url: str
) -> None:
    other = open_player_store(store_url)  # another replica on the same database
    await other.open()
    try:
        for n in range(6):
            await players.sign_in(device(n), f"p{n}", f"Name {n}", 1.0, name_keys(f"Name {n}"))
        spellings = ["Bo", "\u0412o", "BO", "bo", "B\u043e", "\u0392o"]  # Latin, Cyrillic, Greek
        results = await asyncio.gather(
            *[
                (players if n % 2 else other).rename(f"p{n}", name, name_keys(name))
                for n, name in enumerate(spellings)
            ],
            return_exceptions=True,
        )
        assert sum(not isinstance(r, BaseException) for r in results) == 1, results
        assert all(isinstance(r, NameTaken) for r in results if isinstance(r, BaseException))
    finally:
        await other.close()


def _forget_skeletons(store_url: str) -> None:
    """Make the rows look as a database of before migration 3 left them."""
    if store_url.startswith("postgres"):
        with psycopg.connect(store_url, autocommit=True) as conn:
            conn.execute("UPDATE players SET name_skeleton = NULL")
    else:
        with sqlite3.connect(store_url) as conn:
            conn.execute("UPDATE players SET name_skeleton = NULL")


def _skeletons(store_url: str) -> dict[str, str | None]:
    query = "SELECT player_id, name_skeleton FROM players"
    if store_url.startswith("postgres"):
        with psycopg.connect(store_url) as conn:
            return dict(conn.execute(query).fetchall())  # type: ignore[arg-type]
    with sqlite3.connect(store_url) as conn:
        return dict(conn.execute(query).fetchall())


async def test_rows_of_before_get_their_skeletons_as_the_store_opens(store_url: str) -> None:
    store = open_player_store(store_url)
    await store.open()
    names = {f"p{n}": name for n, name in enumerate(["Bo", "Zoë", "Владимир", "Ada"])}
    try:
        for n, (player_id, name) in enumerate(names.items()):
            await store.sign_in(device(n), player_id, name, 1.0)
    finally:
        await store.close()
    _forget_skeletons(store_url)
    assert set(_skeletons(store_url).values()) == {None}
    store = open_player_store(store_url)
    await store.open()
    try:
        assert _skeletons(store_url) == {p: name_skeleton(name) for p, name in names.items()}
        with pytest.raises(NameTaken):  # the backfilled rows are checked like any other
            await store.sign_in(device(9), "p9", "\u0412o", 2.0)
    finally:
        await store.close()
