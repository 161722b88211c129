"""A real server on a real port with a real SQLite file, and clients over real channels."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import grpc

from fiveup.app.config import ServerConfig
from fiveup.app.server import FiveUpServer, create_server
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, rules_pb2_grpc

from .rated_play import RELAXED_RATED_PLAY


@dataclass
class Running:
    app: FiveUpServer
    port: int
    channel: grpc.aio.Channel
    matches: match_pb2_grpc.MatchServiceStub
    rules: rules_pb2_grpc.RulesServiceStub
    db: Path | str

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"


async def start(
    db: Path | str, *, clock: Callable[[], float] = time.time, **overrides: object
) -> Running:
    """A server on a free port over ``db`` (``clock``: the application's wall clock)."""
    # bots at once (bot_delay: a pace for people, on by default, would only slow the tests)
    config = ServerConfig(
        address="127.0.0.1:0", db=str(db), metrics_port=-1, grace_seconds=2.0, bot_delay=0.0
    )
    for key, value in {**RELAXED_RATED_PLAY, **overrides}.items():
        setattr(config, key, value)
    app, port = await create_server(config, clock=clock)
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    return Running(
        app,
        port,
        channel,
        match_pb2_grpc.MatchServiceStub(channel),
        rules_pb2_grpc.RulesServiceStub(channel),
        db,
    )


async def stop(running: Running) -> None:
    await running.channel.close()
    await running.app.stop(grace=1.0)


def human() -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)


def bot(kind: str = "random") -> pb.SeatSpec:
    return pb.SeatSpec(kind=pb.SEAT_KIND_BOT, bot=getattr(pb, f"BOT_KIND_{kind.upper()}"))


def auth(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


async def wait_for(predicate, timeout: float = 30.0):  # type: ignore[no-untyped-def]
    """Poll an async predicate until it returns a truthy value (bounded, not a sleep-to-hide)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await predicate()
        if value:
            return value
        if loop.time() > deadline:
            raise TimeoutError("condition not reached")
        await asyncio.sleep(0.005)
