"""Players who farm ratings, and players who do not, through the public API of a real
server: guests signing in from an address of their own (``x-forwarded-for`` through the
loopback proxy the test server trusts), rated two-player matches played out with legal
moves, or cut short -- each seat makes its few own moves, then one side resigns (the
paths bench/farming.py plays)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

import grpc

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc

# What the test server needs so that each guest's address is its own: the loopback
# connection is a trusted proxy, and the header names the client behind it.
FORWARDED = {"client_address_header": "x-forwarded-for", "trusted_proxies": "127.0.0.1/32"}

Pick = Callable[[list[pb.Move]], pb.Move]


@dataclass(frozen=True)
class Guest:
    name: str
    access: str
    player_id: str
    address: str  # where its calls come from

    def metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.access}"), ("x-forwarded-for", self.address))


async def guest(channel: grpc.aio.Channel, name: str, address: str) -> Guest:
    request = players_pb2.SignInAsGuestRequest(
        device_id=secrets.token_urlsafe(20), display_name=name
    )
    stub = players_pb2_grpc.PlayerServiceStub(channel)
    session = (await stub.SignInAsGuest(request, metadata=(("x-forwarded-for", address),))).session
    return Guest(name, session.access_token, session.player.player_id, address)


def best(moves: list[pb.Move]) -> pb.Move:
    return max(moves, key=lambda m: m.place.points if m.HasField("place") else -1)


def worst(moves: list[pb.Move]) -> pb.Move:
    return min(moves, key=lambda m: m.place.points if m.HasField("place") else -1)


class Table:
    """A two-player rated match of two guests (created rated: every seat a person)."""

    def __init__(self, matches: match_pb2_grpc.MatchServiceStub, match_id: str,
                 seats: tuple[Guest, Guest]) -> None:  # fmt: skip
        self.matches = matches
        self.match_id = match_id
        self.seats = seats
        self.own_moves = [0, 0]

    @classmethod
    async def open(cls, channel: grpc.aio.Channel, a: Guest, b: Guest, target: int) -> Table:
        matches = match_pb2_grpc.MatchServiceStub(channel)
        human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
        created = await matches.CreateMatch(
            pb.CreateMatchRequest(seats=[human, human], target_points=target),
            metadata=a.metadata(),
        )
        for seat, player in enumerate((a, b)):
            await matches.JoinMatch(
                pb.JoinMatchRequest(match_id=created.match_id, seat=seat),
                metadata=player.metadata(),
            )
        return cls(matches, created.match_id, (a, b))

    async def view(self, seat: int = 0) -> pb.MatchView:
        request = pb.GetMatchRequest(match_id=self.match_id)
        return (await self.matches.GetMatch(request, metadata=self.seats[seat].metadata())).view

    async def move(self, picks: tuple[Pick, Pick]) -> bool:
        """The seat to move moves (its pick among its legal moves); False once over."""
        view = await self.view()
        if view.status != pb.MATCH_STATUS_IN_PROGRESS:
            return False
        seat = view.turn_seat
        mine = await self.view(seat)
        submit = pb.SubmitMoveRequest(
            match_id=self.match_id, move=picks[seat](list(mine.legal_moves)),
            expected_version=mine.version, request_id=f"v{mine.version}",
        )  # fmt: skip
        await self.matches.SubmitMove(submit, metadata=self.seats[seat].metadata())
        self.own_moves[seat] += 1
        return True

    async def play_out(self, rng: random.Random) -> pb.MatchView:
        """Both seats play random legal moves to the end."""
        pick = rng.choice
        while await self.move((pick, pick)):
            pass
        return await self.view()

    async def thrown(self, own_moves: int) -> pb.MatchView:
        """The first seat plays its best, the second its worst, until each has made
        ``own_moves`` moves of its own; then the second resigns."""
        while min(self.own_moves) < own_moves and await self.move((best, worst)):
            pass
        resign = pb.ResignRequest(match_id=self.match_id)
        await self.matches.Resign(resign, metadata=self.seats[1].metadata())
        return await self.view()
