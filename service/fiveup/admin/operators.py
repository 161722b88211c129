"""Who may act as an operator: the two kinds of bearer token AdminService accepts.

* **An operator credential of this service**: a JWT signed with the service's own
  access-token keys (``fiveup.identity.keys``), so every replica that verifies players
  verifies operators too, and rotating the keys retires both.  It is told apart from a
  player's access token at every step a verifier takes: header ``typ`` ``op+jwt`` (a
  player's is ``at+jwt``, and ``fiveup.identity.access`` refuses any other), audience
  ``<issuer>:admin`` (a player's is ``<issuer>``), subject ``local:<name>`` and no
  session.  So a credential is refused by every player method, and a player's token is
  never an operator's.  ``fiveup admin credential --name NAME`` issues one (from the key
  directory the server reads); ``make run`` prints one (``--print-operator-credential``:
  the serving process signs it, so it works with an ephemeral key too).  It lasts
  ``--operator-credential-ttl-seconds`` (12 hours) and cannot be revoked on its own:
  rotating the signing key ends every credential (docs/operations.md).
* **An ID token of the configured identity provider** (``fiveup.identity.external``)
  whose claim ``--operator-role-claim`` (``roles=fiveup-operator``: the claim ``roles``,
  a string or a list of strings, holds ``fiveup-operator``) grants the role.  Without the
  setting no ID token is an operator's.

Which verifier a token goes to is decided by its header's algorithm before anything
else: HS256 is this service's (then ``typ`` says credential or player token), a
public-key algorithm the provider's; ``none`` and any other are refused outright.  A
token that verifies but is not an operator's (a player's access token, an ID token
without the role) is ``NotAnOperator`` (PERMISSION_DENIED); one that does not verify --
forged, expired, for another audience, malformed, or absent -- is UNAUTHENTICATED with
the reason identity gives (``fiveup.identity.errors``).
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import jwt

from ..identity.access import AccessTokens
from ..identity.errors import MalformedToken, UnknownKeyId
from ..identity.external import ExternalIdentityVerifier
from ..identity.jwtcheck import string_claim, unverified_header, verify_jwt
from ..identity.keys import AccessTokenKeys
from ..shared.errors import InvalidRequest, Unauthenticated
from .errors import NotAnOperator
from .ports import Operator

ALGORITHM = "HS256"  # the service's own keys (as its access tokens)
CREDENTIAL_TYPE = "op+jwt"
PLAYER_TOKEN_TYPE = "at+jwt"  # fiveup.identity.access.TOKEN_TYPE
LOCAL_PREFIX = "local:"
REQUIRED_CLAIMS = ("iss", "aud", "sub", "name", "iat", "exp", "jti")
OPERATOR_NAME = re.compile(r"[A-Za-z0-9._@-]{1,64}")
MAX_ROLE_VALUES = 100  # a roles claim longer than this is no sane provider's
DEFAULT_TTL_SECONDS = 12 * 3600.0
# What precedes an operator credential a server prints at start-up (the local stack's:
# --print-operator-credential; fiveup.devstack.webstack reads it).
OPERATOR_CREDENTIAL_LINE = "fiveup: operator credential: "
MAX_SHOWN_NAME = 128  # of an ID token's name claim, as the console shows it


def admin_audience(issuer: str) -> str:
    """The audience of an operator credential: never the players' (the issuer)."""
    return f"{issuer}:admin"


def check_operator_name(name: str) -> str:
    if not OPERATOR_NAME.fullmatch(name):
        raise InvalidRequest(
            "an operator name is 1-64 characters of A-Z a-z 0-9 . _ @ -", field="name"
        )
    return name


@dataclass(frozen=True, slots=True)
class IssuedCredential:
    token: str
    operator: Operator


class OperatorCredentials:
    """Issues and verifies this service's operator credentials."""

    def __init__(
        self,
        keys: AccessTokenKeys,
        *,
        issuer: str = "fiveup",
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        leeway_seconds: float = 5.0,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("an operator credential must last more than 0 seconds")
        self.keys = keys
        self.issuer = issuer
        self.audience = admin_audience(issuer)
        self.ttl_seconds = ttl_seconds
        self.leeway_seconds = leeway_seconds

    def issue(
        self, name: str, *, now: float | None = None, ttl_seconds: float | None = None
    ) -> IssuedCredential:
        check_operator_name(name)
        ttl = self.ttl_seconds if ttl_seconds is None else ttl_seconds
        if ttl <= 0:
            raise InvalidRequest("a credential must last more than 0 seconds", field="ttl")
        issued = int(time.time() if now is None else now)
        expires = issued + max(1, int(ttl))
        signing = self.keys.signing
        token = jwt.encode(
            {
                "iss": self.issuer,
                "aud": self.audience,
                "sub": LOCAL_PREFIX + name,
                "name": name,
                "iat": issued,
                "exp": expires,
                "jti": secrets.token_urlsafe(12),
            },
            signing.secret,
            algorithm=ALGORITHM,
            headers={"kid": signing.kid, "typ": CREDENTIAL_TYPE},
        )
        return IssuedCredential(token, Operator(LOCAL_PREFIX + name, name, float(expires)))

    def verify(self, token: str) -> Operator:
        """The operator of a valid credential; an ``Unauthenticated`` subclass otherwise."""
        header = unverified_header(token, (ALGORITHM,))
        if header.get("typ") != CREDENTIAL_TYPE:
            raise MalformedToken("not an operator credential of this service", claim="typ")
        claims = verify_jwt(
            token,
            self._key(header),
            algorithm=ALGORITHM,
            audience=self.audience,
            issuer=self.issuer,
            leeway=self.leeway_seconds,
            required=REQUIRED_CLAIMS,
        )
        subject = string_claim(claims, "sub", 64 + len(LOCAL_PREFIX))
        name = string_claim(claims, "name", 64)
        if subject != LOCAL_PREFIX + name or not OPERATOR_NAME.fullmatch(name):
            raise MalformedToken("the credential's subject is not its name's", claim="sub")
        return Operator(subject, name, float(claims["exp"]))

    def _key(self, header: Mapping[str, Any]) -> bytes:
        kid = header.get("kid")
        if not isinstance(kid, str) or not kid:
            raise MalformedToken("the token has no key id", claim="kid")
        key = self.keys.verification_key(kid)
        if key is None:
            raise UnknownKeyId("the token was signed with an unknown key")
        return key


@dataclass(frozen=True, slots=True)
class RoleClaim:
    """``--operator-role-claim``: the ID token claim ``name`` holding ``value`` (the claim
    a string equal to it, or a list of strings with it) grants the operator role."""

    name: str
    value: str

    @classmethod
    def parse(cls, text: str) -> RoleClaim | None:
        """``claim=value``; empty: None (no ID token is an operator's); ValueError else."""
        if not text.strip():
            return None
        name, sep, value = text.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise ValueError(
                f"operator_role_claim {text!r} must read claim=value (e.g. roles=fiveup-operator)"
            )
        if name in ("iss", "aud", "sub", "exp", "iat", "nbf", "jti"):
            raise ValueError(f"operator_role_claim cannot be the registered claim {name!r}")
        return cls(name, value)

    def held_by(self, claims: Mapping[str, Any]) -> bool:
        held = claims.get(self.name)
        if isinstance(held, str):
            return held == self.value
        if isinstance(held, list) and len(held) <= MAX_ROLE_VALUES:
            return any(isinstance(each, str) and each == self.value for each in held)
        return False


class Operators:
    """Who a bearer token proves to be, as an operator (``authenticate``)."""

    def __init__(
        self,
        credentials: OperatorCredentials,
        access: AccessTokens,
        external: ExternalIdentityVerifier | None = None,
        role: RoleClaim | None = None,
    ) -> None:
        """``access``: the players' access tokens (one of those is recognised, to be
        refused as NOT_AN_OPERATOR); ``external``: the identity provider, if any;
        ``role``: the claim that makes one of its ID tokens an operator's."""
        self.credentials = credentials
        self.access = access
        self.external = external
        self.role = role
        provider = external.algorithms if external is not None else ()
        self._algorithms = (ALGORITHM, *provider)

    async def authenticate(self, bearer: str | None) -> Operator:
        if not bearer:
            raise Unauthenticated(
                "an operator's token is required: authorization: Bearer <operator credential"
                " or the identity provider's ID token>"
            )
        header = unverified_header(bearer, self._algorithms)
        if header["alg"] != ALGORITHM:
            return await self._from_provider(bearer)
        if header.get("typ") == PLAYER_TOKEN_TYPE:
            self.access.verify(bearer)  # a forged or expired one is UNAUTHENTICATED
            raise NotAnOperator("a player's access token is not an operator's")
        return self.credentials.verify(bearer)

    async def _from_provider(self, id_token: str) -> Operator:
        assert self.external is not None  # its algorithms are accepted only with it
        verified = await self.external.verify(id_token)
        if self.role is None or not self.role.held_by(verified.claims):
            raise NotAnOperator("this ID token does not carry the operator role")
        exp = verified.claims.get("exp")
        return Operator(
            f"{verified.issuer}#{verified.subject}",
            (verified.name or verified.subject)[:MAX_SHOWN_NAME],
            float(exp) if isinstance(exp, int | float) else 0.0,
        )
