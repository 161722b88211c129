"""Finding 1 of issue 31 as attacks on a real server (loopback only): a player's Web Push
endpoint must not make the server connect inside its own network.  Every internal form
is refused at SubscribeWebPush with ENDPOINT_NOT_ALLOWED; an operator's
``--egress-allow 127.0.0.1:<port>`` admits exactly that push service; a redirect is never
followed nor recorded as delivered; and a subscription an older server stored to a
now-refused endpoint is refused at send time without any connection (a loopback listener
counts every connection it accepts)."""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest
from aiohttp import web
from prometheus_client import REGISTRY

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import notifications_pb2, players_pb2, players_pb2_grpc
from tests.harness import Running, auth, start, stop, wait_for
from tests.service.helpers import error_info
from tests.service.receivers import PushService, serve_on_loopback
from tests.service.test_notifications import correspondence_table, move, notifications


class Listener:
    """A TCP listener on loopback that counts the connections it accepts (and answers
    an HTTP 201 to whatever arrives, so a sender that got through would record success)."""

    def __init__(self) -> None:
        self.accepted = 0
        self.port = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> Listener:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.accepted += 1
        try:
            await asyncio.wait_for(reader.read(65536), 5)
            writer.write(b"HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n")
            await writer.drain()
        except (OSError, TimeoutError):
            pass
        finally:
            writer.close()

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


@pytest.fixture
async def listener() -> AsyncIterator[Listener]:
    found = await Listener().start()
    try:
        yield found
    finally:
        await found.close()


def internal_forms(port: int) -> list[str]:
    """The issue's 18 accepted forms and more: loopback in every spelling, the database
    and metrics ports, private, shared, link-local and unspecified addresses, userinfo."""
    return [
        f"https://127.0.0.1:{port}/",
        "https://127.0.0.1:6379/",
        "https://127.0.0.1:5432/",
        "https://127.0.0.1:9464/metrics",
        f"https://localhost:{port}/",
        f"https://[::1]:{port}/",
        f"https://127.1:{port}/",
        f"https://2130706433:{port}/",
        f"https://0x7f000001:{port}/",
        f"https://0177.0.0.1:{port}/",
        f"https://0:{port}/",
        f"https://0.0.0.0:{port}/",
        f"https://[::]:{port}/",
        f"https://[::ffff:127.0.0.1]:{port}/",
        f"https://[64:ff9b::7f00:1]:{port}/",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fe80::1]/",
        "https://10.0.0.1/",
        "https://172.16.0.1/",
        "https://192.168.1.1/",
        "https://100.64.0.1/",
        "https://[fd00::1]/",
        "https://[fec0::1]/",
        f"https://fcm.googleapis.com@127.0.0.1:{port}/",
        "https://user:pass@fcm.googleapis.com/fcm/send/x",
        f"http://127.0.0.1:{port}/",
        "https://fcm.googleapis.com:8443/fcm/send/x",
        "https://fcm.googleapis.com.attacker.example/fcm/send/x",
    ]


async def subscribe(server: Running, token: str, endpoint: str, pushes: PushService) -> None:
    browser = pushes.browser("b" + secrets.token_hex(3))
    await notifications(server).SubscribeWebPush(
        notifications_pb2.SubscribeWebPushRequest(
            endpoint=endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
        ),
        metadata=auth(token),
    )


async def subscriptions(server: Running, token: str) -> list[str]:
    settings = await notifications(server).GetNotificationSettings(
        notifications_pb2.GetNotificationSettingsRequest(), metadata=auth(token)
    )
    return [s.endpoint for s in settings.settings.subscriptions]


async def assert_each_refused(
    server: Running, token: str, forms: list[str], pushes: PushService
) -> None:
    for endpoint in forms:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await subscribe(server, token, endpoint, pushes)
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, endpoint
        info = error_info(caught.value)
        assert info.reason == "ENDPOINT_NOT_ALLOWED", (endpoint, info)
        assert info.metadata["field"] == "endpoint" and info.metadata["egress_reason"]
    assert await subscriptions(server, token) == []


async def test_every_internal_endpoint_form_is_refused_at_subscribe(
    tmp_path: Path, listener: Listener, pushes: PushService
) -> None:
    server = await start(tmp_path / "m.sqlite3")  # the defaults, as `make run` starts it
    try:
        game = await correspondence_table(server)
        token = next(iter(game.tokens.values()))
        forms = internal_forms(listener.port)
        assert len(forms) >= 22
        await assert_each_refused(server, token, forms, pushes)
        # A browser push service's endpoint is accepted (stored, never sent to here).
        await notifications(server).UpdateNotificationSettings(
            notifications_pb2.UpdateNotificationSettingsRequest(web_push=False),
            metadata=auth(token),
        )
        mozilla = "https://updates.push.services.mozilla.com/wpush/v2/egress-test"
        await subscribe(server, token, mozilla, pushes)
        assert await subscriptions(server, token) == [mozilla]
    finally:
        await stop(server)
    assert listener.accepted == 0


async def test_an_allowed_loopback_push_service_gets_the_push_and_nothing_else_opens(
    tmp_path: Path, listener: Listener, pushes: PushService
) -> None:
    server = await start(
        tmp_path / "m.sqlite3", web_push_allow_http=True, egress_allow=f"127.0.0.1:{pushes.port}",
        notify_poll_seconds=0.05,
    )  # fmt: skip
    try:
        key = await notifications(server).GetWebPushKey(notifications_pb2.GetWebPushKeyRequest())
        pushes.vapid_key = key.application_server_key
        game = await correspondence_table(server)
        # Everything else is refused as before: other loopback ports and spellings too.
        token = next(iter(game.tokens.values()))
        forms = [
            *internal_forms(listener.port),
            f"http://localhost:{pushes.port}/push/x",
            f"http://127.1:{pushes.port}/push/x",
            f"http://[::1]:{pushes.port}/push/x",
            f"http://127.0.0.2:{pushes.port}/push/x",
        ]
        await assert_each_refused(server, token, forms, pushes)
        browser = pushes.browser("allowed")
        await notifications(server).SubscribeWebPush(
            notifications_pb2.SubscribeWebPushRequest(
                endpoint=browser.endpoint, keys=notifications_pb2.WebPushKeys(**browser.keys)
            ),
            metadata=auth(token),
        )
        while await move(server, game) is not None:
            if any(p.browser == "allowed" for p in pushes.pushes):
                break
        await pushes.until(lambda p: any(x.browser == "allowed" for x in p.pushes))
        assert not pushes.refused
    finally:
        await stop(server)
    assert listener.accepted == 0


async def test_a_redirect_is_not_followed_nor_counted_delivered(
    tmp_path: Path, listener: Listener, pushes: PushService
) -> None:
    hits: list[str] = []

    async def redirect(request: web.Request) -> web.Response:
        hits.append(request.path)
        raise web.HTTPTemporaryRedirect(f"http://127.0.0.1:{listener.port}/stolen")

    redirector = await serve_on_loopback("/push/{name}", redirect)
    # Both loopback ports are admitted: even an allowed target is not reached by a redirect.
    server = await start(
        tmp_path / "m.sqlite3", web_push_allow_http=True, egress_allow="127.0.0.1",
        notify_poll_seconds=0.05, notify_max_attempts=1,
    )  # fmt: skip
    try:
        game = await correspondence_table(server)
        store = server.app.contexts.notifications.store  # type: ignore[union-attr]
        await wait_for(lambda: _settled(store))
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        told = game.tokens[1 - view.turn_seat]  # told of the next move
        await subscribe(server, told, f"http://127.0.0.1:{redirector.port}/push/r", pushes)
        delivered_before = _web_push_delivered()
        await move(server, game)
        await wait_for(lambda: _dead(store))
        assert hits == ["/push/r"]  # asked once, its 307 not followed
        assert listener.accepted == 0
        assert _web_push_delivered() == delivered_before  # not recorded as delivered
    finally:
        await stop(server)
        await redirector.runner.cleanup()
    assert listener.accepted == 0


async def _dead(store: object) -> bool:
    return (await store.counts()).dead >= 1  # type: ignore[attr-defined]


def _web_push_delivered() -> float:
    value = REGISTRY.get_sample_value(
        "fiveup_notification_deliveries_total", {"channel": "web_push", "outcome": "delivered"}
    )
    return value or 0.0


async def test_a_stored_subscription_to_a_refused_endpoint_is_refused_at_send_time(
    tmp_path: Path, listener: Listener, pushes: PushService
) -> None:
    db = tmp_path / "m.sqlite3"
    server = await start(db, notify_poll_seconds=0.05, notify_max_attempts=1)
    try:
        game = await correspondence_table(server)
        store = server.app.contexts.notifications.store  # type: ignore[union-attr]
        await wait_for(lambda: _settled(store))  # the match's first notices are done with
        view = (await server.matches.GetMatch(pb.GetMatchRequest(match_id=game.match_id))).view
        token = game.tokens[1 - view.turn_seat]  # told of the next move
        player = await players_pb2_grpc.PlayerServiceStub(server.channel).GetPlayer(
            players_pb2.GetPlayerRequest(), metadata=auth(token)
        )
        # As an older server's database holds them: rows no check of today's ever saw.
        stored = [f"https://127.0.0.1:{listener.port}/push/a",
                  f"https://localhost:{listener.port}/push/b",
                  f"https://2130706433:{listener.port}/push/c",
                  f"http://127.0.0.1:{listener.port}/push/d"]  # fmt: skip
        browser = pushes.browser("old")
        with sqlite3.connect(db, timeout=10) as conn:
            for number, endpoint in enumerate(stored):
                conn.execute(
                    "INSERT INTO push_subscriptions VALUES (?, ?, ?, ?, ?, ?)",
                    (f"s_old{number}", player.player.player_id, endpoint, browser.p256dh,
                     browser.keys["auth"], time.time()),
                )  # fmt: skip
        refused_before = _refused_total()
        dead_before = (await store.counts()).dead
        await move(server, game)
        await wait_for(lambda: _dead_at_least(store, dead_before + len(stored)))
        assert _refused_total() >= refused_before + len(stored)
        assert listener.accepted == 0
        # The player sees their subscriptions as they were: nothing tells them a thing.
        assert sorted(await subscriptions(server, token)) == sorted(stored)
    finally:
        await stop(server)
    assert listener.accepted == 0


async def _settled(store: object) -> bool:
    return (await store.counts()).pending == 0  # type: ignore[attr-defined]


async def _dead_at_least(store: object, count: int) -> bool:
    return (await store.counts()).dead >= count  # type: ignore[attr-defined]


def _refused_total() -> float:
    return sum(
        sample.value
        for metric in REGISTRY.collect()
        if metric.name == "fiveup_egress_refused"
        for sample in metric.samples
        if sample.name == "fiveup_egress_refused_total" and sample.labels["channel"] == "web_push"
    )
