"""Web Push in the web app, in real headless Chromium against real stacks (`fiveup serve`
with Web Push to http:// endpoints allowed, the Envoy gRPC-Web gateway, the static
bundle) and a test push service on loopback (tests/service/receivers.py: it checks each
push's VAPID signature and decrypts it with the subscription's own keys, RFC 8291).
clients/web/test/notifications.mjs drives the browser.

The Notifications card starts off; one click asks the permission, registers /sw.js
(scope: the whole app) and subscribes with the server's key, and the server stores the
subscription; a push delivered to the worker through the DevTools protocol shows its
notification, the notice id as its tag (a repeat replaces it); the opponent's move in a
correspondence match reaches the subscription, encrypted, naming the match; turning off
forgets it on both sides, and the next turn goes to another subscription of the player's
but not to it; a browser that refuses the permission (headless Chromium denies the
prompt) leaves the card "blocked", and one without the Push API "not supported"; before a
server without Web Push the card says so, in English and Hindi.
Pushing to Chromium's own push service is not possible here (a closed network, no FCM),
so the page's pushManager.subscribe answers with the test push service's endpoint and
keys the test made.  Screenshot: build/test-artifacts/web/notifications/."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fiveup.devstack.gateway import Gateway
from fiveup.devstack.webstack import static_server

from ..clients.conftest import BEHIND_GATEWAY
from ..harness import running_server
from ..service.receivers import PushService
from .conftest import ARTIFACTS, WEB_DIR, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "notifications"


class PushServiceThread:
    """The test push service on its own event loop in a thread (the browser scenario
    is another process, polling it over HTTP)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.service = self.call(PushService().start())

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=30)

    def close(self) -> None:
        self.call(self.service.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def push_service() -> Iterator[PushService]:
    running = PushServiceThread()
    try:
        yield running.service
    finally:
        running.close()


@contextlib.contextmanager
def stack(folder: Path, *flags: str) -> Iterator[tuple[str, str]]:
    """A server with ``flags``, its gateway and the bundle in front of them: yields the
    server's address and the app's URL."""
    with (
        running_server(folder, extra=(*BEHIND_GATEWAY, *flags)) as server,
        Gateway(server.address, log=folder / "envoy.log") as gateway,
        static_server(WEB_DIR / "dist", gateway.url) as url,
    ):
        yield server.address, url


@pytest.fixture(scope="module")
def report(
    web_stack: WebStack, push_service: PushService, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    # web_stack: the bundle built and Chromium found; its own server has Web Push but
    # would refuse the test push service's http:// endpoint, so this test starts its own.
    folder = tmp_path_factory.mktemp("push-stacks")
    stub, fence = push_service.browser("asha"), push_service.browser("fence")
    with (
        stack(
            folder / "push",
            "--web-push-allow-http",
            "--egress-allow",
            "127.0.0.1",
            "--notify-poll-seconds",
            "0.2",
        ) as (
            address,
            url,
        ),
        stack(folder / "no-push", "--no-web-push") as (no_push_address, no_push_url),
    ):
        own = WebStack(
            web_stack.server, web_stack.gateway_url, url, web_stack.chromium, web_stack.node
        )
        env = {
            "FIVEUP_SERVER": address,
            "FIVEUP_PUSH": f"http://127.0.0.1:{push_service.port}",
            "FIVEUP_PUSH_ENDPOINT": stub.endpoint,
            "FIVEUP_PUSH_P256DH": stub.p256dh,
            "FIVEUP_PUSH_AUTH": stub.keys["auth"],
            "FIVEUP_FENCE_ENDPOINT": fence.endpoint,
            "FIVEUP_FENCE_P256DH": fence.p256dh,
            "FIVEUP_FENCE_AUTH": fence.keys["auth"],
            "FIVEUP_SERVER_NO_PUSH": no_push_address,
            "FIVEUP_WEB_URL_NO_PUSH": no_push_url,
        }
        return run_browser(own, "notifications.mjs", SHOTS, env=env).report


def test_the_control_starts_off_and_asks_nothing_on_load(report: dict[str, Any]) -> None:
    off = step(report, "off")
    assert off["state"] == "off" and off["button"] == "Turn on notifications"
    assert off["registeredBefore"] == 0  # no worker until the person asks


def test_turning_on_registers_the_worker_and_stores_the_subscription(
    report: dict[str, Any], push_service: PushService
) -> None:
    on = step(report, "on")
    assert on["state"] == "on" and on["button"] == "Turn off notifications"
    assert on["ready"]["script"].endswith("/sw.js") and on["ready"]["state"] == "activated"
    assert on["ready"]["scope"].endswith("/") and on["ready"]["scope"].count("/") == 3
    assert on["keyMatches"], "subscribed with another key than the server's"
    assert on["stored"] == [push_service.browsers["asha"].endpoint] and on["webPush"]
    assert step(report, "on after reload")["state"] == "on"
    again = step(report, "resubscribed")  # the server forgot it: the next start sent it again
    assert again["state"] == "on" and again["stored"] == on["stored"]
    assert (SHOTS / "notifications-on.png").stat().st_size > 0


def test_a_push_delivered_to_the_worker_shows_its_notification(report: dict[str, Any]) -> None:
    pushed = step(report, "devtools push")
    (shown,) = pushed["shown"]
    assert shown["title"] == "Your turn" and shown["body"] == "Bilal moved. It is your turn."
    assert shown["tag"].startswith("test-")
    assert shown["data"]["url"].endswith("/#/play/m-devtools")
    assert pushed["sameTagCount"] == 1  # a repeated notice replaced itself


def test_the_opponents_move_is_pushed_encrypted_to_the_subscription(
    report: dict[str, Any], push_service: PushService
) -> None:
    got = step(report, "pushed")
    payloads = [p["payload"] for p in got["pushed"]]
    for payload in payloads:
        assert payload["match_id"] == got["matchId"] and payload["kind"] == "your_turn"
        assert payload["title"] == "Your turn" and payload["id"]  # the id: the worker's tag
    # the opponent's move, named (a turn at the match's start names nobody)
    assert {p["body"] for p in payloads} <= {"Bilal moved. It is your turn.", "It is your turn."}
    assert payloads[-1]["body"] == "Bilal moved. It is your turn."
    assert not push_service.refused  # every VAPID signature verified


def test_turning_off_forgets_the_subscription_on_both_sides(report: dict[str, Any]) -> None:
    off = step(report, "off again")
    assert off["state"] == "off" and off["button"] == "Turn on notifications"
    assert off["stored"] == [] and off["browserSubscription"] is None
    assert off["fenced"] >= 1  # the next turn was pushed, to the other subscription only
    assert off["stubAfter"] == off["stubBefore"]


def test_a_server_without_web_push_is_named(report: dict[str, Any]) -> None:
    none = step(report, "unavailable")
    assert none["text"] == "This server sends no browser notifications." and none["button"] is None
    assert step(report, "unavailable hi")["text"] == "यह सर्वर ब्राउज़र सूचनाएँ नहीं भेजता।"


def test_a_refused_permission_and_a_browser_without_push_are_named(report: dict[str, Any]) -> None:
    blocked = step(report, "blocked")
    assert blocked["state"] == "blocked" and blocked["button"] is None
    assert blocked["text"] == (
        "Blocked by your browser: allow notifications for this site in the browser's settings."
    )
    assert blocked["stored"] == 0  # nothing was subscribed
    assert step(report, "blocked after reload")["state"] == "blocked"
    unsupported = step(report, "unsupported")
    assert unsupported["state"] == "unsupported" and unsupported["button"] is None
    assert unsupported["text"] == "This browser cannot show notifications from a web page."
