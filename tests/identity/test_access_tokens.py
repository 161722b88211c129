"""The service's own access tokens: issued, verified, and every way one is refused."""

from __future__ import annotations

import base64
import json
import time
from pathlib import Path

import jwt
import pytest

from fiveup.identity import keys as keys_module
from fiveup.identity.access import AccessTokens
from fiveup.identity.errors import (
    AlgorithmNotAllowed,
    InvalidSignature,
    MalformedToken,
    TokenExpired,
    UnknownKeyId,
    WrongAudience,
    WrongIssuer,
)
from fiveup.identity.keys import AccessTokenKeys, KeyConfigError
from fiveup.shared.errors import Unauthenticated

SECRET_A = b"a" * 40
SECRET_B = b"b" * 40


def tokens(signing: str = "k1", ttl: float = 900) -> AccessTokens:
    keys = AccessTokenKeys({"k1": SECRET_A, "k2": SECRET_B}, signing)
    return AccessTokens(keys, issuer="fiveup-test", ttl_seconds=ttl)


def forge(claims: dict[str, object], secret: bytes, **headers: object) -> str:
    return jwt.encode(claims, secret, algorithm="HS256", headers=headers)


def good_claims(**changes: object) -> dict[str, object]:
    now = int(time.time())
    claims: dict[str, object] = {
        "iss": "fiveup-test",
        "aud": "fiveup-test",
        "sub": "p1",
        "sid": "s1",
        "iat": now,
        "exp": now + 60,
    }
    claims.update(changes)
    return {k: v for k, v in claims.items() if v is not None}


def test_issued_token_verifies_and_names_player_and_session() -> None:
    issuer = tokens()
    issued = issuer.issue("player-1", "session-1")
    claims = issuer.verify(issued.token)
    assert (claims.player_id, claims.session_id) == ("player-1", "session-1")
    assert claims.expires_at == issued.expires_at
    assert jwt.get_unverified_header(issued.token)["kid"] == "k1"


def test_rotation_old_key_still_verifies_new_key_signs() -> None:
    old = tokens(signing="k1").issue("p", "s")
    rotated = tokens(signing="k2")
    assert jwt.get_unverified_header(rotated.issue("p", "s").token)["kid"] == "k2"
    assert rotated.verify(old.token).player_id == "p"  # k1 is still a verification key


@pytest.mark.parametrize(
    ("token", "error"),
    [
        (lambda: tokens().issue("p", "s", now=time.time() - 3600).token, TokenExpired),
        (lambda: forge(good_claims(aud="other"), SECRET_A, kid="k1", typ="at+jwt"), WrongAudience),
        (lambda: forge(good_claims(iss="other"), SECRET_A, kid="k1", typ="at+jwt"), WrongIssuer),
        (lambda: forge(good_claims(), SECRET_A, kid="k9", typ="at+jwt"), UnknownKeyId),
        (lambda: forge(good_claims(), b"z" * 40, kid="k1", typ="at+jwt"), InvalidSignature),
        (lambda: forge(good_claims(sid=None), SECRET_A, kid="k1", typ="at+jwt"), MalformedToken),
        (lambda: forge(good_claims(), SECRET_A, kid="k1"), MalformedToken),  # not at+jwt
        (lambda: "not.a.jwt", MalformedToken),
        (lambda: "", MalformedToken),
    ],
    ids=[
        "expired", "audience", "issuer", "kid", "signature", "no-sid", "typ", "garbage", "empty",
    ],
)  # fmt: skip
def test_refused_tokens_say_why(token, error) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as caught:
        tokens().verify(token())
    assert isinstance(caught.value, Unauthenticated)


def test_tampered_payload_fails_the_signature() -> None:
    token = tokens().issue("victim", "s").token
    header, payload, signature = token.split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    body["sub"] = "attacker"
    forged = base64.urlsafe_b64encode(json.dumps(body).encode()).rstrip(b"=").decode()
    with pytest.raises(InvalidSignature):
        tokens().verify(f"{header}.{forged}.{signature}")


def test_alg_none_is_refused() -> None:
    unsigned = jwt.encode(good_claims(), None, algorithm="none", headers={"kid": "k1"})
    with pytest.raises(AlgorithmNotAllowed):
        tokens().verify(unsigned)


def test_other_algorithms_are_refused_before_any_key_is_used() -> None:
    token = jwt.encode(good_claims(), SECRET_A * 2, algorithm="HS512", headers={"kid": "k1"})
    with pytest.raises(AlgorithmNotAllowed):
        tokens().verify(token)


# ---------------------------------------------------------------------- keys from a directory


def test_keys_from_a_secret_volume(tmp_path: Path) -> None:
    (tmp_path / "2026-11").write_bytes(SECRET_A + b"\n")
    (tmp_path / "..data").mkdir()  # what a mounted Kubernetes Secret also holds
    keys = AccessTokenKeys.from_directory(str(tmp_path))
    assert keys.signing.kid == "2026-11" and keys.signing.secret == SECRET_A
    (tmp_path / "2026-12").write_bytes(SECRET_B)
    with pytest.raises(KeyConfigError, match="say which one signs"):
        AccessTokenKeys.from_directory(str(tmp_path))
    assert AccessTokenKeys.from_directory(str(tmp_path), "2026-12").signing.secret == SECRET_B


def test_short_or_missing_keys_are_startup_errors(tmp_path: Path) -> None:
    with pytest.raises(KeyConfigError, match="does not exist"):
        AccessTokenKeys.from_directory(str(tmp_path / "nope"))
    with pytest.raises(KeyConfigError, match="holds no key"):
        AccessTokenKeys.from_directory(str(tmp_path))
    (tmp_path / "short").write_bytes(b"x" * 31)
    with pytest.raises(KeyConfigError, match="at least 32"):
        AccessTokenKeys.from_directory(str(tmp_path))
    with pytest.raises(KeyConfigError, match="not among the keys"):
        AccessTokenKeys({"a": SECRET_A}, "b")


def test_a_key_added_to_the_volume_is_picked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rotation step 1: another replica signs with a new key this one has not loaded."""
    monkeypatch.setattr(keys_module, "RELOAD_SECONDS", 0.0)
    (tmp_path / "old").write_bytes(SECRET_A)
    here = AccessTokens(AccessTokenKeys.from_directory(str(tmp_path)), issuer="fiveup-test")
    (tmp_path / "new").write_bytes(SECRET_B)
    there = AccessTokens(AccessTokenKeys.from_directory(str(tmp_path), "new"), issuer="fiveup-test")
    assert here.verify(there.issue("p", "s").token).player_id == "p"


def test_a_verified_token_is_remembered_until_it_expires(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call of a signed-in player carries its token: the second verification answers
    from memory (the signature is not checked again) but not past the token's expiry
    with the same leeway, and a refused token is never remembered."""
    from fiveup.identity import access as access_module

    issuer = tokens(ttl=60)
    issued = issuer.issue("p", "s")
    first = issuer.verify(issued.token)
    checks = []
    real = access_module.verify_jwt

    def counted(*args: object, **kwargs: object) -> object:
        checks.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(access_module, "verify_jwt", counted)
    assert issuer.verify(issued.token) == first and checks == []  # from memory
    later = issued.expires_at + issuer.leeway_seconds + 1
    monkeypatch.setattr(issuer, "_now", lambda: later)
    issuer.verify(issued.token)  # past exp + leeway by the cache's clock: checked again
    assert checks == [1]  # (PyJWT's own clock, not patched here, decides the answer)
    bad = forge(good_claims(), SECRET_B, kid="k1", typ="at+jwt")  # the wrong key signed it
    for _ in range(2):
        with pytest.raises(InvalidSignature):
            issuer.verify(bad)


def test_a_remembered_token_needs_its_key_still_trusted() -> None:
    issuer = tokens()
    issued = issuer.issue("p", "s")
    issuer.verify(issued.token)
    issuer.keys._keys.pop("k1")  # the key withdrawn (as a re-read of its directory does)
    with pytest.raises(UnknownKeyId):
        issuer.verify(issued.token)
