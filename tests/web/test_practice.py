"""Hints and practice mode in the web app, in real headless Chromium against the real
stack (clients/web/test/practice.mjs drives the browser): the practice option, the hint
list (every legal move, ranked, with its points now and the expert's estimate; picking
one plays it), the take-back button (the hand and the table come back exactly), Hindi,
a phone, and a match that allows hints without being practice.  Screenshots are written
to build/test-artifacts/web/practice/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fiveup.bots import ladder
from fiveup.ratings.scale import display_rating
from fiveup.v1 import match_pb2

from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "practice"


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    return run_browser(web_stack, "practice.mjs", SHOTS).report


def test_the_practice_option_makes_seat_one_the_person_against_bots(
    report: dict[str, Any],
) -> None:
    created = step(report, "practice created")
    assert created["hintsChecked"] is True and created["hintsDisabled"] is True
    assert created["untickedHints"] == {"checked": False, "disabled": False}
    assert created["seat1Disabled"] is True
    bots = [v.name.removeprefix("BOT_KIND_").lower() for v in match_pb2.BotKind.DESCRIPTOR.values]
    assert created["seat2Options"] == bots[1:]  # bots only: every level the contract names
    # Each level with its rating on the players' scale (ListBotLevels): a bot about my strength.
    for kind, text in zip(created["seat2Options"], created["seat2Texts"], strict=True):
        rated = ladder.rating(kind)
        assert rated is not None, kind
        assert text.endswith(f" · rating {display_rating(rated.mu)}"), text
    assert "#/play/" in created["url"]  # no invitation page: straight to the table
    assert created["practice"] == "true" and created["hintsAllowed"] == "true"


def test_the_hint_list_ranks_every_legal_move_with_points_and_estimate(
    report: dict[str, Any],
) -> None:
    shown = step(report, "hints shown")
    hints = shown["hints"]
    assert len(hints) == shown["legal"] >= 2  # a real choice to rank
    assert [h["best"] for h in hints] == [True] + [False] * (len(hints) - 1)
    assert shown["focusedHint"] == "0"  # asked by keyboard: the focus is on the best hint
    assert len({h["key"] for h in hints}) == len(hints)  # each legal move once
    figures = re.compile(
        r"^(\+\d+ now|no points now) · ends add up to \d+ · "
        r"(estimate (0\.0|[+\N{MINUS SIGN}]\d+\.\d)|the only move)$"
    )
    for hint in hints:
        assert figures.match(hint["figures"]), hint
        assert re.match(r"^(Place \[\d\|\d\] on |Lead \[|Draw a tile$|Pass$)", hint["what"]), hint
    assert re.search(r"\(\d+ sampled deals\)", shown["explain"])


def test_picking_a_hint_plays_that_move(report: dict[str, Any]) -> None:
    before = step(report, "hints shown")["before"]
    played = step(report, "hint played")
    assert played["after"]["version"] != before["version"]
    assert played["hintsLeft"] == 0  # the list was for the old position
    tile = played["tile"]
    if tile is not None:  # a placement: the tile left the hand for the table
        assert tile in before["hand"] and tile not in played["after"]["hand"]
        assert tile not in before["table"] and tile in played["after"]["table"]


def test_taking_back_restores_the_hand_and_the_table(report: dict[str, Any]) -> None:
    before = step(report, "hints shown")["before"]
    played = step(report, "hint played")["after"]
    undone = step(report, "undone")["undone"]
    assert int(undone["version"]) > int(played["version"])  # the log only grows
    assert undone["hand"] == before["hand"]
    assert undone["table"] == before["table"]
    assert undone["log"] == "You took back a move."
    # the button stays while an earlier move of ours is left to take back
    assert undone["undoStill"] == (1 if step(report, "hints shown")["earlier"] else 0)


def test_hints_in_hindi_and_on_a_phone(report: dict[str, Any]) -> None:
    hindi = step(report, "hindi")
    assert hindi["title"] == "सुझाई गई चालें, सबसे अच्छी पहले"
    assert hindi["button"] == "संकेत"
    # the take-back button is there when an earlier move of ours is left to take back
    assert hindi["undo"] == (
        "मेरी चाल वापस लें" if step(report, "undone")["undone"]["undoStill"] else None
    )
    assert re.search(r"अभी|एकमात्र|अनुमान", hindi["first"])
    assert step(report, "phone")["hints"] >= 1
    for name in (
        "practice-start",
        "hints-desktop",
        "undo-offered",
        "undo-desktop",
        "hints-hindi",
        "hints-phone",
    ):
        shot = SHOTS / f"{name}.png"
        assert shot.exists() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert shot.stat().st_size > 10_000, f"{name} looks empty"


def test_a_match_with_hints_that_is_not_practice_offers_no_take_back(
    report: dict[str, Any],
) -> None:
    plain = step(report, "hints without practice")
    assert plain == {
        "name": "hints without practice", "practice": "false", "hintsAllowed": "true",
        "hint": 1, "undo": 0,
    }  # fmt: skip
    assert report["consoleErrors"] == []
