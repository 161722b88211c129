"""The outbox contract, for every backend: notices written with their cause (an append)
or not at all, per-player sequence numbers, de-duplication by id, the fan-out from
settings and mutes, exclusive claims with leases, retries and dead letters."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from fiveup.match.ports import EventStore, TurnIndex, VersionConflict
from fiveup.notifications.notices import Notice, NoticeKind
from fiveup.notifications.ports import (
    WEB_PUSH_PREFIX,
    WEBHOOK,
    ChannelDepth,
    ChannelSettings,
    NotificationStore,
    PushSubscription,
)
from fiveup.store import open_notification_store, open_store

from .conftest import ev, record

NOW = 1_000_000.0


@dataclass
class Stores:
    events: EventStore
    outbox: NotificationStore
    url: str


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[Stores]:
    outbox = open_notification_store(store_url)
    events = open_store(store_url, notifications=outbox)
    await events.open()
    await outbox.open()
    try:
        yield Stores(events, outbox, store_url)
    finally:
        await outbox.close()
        await events.close()


def turn(player: str, match_id: str, version: int) -> Notice:
    return Notice.of(NoticeKind.YOUR_TURN, player, f"{match_id}@{version}", NOW,
                     match_id=match_id, data={"seat": 1})  # fmt: skip


async def test_written_with_the_append_or_not_at_all(stores: Stores) -> None:
    await stores.events.create_match(record("m1"), [ev(1)])
    version = await stores.events.append(
        "m1", 1, [ev(2)], turn=TurnIndex(1, NOW + 60, NOW + 45), notices=[turn("p1", "m1", 2)]
    )
    assert version == 2
    # A refused append (a stale version) writes none of its notices.
    with pytest.raises(VersionConflict):
        await stores.events.append("m1", 1, [ev(2)], notices=[turn("p1", "m1", 99)])
    log = await stores.outbox.read_after("p1", 0, 10)
    assert [(s.seq, s.notice.notice_id) for s in log] == [(1, turn("p1", "m1", 2).notice_id)]
    assert log[0].notice.data == {"seat": 1} and log[0].notice.match_id == "m1"
    assert await stores.outbox.latest_seq("p1") == 1
    due = await stores.events.due_turns(NOW + 50)
    assert [(d.match_id, d.expired) for d in due] == [("m1", False)]
    assert [d.expired for d in await stores.events.due_turns(NOW + 61)] == [True]


async def test_sequence_per_player_and_ids_deduplicate(stores: Stores) -> None:
    a, b = turn("p1", "m", 1), turn("p2", "m", 1)
    assert await stores.outbox.write([a, b, turn("p1", "m", 2)]) == ["p1", "p2"]
    assert await stores.outbox.write([a]) == []  # the same cause again: stored once
    assert await stores.outbox.write([turn("p1", "m", 3)]) == ["p1"]
    assert [s.seq for s in await stores.outbox.read_after("p1", 0, 10)] == [1, 2, 3]
    assert [s.seq for s in await stores.outbox.read_after("p1", 1, 10)] == [2, 3]
    assert [s.seq for s in await stores.outbox.read_after("p2", 0, 10)] == [1]


async def test_concurrent_writers_number_one_player_without_gaps(stores: Stores) -> None:
    others = [open_notification_store(stores.url) for _ in range(3)]
    for o in others:
        await o.open()
    try:
        await asyncio.gather(
            *(o.write([turn("p1", f"m{i}", j)]) for j in range(5) for i, o in enumerate(others))
        )
    finally:
        for o in others:
            await o.close()
    assert [s.seq for s in await stores.outbox.read_after("p1", 0, 100)] == list(range(1, 16))


async def test_reminder_is_recorded_once(stores: Stores) -> None:
    await stores.events.create_match(record("m1"), [ev(1)])
    await stores.events.append("m1", 1, [ev(2)], turn=TurnIndex(1, NOW + 60, NOW + 45))
    soon = Notice.of(NoticeKind.DEADLINE_SOON, "p1", "m1@2", NOW, match_id="m1")
    assert await stores.events.record_reminder("m1", NOW + 45, [soon]) == ["p1"]
    assert await stores.events.record_reminder("m1", NOW + 45, [soon]) == []  # cleared
    assert [d.expired for d in await stores.events.due_turns(NOW + 50)] == []
    assert len(await stores.outbox.read_after("p1", 0, 10)) == 1


def subscription(player: str, n: int) -> PushSubscription:
    return PushSubscription(f"s{n}", player, f"https://push.test/{n}", "k" * 87, "a" * 22, NOW)


async def test_fan_out_follows_settings_and_mutes(stores: Stores) -> None:
    out = stores.outbox
    await out.add_subscription(subscription("p1", 1))
    await out.add_subscription(subscription("p1", 2))
    await out.set_muted("p1", "muted", True, NOW)
    await out.write([
        turn("p1", "m", 1),
        turn("p1", "muted", 1),
        Notice.of(NoticeKind.CHAT_MESSAGE, "p1", "c1", NOW, match_id="m", push=False),
    ])  # fmt: skip
    assert await out.fan_out(NOW, webhook=True, web_push=True, limit=10) == 3
    assert await out.fan_out(NOW, webhook=True, web_push=True, limit=10) == 0
    claimed = await out.claim(NOW, 30, 10)
    assert sorted(c.channel for c in claimed) == sorted(
        [WEBHOOK, WEB_PUSH_PREFIX + "s1", WEB_PUSH_PREFIX + "s2"]
    )
    assert {c.notice.match_id for c in claimed} == {"m"}
    assert {c.subscription.endpoint for c in claimed if c.subscription} == {
        "https://push.test/1", "https://push.test/2"}  # fmt: skip
    await out.set_settings("p1", ChannelSettings(webhook=False, web_push=True), NOW)
    await out.write([turn("p1", "m", 2)])
    await out.fan_out(NOW, webhook=True, web_push=True, limit=10)
    assert sorted(c.channel for c in await out.claim(NOW, 30, 10)) == [
        WEB_PUSH_PREFIX + "s1", WEB_PUSH_PREFIX + "s2"]  # fmt: skip


async def test_claims_are_exclusive_until_the_lease_runs_out(stores: Stores) -> None:
    out = stores.outbox
    other = open_notification_store(stores.url)
    await other.open()
    try:
        await out.write([turn(f"p{i}", "m", 1) for i in range(20)])
        await out.fan_out(NOW, webhook=True, web_push=False, limit=100)
        a, b = await asyncio.gather(out.claim(NOW, 30, 15), other.claim(NOW, 30, 15))
        ids_a = {c.notice.notice_id for c in a}
        ids_b = {c.notice.notice_id for c in b}
        assert not ids_a & ids_b and len(ids_a | ids_b) == 20
        assert await other.claim(NOW + 29, 30, 50) == []  # every lease still runs
        for c in a:
            await out.delivered(c, NOW + 1)
        # b's claimer "died": its leases run out and anyone takes them again.
        again = await other.claim(NOW + 31, 30, 50)
        assert {c.notice.notice_id for c in again} == ids_b
        assert {c.attempts for c in again} == {2}
    finally:
        await other.close()


async def test_a_released_claim_comes_due_at_its_time_uncounted_and_only_its_own(
    stores: Stores,
) -> None:
    """The dispatcher puts back what it does not send yet (a busy destination, an open
    circuit): due again at the time it names, the attempt not counted; a row claimed
    again after the lease ran out is another claim's, which the stale release leaves."""
    out = stores.outbox
    other = open_notification_store(stores.url)
    await other.open()
    try:
        await out.write([turn("p1", "m", 1), turn("p2", "m", 1)])
        await out.fan_out(NOW, webhook=True, web_push=False, limit=10)
        first, second = sorted(await out.claim(NOW, 30, 10), key=lambda c: c.notice.player_id)
        assert (first.attempts, second.attempts) == (1, 1)
        await out.release([(first, NOW + 7)])
        assert await other.claim(NOW + 6, 30, 10) == []  # not before its time
        (again,) = await other.claim(NOW + 7, 30, 10)  # then anyone may take it
        assert again.notice.notice_id == first.notice.notice_id and again.attempts == 1
        await other.delivered(again, NOW + 8)
        # The second claim's lease runs out; another replica claims it (attempt 2): the
        # first claimer's late release must not undo that claim.
        (stolen,) = await other.claim(NOW + 31, 30, 10)
        assert stolen.notice.notice_id == second.notice.notice_id and stolen.attempts == 2
        await out.release([(second, NOW + 31)])
        assert await out.claim(NOW + 40, 30, 10) == []  # still under the other's lease
        await other.delivered(stolen, NOW + 41)
        assert (await out.counts()).pending == 0
    finally:
        await other.close()


async def test_retries_and_dead_letters(stores: Stores) -> None:
    out = stores.outbox
    await out.write([turn("p1", "m", 1)])
    await out.fan_out(NOW, webhook=True, web_push=False, limit=10)
    (c,) = await out.claim(NOW, 30, 10)
    await out.failed(c, NOW, "HTTP 500", NOW + 5)
    assert await out.claim(NOW + 4, 30, 10) == []
    (c,) = await out.claim(NOW + 5, 30, 10)
    await out.failed(c, NOW + 5, "HTTP 500", None)
    assert await out.claim(NOW + 10_000, 30, 10) == []
    counts = await out.counts()
    assert (counts.pending, counts.dead) == (0, 1)


async def test_gone_subscription_and_retention(stores: Stores) -> None:
    out = stores.outbox
    await out.add_subscription(subscription("p1", 1))
    await out.write([turn("p1", "m", 1)])
    await out.fan_out(NOW, webhook=False, web_push=True, limit=10)
    await out.drop_subscription("s1", NOW)
    assert await out.subscriptions("p1") == []
    assert (await out.counts()).dead == 1
    assert await out.delete_before(NOW + 1, 100) == 1
    assert await out.read_after("p1", 0, 10) == []
    assert (await out.counts()).dead == 0  # its deliveries went with it


async def test_the_depth_by_channel_counts_waiting_and_dead_with_the_oldest(
    stores: Stores,
) -> None:
    out = stores.outbox
    assert await out.depth() == []
    await out.add_subscription(subscription("p1", 1))
    await out.add_subscription(subscription("p1", 2))
    await out.write([turn("p1", "m", 1)])
    later = Notice.of(NoticeKind.YOUR_TURN, "p1", "m@2", NOW + 50, match_id="m", data={})
    await out.write([later])
    await out.fan_out(NOW + 50, webhook=True, web_push=True, limit=10)
    claimed = await out.claim(NOW + 60, 30, 10)
    first_webhook = next(
        c for c in claimed if c.channel == WEBHOOK and c.notice.notice_id == later.notice_id
    )
    await out.delivered(first_webhook, NOW + 60)  # delivered: no longer in the depth
    await out.drop_subscription("s2", NOW + 60)  # its two deliveries are dead
    assert await out.depth() == [
        ChannelDepth("web_push", 2, NOW, 2),
        ChannelDepth("webhook", 1, NOW, 0),
    ]
