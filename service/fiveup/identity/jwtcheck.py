"""Verifying a JWT with PyJWT and saying exactly why one is refused.

Both kinds of token the service accepts go through ``verify_jwt``: its own access tokens
(HMAC, keys by ``kid``) and ID tokens of an external identity provider (public keys from
a JWKS).  The algorithm is checked against the caller's allow-list *before* any key is
chosen, so ``alg: none`` and algorithm confusion (an RSA public key used as an HMAC
secret) are refused up front.  Every refusal is an ``Unauthenticated`` subclass whose
reason names the check that failed (docs/api.md, "Errors").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import jwt

from ..shared.errors import Unauthenticated
from .errors import (
    AlgorithmNotAllowed,
    InvalidSignature,
    MalformedToken,
    TokenExpired,
    TokenNotYetValid,
    WrongAudience,
    WrongIssuer,
)

MAX_TOKEN_LENGTH = 8192  # a JWT of a sane provider is well under 2 KiB


def unverified_header(token: str, algorithms: Collection[str]) -> Mapping[str, Any]:
    """The token's JOSE header, once its ``alg`` is known to be one of ``algorithms``."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        raise MalformedToken("the token is empty or too long to be a JWT")
    try:
        header = jwt.get_unverified_header(token)
    except jwt.PyJWTError:
        raise MalformedToken("the token is not a JWT") from None
    alg = header.get("alg")
    if not isinstance(alg, str) or alg not in algorithms:
        raise AlgorithmNotAllowed(
            f"tokens signed with {alg!r} are not accepted", algorithm=str(alg)[:32]
        )
    return header


def verify_jwt(
    token: str,
    key: Any,
    *,
    algorithm: str,
    audience: str,
    issuer: str,
    leeway: float,
    required: Collection[str],
) -> dict[str, Any]:
    """The claims of ``token`` verified with ``key``: signature, then ``exp``/``nbf``/
    ``iat`` (with ``leeway`` seconds of clock skew), ``aud`` and ``iss``; the claims in
    ``required`` must be present."""
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            key,
            algorithms=[algorithm],
            audience=audience,
            issuer=issuer,
            leeway=leeway,
            options={"require": list(required), "verify_iat": True},
        )
    except jwt.ExpiredSignatureError:
        raise TokenExpired("the token has expired") from None
    except jwt.ImmatureSignatureError:
        raise TokenNotYetValid("the token is not valid yet (check the clock)") from None
    except jwt.InvalidAudienceError:
        raise WrongAudience("the token is meant for another audience") from None
    except jwt.InvalidIssuerError:
        raise WrongIssuer("the token comes from another issuer") from None
    except jwt.InvalidSignatureError:
        raise InvalidSignature("the token's signature does not verify") from None
    except jwt.InvalidAlgorithmError:
        raise AlgorithmNotAllowed("the token's algorithm is not accepted") from None
    except jwt.MissingRequiredClaimError as exc:
        raise MalformedToken(f"the token has no {exc.claim!r} claim", claim=exc.claim) from None
    except jwt.PyJWTError:
        raise MalformedToken("the token could not be decoded") from None
    return claims


def string_claim(claims: Mapping[str, Any], name: str, max_length: int = 255) -> str:
    """A claim that must be a non-empty string of bounded length."""
    value = claims.get(name)
    if not isinstance(value, str) or not value or len(value) > max_length:
        raise MalformedToken(f"the token's {name!r} claim is not a usable string", claim=name)
    return value


__all__ = ["Unauthenticated", "string_claim", "unverified_header", "verify_jwt"]
