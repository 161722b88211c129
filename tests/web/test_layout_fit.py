"""The web app's layout at the sizes people use (issue 35), in real headless Chromium
against the real stack (clients/web/test/layout.mjs drives it): phones of 320-430 px and
laptops of 1280-1440 px, judged at 390 x 844 and 1366 x 768.  Nothing in the header or
the table's panels is cut (scrollWidth <= clientWidth), the site's name keeps one line,
and the History list is whole on a laptop.  The phone's and the laptop's screenshots
are kept in build/screenshots/ (FIVEUP_SHOT_LABEL names them: "after" unless told)."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from ..clients.conftest import ROOT
from .conftest import ARTIFACTS, WebStack, run_browser

pytestmark = pytest.mark.timeout(600)
SCREENSHOTS = ROOT / "build" / "screenshots"


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    label = os.environ.get("FIVEUP_SHOT_LABEL", "after")
    env = {"FIVEUP_SCREENSHOTS": str(SCREENSHOTS), "FIVEUP_SHOT_LABEL": label}
    return run_browser(web_stack, "layout.mjs", ARTIFACTS / "layout", env).report


def steps(report: dict[str, Any], name: str) -> list[dict[str, Any]]:
    found = [s for s in report["steps"] if s["name"] == name]
    assert len(found) == 6, [s["name"] for s in report["steps"]]
    return found


@pytest.mark.parametrize("page", ["landing", "table"])
def test_nothing_in_the_header_or_the_panels_is_cut(report: dict[str, Any], page: str) -> None:
    for seen in steps(report, page):
        assert seen["cut"] == [], seen
        assert seen["brandLines"] == 1, seen  # "Five Up" on one line
        assert seen["pageOverflow"] <= 0, seen


def test_the_history_list_is_whole_on_a_laptop(report: dict[str, Any]) -> None:
    for seen in steps(report, "table"):
        history = seen["history"]
        assert history is not None and history["entries"] >= 5, seen
        if int(seen["size"].split("x")[0]) >= 1280:
            assert history["whole"], seen


def test_hindi_is_drawn_in_the_apps_own_font_which_english_pages_do_not_fetch(
    report: dict[str, Any],
) -> None:
    english = next(s for s in report["steps"] if s["name"] == "english fonts")
    # the language button's few glyphs, never the Hindi text's faces
    assert english["fetched"] == ["noto-sans-devanagari-label.woff2"], english
    assert any(f["custom"] and f["glyphs"] > 0 for f in english["button"]), english
    hindi = next(s for s in report["steps"] if s["name"] == "hindi fonts")
    assert sorted(hindi["fetched"]) == [
        "noto-sans-devanagari-400.woff2",
        "noto-sans-devanagari-700.woff2",
    ], hindi
    for drawn, text in (
        (hindi["title"], hindi["titleText"]),
        (hindi["heading"], hindi["headingText"]),
    ):
        # the Devanagari text from the shipped face; the system's font draws at most the
        # rest (spaces, digits, Latin): no Devanagari glyph from elsewhere, no empty box
        shipped = sum(
            f["glyphs"] for f in drawn if f["custom"] and f["family"] == "Noto Sans Devanagari"
        )
        other = sum(f["glyphs"] for f in drawn if not f["custom"])
        assert shipped > 0 and other <= len(re.findall(r"[^\u0900-\u097f]", text)), hindi


def test_the_board_stars_the_ends_that_count(report: dict[str, Any]) -> None:
    seen = next(s for s in report["steps"] if s["name"] == "counting")
    assert seen["tiles"] >= 1, seen
    # one star per counting end (a lone lead counts both its ends), adding up to the sum
    assert 1 <= len(seen["stars"]) <= 4, seen
    assert sum(star["value"] for star in seen["stars"]) == seen["endSum"], seen
    for star in seen["stars"]:
        assert star["label"] == f"Counting end: {star['value']}", seen
