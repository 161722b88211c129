"""Write a database the way a released server does, for the upgrade tests.

Run it with the RELEASED code's interpreter (not this checkout's), so every row is one
that release wrote through its own gRPC API: ``scripts/make_upgrade_fixture.sh`` checks
the release out, builds it and runs this file with that build's ``.venv``.  It serves
``--db`` (a SQLite path or a PostgreSQL URL) in-process on a free port and, as a client
over a real channel, makes (every human seat an anonymous seat token: the release had no
players, sign-in or lobby):

- finished: two seats (a person against a greedy bot), three (two people and a random
  bot), four in partnerships (people at 0 and 2, bots at 1 and 3), four bots alone, and
  two people of whom one walked away: a stand-in bot played the seat (``seat_auto_played``
  on) until its owner moved again (``seat_auto_played`` off);
- unfinished, each left at a person's turn: two people, three seats (two people and a
  bot), four in partnerships (three people and a bot), and a person's seat nobody joined
  against a bot (the match waits for a player);

and writes a manifest (JSON) of what it made: each match's id, seat count, whether it
finished, and its seats' tokens (the store keeps only their hashes; the tests act with
them).

It uses only what release 82e8198 has (fiveup.server.create_server, ServerConfig, the
MatchService stubs) and nothing of tests/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random  # noqa: TID251 (a script's reproducible move choices, not service code)
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from fiveup.config import ServerConfig
from fiveup.server import create_server
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc

TARGET = 10  # displayed points: a round or two, a small file
UNFINISHED_MOVES = 5  # moves the people make in each unfinished match
STAND_IN_MOVES = 2  # turns the stand-in plays before the owner takes the seat back

HUMAN = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
RANDOM = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_RANDOM)
GREEDY = pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=pb.BOT_KIND_GREEDY)


def auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


@dataclass
class Made:
    match_id: str
    seats: int
    finished: bool
    seat_tokens: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "seats": self.seats,
            "finished": self.finished,
            "seat_tokens": {str(n): t for n, t in sorted(self.seat_tokens.items())},
        }


class Client:
    def __init__(self, channel: grpc.aio.Channel, rng: random.Random) -> None:
        self.stub = match_pb2_grpc.MatchServiceStub(channel)
        self.rng = rng
        self.request = 0

    async def create(self, seats: list[pb.SeatSpec], join: list[int]) -> Made:
        created = await self.stub.CreateMatch(
            pb.CreateMatchRequest(seats=seats, target_points=TARGET)
        )
        made = Made(created.match_id, len(seats), False)
        for seat in join:
            joined = await self.stub.JoinMatch(
                pb.JoinMatchRequest(match_id=made.match_id, seat=seat)
            )
            made.seat_tokens[seat] = joined.seat_token
        return made

    async def view(self, made: Made) -> pb.MatchView:
        return (await self.stub.GetMatch(pb.GetMatchRequest(match_id=made.match_id))).view

    async def move(self, made: Made, seat: int) -> bool:
        """A random listed move for ``seat``; False when the match moved on first (a bot,
        or a stand-in, was quicker): read again."""
        token = made.seat_tokens[seat]
        listed = await self.stub.ListLegalMoves(
            pb.ListLegalMovesRequest(match_id=made.match_id), metadata=auth(token)
        )
        if not listed.moves:
            return False
        self.request += 1
        try:
            await self.stub.SubmitMove(
                pb.SubmitMoveRequest(
                    match_id=made.match_id,
                    move=self.rng.choice(list(listed.moves)),
                    expected_version=listed.version,
                    request_id=f"fixture-{self.request}",
                ),
                metadata=auth(token),
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION):
                raise
            return False
        return True

    async def play(self, made: Made, moves: int | None) -> None:
        """Play the joined seats, ``moves`` moves or to the end (None); stop at a
        person's turn."""
        played = 0
        while True:
            view = await self.view(made)
            if view.status == pb.MATCH_STATUS_FINISHED:
                if moves is not None:
                    raise SystemExit(f"{made.match_id} finished early: raise TARGET")
                made.finished = True
                return
            turn = view.turn_seat if view.HasField("turn_seat") else None
            human_turn = turn is not None and view.seats[turn].kind == pb.SEAT_KIND_HUMAN
            if moves is not None and played >= moves and human_turn:
                return
            if turn is None or turn not in made.seat_tokens:
                if human_turn:  # an unjoined seat: the match waits for a player
                    return
                await asyncio.sleep(0.02)  # a bot's turn (a script, not a test: polling is fine)
                continue
            played += await self.move(made, turn)

    async def abandon_and_return(self, made: Made, seat: int) -> None:
        """Play every seat but ``seat`` until a stand-in has played ``seat``
        STAND_IN_MOVES times, then move for ``seat`` in the stand-in's pause (the owner
        takes it back) and play on to the end."""
        stood_in = 0
        seen_version = 0
        while True:
            view = await self.view(made)
            if view.status == pb.MATCH_STATUS_FINISHED:
                raise SystemExit(f"{made.match_id} finished before the owner came back")
            turn = view.turn_seat
            if view.seats[seat].auto_played and turn != seat and view.version != seen_version:
                seen_version = view.version
                stood_in += 1
            if turn != seat:
                await self.move(made, turn)
            elif stood_in > STAND_IN_MOVES and view.seats[seat].auto_played:
                if await self.move(made, seat):
                    break
            else:
                await asyncio.sleep(0.02)
        await self.play(made, None)


async def serve(db: str, **options: float) -> tuple[Any, grpc.aio.Channel]:
    config = ServerConfig(address="127.0.0.1:0", db=db, metrics_port=-1, grace_seconds=2.0)
    for name, value in options.items():
        setattr(config, name, value)
    app, port = await create_server(config)
    return app, grpc.aio.insecure_channel(f"127.0.0.1:{port}")


async def generate(db: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    made: dict[str, Made] = {}

    # A walked-away seat needs the turn timer; nothing else may be idle while it runs.
    app, channel = await serve(db, turn_timeout_seconds=0.5, stand_in_delay_seconds=0.3)
    try:
        c = Client(channel, rng)
        made["stand_in_finished"] = await c.create([HUMAN, HUMAN], [0, 1])
        await c.abandon_and_return(made["stand_in_finished"], 1)
    finally:
        await channel.close()
        await app.stop(grace=1.0)

    # Everything else without it: the unfinished matches wait for their people.
    app, channel = await serve(db, turn_timeout_seconds=0.0)
    try:
        c = Client(channel, rng)
        finished = {
            "two_finished": ([HUMAN, GREEDY], [0]),
            "three_finished": ([HUMAN, RANDOM, HUMAN], [0, 2]),
            "four_finished": ([HUMAN, GREEDY, HUMAN, RANDOM], [0, 2]),
            "four_bots_finished": ([GREEDY, RANDOM, GREEDY, RANDOM], []),
        }
        for name, (seats, join) in finished.items():
            made[name] = await c.create(seats, join)
            await c.play(made[name], None)
        unfinished = {
            "two_unfinished": ([HUMAN, HUMAN], [0, 1]),
            "three_unfinished": ([HUMAN, GREEDY, HUMAN], [0, 2]),
            "four_unfinished": ([HUMAN, HUMAN, RANDOM, HUMAN], [0, 1, 3]),
        }
        for name, (seats, join) in unfinished.items():
            made[name] = await c.create(seats, join)
            await c.play(made[name], UNFINISHED_MOVES)
        made["unjoined_unfinished"] = await c.create([HUMAN, GREEDY], [])
        await c.play(made["unjoined_unfinished"], 0)
    finally:
        await channel.close()
        await app.stop(grace=1.0)
    return {
        "target_points": TARGET,
        "matches": {name: m.to_json() for name, m in made.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="SQLite path or PostgreSQL URL to write")
    parser.add_argument("--manifest", required=True, type=Path, help="JSON of what was made")
    parser.add_argument("--release", default="", help="the release's commit, recorded")
    parser.add_argument("--seed", type=int, default=82, help="the script's move choices")
    args = parser.parse_args()
    made = asyncio.run(generate(args.db, args.seed))
    made = {"release": args.release, **made}
    args.manifest.write_text(json.dumps(made, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
