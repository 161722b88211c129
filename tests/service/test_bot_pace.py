"""Bots play at a pace people can follow (bot_delay, on by default): in a match with a
person, and in a bot-only match while someone watches it; a bot-only match nobody watches
keeps its own pace.  The gaps are lower bounds (a sleep never ends early), so a loaded
machine cannot make these fail."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path

from fiveup.app.config import ServerConfig
from fiveup.v1 import match_pb2 as pb

from ..harness import bot, start, stop

DELAY = 0.3


def test_the_pace_is_on_by_default() -> None:
    assert ServerConfig().bot_delay > 0


async def test_a_watched_bot_only_match_keeps_a_persons_pace(tmp_path: Path) -> None:
    running = await start(tmp_path / "pace.sqlite3", bot_delay=DELAY)
    try:
        created = await running.matches.CreateMatch(
            pb.CreateMatchRequest(seats=[bot("greedy"), bot("random")], target_points=61)
        )
        call = running.matches.WatchMatch(pb.WatchMatchRequest(match_id=created.match_id))
        placed: list[float] = []
        async for item in call:
            if item.event.WhichOneof("kind") == "tile_placed" and item.event.version > 3:
                placed.append(time.monotonic())  # the live ones (the first came before)
            if len(placed) == 5:
                break
        call.cancel()
        gaps = [b - a for a, b in itertools.pairwise(placed)]
        # a step may hold a draw and a placement; each bot move waits DELAY
        assert min(gaps) >= DELAY * 0.9, gaps
        # nobody watches any more (once the server has seen the stream go): own pace again
        for _ in range(200):
            if not running.app.matches.bots.watched(created.match_id):
                break
            await asyncio.sleep(0.05)
        assert not running.app.matches.bots.watched(created.match_id)
    finally:
        await stop(running)
