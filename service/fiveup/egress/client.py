"""The guarded outbound HTTP client: every request the server makes for someone (Web
Push, the webhook, the identity provider's keys) goes through a session made here.

* **Resolved once, connected to the checked address.**  aiohttp's connector asks its
  resolver for a host's addresses and connects to exactly those (TLS SNI and ``Host``
  stay the hostname); ``GuardedResolver`` resolves, checks *every* address against the
  channel's policy and refuses the host if any is in a refused range, so a DNS answer
  that changes between a check and the connection (rebinding) has nothing to change:
  there is no second lookup.  (Read in aiohttp 3.x's ``TCPConnector._resolve_host``: a
  host that looks like an IP literal never reaches the resolver -- canonical literals are
  checked by ``EgressPolicy.check_url`` before the request, and aiohttp refuses the
  legacy numeric spellings itself, as does the policy.)
* **Every request checked.**  A trace hook runs ``check_url`` on each request the session
  starts, whoever builds it; senders call it first themselves for a clear answer.
* **No redirects followed blindly.**  Web Push and the webhook send with
  ``allow_redirects=False`` (a 3xx is an ordinary failure); ``fetch`` (the identity
  provider) follows at most ``MAX_REDIRECTS``, each hop checked again, never https->http.
* No proxy from the environment, no cookies.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from .policy import EgressPolicy, EgressRefused

MAX_REDIRECTS = 3
REDIRECTS = frozenset({301, 302, 303, 307, 308})


class GuardedResolver(AbstractResolver):
    """Resolves with the system resolver, then admits the host only if every address is
    allowed for its channel (all or nothing: a name that answers one public and one
    private address is refused rather than half-trusted)."""

    def __init__(self, policy: EgressPolicy, inner: AbstractResolver | None = None) -> None:
        self.policy = policy
        self._inner = inner or aiohttp.ThreadedResolver()

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        try:
            results = await self._inner.resolve(host, port, family)
        except OSError:
            raise self.policy.refuse("unresolved", f"{host} does not resolve") from None
        for result in results:
            try:
                address = ipaddress.ip_address(result["host"])
            except ValueError:
                raise self.policy.refuse("unresolved", f"{host} resolved oddly") from None
            self.policy.check_address(address, host, port)
        return results

    async def close(self) -> None:
        await self._inner.close()


def guarded_session(
    policy: EgressPolicy,
    *,
    timeout: float,
    connect_timeout: float | None = None,
    pool_limit: int = 100,
    headers: Mapping[str, str] | None = None,
    resolver: AbstractResolver | None = None,
) -> aiohttp.ClientSession:
    """A session that sends only where ``policy`` admits (call it inside the event loop
    that will use it; close it when done).  ``pool_limit``: connections open at once (0:
    no limit, for a sender whose dispatcher bounds its sends itself)."""

    async def check_each_request(
        _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: Any
    ) -> None:
        policy.check_url(params.url)

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(check_each_request)
    connector = aiohttp.TCPConnector(resolver=GuardedResolver(policy, resolver), limit=pool_limit)
    return aiohttp.ClientSession(
        connector=connector,
        timeout=aiohttp.ClientTimeout(total=timeout, sock_connect=connect_timeout),
        headers=dict(headers or {}),
        trace_configs=[trace],
        trust_env=False,  # no HTTP(S)_PROXY from the environment: the policy is the route
        cookie_jar=aiohttp.DummyCookieJar(),
    )


def refusal_of(exc: BaseException) -> EgressRefused | None:
    """The policy's refusal behind an aiohttp error (raised in the resolver), if any."""
    if isinstance(exc, EgressRefused):
        return exc
    if isinstance(exc, aiohttp.ClientConnectorError) and isinstance(exc.os_error, EgressRefused):
        return exc.os_error
    return None


async def fetch(
    session: aiohttp.ClientSession,
    policy: EgressPolicy,
    url: str,
    *,
    max_bytes: int,
    headers: Mapping[str, str] | None = None,
) -> bytes:
    """GET ``url``'s body (at most ``max_bytes``), following up to ``MAX_REDIRECTS``
    redirects, each target checked by ``policy`` and never from https to http.  Raises
    ``EgressRefused``, ``aiohttp.ClientError`` or ``ValueError`` (a status other than 2xx,
    a body too large)."""
    target = policy.check_url(url).url
    for _hop in range(MAX_REDIRECTS + 1):
        async with session.get(target, headers=headers, allow_redirects=False) as response:
            if response.status in REDIRECTS:
                location = response.headers.get("location", "")
                following = target.join(URL(location))
                if target.scheme == "https" and following.scheme != "https":
                    raise policy.refuse("redirect", "a redirect from https to http")
                target = policy.check_url(following).url
                continue
            if not 200 <= response.status < 300:
                raise ValueError(f"HTTP {response.status}")
            body = await response.content.read(max_bytes + 1)
            if len(body) > max_bytes:
                raise ValueError(f"the answer is larger than {max_bytes} bytes")
            return body
    raise policy.refuse("redirect", f"more than {MAX_REDIRECTS} redirects")
