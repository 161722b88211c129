"""The bot ladder over a real channel: ListBotLevels shows every level with its shipped
rating, and the matchmaker fills a rated player's table with the level nearest their
rating (a newcomer's with the newcomer level)."""

from __future__ import annotations

import asyncio
import time

import pytest

from fiveup.api.convert import BOT_TO_PB
from fiveup.bots import ladder
from fiveup.ratings.scale import display_rating
from fiveup.v1 import lobby_pb2 as lb
from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import ratings_pb2 as rp

from ..harness import Running, auth, server_fixture
from .test_matchmaking import find
from .test_player_seats import new_device_id, sign_in
from .test_ratings_api import SETTLED, Results, stub

server = server_fixture(matchmaker_round_seconds=0.05, rating_settled_sigma=SETTLED)


async def test_list_bot_levels_is_the_ladder_with_its_ratings(server: Running) -> None:
    levels = (await stub(server).ListBotLevels(rp.ListBotLevelsRequest())).levels
    assert [lv.kind for lv in levels] == [BOT_TO_PB[lv.kind] for lv in ladder.LADDER]
    assert [lv.title for lv in levels] == [lv.title for lv in ladder.LADDER]
    for level, shipped in zip(levels, ladder.LADDER, strict=True):
        rated = ladder.rating(shipped.kind)
        assert rated is not None
        assert level.budget == shipped.budget
        assert level.rating.mu == pytest.approx(rated.mu)
        assert level.rating.sigma == pytest.approx(rated.sigma)
        assert level.rating.ordinal == pytest.approx(rated.mu - 3 * rated.sigma)
        assert level.rating.display_rating == display_rating(rated.mu)
        assert not level.rating.provisional
        assert level.rated_matches == rated.matches > 0
    shown = [lv.rating.display_rating for lv in levels]
    assert shown == sorted(shown)  # weakest first, and the ratings agree
    assert shown[[lv.kind for lv in ladder.LADDER].index("greedy")] == 1500  # the anchor


async def bot_kinds(server: Running, device, matched: lb.Matched) -> list[int]:  # type: ignore[no-untyped-def]
    view = (
        await server.matches.GetMatch(
            pb.GetMatchRequest(match_id=matched.match_id), metadata=auth(device.access)
        )
    ).view
    return [s.bot for s in view.seats if s.kind == pb.SEAT_KIND_BOT]


async def test_bot_fill_picks_the_level_nearest_the_players_rating(server: Running) -> None:
    newcomer = await sign_in(server, new_device_id(), "New")
    matched = await asyncio.wait_for(
        find(server, newcomer, players=2, allow_bots=True, bot_wait_seconds=1), 30
    )
    assert await bot_kinds(server, newcomer, matched) == [BOT_TO_PB["greedy"]]

    # A strong player: rated two-player wins over fresh rivals, past the provisional ones.
    strong = await sign_in(server, new_device_id(), "Strong")
    player_id = strong.player_id
    results = Results(server)
    for i in range(12):
        await results.end([player_id, f"rival{i}"], [305, 100], 0, time.time() - 1000 + i)
    ordinal = results.ratings()[("2", player_id)].ordinal
    expected = ladder.nearest(ordinal)
    assert expected != "greedy"  # the test means something: the rating moved the choice
    matched = await asyncio.wait_for(
        find(server, strong, players=2, allow_bots=True, bot_wait_seconds=1), 30
    )
    assert await bot_kinds(server, strong, matched) == [BOT_TO_PB[expected]]
