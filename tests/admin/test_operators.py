"""Who is an operator, over a real channel: this service's operator credential (from the
server's keys, ``fiveup admin credential``, or printed at start-up), an ID token of the
identity provider with the operator role -- and the tokens that are neither: a player's
access token is refused by AdminService, an operator credential by the players'
methods, and a credential no key of the server signed is UNAUTHENTICATED."""

from __future__ import annotations

import os
import queue
import secrets
import subprocess
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import grpc
import jwt
import pytest

from fiveup.admin.operators import OPERATOR_CREDENTIAL_LINE
from fiveup.app.config import ConfigError
from fiveup.identity.keys import ensure_local_key
from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import admin_pb2_grpc, lobby_pb2, lobby_pb2_grpc
from fiveup.v1 import players_pb2 as players_pb

from ..harness import ROOT, Running, auth, fiveup_command, start, stop
from ..identity.idp import IdentityProvider, rsa_key, serve_idp
from ..service.helpers import error_info
from .operators import admin_stub, operator_token, player_token, players_stub

ROLE = "roles=fiveup-operator"


async def refused(call, code: grpc.StatusCode, reason: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call
    assert caught.value.code() == code, caught.value.details()
    assert error_info(caught.value).reason == reason, caught.value.details()


async def test_an_operator_credential_names_its_operator(server: Running) -> None:
    before = time.time()
    token = operator_token(server, "ada")
    me = await admin_stub(server).GetOperator(pb.GetOperatorRequest(), metadata=auth(token))
    assert (me.operator_id, me.display_name) == ("local:ada", "ada")
    assert before + 12 * 3600 - 2 <= me.expires_at.ToSeconds() <= time.time() + 12 * 3600
    header = jwt.get_unverified_header(token)
    claims = jwt.decode(token, options={"verify_signature": False})
    assert header["typ"] == "op+jwt" and header["alg"] == "HS256"
    assert claims["aud"] == "fiveup:admin" and claims["sub"] == "local:ada" and claims["jti"]


async def test_a_players_token_is_not_an_operators(server: Running) -> None:
    token = await player_token(server, "Mallory")
    await refused(
        admin_stub(server).GetOperator(pb.GetOperatorRequest(), metadata=auth(token)),
        grpc.StatusCode.PERMISSION_DENIED, "NOT_AN_OPERATOR",
    )  # fmt: skip


async def test_an_operator_credential_is_no_players_token(server: Running) -> None:
    """Refused by the players' methods, which check typ at+jwt and their own audience."""
    token = operator_token(server)
    await refused(
        players_stub(server).GetPlayer(players_pb.GetPlayerRequest(), metadata=auth(token)),
        grpc.StatusCode.UNAUTHENTICATED, "MALFORMED_TOKEN",
    )  # fmt: skip
    lobby = lobby_pb2_grpc.LobbyServiceStub(server.channel)
    await refused(
        lobby.ListMyMatches(lobby_pb2.ListMyMatchesRequest(), metadata=auth(token)),
        grpc.StatusCode.UNAUTHENTICATED, "MALFORMED_TOKEN",
    )  # fmt: skip


def _signed(server: Running, claims: dict[str, object], typ: str) -> str:
    assert server.app.contexts is not None
    signing = server.app.contexts.players.access.keys.signing
    return jwt.encode(claims, signing.secret, algorithm="HS256",
                      headers={"kid": signing.kid, "typ": typ})  # fmt: skip


def _claims(**changes: object) -> dict[str, object]:
    now = int(time.time())
    claims: dict[str, object] = {
        "iss": "fiveup", "aud": "fiveup:admin", "sub": "local:eve", "name": "eve",
        "iat": now, "exp": now + 600, "jti": "x",
    }  # fmt: skip
    claims.update(changes)
    return {k: v for k, v in claims.items() if v is not None}


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda s: _signed(s, _claims(iat=int(time.time()) - 7200, exp=int(time.time()) - 3600),
                           "op+jwt"), "TOKEN_EXPIRED"),
        (lambda s: _signed(s, _claims(aud="fiveup"), "op+jwt"), "WRONG_AUDIENCE"),
        (lambda s: _signed(s, _claims(iss="someone"), "op+jwt"), "WRONG_ISSUER"),
        (lambda s: _signed(s, _claims(jti=None), "op+jwt"), "MALFORMED_TOKEN"),
        (lambda s: _signed(s, _claims(sub="local:root"), "op+jwt"), "MALFORMED_TOKEN"),
        (lambda s: _signed(s, _claims(), "JWT"), "MALFORMED_TOKEN"),
        # a player's type with the operators' audience: the players' check refuses it
        (lambda s: _signed(s, _claims(sid="s"), "at+jwt"), "WRONG_AUDIENCE"),
        (lambda s: jwt.encode(_claims(), secrets.token_bytes(32), algorithm="HS256",
                              headers={"kid": "ephemeral", "typ": "op+jwt"}), "INVALID_SIGNATURE"),
        (lambda s: jwt.encode(_claims(), secrets.token_bytes(32), algorithm="HS256",
                              headers={"kid": "k2", "typ": "op+jwt"}), "UNKNOWN_KEY_ID"),
        (lambda s: jwt.encode(_claims(), None, algorithm="none",
                              headers={"typ": "op+jwt"}), "ALGORITHM_NOT_ALLOWED"),
        (lambda s: "not-a-jwt", "MALFORMED_TOKEN"),
    ],
    ids=["expired", "players-audience", "other-issuer", "no-jti", "subject-not-name",
         "no-type", "player-type", "other-key", "unknown-kid", "alg-none", "garbage"],
)  # fmt: skip
async def test_a_credential_that_does_not_verify_is_unauthenticated(
    server: Running,
    make,
    reason: str,  # type: ignore[no-untyped-def]
) -> None:
    await refused(
        admin_stub(server).GetOperator(pb.GetOperatorRequest(), metadata=auth(make(server))),
        grpc.StatusCode.UNAUTHENTICATED, reason,
    )  # fmt: skip


# --------------------------------------------------------------------------- the provider


@pytest.fixture
def idp() -> Iterator[IdentityProvider]:
    with serve_idp(rsa_key("rsa-1")) as provider:
        yield provider


async def _with_provider(tmp_path: Path, idp: IdentityProvider, role: str) -> Running:
    return await start(
        tmp_path / "admin.sqlite3", id_token_issuer=idp.issuer, id_token_audience=idp.audience,
        id_token_jwks_url=idp.url, operator_role_claim=role,
    )  # fmt: skip


@pytest.fixture
async def provided(tmp_path: Path, idp: IdentityProvider) -> AsyncIterator[Running]:
    running = await _with_provider(tmp_path, idp, ROLE)
    try:
        yield running
    finally:
        await stop(running)


@pytest.mark.parametrize(
    "roles", [["player", "fiveup-operator"], "fiveup-operator"], ids=["list", "string"]
)
async def test_an_id_token_with_the_role_is_an_operator(
    provided: Running, idp: IdentityProvider, roles: object
) -> None:
    token = idp.token(sub="auth0|7", name="Grace", roles=roles)
    me = await admin_stub(provided).GetOperator(pb.GetOperatorRequest(), metadata=auth(token))
    assert (me.operator_id, me.display_name) == (f"{idp.issuer}#auth0|7", "Grace")


@pytest.mark.parametrize(
    "roles", [None, ["player"], "fiveup-operators", ["FIVEUP-OPERATOR"], 1],
    ids=["none", "other-role", "longer-string", "other-case", "not-a-string"],
)  # fmt: skip
async def test_an_id_token_without_the_role_is_not_an_operator(
    provided: Running, idp: IdentityProvider, roles: object
) -> None:
    token = idp.token(sub="auth0|8", roles=roles)
    await refused(
        admin_stub(provided).GetOperator(pb.GetOperatorRequest(), metadata=auth(token)),
        grpc.StatusCode.PERMISSION_DENIED, "NOT_AN_OPERATOR",
    )  # fmt: skip


async def test_a_forged_id_token_is_unauthenticated(
    provided: Running, idp: IdentityProvider
) -> None:
    forged = idp.token(rsa_key("rsa-1"), roles=["fiveup-operator"])  # a stranger's key, same kid
    await refused(
        admin_stub(provided).GetOperator(pb.GetOperatorRequest(), metadata=auth(forged)),
        grpc.StatusCode.UNAUTHENTICATED, "INVALID_SIGNATURE",
    )  # fmt: skip


async def test_without_the_setting_no_id_token_is_an_operators(
    tmp_path: Path, idp: IdentityProvider
) -> None:
    running = await _with_provider(tmp_path, idp, "")
    try:
        token = idp.token(roles=["fiveup-operator"])
        await refused(
            admin_stub(running).GetOperator(pb.GetOperatorRequest(), metadata=auth(token)),
            grpc.StatusCode.PERMISSION_DENIED, "NOT_AN_OPERATOR",
        )  # fmt: skip
    finally:
        await stop(running)


@pytest.mark.parametrize("role", ["roles", "=x", "sub=me", "roles="])
async def test_a_role_claim_that_cannot_work_stops_the_server(tmp_path: Path, role: str) -> None:
    with pytest.raises(ConfigError, match="operator_role_claim"):
        await start(tmp_path / "x.sqlite3", operator_role_claim=role)


# --------------------------------------------------------------------------- issuing


def _admin_credential(
    *flags: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*fiveup_command(), "admin", "credential", *flags], cwd=ROOT, capture_output=True,
        text=True, timeout=60, env=env,
    )  # fmt: skip


async def test_fiveup_admin_credential_signs_with_the_servers_key_directory(
    tmp_path: Path,
) -> None:
    keys = ensure_local_key(tmp_path / "keys")
    done = _admin_credential("--name", "ada", "--access-token-keys", str(keys), "--ttl", "600")
    assert done.returncode == 0, done.stderr
    token = done.stdout.strip()
    assert "\n" not in token and "local:ada" in done.stderr
    running = await start(tmp_path / "admin.sqlite3", access_token_keys=str(keys))
    try:
        me = await admin_stub(running).GetOperator(pb.GetOperatorRequest(), metadata=auth(token))
        assert me.operator_id == "local:ada"
        assert me.expires_at.ToSeconds() <= time.time() + 601
    finally:
        await stop(running)


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (("--name", "ada"), "no access-token key directory"),
        (("--name", "a b", "--access-token-keys", "KEYS"), "operator name"),
        (("--name", "ada", "--access-token-keys", "MISSING"), "does not exist"),
    ],
    ids=["no-keys", "bad-name", "missing-directory"],
)
def test_fiveup_admin_credential_refuses_in_one_line(
    tmp_path: Path, flags: tuple[str, ...], says: str
) -> None:
    keys = ensure_local_key(tmp_path / "keys")
    flags = tuple(
        str(keys) if f == "KEYS" else str(tmp_path / "nowhere") if f == "MISSING" else f
        for f in flags
    )
    env = {k: v for k, v in os.environ.items() if k != "FIVEUP_ACCESS_TOKEN_KEYS"}
    done = _admin_credential(*flags, env=env)
    assert done.returncode == 1 and not done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("fiveup admin: ") and says in lines[0], lines


async def test_a_credential_printed_at_start_up_works_with_an_ephemeral_key(
    tmp_path: Path,
) -> None:
    """The local stack's way (``make run``): the serving process signs it, so even a key
    that lives only in that process gives a working credential."""
    env = {k: v for k, v in os.environ.items() if k != "FIVEUP_ACCESS_TOKEN_KEYS"}
    command = [*fiveup_command(), "serve", "--address", "127.0.0.1:0", "--db",
               str(tmp_path / "x.sqlite3"), "--metrics-port", "-1",
               "--print-operator-credential", "ada"]  # fmt: skip
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env)  # fmt: skip
    lines: queue.Queue[str] = queue.Queue()
    assert proc.stdout is not None
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()  # type: ignore[union-attr]
    try:
        seen = [lines.get(timeout=60) for _ in range(2)]
        assert seen[0].startswith(OPERATOR_CREDENTIAL_LINE), seen
        assert "gRPC listening on" in seen[1], seen
        token = seen[0][len(OPERATOR_CREDENTIAL_LINE) :].strip()
        address = seen[1].split("listening on ")[1].split()[0]
        async with grpc.aio.insecure_channel(address) as channel:
            me = await admin_pb2_grpc.AdminServiceStub(channel).GetOperator(
                pb.GetOperatorRequest(), metadata=auth(token)
            )
        assert me.operator_id == "local:ada"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
