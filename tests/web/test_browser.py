"""The web app in real headless Chromium (Debian's package, via playwright-core) against
the real stack: `fiveup serve`, the Envoy gRPC-Web gateway and the static bundle.

clients/web/test/browser.mjs drives the browser and writes a report; this test starts
the stack, runs it and checks: a bad join link shows the documented MATCH_NOT_FOUND
message; a player plays a whole match against a bot to the end, with the keyboard and
the mouse; a reload mid-round comes back to the same seat from the version it had; a
viewer that loses the network for a few moves catches up when it is back; the
spectator's context never received a hidden tile (its gRPC-Web response bytes, re-parsed
here); mid-game screenshots (desktop and phone) are written as artifacts."""

from __future__ import annotations

import base64
import re
import struct
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.message import Message

from fiveup.v1 import chat_pb2, common_pb2
from fiveup.v1 import match_pb2 as pb

from ..clients.conftest import ROOT
from .conftest import ARTIFACTS, WebStack, run_browser, step

# Tiles a spectator may see: those on the table, and hands revealed at a reckoning.
PUBLIC_FIELDS = {"last_round", "round_ended", "layout", "placement", "open_points", "counted_ends"}

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    return run_browser(web_stack, "browser.mjs", ARTIFACTS).report


def test_a_bad_join_link_shows_the_documented_error(report: dict[str, Any]) -> None:
    bad = step(report, "bad join link")
    assert bad["reason"] == "MATCH_NOT_FOUND"
    assert bad["text"] == "There is no match with this link. Check the link, or start a new match."
    assert "MATCH_NOT_FOUND" in (ROOT / "docs" / "api.md").read_text()


def test_a_whole_match_is_played_to_the_end_with_keyboard_and_mouse(
    report: dict[str, Any],
) -> None:
    finished = step(report, "finished")
    assert finished["winner"] in ("You won!", "Bot (seat 2) won!")
    assert int(finished["reckoning"]) >= 2  # the last round's hands, with their rounding
    moves = report["moves"]
    assert isinstance(moves, dict)
    assert moves["keyboard"] > 0 and moves["mouse"] > 0, moves
    # the spectator sees the same winner, by seat (the player is seat 1, unnamed)
    expected = "Seat 1 won!" if finished["winner"] == "You won!" else finished["winner"]
    assert step(report, "spectator finished")["banner"] == expected
    assert step(report, "seat stored")["tokenInUrl"] is False
    assert step(report, "no assist") == {
        "name": "no assist", "hint": 0, "undo": 0, "practice": "false", "hintsAllowed": "false",
    }  # fmt: skip
    assert step(report, "hindi")["heading"] == "मैच समाप्त"
    errors = report["consoleErrors"]
    assert isinstance(errors, list)
    # only the viewer that was taken offline may see failed requests
    assert [
        e
        for e in errors
        if not (e.startswith(("flaky:", "player:")) and "INTERNET_DISCONNECTED" in e)
    ] == []


def test_a_reload_mid_round_resumes_the_same_seat(report: dict[str, Any]) -> None:
    reloaded = step(report, "reloaded")
    before, after = reloaded["before"], reloaded["after"]
    assert isinstance(before, dict) and isinstance(after, dict)
    assert after["role"] == "player"
    assert after["seat"] == before["seat"]
    assert after["resumedFrom"] == before["version"]  # the stream resumed from there
    assert int(after["handTiles"]) > 0


def test_a_viewer_that_loses_the_network_catches_up(report: dict[str, Any]) -> None:
    back = step(report, "offline and back")
    assert int(back["whileOffline"]) < int(back["target"]), back  # it really missed moves
    assert int(back["caughtUp"]) >= int(back["target"]), back


def frames(body: bytes) -> Iterator[bytes]:
    """The data frames of a binary gRPC-Web body (trailer frames skipped)."""
    at = 0
    while at + 5 <= len(body):
        flag, size = struct.unpack(">BI", body[at : at + 5])
        if not flag & 0x80:
            yield body[at + 5 : at + 5 + size]
        at += 5 + size


def private_tiles(message: Message) -> set[tuple[int, int]]:
    found: set[tuple[int, int]] = set()
    if isinstance(message, common_pb2.Tile):
        return {(min(message.low, message.high), max(message.low, message.high))}
    for field, value in message.ListFields():
        if field.name in PUBLIC_FIELDS or field.message_type is None:
            continue
        if field.message_type.GetOptions().map_entry:  # a map: its values (a phrase's words)
            items = [v for v in value.values() if isinstance(v, Message)]
        else:
            items = value if field.is_repeated else [value]
        for item in items:
            found |= private_tiles(item)
    return found


def test_the_spectator_never_receives_a_hidden_tile(report: dict[str, Any]) -> None:
    responses = report["spectator"]
    assert isinstance(responses, list)
    parsers = {
        "MatchService/GetMatch": pb.GetMatchResponse,
        "MatchService/WatchMatch": pb.WatchMatchResponse,
        # the table's chat panel (its WatchChat stream outlives the match: not recorded)
        "ChatService/ListChatPhrases": chat_pb2.ListChatPhrasesResponse,
        "ChatService/ListChatMessages": chat_pb2.ListChatMessagesResponse,
    }
    kinds: dict[str, int] = {}
    for response in responses:
        assert "error" not in response, response
        parser = parsers.get(response["method"])
        assert parser is not None, f"the spectator called {response['method']}"
        for frame in frames(base64.b64decode(response["body"])):
            message = parser.FromString(frame)
            assert private_tiles(message) == set(), f"{response['method']}: {message}"
            if isinstance(message, pb.WatchMatchResponse) and message.HasField("event"):
                kind = message.event.WhichOneof("kind") or ""
                kinds[kind] = kinds.get(kind, 0) + 1
            if isinstance(message, pb.GetMatchResponse):
                assert not message.view.HasField("viewer_seat")
    # the check had something to check: the whole match went past the spectator
    # (the language switch replays the record once more: match_ended may come twice)
    assert kinds.get("round_dealt", 0) >= 1 and kinds.get("match_ended", 0) >= 1, kinds
    assert kinds.get("tile_placed", 0) > 10, kinds


def test_mid_game_screenshots_are_written(report: dict[str, Any]) -> None:
    for name in ("board-desktop.png", "board-phone.png"):
        shot = ARTIFACTS / name
        assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert shot.stat().st_size > 10_000, f"{name} looks empty"


def test_the_desktop_is_the_issues_size_and_scores_never_wrap(report: dict[str, Any]) -> None:
    shots = step(report, "screenshots")
    assert shots["viewport"] == {"width": 1366, "height": 768}
    assert shots["overflow"] <= 0, shots
    for size, fits in shots["fits"].items():
        # "62 points" (and wider) on one line, nothing cut off, at the desktop and a phone
        assert fits["sides"] == 2 and fits["wrapped"] == [] and fits["overflow"] == [], (size, fits)
        assert fits["pageOverflow"] <= 0, (size, fits)


def test_every_placement_says_what_it_scores_and_a_forced_draw_says_why(
    report: dict[str, Any],
) -> None:
    placements = report["placements"]
    assert len(placements) >= 3, placements
    for placed in placements:
        found = re.search(r": ends (\d+), (scores (\d+) points?|no points)$", placed["text"])
        assert found, placed
        shown = int(found.group(3) or 0)
        assert shown * 5 == placed["points"], placed  # the server's own figure, in points
        if placed["points"]:
            assert int(found.group(1)) % 5 == 0, placed
    assert any(p["points"] for p in placements) and any(not p["points"] for p in placements)
    for line in report["forced"]:
        assert re.fullmatch(
            r"None of your tiles matches an open end \([\d, ]+\)(: draw from the boneyard until "
            r"one does| and the boneyard is empty: you pass)\.",
            line,
        ), line


def test_the_score_badge_names_who_scored_and_fades(report: dict[str, Any]) -> None:
    badges = [b for b in report["badges"] if b]
    assert badges, "no score badge was seen"
    for badge in badges:
        assert re.fullmatch(r"(You|Bot \(seat 2\)) \+\d+ points? \(ends \d+\)", badge["text"]), (
            badge
        )
        assert badge["animation"] == "badge-fade" and badge["duration"] == "6s", badge
        assert (badge["seat"] == "0") == badge["text"].startswith("You"), badge


def test_the_history_is_the_matchs_own_record_for_everyone(report: dict[str, Any]) -> None:
    player = step(report, "finished")["history"]
    spectator = step(report, "spectator finished")["history"]
    late = step(report, "finished table")["history"]
    # the player reloaded mid-round, the spectator came early, the finished table was
    # opened after the end: one record, from the match's start to its end
    assert player[0] == "The match started." and player[1].startswith("Round 1 dealt.")
    assert player[-1] == "The match is over." and spectator == late
    assert len(player) == len(spectator)
    for mine, theirs in zip(player, spectator, strict=True):
        if mine.startswith("You drew "):  # the tile is the player's alone
            assert theirs == "Seat 1 drew a tile.", (mine, theirs)
        else:
            assert re.sub(r"\bYou\b", "Seat 1", mine) == theirs, (mine, theirs)
    ends = [line for line in player if re.match(r"Round \d+ is (over|blocked)", line)]
    # a 15-point match is one round now and then (a secure shuffle: no seed to fix it)
    # the last round's panel may give way to the match-end panel before it is read
    assert len(ends) >= len(report["roundEnds"]) >= max(1, len(ends) - 1), ends


def test_each_round_end_waits_over_the_table_until_dismissed(report: dict[str, Any]) -> None:
    ends = report["roundEnds"]
    assert len(ends) >= 1, ends  # every round's, however many the deals made
    for n, seen in enumerate(ends, start=1):
        assert seen["round"] == str(n) and seen["title"] == f"Round {n} is over", seen
        assert seen["layoutTiles"] >= 2 and seen["hands"] == 2, seen
        assert len(seen["sides"]) == 2 and all("Match: " in side for side in seen["sides"]), seen
        assert seen["focused"] == "dismiss-round", seen
    assert (ARTIFACTS / "round-end-desktop.png").exists()


def test_the_match_end_names_the_winner_with_the_final_scores(report: dict[str, Any]) -> None:
    finished = step(report, "finished")
    final = finished["finalScores"]
    assert len(final) == 2 and {"You", "Bot (seat 2)"} == {
        re.sub(r"-?\d+ points?$", "", f) for f in final
    }
    assert step(report, "finished table")["banner"] in ("Seat 1 won!", "Bot (seat 2) won!")
    assert step(report, "finished table")["overflow"] <= 0  # nothing runs off a phone


def test_a_dropped_connection_waits_with_one_line_and_recovers(report: dict[str, Any]) -> None:
    down = step(report, "player offline")
    assert down["line"].startswith("Offline: reconnecting"), down
    assert down["enabled"] == 0 and down["alerts"] == 0, down
    assert down["enabledAfter"] > 0 and down["live"] == "true", down


def test_the_invitation_has_its_own_url_and_the_selected_tile_stands_out(
    report: dict[str, Any],
) -> None:
    created, reloaded = step(report, "created"), step(report, "share reloaded")
    # a match against bots only has nobody to invite: creating it opens the table
    assert created["url"].endswith(f"#/play/{created['matchId']}")
    assert created["shareUrl"].endswith(f"#/share/{created['matchId']}")
    assert created["watchLink"].endswith(f"#/watch/{created['matchId']}")
    assert reloaded["url"] == created["shareUrl"] and reloaded["watchLink"] == created["watchLink"]
    selected = step(report, "selected")
    assert selected["selectedPressed"] == 1 and "rgb(37, 99, 235)" in selected["transform"]


def test_the_landing_page_offers_play_now_and_the_open_tables(report: dict[str, Any]) -> None:
    landing = step(report, "landing")
    assert landing["playNow"] == 1 and landing["openTables"] == "Open tables"
    quick = step(report, "play now")
    # the wait is shown with the bots' countdown, then the table names the player; the
    # count is of the others (the server's players_waiting counts this player too)
    assert re.fullmatch(
        r"Looking for players: nobody else is waiting yet; bots join in \d+ s…",
        quick["searching"],
    ), quick
    assert "#/play/" in quick["url"]
    assert quick["me"] == "Asha (You)", quick
    assert quick["overflow"] <= 0
