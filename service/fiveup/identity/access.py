"""The service's own access tokens: short-lived JWTs that say which player calls.

Claims: ``iss`` and ``aud`` (both the configured issuer, so a token of another service
is refused), ``sub`` (the player id), ``sid`` (the session: revoking it ends the token
early), ``iat``, ``exp`` and a random ``jti``.  Header: ``alg`` HS256, ``kid`` the
signing key's id, ``typ`` ``at+jwt`` (RFC 9068), so an ID token is never mistaken for
one.  Verification is local (no store read); whether the session is still alive is
checked by the caller (``fiveup.identity.players``).
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass

import jwt

from .errors import MalformedToken, UnknownKeyId
from .jwtcheck import string_claim, unverified_header, verify_jwt
from .keys import AccessTokenKeys

ALGORITHM = "HS256"
TOKEN_TYPE = "at+jwt"
REQUIRED_CLAIMS = ("iss", "aud", "sub", "sid", "iat", "exp")
# Tokens verified lately, so that a player's every call (a GetMatch per announced turn)
# does not decode and check the same signature again: about the signed-in players of a
# replica, each entry a token string and its claims.
VERIFIED_CACHE_SIZE = 20_000


@dataclass(frozen=True, slots=True)
class IssuedToken:
    token: str
    expires_at: float


@dataclass(frozen=True, slots=True)
class AccessClaims:
    """Who an access token speaks for."""

    player_id: str
    session_id: str
    expires_at: float


class AccessTokens:
    def __init__(
        self,
        keys: AccessTokenKeys,
        *,
        issuer: str = "fiveup",
        ttl_seconds: float = 900.0,
        leeway_seconds: float = 5.0,
    ) -> None:
        self.keys = keys
        self.issuer = issuer
        self.ttl_seconds = ttl_seconds
        self.leeway_seconds = leeway_seconds  # clock skew between this service's replicas
        self._verified: OrderedDict[str, tuple[AccessClaims, str]] = OrderedDict()  # -> kid
        self._now = time.time  # the remembered tokens' expiry clock (PyJWT reads its own)

    def issue(
        self,
        player_id: str,
        session_id: str,
        now: float | None = None,
        *,
        token_id: str | None = None,
    ) -> IssuedToken:
        """A signed token; ``token_id`` (the ``jti``) is random unless given: the same
        arguments and key then give the same token (a refresh replayed in its reuse
        interval)."""
        issued = int(time.time() if now is None else now)
        expires = issued + max(1, int(self.ttl_seconds))
        signing = self.keys.signing
        token = jwt.encode(
            {
                "iss": self.issuer,
                "aud": self.issuer,
                "sub": player_id,
                "sid": session_id,
                "iat": issued,
                "exp": expires,
                "jti": token_id or secrets.token_urlsafe(12),
            },
            signing.secret,
            algorithm=ALGORITHM,
            headers={"kid": signing.kid, "typ": TOKEN_TYPE},
        )
        return IssuedToken(token, float(expires))

    def verify(self, token: str) -> AccessClaims:
        """The claims of a valid token; an ``Unauthenticated`` subclass otherwise.

        A token verified before answers from memory while it has not expired (with the
        same leeway as the check) and its key is still trusted: the signature, issuer,
        audience and type cannot have changed, being the token's own bytes.  Only
        successes are remembered."""
        cached = self._verified.get(token)
        if cached is not None:
            claims, kid = cached
            if (
                self._now() < claims.expires_at + self.leeway_seconds
                and self.keys.verification_key(kid) is not None
            ):
                self._verified.move_to_end(token)
                return claims
            del self._verified[token]
        claims, kid = self._verify(token)
        self._verified[token] = (claims, kid)
        if len(self._verified) > VERIFIED_CACHE_SIZE:
            self._verified.popitem(last=False)
        return claims

    def _verify(self, token: str) -> tuple[AccessClaims, str]:
        header = unverified_header(token, (ALGORITHM,))
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise MalformedToken("the access token has no key id", claim="kid")
        key = self.keys.verification_key(kid)
        if key is None:
            raise UnknownKeyId("the access token was signed with an unknown key")
        if header.get("typ") != TOKEN_TYPE:
            raise MalformedToken("not an access token of this service", claim="typ")
        claims = verify_jwt(
            token,
            key,
            algorithm=ALGORITHM,
            audience=self.issuer,
            issuer=self.issuer,
            leeway=self.leeway_seconds,
            required=REQUIRED_CLAIMS,
        )
        verified = AccessClaims(
            player_id=string_claim(claims, "sub", 64),
            session_id=string_claim(claims, "sid", 64),
            expires_at=float(claims["exp"]),
        )
        return verified, kid
