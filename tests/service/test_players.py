"""PlayerService over a real gRPC channel: sign-in, sessions, the player, linking, and
the status code and ErrorInfo reason of every refusal."""

from __future__ import annotations

import secrets
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import grpc
import jwt
import pytest

from fiveup.v1 import players_pb2 as pb
from fiveup.v1 import players_pb2_grpc

from ..harness import Running, auth, start, stop
from ..identity.idp import IdentityProvider, rsa_key, serve_idp
from .helpers import error_info


@pytest.fixture
def idp() -> Iterator[IdentityProvider]:
    with serve_idp(rsa_key("rsa-1")) as provider:
        yield provider


@pytest.fixture
async def server(tmp_path: Path, idp: IdentityProvider) -> AsyncIterator[Running]:
    running = await start(
        tmp_path / "players.sqlite3",
        id_token_issuer=idp.issuer,
        id_token_audience=idp.audience,
        id_token_jwks_url=idp.url,
        access_token_ttl_seconds=60.0,
    )
    try:
        yield running
    finally:
        await stop(running)


def stub(server: Running) -> players_pb2_grpc.PlayerServiceStub:
    return players_pb2_grpc.PlayerServiceStub(server.channel)


def device_id() -> str:
    return secrets.token_urlsafe(24)


async def refused(call, code: grpc.StatusCode, reason: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    info = error_info(caught.value)
    assert info.reason == reason and info.domain == "fiveup.v1"
    return dict(info.metadata)


async def test_guest_sign_in_creates_once_and_signs_in_the_same_player(server: Running) -> None:
    players = stub(server)
    device = device_id()
    first = await players.SignInAsGuest(
        pb.SignInAsGuestRequest(device_id=device, display_name="Ada")
    )
    assert first.created
    player = first.session.player
    assert player.display_name == "Ada" and player.identities == [pb.IDENTITY_KIND_DEVICE]
    again = await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))
    assert not again.created and again.session.player.player_id == player.player_id
    assert again.session.access_token != first.session.access_token
    assert again.session.refresh_token != first.session.refresh_token
    got = await players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(again.session.access_token))
    assert got.player.player_id == player.player_id and got.player.display_name == "Ada"
    assert got.player.last_seen_at.ToSeconds() >= got.player.created_at.ToSeconds()
    expires = first.session.access_token_expires_at.ToSeconds()
    assert 0 < expires - time.time() <= 61


async def test_guest_without_a_name_gets_one(server: Running) -> None:
    signed = await stub(server).SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))
    assert signed.session.player.display_name.startswith("Guest-")


async def test_refresh_rotates_and_reuse_ends_the_session(server: Running) -> None:
    players = stub(server)
    signed = await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))
    first = signed.session
    second = (
        await players.RefreshSession(pb.RefreshSessionRequest(refresh_token=first.refresh_token))
    ).session
    assert second.refresh_token != first.refresh_token
    assert second.player.player_id == first.player.player_id
    third = (
        await players.RefreshSession(pb.RefreshSessionRequest(refresh_token=second.refresh_token))
    ).session
    await players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(third.access_token))
    # The first refresh token comes back (stolen, or replayed): the session ends.
    await refused(
        players.RefreshSession(pb.RefreshSessionRequest(refresh_token=first.refresh_token)),
        grpc.StatusCode.UNAUTHENTICATED, "REFRESH_TOKEN_REUSED",
    )  # fmt: skip
    await refused(
        players.RefreshSession(pb.RefreshSessionRequest(refresh_token=third.refresh_token)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip
    # ... and so do its access tokens, even unexpired ones.
    await refused(
        players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(third.access_token)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip


async def test_sign_out_ends_only_that_session(server: Running) -> None:
    players = stub(server)
    device = device_id()
    laptop = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    phone = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    await players.SignOut(pb.SignOutRequest(refresh_token=laptop.refresh_token))
    await refused(
        players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(laptop.access_token)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip
    await refused(
        players.RefreshSession(pb.RefreshSessionRequest(refresh_token=laptop.refresh_token)),
        grpc.StatusCode.UNAUTHENTICATED, "SESSION_REVOKED",
    )  # fmt: skip
    await players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(phone.access_token))
    await refused(
        players.SignOut(pb.SignOutRequest(refresh_token="never-issued")),
        grpc.StatusCode.UNAUTHENTICATED, "INVALID_REFRESH_TOKEN",
    )  # fmt: skip


async def test_update_player_validates_the_name(server: Running) -> None:
    players = stub(server)
    session = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))).session
    token = auth(session.access_token)
    updated = await players.UpdatePlayer(
        pb.UpdatePlayerRequest(display_name="Zoe\u0308"), metadata=token
    )
    assert updated.player.display_name == "Zoë"
    meta = await refused(
        players.UpdatePlayer(pb.UpdatePlayerRequest(display_name="evil\u202etxt"), metadata=token),
        grpc.StatusCode.INVALID_ARGUMENT, "NAME_INVISIBLE",
    )  # fmt: skip
    assert meta["field"] == "display_name" and meta["problem"] == "INVISIBLE_CHARACTER"
    got = await players.GetPlayer(pb.GetPlayerRequest(), metadata=token)
    assert got.player.display_name == "Zoë"  # unchanged by the refused update
    await refused(
        players.UpdatePlayer(pb.UpdatePlayerRequest(display_name="x")),
        grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED",
    )  # fmt: skip


async def test_bad_device_ids(server: Running) -> None:
    for bad in ("", "short", "x" * 129, "has space in it!!", "é" * 20):
        meta = await refused(
            stub(server).SignInAsGuest(pb.SignInAsGuestRequest(device_id=bad)),
            grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
        )  # fmt: skip
        assert meta["field"] == "device_id"


async def test_external_sign_in_maps_the_subject_to_one_player(
    server: Running, idp: IdentityProvider
) -> None:
    players = stub(server)
    first = await players.SignInWithIdToken(
        pb.SignInWithIdTokenRequest(id_token=idp.token(sub="auth0|42", name="Grace Hopper"))
    )
    assert first.created and first.session.player.display_name == "Grace Hopper"
    assert list(first.session.player.identities) == [pb.IDENTITY_KIND_EXTERNAL]
    again = await players.SignInWithIdToken(
        pb.SignInWithIdTokenRequest(id_token=idp.token(sub="auth0|42"))
    )
    assert not again.created
    assert again.session.player.player_id == first.session.player.player_id


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda idp: idp.token(now=time.time() - 3600), "TOKEN_EXPIRED"),
        (lambda idp: idp.token(aud="someone-else"), "WRONG_AUDIENCE"),
        (lambda idp: idp.token(iss="https://evil.example"), "WRONG_ISSUER"),
        (lambda idp: idp.token(rsa_key("rotated-away")), "UNKNOWN_KEY_ID"),
        (lambda idp: idp.token(rsa_key("rsa-1")), "INVALID_SIGNATURE"),  # a stranger's key
        (
            lambda idp: jwt.encode(
                {"iss": idp.issuer, "aud": idp.audience, "sub": "x", "exp": int(time.time()) + 60,
                 "iat": int(time.time())},
                None, algorithm="none", headers={"kid": "rsa-1"},
            ),
            "ALGORITHM_NOT_ALLOWED",
        ),
        (lambda idp: "garbage", "MALFORMED_TOKEN"),
    ],
    ids=["expired", "audience", "issuer", "kid", "signature", "alg-none", "garbage"],
)  # fmt: skip
async def test_external_refusals(server: Running, idp: IdentityProvider, make, reason: str) -> None:  # type: ignore[no-untyped-def]
    await refused(
        stub(server).SignInWithIdToken(pb.SignInWithIdTokenRequest(id_token=make(idp))),
        grpc.StatusCode.UNAUTHENTICATED,
        reason,
    )


async def test_access_token_refusals(server: Running) -> None:
    players = stub(server)
    session = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))).session
    header, payload, signature = session.access_token.split(".")
    tampered = f"{header}.{payload}.{signature[:-3]}AAA"
    claims = jwt.decode(session.access_token, options={"verify_signature": False})
    unsigned = jwt.encode(
        claims, None, algorithm="none", headers={"kid": "ephemeral", "typ": "at+jwt"}
    )
    for token, reason in [
        (tampered, "INVALID_SIGNATURE"),
        (unsigned, "ALGORITHM_NOT_ALLOWED"),
        ("not-a-token", "MALFORMED_TOKEN"),
    ]:
        await refused(
            players.GetPlayer(pb.GetPlayerRequest(), metadata=auth(token)),
            grpc.StatusCode.UNAUTHENTICATED, reason,
        )  # fmt: skip


async def test_a_guest_links_their_account_and_keeps_their_player(
    server: Running, idp: IdentityProvider
) -> None:
    players = stub(server)
    device = device_id()
    guest = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device))).session
    token = auth(guest.access_token)
    linked = await players.LinkIdentity(
        pb.LinkIdentityRequest(id_token=idp.token(sub="new-account")), metadata=token
    )
    assert set(linked.player.identities) == {pb.IDENTITY_KIND_DEVICE, pb.IDENTITY_KIND_EXTERNAL}
    via_account = await players.SignInWithIdToken(
        pb.SignInWithIdTokenRequest(id_token=idp.token(sub="new-account"))
    )
    assert not via_account.created
    assert via_account.session.player.player_id == guest.player.player_id
    # A second device joins the same player.
    tablet = device_id()
    await players.LinkIdentity(pb.LinkIdentityRequest(device_id=tablet), metadata=token)
    via_tablet = await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=tablet))
    assert via_tablet.session.player.player_id == guest.player.player_id
    # Someone else cannot take the account or the device.
    other = (await players.SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))).session
    for request in (
        pb.LinkIdentityRequest(id_token=idp.token(sub="new-account")),
        pb.LinkIdentityRequest(device_id=device),
    ):
        await refused(
            players.LinkIdentity(request, metadata=auth(other.access_token)),
            grpc.StatusCode.ALREADY_EXISTS, "IDENTITY_IN_USE",
        )  # fmt: skip
    await refused(
        players.LinkIdentity(pb.LinkIdentityRequest(), metadata=token),
        grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT",
    )  # fmt: skip


async def test_without_an_identity_provider(tmp_path: Path) -> None:
    running = await start(tmp_path / "plain.sqlite3")
    try:
        await refused(
            stub(running).SignInWithIdToken(pb.SignInWithIdTokenRequest(id_token="x.y.z")),
            grpc.StatusCode.FAILED_PRECONDITION, "EXTERNAL_IDENTITY_NOT_CONFIGURED",
        )  # fmt: skip
    finally:
        await stop(running)


async def test_sessions_survive_a_restart_with_configured_keys(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "k1").write_text(secrets.token_urlsafe(48))
    db = tmp_path / "restart.sqlite3"
    first = await start(db, access_token_keys=str(keys))
    try:
        session = (
            await stub(first).SignInAsGuest(pb.SignInAsGuestRequest(device_id=device_id()))
        ).session
    finally:
        await stop(first)
    second = await start(db, access_token_keys=str(keys))
    try:
        got = await stub(second).GetPlayer(
            pb.GetPlayerRequest(), metadata=auth(session.access_token)
        )
        assert got.player.player_id == session.player.player_id
        await stub(second).RefreshSession(
            pb.RefreshSessionRequest(refresh_token=session.refresh_token)
        )
    finally:
        await stop(second)
