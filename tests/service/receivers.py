"""What sits at the other end of the notification channels in the tests: a webhook
receiver (an app's backend) that verifies every signature and de-duplicates by id, and
a Web Push service that decrypts each push with the subscribing browser's own keys
(RFC 8291, by http_ece) and checks the VAPID signature (RFC 8292); and the destinations
an attacker subscribes: one that never answers, one that answers slowly."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import http_ece
from aiohttp import web
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from fiveup.notifications.webhook import verify

SECRET_TEXT = "whsec_" + base64.b64encode(b"a test webhook secret of 32 bytes").decode()
SECRET = base64.b64decode(SECRET_TEXT.removeprefix("whsec_"))


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Served(NamedTuple):
    runner: web.AppRunner  # cleaned up to stop it
    port: int


async def serve_on_loopback(route: str, handler: Any, gets: dict[str, Any] | None = None) -> Served:
    """An aiohttp app answering POSTs to ``route`` (and GETs to ``gets``' routes) on a
    free loopback port."""
    app = web.Application()
    app.router.add_post(route, handler)
    for get_route, get_handler in (gets or {}).items():
        app.router.add_get(get_route, get_handler)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return Served(runner, site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]


@dataclass
class Received:
    notification_id: str
    body: dict[str, Any]
    at: float


@dataclass
class WebhookReceiver:
    """Answers ``status(attempt_number)`` (default 204) to each POST; keeps every request
    whose signature verifies, and counts the ones that do not."""

    status: Callable[[int], int] = lambda attempt: 204
    hold: asyncio.Event | None = None  # set: requests wait for it before any answer
    requests: list[Received] = field(default_factory=list)
    bad_signatures: int = 0
    attempts: int = 0
    attempted_at: list[float] = field(default_factory=list)  # when each request came
    waiting: int = 0  # requests held (``hold``) so far
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    _runner: web.AppRunner | None = None
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    async def start(self) -> WebhookReceiver:
        self._runner, self.port = await serve_on_loopback("/hook", self._handle)
        return self

    async def close(self) -> None:
        if self.hold is not None:
            self.hold.set()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        self.attempted_at.append(time.time())
        headers = {k.lower(): v for k, v in request.headers.items()}
        if self.hold is not None and not self.hold.is_set():
            self.waiting += 1
            await self.hold.wait()
        self.attempts += 1
        if not verify(SECRET, headers, body, now=time.time()):
            self.bad_signatures += 1
            self.changed.set()
            return web.Response(status=401)
        status = self.status(self.attempts)
        if 200 <= status < 300:
            parsed = json.loads(body)
            self.requests.append(Received(headers["webhook-id"], parsed, time.time()))
        self.changed.set()
        return web.Response(status=status)

    @property
    def ids(self) -> list[str]:
        return [r.notification_id for r in self.requests]

    async def until(
        self, predicate: Callable[[WebhookReceiver], bool], timeout: float = 30.0
    ) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(
                    f"webhook receiver: {len(self.requests)} requests, {self.attempts} attempts"
                )
            self.changed.clear()
            if not predicate(self):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), left)


@dataclass
class Browser:
    """A browser's push subscription: its own P-256 key pair and auth secret."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def p256dh(self) -> str:
        raw = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64(raw)

    @property
    def keys(self) -> dict[str, str]:
        """PushSubscription.toJSON().keys"""
        return {"p256dh": self.p256dh, "auth": b64(self.auth)}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@dataclass
class Push:
    browser: str
    payload: dict[str, Any]
    headers: dict[str, str]


@dataclass
class PushService:
    """A push service on loopback: one endpoint per browser; each push is decrypted with
    that browser's keys and its VAPID JWT verified against ``vapid_key`` (the server's
    applicationServerKey, once known)."""

    vapid_key: str = ""
    gone: set[str] = field(default_factory=set)  # browsers answered 410
    browsers: dict[str, Browser] = field(default_factory=dict)
    pushes: list[Push] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    _runner: web.AppRunner | None = None
    port: int = 0

    async def start(self) -> PushService:
        gets = {"/pushes/{name}": self._list}
        self._runner, self.port = await serve_on_loopback("/push/{name}", self._handle, gets)
        return self

    async def _list(self, request: web.Request) -> web.Response:
        """What one browser's endpoint received, decrypted: for a script in another
        process (the web tests' browser scenario) that waits for a push."""
        name = request.match_info["name"]
        mine = [{"payload": p.payload, "topic": p.headers.get("topic", "")}
                for p in self.pushes if p.browser == name]  # fmt: skip
        return web.json_response({"pushes": mine, "refused": self.refused})

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def browser(self, name: str) -> Browser:
        b = Browser(
            f"http://127.0.0.1:{self.port}/push/{name}",
            ec.generate_private_key(ec.SECP256R1()),
            os.urandom(16),
        )
        self.browsers[name] = b
        return b

    async def _handle(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = await request.read()
        headers = {k.lower(): v for k, v in request.headers.items()}
        try:
            if name in self.gone:
                return web.Response(status=410)
            problem = self._check(headers)
            if problem:
                self.refused.append(problem)
                return web.Response(status=403)
            payload = self.browsers[name].decrypt(body)
            self.pushes.append(Push(name, payload, headers))
            return web.Response(status=201)
        finally:
            self.changed.set()

    def _check(self, headers: dict[str, str]) -> str:
        """RFC 8292: ``Authorization: vapid t=<JWT>, k=<key>``, k the server's key, the
        JWT signed by it (ES256), for this push service's origin, not expired."""
        if headers.get("content-encoding") != "aes128gcm":
            return "content-encoding " + headers.get("content-encoding", "")
        if not headers.get("ttl", "").isdigit():
            return "no TTL"
        scheme, _, params = headers.get("authorization", "").partition(" ")
        if scheme.lower() != "vapid":
            return "no vapid authorization"
        parts = dict(p.strip().split("=", 1) for p in params.split(","))
        if self.vapid_key and parts.get("k") != self.vapid_key:
            return "another VAPID key"
        token = parts["t"]
        head, claims, sig = token.split(".")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(parts["k"]))
        raw = unb64(sig)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except Exception:
            return "bad VAPID signature"
        body = json.loads(unb64(claims))
        if body.get("aud") != f"http://127.0.0.1:{self.port}" or body.get("exp", 0) < time.time():
            return f"bad VAPID claims {body}"
        return ""

    async def until(self, predicate: Callable[[PushService], bool], timeout: float = 30.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate(self):
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(
                    f"push service: {len(self.pushes)} pushes, refused {self.refused}"
                )
            self.changed.clear()
            if not predicate(self):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), left)


@dataclass
class HungEndpoint:
    """A destination that accepts every connection, reads what is sent and never
    answers (a raw asyncio server: no HTTP at all): what a hostile or broken push
    service or webhook does.  Counts connections, and how many were open at once."""

    connections: int = 0
    accepted_at: list[float] = field(default_factory=list)  # when each connection came
    open_now: int = 0
    most_open: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    port: int = 0
    _server: asyncio.Server | None = None
    _writers: list[asyncio.StreamWriter] = field(default_factory=list)

    def url(self, path: str = "hook") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    async def start(self) -> HungEndpoint:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.accepted_at.append(time.time())
        self.open_now += 1
        self.most_open = max(self.most_open, self.open_now)
        self._writers.append(writer)
        self.changed.set()
        try:
            while await reader.read(65536):  # read until the sender gives up; never answer
                pass
        except ConnectionError:
            pass
        finally:
            self.open_now -= 1
            self.changed.set()

    async def until(self, predicate: Callable[[HungEndpoint], bool], timeout: float = 30.0) -> None:
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.changed.clear()
                if not predicate(self):
                    await self.changed.wait()

    async def close(self) -> None:
        for writer in self._writers:
            writer.close()
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()


@dataclass
class SlowEndpoint:
    """A push service that takes ``delay`` seconds to answer 201 to each push (within a
    delivery's time limit, but slow); counts requests and how many it held at once."""

    delay: float = 1.5
    requests: int = 0
    open_now: int = 0
    most_open: int = 0
    _runner: web.AppRunner | None = None
    port: int = 0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{path}"

    async def start(self) -> SlowEndpoint:
        self._runner, self.port = await serve_on_loopback("/push/{name}", self._handle)
        return self

    async def _handle(self, request: web.Request) -> web.Response:
        await request.read()
        self.requests += 1
        self.open_now += 1
        self.most_open = max(self.most_open, self.open_now)
        try:
            await asyncio.sleep(self.delay)  # the endpoint's behaviour: slow, not a race
            return web.Response(status=201)
        finally:
            self.open_now -= 1

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
