"""Matches for the matches area's tests, made through the public API only: guests signed
in through PlayerService, rated matches played to their end with legal moves, a result
farmed (a sock account resigns at once: the suite's servers rate it, tests/rated_play.py),
and the real ``fiveup`` command line."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from fiveup.v1 import match_pb2 as pb

from ..harness import Running, auth, bot, human
from ..service.players import play_seat
from .operators import sign_in_guest

TARGET = 5  # displayed points: short matches


@dataclass(frozen=True)
class Player:
    access: str
    player_id: str


async def sign_in(server: Running, name: str) -> Player:
    session = await sign_in_guest(server.channel, name)
    return Player(session.access_token, session.player.player_id)


async def seated(server: Running, seats: Sequence[Player | str]) -> tuple[str, list[str]]:
    """A match of these seats (a Player per human seat, each joined with their access
    token; a bot kind per bot seat) and the human seats' tokens."""
    specs = [bot(s) if isinstance(s, str) else human() for s in seats]
    created = await server.matches.CreateMatch(
        pb.CreateMatchRequest(seats=specs, target_points=TARGET)
    )
    tokens = []
    for n, seat in enumerate(seats):
        if isinstance(seat, Player):
            await server.matches.JoinMatch(
                pb.JoinMatchRequest(match_id=created.match_id, seat=n), metadata=auth(seat.access)
            )
            tokens.append(seat.access)
    return created.match_id, tokens


async def play(server: Running, seats: Sequence[Player | str], *, seed: int = 0) -> str:
    """A match of these seats played to its end; its id."""
    match_id, tokens = await seated(server, seats)
    rng = random.Random(seed)
    await asyncio.gather(
        *(play_seat(server.matches, match_id, t, random.Random(rng.random())) for t in tokens)
    )
    return match_id


async def farm(server: Running, winner: Player, sock: Player) -> str:
    """A rated win handed over: ``sock`` resigns the moment the match starts."""
    match_id, _ = await seated(server, [winner, sock])
    await server.matches.Resign(pb.ResignRequest(match_id=match_id), metadata=auth(sock.access))
    return match_id


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


async def fiveup(*args: str) -> Ran:
    """The real command line, in a subprocess (the test's event loop keeps running)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fiveup.cli", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return Ran(proc.returncode, out.decode(), err.decode())
