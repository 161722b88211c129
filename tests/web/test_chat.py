"""The table chat in real headless Chromium against the real stack (`fiveup serve`, the
Envoy gRPC-Web gateway, the static bundle); clients/web/test/chat.mjs drives three
browser contexts and the API (native gRPC) and reports what each page showed.

Two players at one table chat both ways, a phrase sent with the keyboard and free text
typed on a phone; a signed-in spectator writes in the spectators' room and neither
player gets it (the server refuses them that room while the match is in play); a
report is acknowledged; a muted author's messages go and new ones never come, until
shown again; an over-long message and a burst end in one clear line each; Hindi shows
the server's phrases in Hindi; an anonymous seat is offered phrases only, and told why.  In a four-seat partnership match the panel closes free
text during the round and offers only courtesy phrases; the server holds a seated
player's free text, and what it held reaches the partner, marked, when the round ends.
Screenshots (desktop and phone): build/test-artifacts/web/chat/."""

from __future__ import annotations

from typing import Any

import pytest

from fiveup.chat.phrases import PHRASES, PhraseKind
from fiveup.chat.text import MAX_TEXT_LENGTH

from .conftest import ARTIFACTS, WebStack, run_browser, step

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "chat"
COURTESY = [p.key for p in PHRASES if p.kind is PhraseKind.COURTESY]


@pytest.fixture(scope="module")
def report(web_stack: WebStack) -> dict[str, Any]:
    env = {"FIVEUP_SERVER": web_stack.server.address}
    return run_browser(web_stack, "chat.mjs", SHOTS, env=env).report


def said(messages: list[dict[str, Any]], words: str) -> list[dict[str, Any]]:
    return [m for m in messages if m["words"] == words]


def test_two_players_chat_both_ways(report: dict[str, Any]) -> None:
    panels = step(report, "duel panels")
    for seen in (panels["a"], panels["b"]):
        assert seen["room"] == "players" and seen["freeText"] == "true" and seen["formShown"]
        assert seen["rooms"] == [] and seen["note"] is None
        assert [p["key"] for p in seen["phrases"]] == [p.key for p in PHRASES]
        # the courtesy phrases shown, game talk behind "More phrases"
        assert [p["key"] for p in seen["phrases"] if p["shown"]] == COURTESY
    both = step(report, "both ways")
    (hello,) = said(both["b"], "Hello!")
    assert hello["who"] == "Ana" and hello["kind"] == "phrase" and not hello["held"]
    (evening,) = said(both["a"], "Good evening from the phone")
    assert evening["who"] == "Ben" and evening["kind"] == "text"
    assert said(both["a"], "Hello!")[0]["who"] == "You"
    assert both["bInputAfter"] == ""  # sent: the composer is empty again


def test_messages_out_of_view_are_counted_on_a_phone(report: dict[str, Any]) -> None:
    unread = step(report, "unread")
    assert unread["text"] == "Chat: 1 new"
    assert unread["inView"] == "true" and unread["focused"] == "chat-log"


def test_a_spectator_writes_in_a_room_the_players_do_not_see(report: dict[str, Any]) -> None:
    room = step(report, "spectator room")
    assert room["cPanel"]["room"] == "spectators" and room["cPanel"]["freeText"] == "true"
    (own,) = said(room["c"], "Spectator here: nice table")
    assert own["who"] == "You"
    for player in ("a", "b"):
        assert said(room[player], "Thanks!"), "the fence reached the player"
        assert not said(room[player], "Spectator here: nice table")
    # the players' panel offers no spectators' room while the match is in play, and the
    # server refuses it to them
    assert room["aPanel"]["rooms"] == [] and room["aPanel"]["room"] == "players"
    assert room["playerReadsSpectators"] == "CHAT_NOT_ALLOWED"
    # an anonymous watcher reads that room, and is told to sign in to write
    anonymous = room["anonymous"]
    assert said(anonymous["messages"], "Spectator here: nice table")[0]["who"] == "Cam"
    assert anonymous["panel"]["closed"] == "signInToWrite"
    assert anonymous["panel"]["note"] == "Sign in to write here."
    assert not anonymous["panel"]["formShown"] and anonymous["panel"]["phrases"] == []


def test_a_report_is_acknowledged(report: dict[str, Any]) -> None:
    assert step(report, "reported")["ack"] == "Reported: the operators will look at it."


def test_mute_hides_an_author_until_shown_again(report: dict[str, Any]) -> None:
    muted = step(report, "muted")
    assert muted["focusedOption"] == "chat-mute"  # the options open on the keyboard
    assert [m for m in muted["afterMute"] if m["who"] == "Ben"] == []
    assert not said(muted["later"], "Can you still read me?")
    assert said(muted["later"], "One moment, please"), "Ana's own later message arrived"
    assert muted["unmute"] == "Ben is muted: show again"
    assert said(step(report, "unmuted")["a"], "Can you still read me?")


def test_an_over_long_message_is_refused_with_one_line(report: dict[str, Any]) -> None:
    refused = step(report, "too long")
    assert refused["panel"]["error"] == {
        "reason": "CHAT_TEXT_INVALID",
        "text": f"Too long: a message holds at most {MAX_TEXT_LENGTH} characters.",
    }
    assert refused["count"] == {"text": f"230 of {MAX_TEXT_LENGTH} characters", "over": True}
    assert refused["kept"] == 230  # nothing typed is lost
    assert refused["errorLines"] == 1


def test_a_burst_is_refused_with_one_line(report: dict[str, Any]) -> None:
    burst = step(report, "burst")
    error = burst["panel"]["error"]
    assert error["reason"] == "CHAT_RATE_LIMITED"
    assert error["text"].startswith(
        "You are sending messages too fast: wait a moment. Try again in "
    )
    assert 1 <= burst["sent"] <= 5


def test_the_phone_layout_does_not_overflow(report: dict[str, Any]) -> None:
    for name in ("phone", "partnership phone"):
        seen = step(report, name)["overflow"]
        assert seen["scrollWidth"] <= seen["width"] == 390, seen
        assert seen["chatLeft"] >= 0 and seen["chatRight"] <= 390, seen
    for shot in ("chat-phone.png", "chat-phone-unread.png", "chat-desktop.png",
                 "chat-partnership-desktop.png",
                 "chat-partnership-phone.png", "chat-released-phone.png"):  # fmt: skip
        assert (SHOTS / shot).stat().st_size > 10_000


def test_hindi_shows_the_phrases_in_hindi(report: dict[str, Any]) -> None:
    hindi = step(report, "hindi")
    assert hindi["heading"] == "टेबल चैट"
    assert hindi["phrases"][0] == {"key": "hello", "courtesy": True, "text": "नमस्ते!", "shown": True}


def test_free_text_is_closed_during_a_partnership_round(report: dict[str, Any]) -> None:
    round_ = step(report, "partnership round")
    for seat in ("a", "b", "c"):
        seen = round_[seat]
        assert seen["closed"] == "partnershipRound" and seen["freeText"] == "false"
        assert not seen["formShown"]
        assert [p["key"] for p in seen["phrases"]] == COURTESY
        assert seen["note"].startswith("Free text is closed until the round ends")
    # the server holds a seated player's free text (sent through the API, not the page)
    assert round_["evesText"]["held"] is True
    # Ana's courtesy phrase: her own copy marked held, her opponent reads it now...
    (mine,) = said(round_["aMessages"], "Hello!")
    assert mine["held"] and mine["marks"] == [
        "Held: the rest of the table reads it when the round ends."
    ]
    (bens,) = said(round_["bMessages"], "Hello!")
    assert bens["held"] and bens["marks"] == ["Their partner reads this when the round ends."]
    # ... her partner does not, nor Eve's free text (Eve's courtesy phrase did arrive)
    assert said(round_["cMessages"], "Thanks!")
    assert not said(round_["cMessages"], "Hello!")
    for seat in ("a", "b", "c"):
        assert not said(round_[f"{seat}Messages"], "Partner, I hold the double six")


def test_held_messages_are_shown_when_the_round_ends(report: dict[str, Any]) -> None:
    released = step(report, "released")
    assert released["finished"] or released["lastRound"] >= 1
    for seat in ("b", "c"):
        (text,) = said(released[f"{seat}Messages"], "Partner, I hold the double six")
        assert text["delayed"] and text["marks"] == ["Held back until the round ended."]
    (hello,) = said(released["cMessages"], "Hello!")
    assert hello["delayed"] and hello["who"] == "Ana"
    (mine,) = said(released["aMessages"], "Hello!")
    assert not mine["held"] and mine["marks"] == []
    panel = released["cPanel"]
    if released["finished"]:
        assert panel["freeText"] == "true" and "spectators" in panel["rooms"]
    else:  # the next round is in play: closed again
        assert panel["closed"] == "partnershipRound"


def test_an_anonymous_seat_sends_phrases_only(report: dict[str, Any]) -> None:
    seen = step(report, "anonymous seat")
    assert seen["panel"]["closed"] == "signInForText" and not seen["panel"]["formShown"]
    assert seen["panel"]["note"] == "Sign in to write free text; quick phrases work without it."
    assert [p["key"] for p in seen["panel"]["phrases"] if p["shown"]] == COURTESY
    (hello,) = said(seen["messages"], "Hello!")
    assert hello["who"] == "You"
