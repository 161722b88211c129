"""Deliveries isolated by destination, through a real server on loopback (issue 31,
finding 2: one hung endpoint stalled everyone's notifications for a batch's 10 s
timeout, again and again).

Guests subscribe many Web Push endpoints on destinations that never answer (a raw TCP
server that reads and stays silent) or answer slowly, and play among themselves so the
server sends there; a real player's webhook and Web Push must still arrive long before a
hung attempt's time limit could have run out, and each hostile destination holds one
slot.
A failing destination's circuit opens after N failures, sends nothing while open, is
probed once after its backoff (doubled after a failed probe) and closes on success.  A
restart loses nothing the dispatcher held.

Every endpoint here is on 127.0.0.1 (when the egress guard lands, these servers need
``egress_allow=["127.0.0.1"]`` as well as ``web_push_allow_http``)."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric import ec
from prometheus_client import REGISTRY

from fiveup.notifications.destinations import CircuitState, origin
from fiveup.notifications.keys import load_or_create_vapid_key
from fiveup.v1 import lobby_pb2, notifications_pb2

from ..harness import Running, auth, human, stop, wait_for
from ..harness import start as start_server
from ..postgres_db import database_on_each_store
from .chat_table import sign_in
from .receivers import (
    SECRET_TEXT,
    Browser,
    HungEndpoint,
    PushService,
    SlowEndpoint,
    WebhookReceiver,
)
from .test_notifications import Correspondence, listed, lobby, move, notifications


async def start(db: str | Path, **overrides: object) -> Running:
    """A server whose guarded client lets the tests' loopback endpoints through (every
    endpoint here, hung, slow or real, is a stand-in on 127.0.0.1)."""
    return await start_server(db, **{"egress_allow": "127.0.0.1", **overrides})


db = database_on_each_store("delivery_isolation")  # the attack and the restart, both stores

DAY = 86_400
ATTEMPT_LIMIT = 5.0  # the default --notify-timeout-seconds: a hung attempt's slot time


async def pair_table(server: Running, first: str, second: str) -> Correspondence:
    """A private correspondence table of two new guests (``first`` creates, ``second``
    joins by invite)."""
    a, b = await sign_in(server, first), await sign_in(server, second)
    table = await lobby(server).CreatePrivateTable(
        lobby_pb2.CreatePrivateTableRequest(
            seats=[human(), human()], join=True, turn_clock_seconds=DAY
        ),
        metadata=auth(a),
    )
    joined = await lobby(server).JoinWithInvite(
        lobby_pb2.JoinWithInviteRequest(invite_code=table.invite_code), metadata=auth(b)
    )
    return Correspondence(table.match_id, {table.seat: a, joined.seat: b})


async def subscribe(server: Running, token: str, endpoint: str) -> None:
    browser = Browser(endpoint, ec.generate_private_key(ec.SECP256R1()), os.urandom(16))
    await notifications(server).SubscribeWebPush(
        notifications_pb2.SubscribeWebPushRequest(
            endpoint=endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
        ),
        metadata=auth(token),
    )


async def last_notice_id(server: Running, token: str) -> str:
    return (await listed(server, token))[-1].notification_id


async def everything_told(server: Running, game: Correspondence) -> set[str]:
    return {
        n.notification_id for t in game.tokens.values() for n in await listed(server, t) if n.push
    }


# ------------------------------------------------------------------ the attack


async def test_a_real_players_webhook_is_not_held_by_hung_and_slow_endpoints(
    db: str, tmp_path: Path, hooks: WebhookReceiver
) -> None:
    hung = [await HungEndpoint().start() for _ in range(3)]
    slow = [await SlowEndpoint(delay=1.5).start() for _ in range(2)]
    load_or_create_vapid_key(tmp_path / "vapid.pem")  # PostgreSQL: the replicas' key
    server = await start(
        db, webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        web_push_allow_http=True, notify_poll_seconds=0.2,
        vapid_private_key=str(tmp_path / "vapid.pem"),
    )  # fmt: skip
    pushes = await PushService().start()  # the real players' browsers' push service
    try:
        key = await notifications(server).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
        pushes.vapid_key = key.application_server_key
        real = await pair_table(server, "Asha", "Bilal")
        for seat, token in real.tokens.items():
            browser = pushes.browser(f"real{seat}")
            await notifications(server).SubscribeWebPush(
                notifications_pb2.SubscribeWebPushRequest(
                    endpoint=browser.endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
                ),
                metadata=auth(token),
            )
        told = await everything_told(server, real)
        await hooks.until(lambda h: told <= set(h.ids))  # the quiet start is delivered
        # Six guests, ten subscriptions each: six on destinations that never answer,
        # four on slow ones; they play among themselves, so each move sends ten pushes.
        attackers = [
            await pair_table(server, f"Mallory{2 * i}", f"Mallory{2 * i + 1}") for i in range(3)
        ]
        for game in attackers:
            for token in game.tokens.values():
                for j in range(10):
                    path = uuid.uuid4().hex
                    endpoint = (
                        hung[j % len(hung)].url(f"push/{path}")
                        if j < 6
                        else slow[j % len(slow)].url(path)
                    )
                    await subscribe(server, token, endpoint)
        for _ in range(3):
            for game in attackers:
                await move(server, game)
        # Every hung destination now holds a send that will never be answered.
        for endpoint in hung:
            await endpoint.until(lambda h: h.open_now >= 1)

        # The real player's turn: told by webhook and on their browser long before any
        # hung attempt could have ended.
        async with asyncio.timeout(ATTEMPT_LIMIT / 2):
            seat = await move(server, real)
            assert seat is not None
            other = next(t for s, t in real.tokens.items() if s != seat)
            wanted = await last_notice_id(server, other)
            await hooks.until(lambda h: wanted in h.ids)
            await pushes.until(lambda p: wanted in [x.payload["id"] for x in p.pushes])
        assert pushes.refused == []
        # ...while the hung sends were still in flight (the wait was not their timeout),
        # each hostile destination holding one slot, not a batch's worth.
        assert all(h.open_now >= 1 for h in hung), [h.open_now for h in hung]
        assert max(h.most_open for h in hung) == 1, [h.most_open for h in hung]
        assert max(s.most_open for s in slow) == 1, [s.most_open for s in slow]
        assert hooks.bad_signatures == 0
    finally:
        await stop(server)
        await pushes.close()
        for endpoint in hung:
            await endpoint.close()
        for s in slow:
            await s.close()


# ------------------------------------------------------------------ the circuit breaker


async def test_a_failing_destinations_circuit_opens_waits_is_probed_and_closes(
    tmp_path: Path,
) -> None:
    down = True
    hooks = await WebhookReceiver(status=lambda attempt: 503 if down else 204).start()
    server = await start(
        tmp_path / "circuit.sqlite3", webhook_url=hooks.url, webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.05, notify_backoff_seconds=0.05, notify_max_attempts=50,
        notify_circuit_failures=3, notify_circuit_open_seconds=1.0,
    )  # fmt: skip
    dispatcher = server.app.contexts.notifications.dispatcher  # type: ignore[union-attr]
    destination = origin(hooks.url)
    opened_before = metric("fiveup_notification_circuit_changes_total", state="open")
    held_before = metric("fiveup_notification_deferred_total", reason="circuit_open")
    try:
        game = await pair_table(server, "Asha", "Bilal")
        await move(server, game)
        # Three failures in a row (an unknown destination gets one attempt at a time):
        # the circuit opens.
        await hooks.until(lambda h: h.attempts >= 3)
        await wait_for(
            lambda: _true(dispatcher.destinations.get(destination).state is CircuitState.OPEN)
        )
        assert hooks.attempts == 3
        # While it is open, new notices are not sent: the next request is the probe,
        # a whole backoff (1 s, jittered upward) after the failure that opened it.
        await move(server, game)
        await hooks.until(lambda h: h.attempts >= 4, timeout=10)
        assert hooks.attempted_at[3] - hooks.attempted_at[2] >= 1.0
        # Metrics count it by channel, never by destination.
        assert metric("fiveup_notification_circuit_changes_total", state="open") > opened_before
        assert metric("fiveup_notification_deferred_total", reason="circuit_open") > held_before
        # The probe failed (still 503): open again, for twice as long.
        await wait_for(
            lambda: _true(dispatcher.destinations.get(destination).state is CircuitState.OPEN)
        )
        down = False
        await hooks.until(lambda h: h.attempts >= 5, timeout=15)
        assert hooks.attempted_at[4] - hooks.attempted_at[3] >= 2.0
        # The probe succeeded: closed, and everything held back is delivered.
        told = await everything_told(server, game)
        await hooks.until(lambda h: told <= set(h.ids), timeout=15)
        assert dispatcher.destinations.get(destination).state is CircuitState.CLOSED
        assert hooks.bad_signatures == 0
    finally:
        await stop(server)
        await hooks.close()


async def test_a_hung_destination_opens_after_timeouts_and_gets_one_probe_at_a_time(
    tmp_path: Path,
) -> None:
    hung = await HungEndpoint().start()
    server = await start(
        tmp_path / "hung.sqlite3", webhook_url=hung.url(), webhook_secret=SECRET_TEXT,
        notify_poll_seconds=0.05, notify_backoff_seconds=0.05, notify_max_attempts=50,
        notify_timeout_seconds=0.3, notify_circuit_failures=2,
        notify_circuit_open_seconds=1.0,
    )  # fmt: skip
    dispatcher = server.app.contexts.notifications.dispatcher  # type: ignore[union-attr]
    try:
        game = await pair_table(server, "Asha", "Bilal")
        for _ in range(4):
            await move(server, game)
        # Two attempts time out (0.3 s each, one at a time): open.  The third
        # connection is the probe, after the backoff.
        await hung.until(lambda h: h.connections >= 3, timeout=10)
        state = dispatcher.destinations.get(origin(hung.url())).state
        assert hung.accepted_at[2] - hung.accepted_at[1] >= 0.3 + 1.0
        assert hung.most_open == 1  # never more than one send held there
        assert state in (CircuitState.HALF_OPEN, CircuitState.OPEN)
    finally:
        await stop(server)
        await hung.close()


async def test_deliveries_held_back_for_a_day_by_an_open_circuit_die_unsent(
    tmp_path: Path,
) -> None:
    """An endpoint down for a day is not waited for: its deliveries are dead (a push
    service would have dropped them by then anyway) instead of piling up in the outbox,
    and only the probes reach it."""
    offset = [0.0]
    hooks = await WebhookReceiver(status=lambda attempt: 503).start()
    server = await start(
        tmp_path / "day.sqlite3", clock=lambda: time.time() + offset[0],
        webhook_url=hooks.url, webhook_secret=SECRET_TEXT, notify_poll_seconds=0.05,
        notify_backoff_seconds=0.05, notify_max_attempts=50, notify_circuit_failures=1,
        notify_circuit_open_seconds=1.0,
    )  # fmt: skip
    store = server.app.contexts.notifications.store  # type: ignore[union-attr]
    try:
        game = await pair_table(server, "Asha", "Bilal")
        for _ in range(3):
            await move(server, game)
        told = await everything_told(server, game)
        await hooks.until(lambda h: h.attempts >= 1)  # one failure: open

        async def held_back() -> bool:
            return (await store.counts()).pending == len(told)

        await wait_for(held_back)
        offset[0] = 2 * DAY  # a day and more later: the probe fails, the rest are dead

        async def all_dead() -> bool:
            counts = await store.counts()
            return counts.pending == 0 and counts.dead == len(told)

        await wait_for(all_dead)
        assert hooks.attempts == 2  # the first failure and one probe; nothing else sent
    finally:
        await stop(server)
        await hooks.close()


# ------------------------------------------------------------------ restarts


async def test_a_restart_loses_no_delivery_the_dispatcher_held(db: str) -> None:
    """A replica stopped while its attempts hang puts what it held back in the outbox,
    due at once: the next server sends it all without waiting for the claims' lease."""
    hung = await HungEndpoint().start()
    first = await start(
        db, webhook_url=hung.url(), webhook_secret=SECRET_TEXT, notify_poll_seconds=0.05
    )
    try:
        game = await pair_table(first, "Asha", "Bilal")
        for _ in range(3):
            await move(first, game)
        await hung.until(lambda h: h.open_now >= 1)  # a send is in flight, unanswered
        told = await everything_told(first, game)
    finally:
        await stop(first)
        await hung.close()
    hooks = await WebhookReceiver().start()
    second = await start(
        db, webhook_url=hooks.url, webhook_secret=SECRET_TEXT, notify_poll_seconds=0.05
    )
    try:
        # Well inside the 60 s lease the in-flight claim would otherwise have to run out.
        await hooks.until(lambda h: told <= set(h.ids), timeout=20)
        store = second.app.contexts.notifications.store  # type: ignore[union-attr]

        async def settled() -> bool:
            counts = await store.counts()
            return counts.pending == 0 and counts.dead == 0

        await wait_for(settled)
    finally:
        await stop(second)
        await hooks.close()


def metric(name: str, **labels: str) -> float:
    """A webhook-channel sample of this process's metrics (the server runs in it)."""
    value = REGISTRY.get_sample_value(name, {"channel": "webhook", **labels})
    return value or 0.0


async def _true(value: bool) -> bool:
    return value
