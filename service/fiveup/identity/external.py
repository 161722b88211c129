"""Trusted external identity: ID tokens of the app's own identity provider.

An app that already has accounts (Auth0, Keycloak, Cognito, Firebase, its own OIDC
server...) signs its users in there and hands the ID token to ``SignInWithIdToken``.
The service checks it against the provider's published keys (a JWKS URL) and the
configured issuer and audience, with some clock skew allowed, and maps the token's
subject (``iss`` + ``sub``) to exactly one player.

Keys are fetched over HTTP(S) through the egress guard (``fiveup.egress``: the JWKS URL is
the operator's, trusted as an ``--egress-allow`` entry; a redirect is followed only to a
public host, each hop checked, never https to http) and cached for ``cache_seconds``.  A
token with a key id the cache does not have triggers one re-fetch (providers rotate
keys), but at most once every ``min_refresh_seconds``, however many tokens with made-up
key ids arrive: an attacker cannot turn the service into a JWKS-fetching amplifier.
When the provider cannot be reached, keys already cached keep working.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import jwt

from ..egress import EgressPolicy, fetch, guarded_session
from ..egress.policy import identity_policy
from .errors import AlgorithmNotAllowed, IdentityProviderUnavailable, MalformedToken, UnknownKeyId
from .jwtcheck import string_claim, unverified_header, verify_jwt

log = logging.getLogger(__name__)

# Public-key algorithms only: an HMAC algorithm here would let anyone who has the
# provider's *public* key forge tokens (algorithm confusion), and "none" signs nothing.
ASYMMETRIC_ALGORITHMS = frozenset({
    "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
})  # fmt: skip
MAX_JWKS_BYTES = 1 << 20
REQUIRED_CLAIMS = ("iss", "aud", "sub", "exp", "iat")


class ExternalIdentityConfigError(ValueError):
    """The identity provider settings are incomplete or unsafe (a start-up error)."""


@dataclass(frozen=True, slots=True)
class ProviderKey:
    """A public key of the provider and the algorithm it is published for, if any."""

    key: Any
    algorithm: str | None


@dataclass(frozen=True, slots=True)
class ExternalIdentity:
    """A verified subject of the identity provider."""

    issuer: str
    subject: str
    name: str | None  # the token's ``name`` claim, if it had a string one
    # Every verified claim, for a caller that reads one of its own (the operators' role
    # claim: ``fiveup.admin.operators``); identity itself reads only the ones above.
    claims: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)


def guarded_fetcher(policy: EgressPolicy) -> Callable[[str, float], Awaitable[bytes]]:
    """GET a URL through the egress guard with ``policy`` (a session per fetch: keys are
    fetched at most once every ``min_refresh_seconds``)."""

    async def fetch_url(url: str, timeout: float) -> bytes:
        async with guarded_session(policy, timeout=timeout) as session:
            return await fetch(
                session, policy, url, max_bytes=MAX_JWKS_BYTES,
                headers={"accept": "application/json"},
            )  # fmt: skip

    return fetch_url


class JwksSource:
    """The provider's signing keys by key id, fetched and cached."""

    def __init__(
        self,
        url: str,
        *,
        cache_seconds: float = 300.0,
        min_refresh_seconds: float = 30.0,
        timeout_seconds: float = 5.0,
        egress: EgressPolicy | None = None,
        fetch: Callable[[str, float], Awaitable[bytes]] | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_fetch: Callable[[], None] | None = None,
    ) -> None:
        self.url = url
        self.cache_seconds = cache_seconds
        self.min_refresh_seconds = min_refresh_seconds
        self.timeout_seconds = timeout_seconds
        # ``egress``: the identity channel's policy (None: the JWKS URL alone is admitted).
        self._fetch = fetch or guarded_fetcher(egress or identity_policy((), [url]))
        self._clock = clock
        self._keys: dict[str, ProviderKey] = {}
        self._fetched_at: float | None = None  # last successful fetch
        self._tried_at: float | None = None  # last attempt, successful or not
        self._lock = asyncio.Lock()
        self._on_fetch = on_fetch
        self.fetches = 0  # attempts (tests, diagnostics)

    async def key(self, kid: str) -> ProviderKey:
        """The key ``kid``: ``UnknownKeyId`` if the provider does not publish it,
        ``IdentityProviderUnavailable`` if its keys cannot be fetched at all."""
        if not self._stale() and kid in self._keys:
            return self._keys[kid]
        async with self._lock:  # one fetch at a time; waiters use its result
            if self._may_fetch(kid):
                await self._refresh()
        key = self._keys.get(kid)
        if key is not None:
            return key
        if self._fetched_at is None:
            raise IdentityProviderUnavailable("the identity provider's keys cannot be fetched")
        raise UnknownKeyId("the ID token was signed with a key the provider does not publish")

    def _stale(self) -> bool:
        return self._fetched_at is None or self._clock() - self._fetched_at >= self.cache_seconds

    def _may_fetch(self, kid: str) -> bool:
        if self._tried_at is not None and self._clock() - self._tried_at < self.min_refresh_seconds:
            return False  # fetched (or failed) a moment ago: do not hammer the provider
        return self._stale() or kid not in self._keys

    async def _refresh(self) -> None:
        self._tried_at = self._clock()
        self.fetches += 1
        if self._on_fetch is not None:
            self._on_fetch()
        try:
            body = await self._fetch(self.url, self.timeout_seconds)
            keys = parse_jwks(body)
        except Exception as exc:  # network, HTTP status, JSON, key material: all "no keys"
            log.warning("could not fetch the identity provider's JWKS: %s", exc)
            return
        self._keys = keys
        self._fetched_at = self._clock()


def parse_jwks(body: bytes) -> dict[str, ProviderKey]:
    """The usable signing keys of a JWKS document, by key id (keys without a ``kid``,
    keys for encryption, symmetric keys and keys PyJWT cannot use are skipped)."""
    document = json.loads(body)
    if not isinstance(document, dict) or not isinstance(document.get("keys"), list):
        raise ValueError("not a JWKS document (no 'keys' list)")
    keys: dict[str, ProviderKey] = {}
    for entry in document["keys"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("kid"), str):
            continue
        if entry.get("use", "sig") != "sig" or entry.get("kty") == "oct":
            continue
        alg = entry.get("alg")
        try:
            jwk = jwt.PyJWK(entry)
            keys[entry["kid"]] = ProviderKey(jwk.key, alg if isinstance(alg, str) else None)
        except jwt.PyJWTError as exc:
            log.info("skipping JWKS key %r: %s", entry["kid"], exc)
    return keys


class ExternalIdentityVerifier:
    def __init__(
        self,
        keys: JwksSource,
        *,
        issuer: str,
        audience: str,
        algorithms: tuple[str, ...] = ("RS256", "ES256"),
        leeway_seconds: float = 60.0,
    ) -> None:
        if not issuer or not audience:
            raise ExternalIdentityConfigError("an identity provider needs an issuer and audience")
        unsafe = set(algorithms) - ASYMMETRIC_ALGORITHMS
        if unsafe or not algorithms:
            raise ExternalIdentityConfigError(
                f"ID token algorithms must be public-key ones ({', '.join(sorted(ASYMMETRIC_ALGORITHMS))}),"
                f" not {', '.join(sorted(unsafe)) or 'none'}"
            )
        self.keys = keys
        self.issuer = issuer
        self.audience = audience
        self.algorithms = algorithms
        self.leeway_seconds = leeway_seconds

    async def verify(self, id_token: str) -> ExternalIdentity:
        header = unverified_header(id_token, self.algorithms)
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise MalformedToken("the ID token has no key id", claim="kid")
        published = await self.keys.key(kid)
        algorithm = str(header["alg"])
        if published.algorithm is not None and published.algorithm != algorithm:
            raise AlgorithmNotAllowed(
                "the ID token's algorithm is not its key's", algorithm=algorithm
            )
        claims = verify_jwt(
            id_token,
            published.key,
            algorithm=algorithm,
            audience=self.audience,
            issuer=self.issuer,
            leeway=self.leeway_seconds,
            required=REQUIRED_CLAIMS,
        )
        name = claims.get("name")
        return ExternalIdentity(
            issuer=self.issuer,
            subject=string_claim(claims, "sub"),
            name=name if isinstance(name, str) else None,
            claims=claims,
        )
