"""Webhook delivery across replicas and crashes, through real servers on both stores:
two replicas on one database send each notification exactly once in the normal case;
a replica killed (SIGKILL) with deliveries claimed and in flight loses none of them --
another replica sends them once the lease has run out, and the receiver, which
de-duplicates by id, ends with every notification."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fiveup.notifications import Notice, NoticeKind
from fiveup.store import open_notification_store, open_store

from ..harness import start, stop
from ..serverproc import ServerProcess
from ..service.receivers import SECRET_TEXT, WebhookReceiver

NOTICES = 120
LEASE = 3.0


@pytest.fixture
async def receiver() -> AsyncIterator[WebhookReceiver]:
    hooks = await WebhookReceiver().start()
    try:
        yield hooks
    finally:
        await hooks.close()


async def write_notices(url: str, count: int, tag: str) -> list[str]:
    """Notifications whose cause is the test itself, written through the outbox's own
    store (the replicas hear them by NOTIFY on PostgreSQL, by their poll on SQLite)."""
    events = open_store(url)  # migrates the outbox's tables, as a server does
    await events.open()
    store = open_notification_store(url)
    await store.open()
    try:
        now = time.time()
        notices = [
            Notice.of(NoticeKind.YOUR_TURN, f"player-{i % 7}", f"{tag}-{i}", now, match_id=tag)
            for i in range(count)
        ]
        for start_at in range(0, count, 40):  # several commits, as moves would be
            await store.write(notices[start_at : start_at + 40])
        return [n.notice_id for n in notices]
    finally:
        await store.close()
        await events.close()


def hook_settings(hooks: WebhookReceiver) -> dict[str, object]:
    return {
        "webhook_url": hooks.url, "webhook_secret": SECRET_TEXT, "notify_poll_seconds": 0.2,
        "notify_lease_seconds": LEASE, "web_push": False,
        "notify_timeout_seconds": LEASE / 3,  # a lease must outlive two attempts
    }  # fmt: skip


@pytest.mark.postgres
async def test_two_replicas_send_each_notification_once(
    pg_url: str, receiver: WebhookReceiver
) -> None:
    a = await start(pg_url, **hook_settings(receiver))
    b = await start(pg_url, **hook_settings(receiver))
    try:
        ids = await write_notices(pg_url, NOTICES, "once")
        await receiver.until(lambda h: set(h.ids) >= set(ids), timeout=60)
        # Let any duplicate arrive (a second claim would come within a poll or two).
        await asyncio.sleep(4 * 0.2)
        assert sorted(receiver.ids) == sorted(ids), "a notification was sent twice or not at all"
        assert receiver.bad_signatures == 0
        for replica in (a, b):
            counts = await replica.app.contexts.notifications.store.counts()  # type: ignore[union-attr]
            assert (counts.pending, counts.dead) == (0, 0)
    finally:
        await stop(b)
        await stop(a)


async def test_a_replica_killed_mid_send_loses_no_notification(
    db_url: str, receiver: WebhookReceiver, tmp_path: Path
) -> None:
    receiver.hold = asyncio.Event()  # requests arrive and get no answer
    env = {
        "FIVEUP_WEBHOOK_URL": receiver.url,
        "FIVEUP_WEBHOOK_SECRET": SECRET_TEXT,
        "FIVEUP_NOTIFY_POLL_SECONDS": "0.2",
        "FIVEUP_NOTIFY_LEASE_SECONDS": str(LEASE),
        "FIVEUP_NOTIFY_TIMEOUT_SECONDS": str(LEASE / 3),
        "FIVEUP_WEB_PUSH": "false",
    }
    doomed = ServerProcess(db_url, tmp_path / "doomed.log", env=env)
    await doomed.start()
    try:
        ids = await write_notices(db_url, NOTICES, "crash")
        # The replica has claimed deliveries and is waiting for the receiver's answers.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while receiver.waiting < 1:
            assert loop.time() < deadline, doomed.log_tail()
            await asyncio.sleep(0.02)
        await doomed.kill()
    finally:
        await doomed.kill()
    in_flight = receiver.waiting
    receiver.hold.set()  # those requests reached the receiver; their sender is gone
    survivor = await start(db_url, **hook_settings(receiver))
    try:
        await receiver.until(lambda h: set(h.ids) >= set(ids), timeout=60)
        await asyncio.sleep(4 * 0.2)
    finally:
        await stop(survivor)
    assert set(receiver.ids) == set(ids)  # none lost
    # Only what was in flight at the kill can come twice (the receiver de-duplicates it).
    duplicates = len(receiver.ids) - len(set(receiver.ids))
    assert duplicates <= in_flight, (duplicates, in_flight)
    assert receiver.bad_signatures == 0
