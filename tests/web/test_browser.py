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
import struct
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.message import Message

from fiveup.v1 import common_pb2
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
    assert finished["winner"] in ("You won!", "Seat 2 won!")
    assert int(finished["reckoning"]) >= 2  # the last round's hands, with their rounding
    moves = report["moves"]
    assert isinstance(moves, dict)
    assert moves["keyboard"] > 0 and moves["mouse"] > 0, moves
    # the spectator sees the same winner, by seat (the player is seat 1)
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
        e for e in errors if not (e.startswith("flaky:") and "INTERNET_DISCONNECTED" in e)
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
        for item in value if field.is_repeated else [value]:
            found |= private_tiles(item)
    return found


def test_the_spectator_never_receives_a_hidden_tile(report: dict[str, Any]) -> None:
    responses = report["spectator"]
    assert isinstance(responses, list)
    parsers = {
        "MatchService/GetMatch": pb.GetMatchResponse,
        "MatchService/WatchMatch": pb.WatchMatchResponse,
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
    assert kinds.get("round_dealt", 0) >= 1 and kinds.get("match_ended") == 1, kinds
    assert kinds.get("tile_placed", 0) > 10, kinds


def test_mid_game_screenshots_are_written(report: dict[str, Any]) -> None:
    for name in ("board-desktop.png", "board-phone.png"):
        shot = ARTIFACTS / name
        assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert shot.stat().st_size > 10_000, f"{name} looks empty"
