"""The table search under the pairings (``grouping.split``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fiveup.tournaments.grouping import Exhausted, split


def in_order(anchor: str, rest: Sequence[str]) -> list[str]:
    return list(rest)


def anyone(a: str, b: str) -> bool:
    return True


def test_the_first_choices_are_kept_when_they_work() -> None:
    assert split("abcdef", 2, in_order, anyone) == [("a", "b"), ("c", "d"), ("e", "f")]
    assert split("abcdef", 3, in_order, anyone) == [("a", "b", "c"), ("d", "e", "f")]


def test_a_choice_that_strands_someone_is_undone() -> None:
    def not_with_b(a: str, b: str) -> bool:  # b may sit only with a
        return "b" not in (a, b) or "a" in (a, b)

    assert split("abcd", 2, in_order, not_with_b) == [("a", "b"), ("c", "d")]
    assert split("acdb", 2, in_order, not_with_b) == [("a", "b"), ("c", "d")]


def test_impossible_is_none_and_spare_players_are_left_out() -> None:
    def never_a(a: str, b: str) -> bool:
        return "a" not in (a, b)

    assert split("abc" + "d", 2, in_order, never_a) is None
    assert split("abcde", 2, in_order, never_a, spare=1) == [("b", "c"), ("d", "e")]


def test_a_table_rule_is_applied_to_whole_tables() -> None:
    found = split("abcd", 2, in_order, anyone, table_ok=lambda t: t != ("a", "b"))
    assert found == [("a", "c"), ("b", "d")]


def test_the_search_is_bounded() -> None:
    def odd_one(a: str, b: str) -> bool:  # "z" fits nobody: every order fails
        return "z" not in (a, b)

    players = [f"p{i:02d}" for i in range(15)] + ["z"]
    with pytest.raises(Exhausted):
        split(players, 2, in_order, odd_one, budget=50)


def test_the_players_must_fill_the_tables() -> None:
    with pytest.raises(ValueError):
        split("abc", 2, in_order, anyone)
