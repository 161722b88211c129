"""Write a database the way a released server does, for the upgrade tests.

Run it with the RELEASED code's interpreter (not this checkout's), so every row is one
that release wrote through its own gRPC API: ``scripts/make_upgrade_fixture.sh`` checks
the release out, builds it and runs this file with that build's ``.venv``.  It serves
``--db`` (a SQLite path or a PostgreSQL URL) in-process on a free port and, as clients
over a real channel:

- signs in three guests (fixed device ids, so a later server signs the same players in),
- plays two rated matches to their end (two and three signed-in players, bound seats),
- plays a match of an anonymous seat token against a greedy bot to its end,
- leaves a rated two-player match of bound seats unfinished after a few moves,
- leaves a match of two anonymous seat tokens unfinished after a few moves,
- creates a private table (invite code) its creator joined, the other seat still open,

and writes a manifest (JSON) of what it made: the match ids, which are finished, the
anonymous seats' tokens (the store keeps only their hashes), the guests' device ids and
whether the release rated matches.

It uses only what every release since guests and private tables has
(fiveup.server.create_server, ServerConfig and the generated stubs; commit 484a825, the
last before the rating tables, runs it too), and nothing of tests/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random  # noqa: TID251 -- a test fixture's repeatable move choices, not service code
from pathlib import Path
from typing import Any

import grpc

from fiveup.config import ServerConfig
from fiveup.server import create_server
from fiveup.v1 import lobby_pb2, lobby_pb2_grpc, match_pb2_grpc, players_pb2, players_pb2_grpc
from fiveup.v1 import match_pb2 as pb

TARGET = 5  # displayed points: short matches, a small file
GUESTS = {"ada": "upgrade-fixture-ada-0001", "ben": "upgrade-fixture-ben-0002",
          "cy": "upgrade-fixture-cy-00003"}  # fmt: skip
UNFINISHED_MOVES = 4  # moves played in each unfinished match


def auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
GREEDY = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)


class Client:
    def __init__(self, channel: grpc.aio.Channel, rng: random.Random) -> None:
        self.matches = match_pb2_grpc.MatchServiceStub(channel)
        self.players = players_pb2_grpc.PlayerServiceStub(channel)
        self.lobby = lobby_pb2_grpc.LobbyServiceStub(channel)
        self.rng = rng
        self.request = 0

    async def guest(self, name: str) -> tuple[str, str]:
        """(access token, player id) of the guest on its fixed device."""
        request = players_pb2.SignInAsGuestRequest(device_id=GUESTS[name], display_name=name)
        session = (await self.players.SignInAsGuest(request)).session
        return session.access_token, session.player.player_id

    async def create(self, seats: list[pb.SeatSpec]) -> str:
        request = pb.CreateMatchRequest(seats=seats, target_points=TARGET)
        return (await self.matches.CreateMatch(request)).match_id

    async def join(self, match_id: str, seat: int, access: str | None) -> str:
        """The token that acts for the seat: the access token of a bound seat, else the
        seat token the join handed out."""
        joined = await self.matches.JoinMatch(
            pb.JoinMatchRequest(match_id=match_id, seat=seat),
            metadata=auth(access) if access else None,
        )
        return joined.seat_token or (access or "")

    async def play(self, match_id: str, tokens: dict[int, str], moves: int | None) -> int:
        """Play the human seats (``tokens``: seat -> token) with random listed moves,
        ``moves`` of them or to the end (None); the moves played."""
        played = 0
        any_token = next(iter(tokens.values()))
        while moves is None or played < moves:
            view = (
                await self.matches.GetMatch(
                    pb.GetMatchRequest(match_id=match_id), metadata=auth(any_token)
                )
            ).view
            if view.status == pb.MATCH_STATUS_FINISHED:
                if moves is not None:
                    raise SystemExit(f"{match_id} finished before {moves} moves: a longer target")
                return played
            if not view.HasField("turn_seat") or view.turn_seat not in tokens:
                await asyncio.sleep(0.02)  # a bot's turn (a script, not a test: polling is fine)
                continue
            token = tokens[view.turn_seat]
            listed = await self.matches.ListLegalMoves(
                pb.ListLegalMovesRequest(match_id=match_id), metadata=auth(token)
            )
            self.request += 1
            try:
                await self.matches.SubmitMove(
                    pb.SubmitMoveRequest(
                        match_id=match_id,
                        move=self.rng.choice(list(listed.moves)),
                        expected_version=listed.version,
                        request_id=f"fixture-{self.request}",
                    ),
                    metadata=auth(token),
                )
            except grpc.aio.AioRpcError as exc:  # a bot moved in between: read again
                if exc.code() != grpc.StatusCode.ABORTED:
                    raise
                continue
            played += 1
        return played


async def generate(db: str, seed: int) -> dict[str, Any]:
    config = ServerConfig(address="127.0.0.1:0", db=db, metrics_port=-1, grace_seconds=2.0)
    config.turn_timeout_seconds = 0.0  # no stand-in plays a seat the script is slow on
    app, port = await create_server(config)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    try:
        c = Client(channel, random.Random(seed))
        ada, ada_id = await c.guest("ada")
        ben, ben_id = await c.guest("ben")
        cy, cy_id = await c.guest("cy")
        made: dict[str, dict[str, Any]] = {}

        # Rated, finished: two and three signed-in players in bound seats.
        for name, players in (("rated_two", [ada, ben]), ("rated_three", [ben, cy, ada])):
            match_id = await c.create([HUMAN] * len(players))
            tokens = {n: await c.join(match_id, n, p) for n, p in enumerate(players)}
            await c.play(match_id, tokens, None)
            made[name] = {"match_id": match_id, "finished": True}

        # An anonymous seat against a bot, finished (unrated, no player results).
        match_id = await c.create([HUMAN, GREEDY])
        await c.play(match_id, {0: await c.join(match_id, 0, None)}, None)
        made["anonymous_vs_bot"] = {"match_id": match_id, "finished": True}

        # Unfinished: bound seats (rated when it ends), and anonymous seat tokens.
        match_id = await c.create([HUMAN, HUMAN])
        tokens = {0: await c.join(match_id, 0, cy), 1: await c.join(match_id, 1, ada)}
        await c.play(match_id, tokens, UNFINISHED_MOVES)
        made["unfinished_rated"] = {"match_id": match_id, "finished": False,
                                    "guests": {"0": "cy", "1": "ada"}}  # fmt: skip
        match_id = await c.create([HUMAN, HUMAN])
        tokens = {n: await c.join(match_id, n, None) for n in (0, 1)}
        await c.play(match_id, tokens, UNFINISHED_MOVES)
        made["unfinished_anonymous"] = {"match_id": match_id, "finished": False,
                                        "seat_tokens": {str(n): t for n, t in tokens.items()}}  # fmt: skip

        # A private table: the creator (ben) seated, the other seat waiting for the code.
        table = await c.lobby.CreatePrivateTable(
            lobby_pb2.CreatePrivateTableRequest(
                seats=[HUMAN, HUMAN], target_points=TARGET, invite_ttl_seconds=7 * 86_400,
                join=True,
            ),
            metadata=auth(ben),
        )  # fmt: skip
        made["private_table"] = {"match_id": table.match_id, "finished": False,
                                 "invite_code": table.invite_code, "guests": {"0": "ben"}}  # fmt: skip
        return {
            "guests": {name: {"device_id": GUESTS[name], "player_id": pid}
                       for name, pid in (("ada", ada_id), ("ben", ben_id), ("cy", cy_id))},
            "target_points": TARGET,
            # Whether this release rated matches (created rated, rating tables written).
            "rates": "rated" in pb.MatchView.DESCRIPTOR.fields_by_name,
            "matches": made,
        }  # fmt: skip
    finally:
        await channel.close()
        await app.stop(grace=1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="SQLite path or PostgreSQL URL to write")
    parser.add_argument("--manifest", required=True, type=Path, help="JSON of what was made")
    parser.add_argument("--release", default="", help="the release's commit, recorded")
    parser.add_argument("--seed", type=int, default=16, help="the script's move choices")
    args = parser.parse_args()
    made = asyncio.run(generate(args.db, args.seed))
    made = {"release": args.release, **made}
    args.manifest.write_text(json.dumps(made, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
