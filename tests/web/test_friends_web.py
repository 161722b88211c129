"""Friends in real headless Chromium against the real stack (clients/web/test/friends.mjs
drives two, then three browsers): two new guests become friends through the pages (a
request from a profile, the notice, accept on the friends page, the accepted notice),
each then sees the other online and one sees the other "in a match" once he sits at a
table; a declined request leaves nothing on either side; axe-core finds no violation on
the friends page.  Screenshots: build/test-artifacts/web/friends/."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(300)
SHOTS = ARTIFACTS / "friends"


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    return run_browser(web_stack, "friends.mjs", SHOTS).report


def test_two_guests_become_friends_through_the_pages(report: dict[str, Any]) -> None:
    assert "Friend request sent." in step(report, "asked")["control"]
    accepted = step(report, "accepted")
    assert accepted["requestNotice"].startswith("Asha asks to be your friend.")
    assert [p["name"] for p in accepted["incoming"]] == ["Asha"]
    assert accepted["bilalsIncomingAfter"] == []
    online = step(report, "online")
    assert online["acceptedNotice"].startswith("Bilal accepted your friend request.")
    assert [(p["name"], p["presence"]) for p in online["ashas"]] == [("Bilal", "online")]
    assert [(p["name"], p["presence"]) for p in online["bilals"]] == [("Asha", "online")]
    assert online["ashasOutgoing"] == []  # the request became the friendship


def test_a_friend_at_a_table_shows_in_a_match(report: dict[str, Any]) -> None:
    friends = step(report, "in a match")["ashas"]
    assert [(p["name"], p["presence"]) for p in friends] == [("Bilal", "in-match")]
    assert "In a match" in friends[0]["text"]


def test_a_declined_request_leaves_nothing(report: dict[str, Any]) -> None:
    declined = step(report, "declined")
    assert declined["ashasIncoming"] == []
    assert declined["ashasNotices"] == 0  # the answered request's notice is taken down
    assert [p["name"] for p in declined["ashasFriends"]] == ["Bilal"]
    assert declined["chensOutgoing"] == [] and declined["chensFriends"] == []
    assert declined["chenControl"] == "none"


def test_removing_a_friend_ends_it_on_both_sides(report: dict[str, Any]) -> None:
    removed = step(report, "removed")
    assert removed["ashas"] == [] and removed["bilals"] == []
    assert removed["status"] == "Bilal is no longer your friend."


def test_the_friends_page_has_no_accessibility_violation(report: dict[str, Any]) -> None:
    for name in ("axe friends", "axe friends with a request"):
        audit = step(report, name)
        assert audit["violations"] == [], audit
        assert audit["passes"] >= 20
    assert report["consoleErrors"] == []
    for shot in ("friends", "friends-request"):
        for size in ("laptop", "phone"):
            assert (SHOTS / f"{shot}-{size}.png").stat().st_size > 10_000
