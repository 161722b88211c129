"""The leaderboard and profile pages in real headless Chromium against the real stack
(clients/web/test/ratings.mjs drives the browser).  Rated matches are first played
through the API by signed-in guests (the stack's server counts a player on a board after
2 rated matches); what the pages show is then compared with the API's own answers:
the board's rows, tabs and paging (a provisional player stays off it), a profile's
figures, rating history and match list, a match opened from that list, signing in as a
guest with "Find me", a practice match whose seat is bound to the signed-in player,
Hindi and a phone; then two new guests in two browsers play a rated match through the
pages and each sees what it did to their rating.  Screenshots:
build/test-artifacts/web/ratings/."""

from __future__ import annotations

import asyncio
import json
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import grpc
import pytest

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc, ratings_pb2, ratings_pb2_grpc

from ..harness import auth, bot, human
from ..service.players import play_seat
from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "ratings"
TARGET = 5  # displayed points: short matches
TWO = ratings_pb2.RATING_CATEGORY_TWO_PLAYERS
THREE = ratings_pb2.RATING_CATEGORY_THREE_PLAYERS


@dataclass(frozen=True)
class Guest:
    name: str
    device: str
    access: str
    player_id: str


@dataclass(frozen=True)
class Seeded:
    """The guests, and the API's own answers once their matches are over."""

    guests: dict[str, Guest]
    board: ratings_pb2.GetLeaderboardResponse
    stats: dict[str, ratings_pb2.GetPlayerStatsResponse]
    matches: dict[str, ratings_pb2.ListPlayerMatchesResponse]


async def play(stub: match_pb2_grpc.MatchServiceStub, seats: Sequence[Guest | str]) -> str:
    """One match (a guest per human seat, a bot kind per bot seat) played to the end."""
    specs = [bot(s) if isinstance(s, str) else human() for s in seats]
    created = await stub.CreateMatch(pb.CreateMatchRequest(seats=specs, target_points=TARGET))
    tokens = []
    for n, seat in enumerate(seats):
        if isinstance(seat, Guest):
            await stub.JoinMatch(
                pb.JoinMatchRequest(match_id=created.match_id, seat=n), metadata=auth(seat.access)
            )
            tokens.append(seat.access)
    rng = random.Random(created.match_id)
    await asyncio.gather(
        *(play_seat(stub, created.match_id, t, random.Random(rng.random())) for t in tokens)
    )
    return created.match_id


async def seed(address: str) -> Seeded:
    async with grpc.aio.insecure_channel(address) as channel:
        players = players_pb2_grpc.PlayerServiceStub(channel)
        matches = match_pb2_grpc.MatchServiceStub(channel)
        ratings = ratings_pb2_grpc.RatingsServiceStub(channel)
        guests = {}
        for name in ("Asha", "Bilal", "Chen", "Dana", "Esi"):
            device = f"web-test-device-{name.lower()}-{random.getrandbits(64):x}"
            session = (
                await players.SignInAsGuest(
                    players_pb2.SignInAsGuestRequest(device_id=device, display_name=name)
                )
            ).session
            guests[name] = Guest(name, device, session.access_token, session.player.player_id)
        a, b, c, d, e = guests.values()
        # Two rated 2-player matches or more for all but Esi (one: provisional, hidden);
        # one 3-player match (provisional for all three) and one each against a bot
        # (unrated).
        for group in ((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (a, e)):
            await asyncio.gather(*(play(matches, pair) for pair in group))
        await asyncio.gather(
            play(matches, (a, b, c)), *(play(matches, (g, "greedy")) for g in (a, b, c, d))
        )
        board = await ratings.GetLeaderboard(ratings_pb2.GetLeaderboardRequest(category=TWO))
        stats, listed = {}, {}
        for guest in guests.values():
            stats[guest.name] = await ratings.GetPlayerStats(
                ratings_pb2.GetPlayerStatsRequest(player_id=guest.player_id)
            )
            listed[guest.name] = await ratings.ListPlayerMatches(
                ratings_pb2.ListPlayerMatchesRequest(player_id=guest.player_id)
            )
        return Seeded(guests, board, stats, listed)


@pytest.fixture(scope="module")
def seeded(web_stack: WebStack) -> Seeded:
    return asyncio.run(seed(web_stack.server.address))


@pytest.fixture(scope="module")
def report(web_stack: WebStack, seeded: Seeded) -> dict[str, Any]:
    top = seeded.board.entries[0]
    me = next(g for g in seeded.guests.values() if g.player_id == top.player_id)
    env = {"FIVEUP_SEED": json.dumps({"me": {"device": me.device, "name": me.name}})}
    return run_browser(web_stack, "ratings.mjs", SHOTS, env).report


def pct(share: float) -> str:
    """As the page rounds it (JavaScript's Math.round: halves up)."""
    return f"{math.floor(share * 100 + 0.5)}%"


def to_fixed(x: float, digits: int) -> str:
    """As JavaScript's toFixed writes it: the exact binary value rounded, a tie upwards
    (2.125 -> "2.13", where Python's format rounds the tie to even: "2.12")."""
    return str(Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))


def by_id(seeded: Seeded, player_id: str) -> Guest:
    return next(g for g in seeded.guests.values() if g.player_id == player_id)


def test_the_board_shows_the_api_ranking_and_hides_provisional_players(
    seeded: Seeded, report: dict[str, Any]
) -> None:
    board = step(report, "board")
    api = seeded.board.entries
    assert [r["player"] for r in board["rows"]] == [e.player_id for e in api]
    assert [r["rank"] for r in board["rows"]] == list(range(1, len(api) + 1))
    assert len(api) == 4 and seeded.guests["Esi"].player_id not in [e.player_id for e in api]
    for row, entry in zip(board["rows"], api, strict=True):
        name, rating, played, wins = (
            row["cells"][1],
            row["cells"][2],
            row["cells"][3],
            row["cells"][4],
        )
        assert name == entry.display_name
        assert rating == str(entry.rating.display_rating)  # settled: no "?"
        assert not entry.rating.provisional
        assert (int(played), int(wins)) == (entry.matches, entry.wins)
    assert board["note"] == (
        "Ranked: settled ratings (± 233 or less) with a rated match in the last 30 days."
        " 4 on this board."
    )  # sigma 7.9 on the display scale
    assert board["tabs"] == ["2 players", "All time"]
    assert board["head"] == ["Rank", "Player", "Rating", "Matches", "Wins", "Win rate"]


def test_the_board_pages_forwards_and_back_and_switches_tabs(
    seeded: Seeded, report: dict[str, Any]
) -> None:
    paging = step(report, "paging")
    ids = [e.player_id for e in seeded.board.entries]
    first, second, back = ([r["player"] for r in rows] for rows in paging["pages"])
    assert (first, second, back) == (ids[:2], ids[2:4], ids[:2])
    assert paging["canGoBackFirst"] is False
    tabs = step(report, "tabs")
    assert [r["player"] for r in tabs["recent"]] == ids  # every match is recent
    assert tabs["url"].endswith("#/leaderboard/3/30d")
    assert tabs["three"] == [] and tabs["threeCaption"] == "Nobody is on this board yet."


def test_a_profile_shows_the_players_figures_rating_and_matches(
    seeded: Seeded, report: dict[str, Any]
) -> None:
    shown = step(report, "profile")
    guest = by_id(seeded, shown["player"])
    assert shown["player"] == seeded.board.entries[0].player_id
    stats, listed = seeded.stats[guest.name], seeded.matches[guest.name]
    assert shown["heading"] == guest.name
    assert [c["category"] for c in shown["cards"]] == [int(c.category) for c in stats.categories]
    two = next(c for c in stats.categories if c.category == TWO)
    card = next(c for c in shown["cards"] if c["category"] == TWO)
    assert card["badge"] == "Rank 1"
    assert card["rating"] == str(two.rating.display_rating)
    assert card["historyDots"] == len(two.history) == two.rated_matches
    assert card["stats"]["matches"] == str(two.matches)
    assert card["stats"]["wins"] == str(two.wins)
    lo, hi = two.win_rate_interval.lower, two.win_rate_interval.upper
    rate = f"{pct(two.win_rate)} (95%: {pct(lo)}\N{EN DASH}{pct(hi)})"
    assert card["stats"]["win-rate"] == rate
    assert card["stats"]["points-per-round"] == to_fixed(two.points_per_round, 2)
    assert card["stats"]["best-placement"] == str(two.best_placement_points)
    # rated and casual (the bot matches) apart, each with its own interval; no practice
    slug = {ratings_pb2.MATCH_MODE_RATED: "rated", ratings_pb2.MATCH_MODE_CASUAL: "casual"}
    assert card["modes"] == {
        slug[m.mode]: f"{m.matches} {'match' if m.matches == 1 else 'matches'}, {m.wins} won: "
        f"{pct(m.win_rate)} (95%: "
        f"{pct(m.win_rate_interval.lower)}\N{EN DASH}{pct(m.win_rate_interval.upper)})"
        for m in two.modes
    }
    assert set(card["modes"]) == {"rated", "casual"}
    for three in (c for c in shown["cards"] if c["category"] == THREE):  # Asha, Bilal, Chen
        assert three["badge"] == "Provisional rating (?): on the board once it settles"
        assert three["rating"].endswith("?")
    # the match list: newest first, as the API lists it; the bot match is unrated
    assert [m["id"] for m in shown["matches"]] == [m.match_id for m in listed.matches]
    assert [m["rated"] for m in shown["matches"]] == [str(m.rated).lower() for m in listed.matches]
    assert [m["mode"] for m in shown["matches"]] == [
        "rated" if m.rated else "casual" for m in listed.matches
    ]
    assert "not rated" in [m["cells"][6] for m in shown["matches"]]
    opened = step(report, "opened match")
    assert opened["url"].endswith(f"#/watch/{listed.matches[0].match_id}")
    assert opened["banner"] == "Match over" and opened["role"] == "spectator"


def test_an_unknown_player_shows_the_documented_message(report: dict[str, Any]) -> None:
    assert step(report, "no such player") == {
        "name": "no such player", "reason": "PLAYER_NOT_FOUND",
        "text": "That player does not exist.", "cards": 0,
    }  # fmt: skip


def test_signing_in_shows_my_profile_and_finds_me_on_the_board(
    seeded: Seeded, report: dict[str, Any]
) -> None:
    me = seeded.board.entries[0]
    signed = step(report, "signed in")
    assert signed["player"] == me.player_id
    assert signed["heading"] == f"{me.display_name}You"  # the name and the "You" badge
    assert signed["nav"] == me.display_name and signed["signOut"] == 1
    rows = step(report, "find me")["rows"]
    assert [r["player"] for r in rows if r["me"]] == [me.player_id]
    bound = step(report, "bound seat")
    assert bound["token"] == "" and bound["hints"] >= 1  # the access token acts for the seat
    out = step(report, "signed out")
    assert out == {"name": "signed out", "nav": "Sign in", "session": None}
    renewed = step(report, "session renewed")  # signed in again with the device id
    assert renewed["player"] == renewed["session"] == me.player_id
    ended = step(report, "session ended")  # no device id either: the form, session forgotten
    assert ended["session"] is None and ended["errors"] == 0


def test_the_pages_in_hindi_and_the_screenshots(report: dict[str, Any]) -> None:
    hindi = step(report, "hindi")
    assert hindi["heading"] == "हाल के मैच"
    assert hindi["stat"] == "मैच"
    assert hindi["firstResult"].split(" · ")[0] in ("जीते", "हारे")
    for name in (
        "leaderboard", "profile", "sign-in", "my-profile", "leaderboard-me", "profile-hindi",
        "leaderboard-phone", "profile-phone",
    ):  # fmt: skip
        shot = SHOTS / f"{name}.png"
        assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert shot.stat().st_size > 10_000, f"{name} looks empty"
    assert report["consoleErrors"] == []


def test_two_signed_in_browsers_play_a_rated_match_and_see_their_ratings_move(
    report: dict[str, Any],
) -> None:
    rated = step(report, "rated match")
    assert rated["badge"] == "Rated" and rated["moves"] > 0
    winners = {end["winner"] for end in rated["ends"]}
    # the table names the players by the names they signed in with
    assert winners in ({"You won!", "Farah won!"}, {"You won!", "Gopal won!"}), winners
    change = re.compile(r"^Your rating: 1500\? → (\d+)\? \(([+\N{MINUS SIGN}]\d+)\)$")
    for end in rated["ends"]:  # both start at 1500, provisional; the winner goes up
        found = change.match(end["change"])
        assert found, end
        up = found.group(2).startswith("+")
        assert up == (end["winner"] == "You won!"), end
    shown = rated["profile"]
    assert shown["heading"] == "FarahYou"
    assert [c["badge"] for c in shown["cards"]] == [
        "Provisional rating (?): on the board once it settles"
    ]
    assert len(shown["matches"]) == 1 and shown["matches"][0]["rated"] == "true"
    # Find me while provisional: the place the rating would hold, marked "?", no error
    found = rated["findMe"]
    assert found["kind"] == "provisional" and found["errors"] == 0
    (row,) = found["offBoard"]
    assert row["me"] and row["cells"][0].endswith("?") and row["cells"][2].endswith("?")
    place = int(row["cells"][0][:-1])
    assert found["text"] == (
        f"You are provisional here (?): your rating would stand at place {place}."
    )
    ranks = [r["rank"] for r in found["rows"]]
    assert ranks == sorted(ranks) and place in ranks


def test_a_new_players_page_says_there_are_no_matches_once(report: dict[str, Any]) -> None:
    # the figures and the recent matches' card both said it (issue 35)
    assert step(report, "new player page")["noMatches"] == 1
