"""Hoarded streams: ten client addresses hold every stream they can get; how many of a
legitimate player's WatchMatch (their own match) and FindMatch calls still get through?

    .venv/bin/python -m bench.stream_hoarding [--scale 1] [--before]

Issue 21, finding 6: each address could hold 100 streams and the server 1,000, so ten
addresses holding idle WatchMatch streams refused every other player's WatchMatch and
FindMatch (TOO_MANY_STREAMS, scope server).  A real server (in this process, SQLite in a
temporary folder) believes x-forwarded-for from 127.0.0.1, as behind Envoy; each
attacker address and each player has its own connections.  Every attacker address tries
110 streams (more than its old cap): anonymous WatchMatch, WatchMatch as signed-in
spectators (on the players' matches and its own), on seats of its own matches (five a
seat), and FindMatch; then ten players, each seated in one of five matches, open their
own WatchMatch and a FindMatch each.  ``--scale N`` divides the server-size settings
(max_server_streams, the reserve, the per-address and anonymous caps) and the attempts
by N (the test suite runs N=5); ``--before`` runs the settings of before the pools.
Last line: ``RESULT legit_stream_success=<share of the players' calls that got through>``.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from fiveup.app.config import ServerConfig
from fiveup.app.server import create_server
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

ATTACKERS = [f"10.66.0.{i}" for i in range(1, 11)]
PLAYERS = [f"10.77.0.{i}" for i in range(1, 11)]
# The stream settings as they were when the issue was filed (no pools).
BEFORE: dict[str, int] = {
    "max_client_streams": 100, "stream_player_reserve": 0, "max_network_streams": 0,
    "max_anonymous_streams": 0, "max_client_anonymous_streams": 0,
    "max_network_anonymous_streams": 0, "max_spectators_per_match": 0,
    "max_seat_streams": 0,
}  # fmt: skip
# The settings that grow with the server's size, divided by --scale.
SCALED = (
    "max_server_streams", "stream_player_reserve", "max_client_streams",
    "max_network_streams", "max_anonymous_streams", "max_client_anonymous_streams",
    "max_network_anonymous_streams",
)  # fmt: skip


def settings(scale: int, before: bool) -> dict[str, object]:
    """The server's stream settings (its defaults, or BEFORE), scaled down by ``scale``."""
    values: dict[str, Any] = {name: getattr(ServerConfig, name) for name in SCALED}
    if before:
        values.update({k: v for k, v in BEFORE.items() if k in SCALED})
    values = {k: max(1, v // scale) if v else 0 for k, v in values.items()}
    if before:
        values.update({k: v for k, v in BEFORE.items() if k not in SCALED})
    values.update(client_address_header="x-forwarded-for", trusted_proxies="127.0.0.1")
    return values


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


@dataclass
class Client:
    """One address's connections and stubs: two connections, since an HTTP/2 connection
    carries at most 100 streams at once (gRPC's default) and an attacker holds more."""

    address: str
    channel: grpc.aio.Channel
    spare: grpc.aio.Channel
    calls: list[Any] = field(default_factory=list)
    seats: list[tuple[str, str]] = field(default_factory=list)  # (match id, seat token)

    def metadata(self, token: str | None = None) -> tuple[tuple[str, str], ...]:
        forwarded = (("x-forwarded-for", self.address),)
        return forwarded + ((("authorization", f"Bearer {token}"),) if token else ())

    @property
    def matches(self) -> match_pb2_grpc.MatchServiceStub:
        return match_pb2_grpc.MatchServiceStub(self.channel)

    @property
    def players(self) -> players_pb2_grpc.PlayerServiceStub:
        return players_pb2_grpc.PlayerServiceStub(self.channel)

    @property
    def lobby(self) -> lobby_pb2_grpc.LobbyServiceStub:
        return lobby_pb2_grpc.LobbyServiceStub(self.channel)

    async def guest(self) -> str:
        response = await self.players.SignInAsGuest(
            players_pb2.SignInAsGuestRequest(device_id=secrets.token_urlsafe(20)),
            metadata=self.metadata(), timeout=30,
        )  # fmt: skip
        return response.session.access_token

    async def own_matches(self, count: int) -> None:
        """``count`` matches of two people created and both seats joined anonymously:
        each seat token is a seated player's."""
        for _ in range(count):
            created = await self.matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human(), human()]), metadata=self.metadata(),
                timeout=30,
            )  # fmt: skip
            for _ in range(2):
                joined = await self.matches.JoinMatch(
                    pb.JoinMatchRequest(match_id=created.match_id), metadata=self.metadata(),
                    timeout=30,
                )  # fmt: skip
                self.seats.append((created.match_id, joined.seat_token))

    def _next(self) -> grpc.aio.Channel:
        self.channel, self.spare = self.spare, self.channel
        return self.channel

    def watch(self, match_id: str, token: str | None = None) -> Any:
        call = match_pb2_grpc.MatchServiceStub(self._next()).WatchMatch(
            pb.WatchMatchRequest(match_id=match_id), metadata=self.metadata(token)
        )
        self.calls.append(call)
        return call

    def find(self, token: str, party: bool = False) -> Any:
        """A search; as ``party``, a party of two whose partner never comes (it waits
        for good, as a hoarder wants)."""
        request = lobby_pb2.FindMatchRequest(players=4, allow_bots=False)
        if party:
            request.party_code = secrets.token_urlsafe(16)
        call = lobby_pb2_grpc.LobbyServiceStub(self._next()).FindMatch(
            request, metadata=self.metadata(token)
        )
        self.calls.append(call)
        return call


async def hoard(attacker: Client, targets: list[str], scale: int) -> None:
    """Open every kind of stream this address can get, 110 in all, more than its old cap
    of 100, spread so that no match's old watcher cap (64) stops it: 40 anonymous
    WatchMatch (two on each of the players' matches, the rest on five matches of its
    own), 30 as signed-in spectators (three on each of the players' matches), 30 on
    seats of its own matches (five on each of six seats), 10 FindMatch."""
    guests = [await attacker.guest() for _ in range(3)]
    await attacker.own_matches(max(1, 5 // scale))
    own = list(dict.fromkeys(match_id for match_id, _ in attacker.seats))
    anonymous, signed_in, seated, searching = (n // scale for n in (40, 30, 30, 10))
    for n in range(anonymous):
        attacker.watch(targets[n % len(targets)] if n < anonymous // 4 else own[n % len(own)])
    for n in range(signed_in):
        watched = targets[n % len(targets)] if n < signed_in // 2 else own[n % len(own)]
        attacker.watch(watched, guests[n % 3])
    for n in range(seated):
        match_id, token = attacker.seats[(n // 5) % len(attacker.seats)]
        attacker.watch(match_id, token)
    for n in range(searching):
        attacker.find(guests[n % 3], party=True)


async def first_message(call: Any, timeout: float = 20.0) -> bool:
    """True when the stream's first message arrives: the call got through."""
    try:
        await asyncio.wait_for(call.read(), timeout)
    except grpc.aio.AioRpcError:
        return False
    return True


@dataclass
class Outcome:
    legit_ok: int
    legit_tried: int
    hoarded: int
    refusal_scopes: set[str]


async def attack(folder: Path, scale: int = 1, before: bool = False) -> Outcome:
    config = ServerConfig(
        address="127.0.0.1:0", db=str(folder / "hoard.sqlite3"), metrics_port=-1,
        grace_seconds=2.0, **settings(scale, before),  # type: ignore[arg-type]
    )  # fmt: skip
    app, port = await create_server(config)
    target = f"127.0.0.1:{port}"
    clients: list[Client] = []
    try:
        for address in ATTACKERS + PLAYERS:
            clients.append(
                Client(
                    address, grpc.aio.insecure_channel(target),
                    grpc.aio.insecure_channel(target),
                )
            )  # fmt: skip
        attackers, players = clients[: len(ATTACKERS)], clients[len(ATTACKERS) :]
        # the players: five matches of two, each player seated by their access token
        sessions = [await player.guest() for player in players]
        targets = []
        for pair in range(0, len(players), 2):
            created = await players[pair].matches.CreateMatch(
                pb.CreateMatchRequest(seats=[human(), human()]),
                metadata=players[pair].metadata(), timeout=30,
            )  # fmt: skip
            targets.append(created.match_id)
            for player, token in zip(
                players[pair : pair + 2], sessions[pair : pair + 2], strict=True
            ):
                await player.matches.JoinMatch(
                    pb.JoinMatchRequest(match_id=created.match_id),
                    metadata=player.metadata(token), timeout=30,
                )  # fmt: skip
        await asyncio.gather(*(hoard(attacker, targets, scale) for attacker in attackers))
        # every call settled: its first message came (it holds a stream) or it was refused
        held = await asyncio.gather(
            *(first_message(call, 600) for attacker in attackers for call in attacker.calls)
        )
        hoarded = sum(held)
        scopes = set()
        for attacker in attackers:
            for call in attacker.calls:
                if call.done() and await call.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                    exc = grpc.aio.AioRpcError(
                        await call.code(), await call.initial_metadata(),
                        await call.trailing_metadata(), await call.details(),
                    )  # fmt: skip
                    scopes.add(_scope(exc))
        # now the players: each watches their own match and searches for another
        tried = []
        for n, player in enumerate(players):
            tried.append(player.watch(targets[n // 2], sessions[n]))
            tried.append(player.find(sessions[n]))
        ok = sum(await asyncio.gather(*(first_message(call) for call in tried)))
        return Outcome(ok, len(tried), hoarded, scopes)
    finally:
        for client in clients:
            for call in client.calls:
                call.cancel()
            await client.channel.close()
            await client.spare.close()
        await app.stop(grace=1.0)


def _scope(exc: grpc.aio.AioRpcError) -> str:
    """The ErrorInfo scope of a refusal."""
    from google.rpc import error_details_pb2, status_pb2

    for key, value in exc.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            for detail in status_pb2.Status.FromString(value).details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return str(info.metadata.get("scope", ""))
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=int, default=1, help="divide the server's size by this")
    parser.add_argument("--before", action="store_true", help="the settings of before the pools")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="fiveup-hoard-") as folder:
        outcome = asyncio.run(attack(Path(folder), args.scale, args.before))
    print(f"attackers: {len(ATTACKERS)} addresses held {outcome.hoarded} streams "
          f"(refused with scopes {sorted(outcome.refusal_scopes)})")  # fmt: skip
    print(f"players: {outcome.legit_ok} of {outcome.legit_tried} WatchMatch/FindMatch calls "
          "got through")  # fmt: skip
    print(f"RESULT legit_stream_success={outcome.legit_ok / outcome.legit_tried:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
