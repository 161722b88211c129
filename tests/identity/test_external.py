"""ID tokens of an external identity provider, verified against its JWKS served locally."""

from __future__ import annotations

import time
from collections.abc import Iterator

import jwt
import pytest

from fiveup.identity.errors import (
    AlgorithmNotAllowed,
    IdentityProviderUnavailable,
    InvalidSignature,
    MalformedToken,
    TokenExpired,
    TokenNotYetValid,
    UnknownKeyId,
    WrongAudience,
    WrongIssuer,
)
from fiveup.identity.external import (
    ExternalIdentityConfigError,
    ExternalIdentityVerifier,
    JwksSource,
)

from .idp import AUDIENCE, ISSUER, IdentityProvider, ec_key, rsa_key, serve_idp


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def idp() -> Iterator[IdentityProvider]:
    with serve_idp(rsa_key("rsa-1"), ec_key("ec-1")) as provider:
        yield provider


def verifier(
    idp: IdentityProvider, clock: Clock | None = None, leeway: float = 60.0
) -> ExternalIdentityVerifier:
    source = JwksSource(idp.url, cache_seconds=300, min_refresh_seconds=30, clock=clock or Clock())
    return ExternalIdentityVerifier(source, issuer=ISSUER, audience=AUDIENCE, leeway_seconds=leeway)


async def test_rsa_and_ec_tokens_verify(idp: IdentityProvider) -> None:
    check = verifier(idp)
    for key in idp.published:
        identity = await check.verify(idp.token(key, sub=f"user-{key.kid}", name="Ada"))
        assert (identity.issuer, identity.subject, identity.name) == (
            ISSUER,
            f"user-{key.kid}",
            "Ada",
        )
    assert idp.requests == 1  # one fetch, then the cache


async def test_clock_skew_is_tolerated_up_to_the_leeway(idp: IdentityProvider) -> None:
    check = verifier(idp, leeway=60)
    # Expired 30 s ago: within the skew.  Issued 30 s in the future: within it too.
    assert await check.verify(idp.token(now=time.time() - 330, ttl=300))
    assert await check.verify(idp.token(now=time.time() + 30))
    with pytest.raises(TokenExpired):
        await check.verify(idp.token(now=time.time() - 400, ttl=300))
    with pytest.raises(TokenNotYetValid):
        await check.verify(idp.token(nbf=int(time.time() + 600)))


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda idp: idp.token(now=time.time() - 3600), TokenExpired),
        (lambda idp: idp.token(aud="another-app"), WrongAudience),
        (lambda idp: idp.token(iss="https://evil.example"), WrongIssuer),
        (lambda idp: idp.token(rsa_key("not-published")), UnknownKeyId),
        (lambda idp: idp.token(sub=None), MalformedToken),
        (lambda idp: idp.token(headers={"kid": ""}), MalformedToken),
    ],
    ids=["expired", "audience", "issuer", "unknown-kid", "no-sub", "no-kid"],
)
async def test_refusals(idp: IdentityProvider, make, error) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error):
        await verifier(idp).verify(make(idp))


async def test_tampered_signature(idp: IdentityProvider) -> None:
    token = idp.token(sub="alice")
    header, payload, signature = token.split(".")
    other = idp.token(sub="mallory").split(".")[1]
    with pytest.raises(InvalidSignature):
        await verifier(idp).verify(f"{header}.{other}.{signature}")
    flipped = signature[:-2] + ("A" if signature[-2] != "A" else "B") + signature[-1]
    with pytest.raises(InvalidSignature):
        await verifier(idp).verify(f"{header}.{payload}.{flipped}")


async def test_a_token_signed_by_a_stranger_with_a_published_kid(idp: IdentityProvider) -> None:
    impostor = rsa_key("rsa-1")  # same key id, another private key
    with pytest.raises(InvalidSignature):
        await verifier(idp).verify(idp.token(impostor))


async def test_alg_none_and_hmac_confusion_are_refused(idp: IdentityProvider) -> None:
    claims = {"iss": ISSUER, "aud": AUDIENCE, "sub": "x", "iat": int(time.time()),
              "exp": int(time.time()) + 60}  # fmt: skip
    unsigned = jwt.encode(claims, None, algorithm="none", headers={"kid": "rsa-1"})
    with pytest.raises(AlgorithmNotAllowed):
        await verifier(idp).verify(unsigned)
    # The classic confusion: HS256 "signed" with the provider's public key as the secret.
    public_pem = idp.published[0].public_jwk()["n"].encode()
    confused = jwt.encode(claims, public_pem * 2, algorithm="HS256", headers={"kid": "rsa-1"})
    with pytest.raises(AlgorithmNotAllowed):
        await verifier(idp).verify(confused)
    assert idp.requests == 0  # refused before any key was looked up


async def test_an_algorithm_other_than_the_keys_is_refused(idp: IdentityProvider) -> None:
    ec = idp.published[1]
    token = idp.token(ec, headers={"kid": "rsa-1"})  # ES256 token naming the RS256 key
    with pytest.raises(AlgorithmNotAllowed):
        await verifier(idp).verify(token)


async def test_a_rotated_in_key_is_fetched_once_and_made_up_kids_do_not_amplify(
    idp: IdentityProvider,
) -> None:
    clock = Clock()
    check = verifier(idp, clock)
    await check.verify(idp.token())
    assert idp.requests == 1
    new = ec_key("ec-2")
    idp.published.append(new)
    clock.now += 31  # past min_refresh_seconds: an unknown kid may trigger a re-fetch
    assert (await check.verify(idp.token(new, sub="bob"))).subject == "bob"
    assert idp.requests == 2
    for n in range(20):  # a flood of made-up key ids within the refresh interval
        with pytest.raises(UnknownKeyId):
            await check.verify(idp.token(rsa_key(f"junk-{n}")))
    assert idp.requests == 2
    clock.now += 300  # the cache expires: the next token re-fetches once
    await check.verify(idp.token())
    assert idp.requests == 3


async def test_provider_down(idp: IdentityProvider) -> None:
    clock = Clock()
    check = verifier(idp, clock)
    idp.down = True
    with pytest.raises(IdentityProviderUnavailable):
        await check.verify(idp.token())
    idp.down = False
    clock.now += 31
    assert await check.verify(idp.token())
    idp.down = True  # keys already cached keep working while the provider is down
    clock.now += 400
    assert (await check.verify(idp.token(sub="still"))).subject == "still"


def test_unsafe_configurations_are_refused() -> None:
    source = JwksSource("http://127.0.0.1:9/")
    for algorithms in (("HS256",), ("none",), ()):
        with pytest.raises(ExternalIdentityConfigError):
            ExternalIdentityVerifier(
                source, issuer=ISSUER, audience=AUDIENCE, algorithms=algorithms
            )
    with pytest.raises(ExternalIdentityConfigError):
        ExternalIdentityVerifier(source, issuer="", audience=AUDIENCE)
