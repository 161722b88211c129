"""The FriendStore contract (``fiveup.friends.ports``), for every backend (SQLite file,
fresh PostgreSQL database): random walks of requests, answers, removals, blocks and
unblocks agree with a small model of the rules at every step; the limits hold when two
stores on one database (two replicas) write at once; two players asking each other at
once end as one friendship; the notices are written with their causes."""

from __future__ import annotations

import asyncio
import itertools
import random
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fiveup.friends.ports import (
    AnswerOutcome,
    FriendLimitExceeded,
    FriendLimits,
    RelationStore,
    SendOutcome,
)
from fiveup.identity.ports import Identity, PlayerStore
from fiveup.notifications.notices import Notice, NoticeKind
from fiveup.store import open_block_store, open_notification_store, open_player_store

PLAYERS = ["a", "b", "c", "d"]
ROOMY = FriendLimits(per_hour=1000, per_day=1000, pending=1000, incoming=1000, max_friends=1000,
                     cooldown_seconds=1500.0)  # fmt: skip
_CAUSES = itertools.count()


def notice(kind: NoticeKind, to: str) -> Notice:
    return Notice.of(kind, to, f"cause-{next(_CAUSES)}", 1.0, push=False)


@pytest.fixture
async def relations(store_url: str) -> AsyncIterator[RelationStore]:
    # The lists name the other player (a join with players); the notices go to the outbox.
    players = open_player_store(store_url)
    notices = open_notification_store(store_url)
    await players.open()
    await notices.open()
    for n, player in enumerate([*PLAYERS, *(f"x{i}" for i in range(10))]):
        await players.sign_in(Identity("device", f"dev-{player}"), player, f"Name {n}", 1.0)
    store = open_block_store(store_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()
        await notices.close()
        await players.close()


async def send(store: RelationStore, s: str, r: str, now: float, limits: FriendLimits = ROOMY):
    return await store.send_request(
        s, r, now, limits, notice(NoticeKind.FRIEND_REQUEST, r),
        notice(NoticeKind.FRIEND_ACCEPTED, r),
    )  # fmt: skip


@dataclass
class Model:
    """The rules, as plainly as they can be said."""

    friends: set[frozenset[str]] = field(default_factory=set)
    requests: dict[tuple[str, str], bool] = field(default_factory=dict)  # -> quiet
    blocks: set[tuple[str, str]] = field(default_factory=set)
    cooldowns: dict[tuple[str, str], float] = field(default_factory=dict)

    def befriend(self, a: str, b: str) -> None:
        self.requests.pop((a, b), None)
        self.requests.pop((b, a), None)
        self.cooldowns.pop((a, b), None)
        self.cooldowns.pop((b, a), None)
        self.friends.add(frozenset((a, b)))

    def send(self, s: str, r: str, now: float) -> str:
        if frozenset((s, r)) in self.friends:
            return "friends"
        if (s, r) in self.blocks:
            return "blocked"
        if (s, r) in self.requests:
            return "pending"
        if (r, s) in self.requests:
            self.befriend(s, r)
            return "accepted"
        if self.cooldowns.get((s, r), 0.0) > now:
            return "cooldown"
        self.requests[(s, r)] = (r, s) in self.blocks
        return "sent"

    def answer(self, r: str, s: str, accept: bool, now: float) -> str:
        if accept and frozenset((s, r)) in self.friends:
            return "friends"
        if self.requests.get((s, r), True):  # none, or quiet: nothing the recipient sees
            return "not_found"
        if not accept:
            del self.requests[(s, r)]
            self.cooldowns[(s, r)] = now + ROOMY.cooldown_seconds
            return "declined"
        self.befriend(r, s)
        return "accepted"

    def remove(self, p: str, o: str, now: float) -> bool:
        if frozenset((p, o)) in self.friends:
            self.friends.discard(frozenset((p, o)))
            self.cooldowns[(o, p)] = now + ROOMY.cooldown_seconds
            return True
        if (p, o) in self.requests:
            del self.requests[(p, o)]
            self.cooldowns[(p, o)] = now + ROOMY.cooldown_seconds
            return True
        return False

    def block(self, a: str, b: str, now: float) -> None:
        if (a, b) in self.blocks:
            return
        self.blocks.add((a, b))
        if frozenset((a, b)) in self.friends:  # as a removal by the blocker
            self.friends.discard(frozenset((a, b)))
            self.cooldowns[(b, a)] = now + ROOMY.cooldown_seconds
        self.requests.pop((a, b), None)
        if (b, a) in self.requests:
            self.requests[(b, a)] = True

    def friends_of(self, p: str) -> set[str]:
        return {q for pair in self.friends if p in pair for q in pair if q != p}

    def incoming(self, p: str) -> set[str]:
        return {s for (s, r), quiet in self.requests.items() if r == p and not quiet}

    def outgoing(self, p: str) -> set[str]:
        return {r for (s, r) in self.requests if s == p}


OPS = ["send", "send", "accept", "decline", "remove", "block", "unblock"]


@pytest.mark.parametrize("seed", [1, 2])
async def test_a_random_walk_agrees_with_the_model(relations: RelationStore, seed: int) -> None:
    rng = random.Random(seed)
    steps = []
    for _ in range(120):
        p, o = rng.sample(PLAYERS, 2)
        steps.append((rng.choice(OPS), p, o, rng.choice([1.0, 10.0, 400.0])))
    await walk(relations, PLAYERS, steps)


@pytest.fixture
async def with_players(store_url: str) -> AsyncIterator[tuple[RelationStore, PlayerStore]]:
    players = open_player_store(store_url)
    notices = open_notification_store(store_url)
    store = open_block_store(store_url)
    for opened in (players, notices, store):
        await opened.open()
    try:
        yield store, players
    finally:
        for opened in (store, notices, players):
            await opened.close()


@st.composite
def walks(draw: st.DrawFn) -> list[tuple[str, int, int, float]]:
    steps = []
    for _ in range(draw(st.integers(1, 40))):
        p = draw(st.integers(0, 3))
        o = draw(st.integers(0, 3).filter(lambda o, p=p: o != p))
        steps.append((draw(st.sampled_from(OPS)), p, o, draw(st.sampled_from([1.0, 10.0, 900.0]))))
    return steps


@pytest.mark.parametrize("backend", ["sqlite"])
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(steps=walks())
async def test_any_walk_agrees_with_the_model(
    with_players: tuple[RelationStore, PlayerStore], steps: list[tuple[str, int, int, float]]
) -> None:
    """Whatever the players do in whatever order (one database for every example: the
    players are new in each)."""
    relations, players = with_players
    tag = uuid.uuid4().hex[:8]
    people = [f"{tag}{i}" for i in range(4)]
    for i, player in enumerate(people):
        await players.sign_in(Identity("device", player), player, f"P {tag} {i}", 1.0)
    await walk(relations, people, [(op, people[p], people[o], dt) for op, p, o, dt in steps])


async def walk(
    relations: RelationStore, people: list[str], steps: list[tuple[str, str, str, float]]
) -> None:
    """Each step on the store and on the model, then every list compared."""
    model = Model()
    now = 10_000.0
    for step, (op, p, o, dt) in enumerate(steps):
        now += dt
        where = f"step {step}: {op} {p} {o}"
        if op == "send":
            try:
                got = (await send(relations, p, o, now)).outcome.value
            except FriendLimitExceeded as exc:
                got = exc.scope
            assert got == model.send(p, o, now), where
        elif op in ("accept", "decline"):
            answer = await relations.answer(
                p, o, op == "accept", now, ROOMY, notice(NoticeKind.FRIEND_ACCEPTED, o)
            )
            assert answer.outcome.value == model.answer(p, o, op == "accept", now), where
        elif op == "remove":
            removed = await relations.remove(p, o, now)
            assert removed == model.remove(p, o, now), where
        elif op == "block":
            await relations.block(p, o, now, limit=100)
            model.block(p, o, now)
        else:
            await relations.unblock(p, o)
            model.blocks.discard((p, o))
        for player in people:
            assert {f.player_id for f in await relations.friends_of(player)} == model.friends_of(
                player
            ), where
            assert {r.player_id for r in await relations.requests_of(player, False)} == (
                model.incoming(player)
            ), where
            assert {r.player_id for r in await relations.requests_of(player, True)} == (
                model.outgoing(player)
            ), where
        assert await relations.friends_among(p, people) == model.friends_of(p), where


async def test_the_limits_hold_across_replicas(relations: RelationStore, store_url: str) -> None:
    other = open_block_store(store_url)
    await other.open()
    limits = FriendLimits(per_hour=3, per_day=10, pending=10, incoming=10, max_friends=10)
    try:
        results = await asyncio.gather(
            *(send(store, "a", f"x{i}", 100.0, limits)
              for i, store in zip(range(10), itertools.cycle([relations, other]))),
            return_exceptions=True,
        )  # fmt: skip
    finally:
        await other.close()
    sent = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, FriendLimitExceeded)]
    assert len(sent) == 3 and all(r.outcome is SendOutcome.SENT for r in sent)
    assert len(refused) == 7 and {r.scope for r in refused} == {"hour"}
    assert len(await relations.requests_of("a", True)) == 3


async def test_two_players_asking_each_other_at_once_become_friends_once(
    relations: RelationStore, store_url: str
) -> None:
    other = open_block_store(store_url)
    await other.open()
    try:
        for a, b in [("a", "b"), ("c", "d"), ("a", "c")]:
            results = await asyncio.gather(send(relations, a, b, 5.0), send(other, b, a, 5.0))
            outcomes = sorted(r.outcome.value for r in results)
            assert outcomes == ["accepted", "sent"], outcomes
            assert b in await relations.friends_among(a, [b])
            assert await relations.requests_of(a, True) == []
    finally:
        await other.close()


async def test_a_request_and_an_acceptance_write_their_notices(
    relations: RelationStore, store_url: str
) -> None:
    asked = await send(relations, "a", "b", 5.0)
    assert asked.outcome is SendOutcome.SENT and asked.notified == ("b",)
    again = await send(relations, "a", "b", 6.0)  # a retry: nothing written
    assert again.outcome is SendOutcome.PENDING and again.notified == ()
    accepted = await relations.answer(
        "b", "a", True, 7.0, ROOMY, notice(NoticeKind.FRIEND_ACCEPTED, "a")
    )
    assert accepted.outcome is AnswerOutcome.ACCEPTED and accepted.notified == ("a",)
    # a request to a player who blocked the sender: answered as sent, no notice
    await relations.block("d", "c", 8.0, limit=10)
    quiet = await send(relations, "c", "d", 9.0)
    assert quiet.outcome is SendOutcome.SENT and quiet.notified == ()
    notices = open_notification_store(store_url)
    await notices.open()
    try:
        assert [n.notice.kind for n in await notices.read_after("b", 0, 10)] == [
            NoticeKind.FRIEND_REQUEST
        ]
        assert [n.notice.kind for n in await notices.read_after("a", 0, 10)] == [
            NoticeKind.FRIEND_ACCEPTED
        ]
        assert await notices.read_after("d", 0, 10) == []
    finally:
        await notices.close()


async def test_presence_is_the_latest_of_every_replicas_streams(relations: RelationStore) -> None:
    assert await relations.streaming_until(["a", "b"]) == {}
    await relations.streaming("a", "r1", 200.0)
    await relations.streaming("a", "r2", 190.0)
    await relations.stopped_streaming("a", "r2", 100.0)  # r1 still streams
    assert await relations.streaming_until(["a", "b"]) == {"a": 200.0}
    await relations.streaming("a", "r1", 290.0)  # a heartbeat
    assert await relations.streaming_until(["a"]) == {"a": 290.0}
    await relations.stopped_streaming("a", "r1", 250.0)  # the last one ends: last seen
    assert await relations.streaming_until(["a"]) == {"a": 250.0}
    # a replica that died leaves a row that expires; the next end clears it away
    await relations.streaming("b", "dead", 300.0)
    await relations.streaming("b", "r1", 400.0)
    await relations.stopped_streaming("b", "r1", 350.0)
    assert await relations.streaming_until(["b"]) == {"b": 350.0}
