"""The flood rules: duplicates, an author's burst, an author's minute, a busy room."""

from __future__ import annotations

import pytest

from fiveup.chat.errors import ChatDuplicate, ChatRateLimited
from fiveup.chat.flood import FloodLimits, Recent, Said, check_flood

LIMITS = FloodLimits(burst=3, burst_seconds=10, per_minute=5, room_burst=4, duplicate_seconds=60)
NOW = 1000.0


def recent(here=(), everywhere=(), room=()) -> Recent:  # type: ignore[no-untyped-def]
    return Recent(list(here), list(everywhere), list(room))


def test_a_quiet_author_passes() -> None:
    check_flood(recent(), "text:hi", NOW, LIMITS)
    check_flood(recent([Said(NOW - 1, "text:hello")]), "text:hi", NOW, LIMITS)


def test_the_same_words_as_one_of_the_last_two_are_refused_for_a_while() -> None:
    said = [Said(NOW - 5, "text:a"), Said(NOW - 6, "text:gg")]
    with pytest.raises(ChatDuplicate) as caught:
        check_flood(recent(said), "text:gg", NOW, LIMITS)
    assert caught.value.retry_after == 54.0
    check_flood(recent([Said(NOW - 61, "text:gg")]), "text:gg", NOW, LIMITS)
    older = [Said(NOW - 11, "text:a"), Said(NOW - 12, "text:b"), Said(NOW - 13, "text:gg")]
    check_flood(recent(older), "text:gg", NOW, LIMITS)  # three messages ago: allowed


@pytest.mark.parametrize(
    ("kwargs", "scope"),
    [
        ({"here": [Said(NOW - t, f"text:{t}") for t in (1, 2, 3)]}, "author"),
        ({"everywhere": [NOW - t for t in range(1, 6)]}, "author_minute"),
        ({"room": [NOW - t for t in range(1, 5)]}, "room"),
    ],
)
def test_each_window_refuses_with_the_time_to_wait(kwargs: dict, scope: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ChatRateLimited) as caught:
        check_flood(recent(**kwargs), "text:new", NOW, LIMITS)
    assert caught.value.details["scope"] == scope
    assert caught.value.retry_after > 0


def test_a_burst_that_has_passed_no_longer_counts() -> None:
    check_flood(recent([Said(NOW - t, f"text:{t}") for t in (11, 12, 13)]), "text:x", NOW, LIMITS)
