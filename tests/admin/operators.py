"""Tokens for AdminService tests: an operator's credential (signed by the running
server's own keys, as ``fiveup admin credential`` and ``make run`` make them), a
player's access token (a guest signed in through PlayerService), and the stubs."""

from __future__ import annotations

import secrets

import grpc

from fiveup.v1 import admin_pb2_grpc, players_pb2_grpc
from fiveup.v1 import players_pb2 as players_pb

from ..harness import Running, auth


def operator_token(server: Running, name: str = "ops", *, ttl_seconds: float | None = None) -> str:
    """A fresh operator credential of ``server`` for ``local:<name>``."""
    assert server.app.contexts is not None
    credentials = server.app.contexts.admin.operators.credentials
    return credentials.issue(name, ttl_seconds=ttl_seconds).token


def operator_auth(server: Running, name: str = "ops") -> tuple[tuple[str, str], ...]:
    """The call metadata of an operator: ``metadata=operator_auth(server)``."""
    return auth(operator_token(server, name))


def admin_stub(server: Running) -> admin_pb2_grpc.AdminServiceStub:
    return admin_pb2_grpc.AdminServiceStub(server.channel)


def players_stub(server: Running) -> players_pb2_grpc.PlayerServiceStub:
    return players_pb2_grpc.PlayerServiceStub(server.channel)


async def sign_in_guest(
    channel: grpc.aio.Channel, name: str = "", device_id: str | None = None
) -> players_pb.Session:
    """A guest's session, signed in through the real PlayerService."""
    stub = players_pb2_grpc.PlayerServiceStub(channel)
    answer = await stub.SignInAsGuest(
        players_pb.SignInAsGuestRequest(
            device_id=device_id or secrets.token_urlsafe(24), display_name=name
        )
    )
    return answer.session


async def player_token(server: Running, name: str = "") -> str:
    """A signed-in guest's access token (a valid token that is not an operator's)."""
    return (await sign_in_guest(server.channel, name)).access_token
