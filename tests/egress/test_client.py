"""The guarded client against real loopback listeners: a name that resolves to loopback
is refused in the resolver (no connection), an IP literal (which aiohttp never hands to
a resolver) is refused by the per-request check, a trusted entry connects, and the
identity provider's redirects are followed only to destinations checked again."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web

from fiveup.egress import EgressPolicy, EgressRefused, fetch, guarded_session, refusal_of
from fiveup.egress.policy import AllowEntry, identity_policy


class Site:
    def __init__(self) -> None:
        self.hits: list[str] = []
        self.port = 0
        self.redirect_to = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> Site:
        app = web.Application()
        app.router.add_get("/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def _handle(self, request: web.Request) -> web.Response:
        self.hits.append(request.path)
        if self.redirect_to and request.path == "/jump":
            raise web.HTTPFound(self.redirect_to)
        return web.json_response({"keys": []})

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    found = await Site().start()
    try:
        yield found
    finally:
        await found.close()


def public_only(port: int) -> EgressPolicy:
    """A channel that admits ``localhost`` as if it were a public service: only the
    address check stands between it and the loopback listener."""
    return EgressPolicy("test", services=("localhost",), ports=frozenset({port}),
                        schemes=frozenset({"http"}))  # fmt: skip


async def test_a_name_resolving_to_loopback_is_refused_before_any_connection(site: Site) -> None:
    policy = public_only(site.port)
    async with guarded_session(policy, timeout=5) as session:
        with pytest.raises(aiohttp.ClientError) as caught:
            await session.get(f"http://localhost:{site.port}/x", allow_redirects=False)
    refused = refusal_of(caught.value)
    assert refused is not None and refused.reason == "loopback"
    assert site.hits == []


async def test_an_ip_literal_is_checked_on_each_request(site: Site) -> None:
    policy = EgressPolicy("test", any_public_host=True, ports=frozenset({site.port}),
                          schemes=frozenset({"http"}))  # fmt: skip
    async with guarded_session(policy, timeout=5) as session:
        for url in (f"http://127.0.0.1:{site.port}/x", f"http://[::ffff:127.0.0.1]:{site.port}/"):
            with pytest.raises(EgressRefused) as caught:
                await session.get(url)
            assert caught.value.reason == "loopback"
    assert site.hits == []


async def test_a_trusted_entry_connects(site: Site) -> None:
    policy = EgressPolicy("test", allow=(AllowEntry("127.0.0.1", site.port),),
                          schemes=frozenset({"http"}))  # fmt: skip
    async with (
        guarded_session(policy, timeout=5) as session,
        session.get(f"http://127.0.0.1:{site.port}/ok") as answer,
    ):
        assert answer.status == 200
    assert site.hits == ["/ok"]


async def test_identity_redirects_are_checked_hop_by_hop(site: Site) -> None:
    other = await Site().start()
    try:
        jwks = f"http://127.0.0.1:{site.port}/jump"
        policy = identity_policy((), [jwks])
        # To the same trusted host:port: followed.
        site.redirect_to = f"http://127.0.0.1:{site.port}/keys"
        async with guarded_session(policy, timeout=5) as session:
            assert await fetch(session, policy, jwks, max_bytes=1024) == b'{"keys": []}'
        assert site.hits == ["/jump", "/keys"]
        # To another loopback port (not the operator's): refused, never connected.
        for target in (f"http://127.0.0.1:{other.port}/keys", f"http://localhost:{other.port}/",
                       f"http://2130706433:{other.port}/"):  # fmt: skip
            site.redirect_to = target
            async with guarded_session(policy, timeout=5) as session:
                with pytest.raises(EgressRefused):
                    await fetch(session, policy, jwks, max_bytes=1024)
        assert other.hits == []
    finally:
        await other.close()
