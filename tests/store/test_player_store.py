"""The PlayerStore contract, for every backend (SQLite file, fresh PostgreSQL database)."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator

import pytest

from fiveup.identity.ports import Identity, IdentityTaken, PlayerStore, Rotation, Successor
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


def h(name: str) -> bytes:
    return hashlib.sha256(name.encode()).digest()


def successor(name: str, now: float, expires_at: float) -> Successor:
    return Successor(h(name), f"sealed {name}".encode(), now, expires_at)


async def test_first_sign_in_creates_then_finds_the_same_player(players: PlayerStore) -> None:
    first = await players.sign_in(device(1), "p1", "Ada", now=100.0)
    assert first.created and first.player.player_id == "p1"
    assert (first.player.display_name, first.player.created_at) == ("Ada", 100.0)
    assert first.player.providers == ("device",)
    again = await players.sign_in(device(1), "p-unused", "Other", now=200.0)
    assert not again.created
    assert again.player.player_id == "p1" and again.player.display_name == "Ada"
    assert again.player.last_seen_at == 200.0 and again.player.created_at == 100.0
    assert await players.get_player("p-unused") is None


async def test_racing_first_sign_ins_make_one_player(players: PlayerStore, store_url: str) -> None:
    other = open_player_store(store_url)  # another replica / process on the same database
    await other.open()
    try:
        results = await asyncio.gather(
            *[(players if n % 2 else other).sign_in(device(7), f"p{n}", "X", 1.0) for n in range(8)]
        )
    finally:
        await other.close()
    assert len({r.player.player_id for r in results}) == 1
    assert sum(r.created for r in results) == 1


async def test_rename(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    renamed = await players.rename("p1", "Grace")
    assert renamed is not None and renamed.display_name == "Grace"
    assert await players.rename("nobody", "x") is None


async def test_link_identities(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.sign_in(device(2), "p2", "Bob", 1.0)
    external = Identity("external:https://idp", "sub-1")
    linked = await players.link("p1", external, 2.0)
    assert linked is not None and linked.providers == ("device", "external:https://idp")
    assert (await players.link("p1", external, 3.0)) == linked  # idempotent
    assert (await players.sign_in(external, "p9", "x", 4.0)).player.player_id == "p1"
    with pytest.raises(IdentityTaken) as taken:
        await players.link("p2", external, 5.0)  # p1's
    assert taken.value.owner == "p1"
    with pytest.raises(IdentityTaken) as second:
        await players.link("p1", Identity("external:https://idp", "sub-2"), 5.0)
    assert second.value.owner == "p1"  # one subject per provider and player
    more = await players.link("p1", device(3), 6.0)  # any number of devices
    assert more is not None and more.providers == ("device", "external:https://idp")
    assert (await players.sign_in(device(3), "p8", "x", 7.0)).player.player_id == "p1"
    assert await players.link("nobody", device(4), 8.0) is None


async def test_refresh_rotation_and_reuse(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), now=10.0, expires_at=1000.0)
    assert await players.session_active("s1")
    rotated = await players.rotate(h("t1"), successor("t2", 20.0, 1020.0), 0)
    assert (rotated.outcome, rotated.player_id, rotated.session_id) == (
        Rotation.ROTATED, "p1", "s1",
    )  # fmt: skip
    assert (await players.get_player("p1")).last_seen_at == 20.0  # type: ignore[union-attr]
    assert (
        await players.rotate(h("t2"), successor("t3", 30.0, 1030.0), 0)
    ).outcome is Rotation.ROTATED
    # t1 comes back: a leak. The whole session ends, including its newest token t3.
    reused = await players.rotate(h("t1"), successor("t4", 40.0, 1040.0), 0)
    assert reused.outcome is Rotation.REUSED and reused.session_id == "s1"
    assert not await players.session_active("s1")
    assert (
        await players.rotate(h("t3"), successor("t5", 50.0, 1050.0), 0)
    ).outcome is Rotation.REVOKED
    assert (
        await players.rotate(h("nope"), successor("t6", 50.0, 1050.0), 0)
    ).outcome is Rotation.UNKNOWN


async def test_concurrent_refreshes_with_one_token_let_exactly_one_through(
    players: PlayerStore,
) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, 1000.0)
    results = await asyncio.gather(
        *[players.rotate(h("t1"), successor(f"n{i}", 20.0, 1020.0), 0) for i in range(4)]
    )
    outcomes = sorted(r.outcome.value for r in results)
    assert outcomes.count("rotated") == 1
    assert set(outcomes) - {"rotated"} <= {"reused", "revoked"}


async def test_a_replay_within_the_reuse_interval_gets_the_same_successor(
    players: PlayerStore,
) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, 1000.0)
    first = await players.rotate(h("t1"), successor("t2", 20.0, 1020.0), 10)
    assert first.outcome is Rotation.ROTATED and first.successor == successor("t2", 20.0, 1020.0)
    # 5 s later the same token again (a lost answer retried): t2 once more, as stored --
    # not the t3 this call offered, which is never stored.
    again = await players.rotate(h("t1"), successor("t3", 25.0, 1025.0), 10)
    assert (again.outcome, again.session_id, again.player_id) == (Rotation.REPLAYED, "s1", "p1")
    assert again.successor == successor("t2", 20.0, 1020.0)
    assert (await players.rotate(h("t3"), successor("x", 26.0, 1026.0), 10)).outcome is (
        Rotation.UNKNOWN
    )
    assert await players.session_active("s1")
    # After the interval the old token is a reuse again: the session ends, t2 with it.
    late = await players.rotate(h("t1"), successor("t4", 30.5, 1030.0), 10)
    assert late.outcome is Rotation.REUSED and late.successor is None
    assert not await players.session_active("s1")
    assert (await players.rotate(h("t2"), successor("t5", 31.0, 1031.0), 10)).outcome is (
        Rotation.REVOKED
    )


async def test_a_replay_stamped_before_the_rotation_it_waited_behind_is_a_replay(
    players: PlayerStore,
) -> None:
    # A refresh takes its time before it waits for the token's row: behind the winner, or
    # on a replica whose clock is a little behind, it can predate the rotation.  Seen as
    # a reuse, it ended the session of two processes racing on one PostgreSQL.
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, 1000.0)
    first = await players.rotate(h("t1"), successor("t2", 20.0, 1020.0), 10)
    assert first.outcome is Rotation.ROTATED
    earlier = await players.rotate(h("t1"), successor("t3", 19.9, 1019.9), 10)
    assert earlier.outcome is Rotation.REPLAYED
    assert earlier.successor == successor("t2", 20.0, 1020.0)
    assert await players.session_active("s1")


async def test_a_replay_after_the_successor_was_used_is_a_reuse(players: PlayerStore) -> None:
    # Only the token just replaced may come back: once its successor has been refreshed
    # too, the client that holds it has moved on, and the old token is a leak.
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, 1000.0)
    assert (await players.rotate(h("t1"), successor("t2", 20.0, 1020.0), 60)).outcome is (
        Rotation.ROTATED
    )
    assert (await players.rotate(h("t2"), successor("t3", 21.0, 1021.0), 60)).outcome is (
        Rotation.ROTATED
    )
    reused = await players.rotate(h("t1"), successor("t4", 22.0, 1022.0), 60)
    assert reused.outcome is Rotation.REUSED
    assert not await players.session_active("s1")


async def test_eight_concurrent_refreshes_share_one_rotation(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, 1000.0)
    results = await asyncio.gather(
        *[players.rotate(h("t1"), successor(f"n{i}", 20.0, 1020.0), 10) for i in range(8)]
    )
    outcomes = sorted(r.outcome.value for r in results)
    assert outcomes == ["replayed"] * 7 + ["rotated"]
    winner = next(r for r in results if r.outcome is Rotation.ROTATED)
    assert {r.successor for r in results} == {winner.successor}
    assert await players.session_active("s1")


async def test_expiry_sign_out_and_prune(players: PlayerStore) -> None:
    await players.sign_in(device(1), "p1", "Ada", 1.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, expires_at=100.0)
    assert (
        await players.rotate(h("t1"), successor("t2", 100.0, 200.0), 0)
    ).outcome is Rotation.EXPIRED
    await players.start_session("s2", "p1", h("u1"), 10.0, expires_at=1000.0)
    assert await players.revoke(h("u1"), 50.0, "signed out") == "s2"
    assert not await players.session_active("s2")
    assert await players.session_active("s1")  # other sessions of the player go on
    assert await players.revoke(h("nope"), 50.0, "signed out") is None
    assert await players.prune(before=500.0) == 1  # t1 (expired at 100)
    assert not await players.session_active("s1")  # gone with its last token
    assert await players.session_active("unknown") is False


async def test_stale_guests_are_those_unseen_with_no_live_session(players: PlayerStore) -> None:
    # p1: a guest, unseen since 10, its session signed out -> stale
    await players.sign_in(device(1), "p1", "A", 10.0)
    await players.start_session("s1", "p1", h("t1"), 10.0, expires_at=10_000.0)
    await players.revoke(h("t1"), 20.0, "signed out")
    # p2: a guest whose refresh token is still good -> a live session, kept
    await players.sign_in(device(2), "p2", "B", 10.0)
    await players.start_session("s2", "p2", h("t2"), 10.0, expires_at=10_000.0)
    # p3: a guest whose only token expired -> stale
    await players.sign_in(device(3), "p3", "C", 10.0)
    await players.start_session("s3", "p3", h("t3"), 10.0, expires_at=50.0)
    # p4: linked to an external identity -> never a guest
    await players.sign_in(device(4), "p4", "D", 10.0)
    await players.link("p4", Identity("external:https://idp.example", "sub-4"), 10.0)
    # p5: a guest seen recently -> kept
    await players.sign_in(device(5), "p5", "E", 10.0)
    await players.sign_in(device(5), "unused", "E", 900.0)
    # p6: a guest with no session at all -> stale
    await players.sign_in(device(6), "p6", "F", 10.0)
    assert await players.stale_guests(before=500.0, now=1000.0, limit=10) == ["p1", "p3", "p6"]
    assert await players.stale_guests(500.0, 1000.0, limit=1, after="p1") == ["p3"]
    assert await players.delete_players(["p1", "p6"]) == 2
    assert await players.get_player("p1") is None and await players.get_player("p6") is None
    assert not await players.session_active("s1")
    assert await players.get_player("p2") is not None  # the others untouched
    # the device signs in afresh as a new player (its identity went with the row)
    again = await players.sign_in(device(1), "p1-new", "A", 2000.0)
    assert again.created and again.player.player_id == "p1-new"
    assert await players.delete_players([]) == 0


async def test_migrations_are_idempotent(store_url: str) -> None:
    for _ in range(2):
        store = open_player_store(store_url)
        await store.open()
        await store.close()
    store = open_player_store(store_url)
    await store.open()
    try:
        assert (await store.sign_in(device(1), "p1", "A", 1.0)).created
    finally:
        await store.close()
