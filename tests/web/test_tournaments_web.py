"""The tournaments pages in real headless Chromium against the real stack
(clients/web/test/tournaments.mjs drives the browsers): the issue's "two browsers join a
tournament, play their tables and see the standings update".

The test creates a short Swiss (2-seat tables, two rounds, 5 points to win a table)
through the API and enters two players of its own, who play their tables through the API
in a thread beside the browsers. Two people, each in a browser (a laptop and a phone),
reach it from the header's menu and the schedule, sign in as guests and enter it; at the
start each one's table opens by itself, they play it, the next round's table opens by
itself, and at the end both are back on the final standings, which are the API's. A
visitor's page records the standings the stream draws as the tables end, then reads
them in Hindi. axe finds nothing on the page before the start and on the final
standings (English and Hindi). Screenshots:
build/test-artifacts/web/tournaments/."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.v1 import match_pb2_grpc, players_pb2, players_pb2_grpc, tournaments_pb2_grpc
from fiveup.v1 import tournaments_pb2 as tpb

from ..harness import auth
from ..service.players import play_seat
from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(300)
SHOTS = ARTIFACTS / "tournaments"
START_IN = 12  # seconds from creating it: the browsers sign in and enter meanwhile
FINISHED = tpb.TOURNAMENT_STATE_FINISHED


async def sign_in(address: str, name: str) -> tuple[str, str]:
    async with grpc.aio.insecure_channel(address) as channel:
        players = players_pb2_grpc.PlayerServiceStub(channel)
        device = f"web-tourney-{name.lower()}-{random.getrandbits(64):x}"
        session = (
            await players.SignInAsGuest(
                players_pb2.SignInAsGuestRequest(device_id=device, display_name=name)
            )
        ).session
        return session.access_token, session.player.player_id


async def create(address: str) -> tuple[str, list[tuple[str, str]]]:
    """The tournament, entered by the test's two players (token, player id)."""
    held = [await sign_in(address, name) for name in ("Ravi", "Sana")]
    async with grpc.aio.insecure_channel(address) as channel:
        stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
        settings = tpb.TournamentSettings(
            name="Sunday quick Swiss", format=tpb.TOURNAMENT_FORMAT_SWISS, seats=2,
            target_points=5, starts_at=Timestamp(seconds=int(time.time()) + START_IN),
            rounds=2, capacity=4,
        )  # fmt: skip
        made = await stub.CreateTournament(
            tpb.CreateTournamentRequest(
                settings=settings, request_id=f"web-{random.getrandbits(64):x}"
            ),
            metadata=auth(held[0][0]),
        )
        tid = made.tournament.tournament_id
        for token, _ in held:
            await stub.JoinTournament(
                tpb.JoinTournamentRequest(tournament_id=tid), metadata=auth(token)
            )
        return tid, held


async def play_held(address: str, tid: str, token: str, seed: int) -> list[str]:
    """One of the test's players: each table WatchTournament hands them, played through
    the API, until the tournament is over."""
    played: list[str] = []
    rng = random.Random(seed)
    async with grpc.aio.insecure_channel(address) as channel:
        tournaments = tournaments_pb2_grpc.TournamentServiceStub(channel)
        matches = match_pb2_grpc.MatchServiceStub(channel)
        while True:
            stream = tournaments.WatchTournament(
                tpb.WatchTournamentRequest(tournament_id=tid), metadata=auth(token)
            )
            async for message in stream:
                detail = message.tournament
                table = detail.your_table.match_id
                if table and table not in played:
                    played.append(table)
                    stream.cancel()
                    await play_seat(matches, table, token, random.Random(rng.random()))
                    break
                if detail.summary.state >= FINISHED:
                    return played
            else:
                return played


def held_players(address: str, tid: str, held: list[tuple[str, str]], out: dict[str, Any]) -> None:
    async def both() -> None:
        results = await asyncio.gather(
            *(play_held(address, tid, token, n) for n, (token, _) in enumerate(held))
        )
        out["played"] = results

    try:
        asyncio.run(asyncio.wait_for(both(), 240))
    except BaseException as exc:  # reported by the test, not lost in the thread
        out["error"] = exc


async def final(address: str, tid: str) -> tpb.TournamentDetail:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = tournaments_pb2_grpc.TournamentServiceStub(channel)
        return (await stub.GetTournament(tpb.GetTournamentRequest(tournament_id=tid))).tournament


@pytest.fixture(scope="module")
def played(web_stack: WebStack) -> tuple[dict[str, Any], tpb.TournamentDetail, dict[str, Any]]:
    address = web_stack.server.address
    tid, held = asyncio.run(create(address))
    api_side: dict[str, Any] = {}
    thread = threading.Thread(target=held_players, args=(address, tid, held, api_side))
    thread.start()
    try:
        report = run_browser(web_stack, "tournaments.mjs", SHOTS, {"FIVEUP_TOURNAMENT": tid}).report
    finally:
        thread.join(timeout=60)
    assert "error" not in api_side, api_side.get("error")
    return report, asyncio.run(final(address, tid)), api_side


def test_two_browsers_enter_play_their_tables_and_see_the_final_standings(
    played: tuple[dict[str, Any], tpb.TournamentDetail, dict[str, Any]],
) -> None:
    report, detail, api_side = played
    assert detail.summary.state == FINISHED and detail.summary.rounds == 2
    entered = step(report, "entered")
    browser_ids = entered["ids"]
    assert detail.summary.tournament_id in entered["listed"][0]
    assert "You withdrew" in entered["afterWithdraw"] or "Enter" in entered["afterWithdraw"]
    assert sorted(entered["entrants"]) == sorted(e.player_id for e in detail.entrants)
    # every browser played one table a round, each opened by itself, as a player
    tables = {
        pid: [x.match_id for r in detail.rounds for x in r.tables if pid in x.player_ids]
        for pid in browser_ids
    }
    seen = step(report, "played")["tables"]
    for pid, opened in zip(browser_ids, seen, strict=True):
        assert [x["match"] for x in opened] == tables[pid]
        assert all(x["role"] == "player" for x in opened)
    assert all(len(p) == 2 for p in api_side["played"])
    assert all(x.ending == tpb.TABLE_ENDING_PLAYED for r in detail.rounds for x in r.tables), (
        detail.rounds
    )
    # both browsers came back to the final standings by themselves: the API's
    finals = step(report, "final")
    for shown in finals["finals"]:
        assert shown["hash"] == f"#/tournament/{detail.summary.tournament_id}"
        assert shown["heading"] == "Final standings"
        assert [r["player"] for r in shown["standings"]] == [s.player_id for s in detail.standings]
        for row, s in zip(shown["standings"], detail.standings, strict=True):
            assert row["rank"] == s.rank
            assert float(row["cells"]["points"]) == s.points
            assert float(row["cells"]["buchholz"]) == pytest.approx(s.buchholz, abs=0.05)
            assert int(row["cells"]["wins"]) == s.wins
            assert int(row["cells"]["tables"]) == s.tables == 2
        assert [r["round"] for r in shown["rounds"]] == [2, 1]


def test_a_visitor_sees_the_standings_update_live(
    played: tuple[dict[str, Any], tpb.TournamentDetail, dict[str, Any]],
) -> None:
    report, detail, _ = played
    seen = step(report, "final")["seen"]
    # the stream redrew the page as tables ended: the points went 0 -> 1 round -> final
    totals = [sum(float(r["points"]) for r in v["rows"]) for v in seen if v["rows"]]
    assert totals == sorted(totals)
    assert 0 in totals and totals[-1] == sum(s.points for s in detail.standings) == 4
    assert len(set(totals)) >= 3, totals  # at least one table's result before the end
    assert seen[-1]["state"] == "finished"
    assert [r["player"] for r in step(report, "final")["visitorStandings"]] == [
        s.player_id for s in detail.standings
    ]
    assert detail.summary.tournament_id in step(report, "finished list")["rows"]


def test_the_page_is_in_hindi_too(
    played: tuple[dict[str, Any], tpb.TournamentDetail, dict[str, Any]],
) -> None:
    report, detail, _ = played
    hindi = step(report, "hindi")
    assert hindi["heading"] == "अंतिम तालिका"
    assert hindi["rows"] == [s.player_id for s in detail.standings]


def test_the_tournament_page_has_no_axe_violations(
    played: tuple[dict[str, Any], tpb.TournamentDetail, dict[str, Any]],
) -> None:
    report, _, _ = played
    assert {a["state"] for a in report["axe"]} == {"upcoming laptop", "final phone", "final hindi"}
    assert [a for a in report["axe"] if a["violations"]] == []
    assert report["consoleErrors"] == []
