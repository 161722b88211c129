"""The deliveries and edges area through a real server: a webhook receiver that fails
shows up with its open circuit and its notice waits in the outbox (SQLite and
PostgreSQL: the depth is the store's), a Web Push endpoint on a private address is
refused and counted, a flood of chat reads is refused and counted; the stream pools and
the replica's name are there."""

from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import chat_pb2, notifications_pb2, notifications_pb2_grpc

from ..harness import Running, server_fixture, start, stop, wait_for
from ..postgres_db import database_on_each_store
from ..service.chat_table import signed_in_table
from ..service.receivers import SECRET_TEXT, Browser, WebhookReceiver
from ..service.test_delivery_isolation import pair_table
from ..service.test_notifications import move
from .operators import admin_stub, operator_auth, player_token

db = database_on_each_store("admin_deliveries")
# a reader may read the chat twice, then waits ~100 s for a token
server = server_fixture(chat_read_burst=2.0, chat_read_rate=0.01)


async def deliveries(server: Running) -> pb.GetDeliveriesResponse:
    return await admin_stub(server).GetDeliveries(
        pb.GetDeliveriesRequest(), metadata=operator_auth(server)
    )


def refused_count(view: pb.GetDeliveriesResponse, edge: str, reason: str) -> int:
    return sum(c.count for c in view.refusals if c.edge == edge and c.reason == reason)


async def test_a_failing_webhook_shows_its_circuit_and_its_waiting_notice(
    db: str | Path,
) -> None:
    hooks = await WebhookReceiver(status=lambda attempt: 503).start()
    running = await start(
        db, egress_allow="127.0.0.1", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.05, notify_circuit_failures=1, notify_circuit_open_seconds=600,
        notify_backoff_seconds=3600, notify_max_attempts=5,
    )  # fmt: skip
    try:
        before = await deliveries(running)
        assert [(b.channel, b.pending, b.failed) for b in before.outbox] == [
            ("web_push", 0, 0), ("webhook", 0, 0),
        ]  # fmt: skip
        assert not before.destinations
        game = await pair_table(running, "Asha", "Bilal")
        await move(running, game)
        await hooks.until(lambda h: h.attempts >= 1)

        async def seen() -> pb.GetDeliveriesResponse | None:
            view = await deliveries(running)
            return view if view.destinations and view.outbox[1].pending else None

        view = await wait_for(seen)
        webhook = {b.channel: b for b in view.outbox}["webhook"]
        assert webhook.pending >= 1 and webhook.failed == 0
        assert webhook.oldest_age_seconds >= 0
        (destination,) = view.destinations
        assert destination.origin == f"http://127.0.0.1:{hooks.port}"
        assert destination.circuit == "open" and destination.consecutive_failures == 1
        assert destination.retry_at.seconds > 0
        assert "503" in destination.last_error
        assert view.replica == socket.gethostname()
        assert [p.pool for p in view.stream_pools] == ["all", "shared", "anonymous"]
    finally:
        await stop(running)
        await hooks.close()


async def test_a_push_endpoint_on_a_private_address_is_counted(server: Running) -> None:
    token = await player_token(server, "Mallory")
    before = refused_count(await deliveries(server), "egress", "web_push/private")
    browser = Browser(
        "https://10.0.0.7/push", ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
    )
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await notifications_pb2_grpc.NotificationServiceStub(server.channel).SubscribeWebPush(
            notifications_pb2.SubscribeWebPushRequest(
                endpoint=browser.endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
            ),
            metadata=(("authorization", f"Bearer {token}"),),
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    after = await deliveries(server)
    assert refused_count(after, "egress", "web_push/private") == before + 1


async def test_a_flood_of_chat_reads_is_counted(server: Running) -> None:
    table = await signed_in_table(server, 2)
    before = refused_count(await deliveries(server), "chat_reads", "history")
    results = await asyncio.gather(
        *(table.read(1, chat_pb2.CHAT_ROOM_PLAYERS) for _ in range(5)), return_exceptions=True
    )
    refusals = [r for r in results if isinstance(r, grpc.aio.AioRpcError)]
    assert len(refusals) == 3
    assert all(r.code() == grpc.StatusCode.RESOURCE_EXHAUSTED for r in refusals)
    assert refused_count(await deliveries(server), "chat_reads", "history") == before + 3


async def test_a_players_token_is_refused(server: Running) -> None:
    token = await player_token(server, "Mallory")
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await admin_stub(server).GetDeliveries(
            pb.GetDeliveriesRequest(), metadata=(("authorization", f"Bearer {token}"),)
        )
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
