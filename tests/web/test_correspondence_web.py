"""Correspondence matches and the rematch in real headless Chromium against the real
stack (`fiveup serve`, the Envoy gRPC-Web gateway, the static bundle);
clients/web/test/correspondence.mjs drives two players' browsers (a desktop and a phone)
and reports what each page showed.

Two guests share two correspondence matches, one waiting for each.  Each one's "My
matches" (ListMyMatches) puts their turn first, names the opponent, says the mode and
gives the deadline in words ("7 h 59 min left", "2 days left"); a row opens the table as
the player's seat, whose status line reads the deadline the same way (not in seconds);
after a move in the browser, both lists flip.  The end panel's rematch: one offers, the
other sees the offer and accepts, both land on the new match at their seats; an offer
answered "No thanks" tells the offerer it is off.  axe finds nothing on the list or the
panel.  Screenshots (desktop 1366x768 and phone 390x844): build/test-artifacts/web/
correspondence/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "correspondence"


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    env = {"FIVEUP_SERVER": web_stack.server.address}
    return run_browser(web_stack, "correspondence.mjs", SHOTS, env=env).report


def test_each_list_puts_the_players_turn_first_with_the_deadline_in_words(
    report: dict[str, Any],
) -> None:
    matches = step(report, "matches")
    lists = step(report, "lists")
    ana, ben = lists["a"], lists["b"]
    assert [r["match"] for r in ana] == [matches["forAna"], matches["forBen"]]
    assert [r["yourTurn"] for r in ana] == [True, False]
    # an 8-hour clock, read at once: under 8 h, rounded down to the minute
    assert re.fullmatch(r"7 h 5\d min left", ana[0]["deadline"]), ana[0]
    assert ana[0]["state"] == "Your turn" and ana[1]["state"] == "Waiting for the others"
    assert ana[1]["deadline"] is None  # only a turn that waits for you counts down here
    assert ana[0]["who"] == "against Ben"
    assert ana[0]["mode"] == "2 seats · correspondence, 8 h a move"
    assert [r["match"] for r in ben] == [matches["forBen"], matches["forAna"]]
    assert ben[0]["deadline"] == "2 days left"  # three days less a moment: the days only
    assert ben[0]["who"] == "against Ana"
    assert ben[0]["mode"] == "2 seats · correspondence, 3 days a move"
    for seen in ("aOverflow", "bOverflow"):
        assert lists[seen]["scrollWidth"] <= lists[seen]["width"], lists[seen]


def test_a_row_opens_the_table_whose_status_reads_the_deadline_the_same_way(
    report: dict[str, Any],
) -> None:
    table = step(report, "table")
    assert table["hash"] == f"#/play/{step(report, 'matches')['forAna']}"
    assert re.fullmatch(r"7 h 5\d min left", table["status"]), table["status"]


def test_after_a_move_the_other_players_list_flips(report: dict[str, Any]) -> None:
    matches = step(report, "matches")
    flipped = step(report, "flipped")
    assert [r["yourTurn"] for r in flipped["a"]] == [False, False]
    assert {r["match"] for r in flipped["b"]} == {matches["forAna"], matches["forBen"]}
    assert [r["yourTurn"] for r in flipped["b"]] == [True, True]
    assert all(r["deadline"].endswith("left") for r in flipped["b"])


def test_a_rematch_offered_and_accepted_brings_both_to_the_new_match(
    report: dict[str, Any],
) -> None:
    rematch = step(report, "rematch")
    for seen in rematch["before"].values():
        assert seen["kind"] == "none" and [b["action"] for b in seen["buttons"]] == ["rematch"]
    offered = rematch["offered"]
    assert offered["a"]["line"] == "Rematch offered: waiting for Ben."
    assert [b["action"] for b in offered["a"]["buttons"]] == ["decline-rematch"]
    assert offered["b"]["line"] == "Ana offered a rematch."
    assert [b["text"] for b in offered["b"]["buttons"]] == ["Accept the rematch", "No thanks"]
    new = rematch["newMatchId"]
    assert new and new != step(report, "matches")["forAna"]
    assert rematch["a"] == {"match": new, "hash": f"#/play/{new}"}
    assert rematch["b"] == {"match": new, "hash": f"#/play/{new}"}


def test_no_thanks_calls_the_rematch_off_for_both(report: dict[str, Any]) -> None:
    declined = step(report, "declined")
    for seen in (declined["a"], declined["b"]):
        assert seen["kind"] == "declined" and seen["line"] == "The rematch is off."


def test_axe_finds_nothing_on_the_list_or_the_rematch_panel(report: dict[str, Any]) -> None:
    assert step(report, "axe my matches")["violations"] == []
    assert step(report, "axe rematch offered")["violations"] == []
    assert report["consoleErrors"] == []
