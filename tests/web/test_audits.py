"""Lighthouse (mobile) and accessibility in real headless Chromium against the real stack (issue 25: axe-core found
2 violations on all 14 states: the language button's accessible name differed from its
visible text, and no page had an <h1>).  clients/web/test/axe.mjs runs axe-core on every
main state -- the landing page (desktop, phone, Hindi), a table in play with a tile
selected, the round-end panel, the match-end panel (and in Hindi), the leaderboard and
the sign-in page -- and each must have no violation.  Screenshots of every audited state
are in build/test-artifacts/web/axe/.

clients/web/test/lighthouse.mjs runs Lighthouse 12 with its mobile defaults (a phone's
screen, simulated slow 4G, a 4x slower CPU -- scaled down, as Lighthouse's throttling docs
advise, on a host whose benchmark index is under the 1500 that 4x is calibrated for, so a
busy CI machine is not scored as the page) three times on the landing page and on a table
in play; the median run of each must score at least 90 for performance and for
accessibility (issue 25: mobile performance was 65 on a loaded machine), with its assets
compressed and the table's chunk left out of the landing page.  The median runs' HTML
reports are in build/test-artifacts/web/lighthouse/."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
STATES = {
    "landing", "landing phone", "table mid-game", "round-end panel", "match end",
    "match end (Hindi)", "landing (Hindi)", "leaderboard", "sign-in page",
}  # fmt: skip


@pytest.fixture(scope="module")
def axe(web_stack: WebStack) -> dict[str, Any]:
    return run_browser(web_stack, "axe.mjs", ARTIFACTS / "axe").report


def test_axe_finds_no_violation_in_any_main_state(axe: dict[str, Any]) -> None:
    states = {s["state"]: s for s in axe["states"]}
    assert set(states) == STATES
    found = {name: s["violations"] for name, s in states.items() if s["violations"]}
    assert found == {}, found
    for name, s in states.items():
        assert s["passes"] >= 25, (name, s["passes"])  # axe ran its rules on a real page
        assert s["lang"] == ("hi" if "Hindi" in name else "en"), name
    assert {s["version"] for s in states.values()} == {axe["states"][0]["version"]}
    assert axe["consoleErrors"] == []


@pytest.fixture(scope="module")
def lighthouse(web_stack: WebStack) -> dict[str, Any]:
    return run_browser(web_stack, "lighthouse.mjs", ARTIFACTS / "lighthouse").report


@pytest.mark.parametrize("page", ["landing", "table"])
def test_lighthouse_mobile_scores_90_for_performance_and_accessibility(
    lighthouse: dict[str, Any], page: str
) -> None:
    measured = step(lighthouse, f"lighthouse {page}")
    median = measured["median"]
    assert len(measured["runs"]) == 3
    assert median["formFactor"] == "mobile" and median["throttling"] == "simulate"
    figures = {k: median[k] for k in ("performance", "accessibility", "metrics", "longTasks")}
    assert median["performance"] >= 90, figures
    assert median["accessibility"] >= 90 and median["a11yFailed"] == [], figures
    assert median["textCompression"] == 1  # Lighthouse finds nothing left to compress
    for script in median["scripts"]:  # every script came compressed
        assert script["transferSize"] < script["resourceSize"] * 0.5, script


def slowdown_for(index: float) -> float:
    """Lighthouse's 4x, scaled to a host under its reference benchmark index (1500)."""
    return max(1.0, min(4.0, round(4 * index / 1500 * 10) / 10))


def test_the_cpu_slowdown_follows_the_hosts_benchmark_index(lighthouse: dict[str, Any]) -> None:
    runs = [
        r for page in ("landing", "table") for r in step(lighthouse, f"lighthouse {page}")["runs"]
    ]
    assert runs[0]["cpuSlowdown"] == 4  # nothing measured yet: Lighthouse's default
    for before, run in itertools.pairwise(runs):
        assert run["cpuSlowdown"] == pytest.approx(slowdown_for(before["benchmarkIndex"]), abs=0.11)
        assert run["benchmarkIndex"] > 0


def test_the_landing_page_does_not_load_the_table(lighthouse: dict[str, Any]) -> None:
    landing = {s["url"] for s in step(lighthouse, "lighthouse landing")["median"]["scripts"]}
    table = {s["url"] for s in step(lighthouse, "lighthouse table")["median"]["scripts"]}
    assert "/app.js" in landing and landing < table, (landing, table)
    assert step(lighthouse, "table ready")["tiles"] >= 2  # a table in play was measured
