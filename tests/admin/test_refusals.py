"""Every AdminService method, found by reflection over a real channel, refuses every
token that is not an operator's -- a player's access token, an ID token without the
operator role, no token, a forged one (another key; ``alg: none``), an expired one --
with the right status and reason, and lets an operator's credential and an operator's
ID token through to the method (UNIMPLEMENTED stands for an area not built yet: it is
past the authentication either way).

The methods come from the server's reflection service, so a method added to the proto
is called here without this file changing (and the list must agree with the stubs'
descriptor: no method is served unadvertised)."""

from __future__ import annotations

import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import jwt
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from fiveup.v1 import admin_pb2

from ..harness import Running, auth, start, stop
from ..identity.idp import IdentityProvider, rsa_key, serve_idp
from ..service.helpers import error_info
from .operators import operator_token, player_token

SERVICE = "fiveup.v1.AdminService"
AUTH_REFUSALS = {
    (grpc.StatusCode.UNAUTHENTICATED, None),  # any reason
    (grpc.StatusCode.PERMISSION_DENIED, "NOT_AN_OPERATOR"),
}


@dataclass(frozen=True)
class Method:
    name: str
    input_type: str  # without the package


async def reflected_methods(channel: grpc.aio.Channel) -> list[Method]:
    """AdminService's methods as the server's reflection service describes them."""
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)

    async def ask() -> AsyncIterator[reflection_pb2.ServerReflectionRequest]:
        yield reflection_pb2.ServerReflectionRequest(list_services="")
        yield reflection_pb2.ServerReflectionRequest(file_containing_symbol=SERVICE)

    answers = [answer async for answer in stub.ServerReflectionInfo(ask())]
    listed = {s.name for s in answers[0].list_services_response.service}
    assert SERVICE in listed, listed
    methods = []
    for raw in answers[1].file_descriptor_response.file_descriptor_proto:
        file = descriptor_pb2.FileDescriptorProto.FromString(raw)
        for service in file.service:
            if f"{file.package}.{service.name}" == SERVICE:
                methods += [
                    Method(m.name, m.input_type.rsplit(".", 1)[-1])
                    for m in service.method
                    if not (m.client_streaming or m.server_streaming)
                ]
    return methods


@pytest.fixture(scope="module")
def idp() -> Iterator[IdentityProvider]:
    with serve_idp(rsa_key("rsa-1")) as provider:
        yield provider


@pytest.fixture
async def server(tmp_path: Path, idp: IdentityProvider) -> AsyncIterator[Running]:
    running = await start(
        tmp_path / "admin.sqlite3",
        id_token_issuer=idp.issuer, id_token_audience=idp.audience, id_token_jwks_url=idp.url,
        operator_role_claim="roles=fiveup-operator",
    )  # fmt: skip
    try:
        yield running
    finally:
        await stop(running)


@pytest.fixture
async def methods(server: Running) -> list[Method]:
    found = await reflected_methods(server.channel)
    described = admin_pb2.DESCRIPTOR.services_by_name["AdminService"].methods
    assert sorted(m.name for m in found) == sorted(m.name for m in described)
    assert len(found) >= 18
    return found


def _forged(typ: str, **claims: object) -> str:
    now = int(time.time())
    body = {"iss": "fiveup", "aud": "fiveup:admin", "sub": "local:eve", "name": "eve",
            "sid": "s", "iat": now, "exp": now + 600, "jti": "j", **claims}  # fmt: skip
    return jwt.encode(body, secrets.token_bytes(32), algorithm="HS256",
                      headers={"kid": "ephemeral", "typ": typ})  # fmt: skip


def _unsigned() -> str:
    """An operator credential's claims under ``alg: none``: signed by nobody."""
    claims = {"sub": "local:eve", "aud": "fiveup:admin", "exp": int(time.time()) + 600}
    return jwt.encode(claims, None, algorithm="none", headers={"typ": "op+jwt"})


def _expired_credential(server: Running) -> str:
    assert server.app.contexts is not None
    credentials = server.app.contexts.admin.operators.credentials
    return credentials.issue("ada", now=time.time() - 7200, ttl_seconds=3600).token


# name -> how to make the bearer token (None: no header), the status and reason expected
Maker = Callable[[Running, IdentityProvider], object]
UNAUTHENTICATED, DENIED = grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.PERMISSION_DENIED
REFUSALS: dict[str, tuple[Maker, grpc.StatusCode, str]] = {
    "no-token": (lambda s, i: None, UNAUTHENTICATED, "UNAUTHENTICATED"),
    "empty-bearer": (lambda s, i: "", UNAUTHENTICATED, "UNAUTHENTICATED"),
    "players-access-token": (lambda s, i: "PLAYER", DENIED, "NOT_AN_OPERATOR"),
    "id-token-without-role": (
        lambda s, i: i.token(sub="p", roles=["player"]),
        DENIED,
        "NOT_AN_OPERATOR",
    ),
    "forged-credential-other-key": (
        lambda s, i: _forged("op+jwt"),
        UNAUTHENTICATED,
        "INVALID_SIGNATURE",
    ),
    "forged-player-token-other-key": (
        lambda s, i: _forged("at+jwt", aud="fiveup"),
        UNAUTHENTICATED,
        "INVALID_SIGNATURE",
    ),
    "alg-none": (lambda s, i: _unsigned(), UNAUTHENTICATED, "ALGORITHM_NOT_ALLOWED"),
    "forged-id-token-with-role": (
        lambda s, i: i.token(rsa_key("rsa-1"), roles=["fiveup-operator"]),
        UNAUTHENTICATED,
        "INVALID_SIGNATURE",
    ),
    "expired-credential": (lambda s, i: _expired_credential(s), UNAUTHENTICATED, "TOKEN_EXPIRED"),
}


async def _call(server: Running, method: Method, bearer: str | None) -> grpc.aio.AioRpcError | None:
    request_class = getattr(admin_pb2, method.input_type)
    call = server.channel.unary_unary(
        f"/{SERVICE}/{method.name}",
        request_serializer=request_class.SerializeToString,
        response_deserializer=lambda raw: raw,
    )
    try:
        await call(request_class(), metadata=None if bearer is None else auth(bearer), timeout=30)
    except grpc.aio.AioRpcError as exc:
        return exc
    return None


@pytest.mark.parametrize("case", sorted(REFUSALS))
async def test_every_method_refuses_every_token_that_is_not_an_operators(
    server: Running, idp: IdentityProvider, methods: list[Method], case: str
) -> None:
    make, code, reason = REFUSALS[case]
    made = make(server, idp)
    bearer = await player_token(server) if made == "PLAYER" else made
    assert bearer is None or isinstance(bearer, str)
    wrong = []
    for method in methods:
        failed = await _call(server, method, bearer)
        if failed is None:
            wrong.append(f"{method.name}: answered OK")
        elif (failed.code(), error_info(failed).reason) != (code, reason):
            wrong.append(f"{method.name}: {failed.code()} {error_info(failed).reason}")
    assert wrong == [], f"{case}: expected {code} {reason}"


@pytest.mark.parametrize("who", ["credential", "id-token-with-role"])
async def test_an_operators_token_gets_past_the_check_on_every_method(
    server: Running, idp: IdentityProvider, methods: list[Method], who: str
) -> None:
    """An empty request may be refused by the method itself (a reason is required, the
    id is empty) or the area may not be built yet (UNIMPLEMENTED): never by the check."""
    bearer = (
        operator_token(server, "ada")
        if who == "credential"
        else idp.token(sub="ops|1", roles=["fiveup-operator"])
    )
    stopped = []
    for method in methods:
        failed = await _call(server, method, bearer)
        if failed is None:
            continue
        code = failed.code()
        assert code != grpc.StatusCode.INTERNAL, (method.name, failed.details())
        if code == grpc.StatusCode.UNIMPLEMENTED:
            continue
        reason = error_info(failed).reason
        if (code, None) in AUTH_REFUSALS or (code, reason) in AUTH_REFUSALS:
            stopped.append(f"{method.name}: {code} {reason}")
    assert stopped == []
