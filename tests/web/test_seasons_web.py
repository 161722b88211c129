"""The season board and the league in real headless Chromium against the real stack
(clients/web/test/seasons.mjs): rated matches are played through the API by three
signed-in guests first; the page's board and league table are then compared with
SeasonService's own answers (rows, the signed-in player's row marked, the tier and the
group with its zones), and axe-core finds no violation on either page.  Screenshots:
build/test-artifacts/web/seasons/."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from typing import Any

import grpc
import pytest

from fiveup.v1 import (
    friends_pb2,
    friends_pb2_grpc,
    match_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
    ratings_pb2,
    seasons_pb2,
    seasons_pb2_grpc,
)

from ..harness import auth
from .conftest import ARTIFACTS, WebStack, run_browser, step
from .test_ratings_pages import Guest, play

pytestmark = pytest.mark.timeout(300)
SHOTS = ARTIFACTS / "seasons"


@dataclass(frozen=True)
class Seeded:
    me: Guest
    board: seasons_pb2.GetSeasonBoardResponse
    league: seasons_pb2.GetLeagueResponse
    friends_board: friends_pb2.GetFriendsBoardResponse


async def seed(address: str) -> Seeded:
    async with grpc.aio.insecure_channel(address) as channel:
        players = players_pb2_grpc.PlayerServiceStub(channel)
        matches = match_pb2_grpc.MatchServiceStub(channel)
        seasons = seasons_pb2_grpc.SeasonServiceStub(channel)
        guests = []
        for name in ("Asha", "Bilal", "Chen"):
            device = f"web-season-device-{name.lower()}-{random.getrandbits(64):x}"
            session = (
                await players.SignInAsGuest(
                    players_pb2.SignInAsGuestRequest(device_id=device, display_name=name)
                )
            ).session
            guests.append(Guest(name, device, session.access_token, session.player.player_id))
        a, b, c = guests
        await asyncio.gather(play(matches, (a, b)), play(matches, (a, c)))
        listed = await seasons.ListSeasons(seasons_pb2.ListSeasonsRequest())
        weekly = next(s for s in listed.current if s.kind == seasons_pb2.SEASON_KIND_WEEKLY)
        board = await seasons.GetSeasonBoard(
            seasons_pb2.GetSeasonBoardRequest(season_id=weekly.season_id), metadata=auth(a.access)
        )
        league = await seasons.GetLeague(seasons_pb2.GetLeagueRequest(), metadata=auth(a.access))
        # Asha and Bilal are friends (through the API): her friends' board has them both
        friends = friends_pb2_grpc.FriendServiceStub(channel)
        await friends.SendFriendRequest(
            friends_pb2.SendFriendRequestRequest(player_id=b.player_id), metadata=auth(a.access)
        )
        await friends.RespondToFriendRequest(
            friends_pb2.RespondToFriendRequestRequest(player_id=a.player_id, accept=True),
            metadata=auth(b.access),
        )
        friends_board = await friends.GetFriendsBoard(
            friends_pb2.GetFriendsBoardRequest(category=ratings_pb2.RATING_CATEGORY_TWO_PLAYERS),
            metadata=auth(a.access),
        )
        return Seeded(a, board, league, friends_board)


@pytest.fixture(scope="module")
def seeded(web_stack: WebStack) -> Seeded:
    return asyncio.run(seed(web_stack.server.address))


@pytest.fixture(scope="module")
def report(web_stack: WebStack, seeded: Seeded) -> dict[str, Any]:
    env = {"FIVEUP_SEED": json.dumps({"me": {"device": seeded.me.device}})}
    return run_browser(web_stack, "seasons.mjs", SHOTS, env).report


def test_the_weekly_board_shows_the_rated_results_and_marks_my_row(
    seeded: Seeded, report: dict[str, Any]
) -> None:
    board = step(report, "board")
    assert board["season"] == seeded.board.season.season_id
    assert seeded.board.season.name in board["title"]
    assert len(seeded.board.rows) == 3  # every player of a counted rated match
    shown = [
        (r["player"], r["rank"], r["cells"][2], r["cells"][3], r["cells"][4]) for r in board["rows"]
    ]
    expected = [
        (r.player_id, r.rank, str(r.points), str(r.wins), str(r.matches)) for r in seeded.board.rows
    ]
    assert shown == expected
    assert [r["player"] for r in board["rows"] if r["me"]] == [seeded.me.player_id]
    assert board["nav"] == "Seasons"
    assert board["tabs"] == ["This week", "This month"]  # no named season on this server
    assert board["chosen"] == ["This week"]
    assert board["head"] == ["Rank", "Player", "Points", "Wins", "Matches"]
    assert board["past"] == ["No past seasons yet."]
    assert board["next"] is False
    monthly = step(report, "monthly")
    assert monthly["season"].startswith("month-")
    assert [r["player"] for r in monthly["rows"]] == [r.player_id for r in seeded.board.rows]


def test_the_league_page_shows_my_tier_and_group(seeded: Seeded, report: dict[str, Any]) -> None:
    league = step(report, "league")
    assert seeded.league.joined
    assert league["tier"] == str(seeded.league.tier) == str(seasons_pb2.LEAGUE_TIER_BRONZE)
    assert "Bronze" in league["tierText"]
    assert league["group"] == seeded.league.group_id
    zones = {
        seasons_pb2.LEAGUE_ZONE_PROMOTION: "promotion",
        seasons_pb2.LEAGUE_ZONE_SAFE: "safe",
        seasons_pb2.LEAGUE_ZONE_RELEGATION: "relegation",
    }
    assert [(r["player"], r["zone"]) for r in league["rows"]] == [
        (e.row.player_id, zones[e.zone]) for e in seeded.league.table
    ]
    assert [r["player"] for r in league["rows"] if r["me"]] == [seeded.me.player_id]
    mine = f"You are {seeded.league.my_rank} of {len(seeded.league.table)} in your group."
    assert league["notes"][1].startswith(mine)
    assert league["history"] == "No finished league seasons yet."
    assert step(report, "hindi") == {"name": "hindi", "lang": "hi", "heading": "मेरी लीग"}


def test_the_season_pages_have_no_accessibility_violation(report: dict[str, Any]) -> None:
    for name in ("axe season board", "axe league"):
        audit = step(report, name)
        assert audit["violations"] == [], audit
        assert audit["passes"] >= 20
    assert report["consoleErrors"] == []


def test_the_friends_board_shows_the_api_standings(seeded: Seeded, report: dict[str, Any]) -> None:
    board = step(report, "friends board")["rows"]
    assert len(seeded.friends_board.standings) == 2
    assert [(r["player"], r["rank"]) for r in board] == [
        (s.entry.player_id, s.entry.rank) for s in seeded.friends_board.standings
    ]
    assert [r["player"] for r in board if r["me"]] == [seeded.me.player_id]
