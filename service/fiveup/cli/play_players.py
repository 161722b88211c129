"""``fiveup play`` as a signed-in player: a guest identity kept in a file (the "device"),
a session that refreshes itself, and two ways to a seat -- the matchmaker, or resuming
the match in progress (from this or any other process signed in as the same player)."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import grpc

from ..shared.usererror import UserError
from ..v1 import lobby_pb2, lobby_pb2_grpc, players_pb2, players_pb2_grpc
from ..v1 import match_pb2 as pb

DEFAULT_DEVICE_FILE = Path.home() / ".config" / "fiveup" / "device-id"
REFRESH_MARGIN = 60.0  # refresh the access token this long before it expires


class NoMatchToResume(UserError):
    """--resume, but the player has no match in progress."""


@dataclass(frozen=True)
class Seat:
    """Where the player sits: a match and a seat of it."""

    match_id: str
    seat: int


def device_id(path: Path) -> str:
    """This "device"'s id: read from ``path``, or made and saved there on first use."""
    try:
        if path.exists():
            saved = path.read_text().strip()
            if saved:
                return saved
        path.parent.mkdir(parents=True, exist_ok=True)
        made = secrets.token_urlsafe(24)
        path.write_text(made + "\n")
        path.chmod(0o600)  # whoever reads it signs in as the player
    except OSError as exc:
        raise UserError(
            f"cannot use the device file {path}: {exc.strerror}; pass --device-file PATH"
        ) from None
    return made


@dataclass
class Credentials:
    """A signed-in player's session; ``metadata()`` refreshes it when it nears expiry."""

    stub: players_pb2_grpc.PlayerServiceAsyncStub  # the async stub exists in the type stubs only
    session: players_pb2.Session
    device: str = ""  # the device id signed in with

    @classmethod
    async def sign_in(cls, channel: grpc.aio.Channel, device_file: Path) -> Credentials:
        stub = players_pb2_grpc.PlayerServiceStub(channel)
        device = device_id(device_file)
        signed = await stub.SignInAsGuest(players_pb2.SignInAsGuestRequest(device_id=device))
        return cls(stub, signed.session, device)

    async def sign_in_again(self) -> None:
        """A new session for the same device (the server no longer accepts this one: a
        development server restarted with a new signing key)."""
        signed = await self.stub.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=self.device)
        )
        self.session = signed.session

    @property
    def player(self) -> players_pb2.Player:
        return self.session.player

    async def metadata(self) -> tuple[tuple[str, str], ...]:
        expires = self.session.access_token_expires_at.ToNanoseconds() / 1e9
        if expires - time.time() < REFRESH_MARGIN:
            refreshed = await self.stub.RefreshSession(
                players_pb2.RefreshSessionRequest(refresh_token=self.session.refresh_token)
            )
            self.session = refreshed.session
        return (("authorization", f"Bearer {self.session.access_token}"),)


async def queue_for_a_seat(
    channel: grpc.aio.Channel,
    creds: Credentials,
    players: int,
    bot_wait: int,
    out: TextIO,
    target: int = 0,
) -> Seat:
    """FindMatch until seated (bots fill the table after ``bot_wait`` seconds) at a table
    playing to ``target`` displayed points (0: the standard 61)."""
    lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
    request = lobby_pb2.FindMatchRequest(
        players=players, allow_bots=True, bot_wait_seconds=bot_wait, target_points=target
    )
    async for message in lobby.FindMatch(request, metadata=await creds.metadata()):
        if message.HasField("matched"):
            return Seat(message.matched.match_id, message.matched.seat)
        waiting = message.searching.players_waiting
        print(f"Searching for a {players}-seat table ({waiting} waiting)…", file=out, flush=True)
    raise UserError("the server ended the search without a seat; try --queue again")


async def match_in_progress(channel: grpc.aio.Channel, creds: Credentials) -> Seat:
    """The player's newest match in progress (ListMyMatches lists those first)."""
    lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
    page = await lobby.ListMyMatches(
        lobby_pb2.ListMyMatchesRequest(page_size=1), metadata=await creds.metadata()
    )
    for match in page.matches:
        if match.status == pb.MATCH_STATUS_IN_PROGRESS:
            return Seat(match.match_id, match.seat)
    raise NoMatchToResume("no match in progress to resume: start one with --queue 2")
