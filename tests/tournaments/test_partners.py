"""Rotating partnerships (docs/tournaments.md, "Partnerships")."""

from __future__ import annotations

import random

import pytest

from fiveup.tournaments.model import Table, TableResult
from fiveup.tournaments.partners import partner_counts, seat_partners


def four(n: int, seats: str) -> TableResult:
    return TableResult(n, tuple(seats), scores=(305, 100), winner_side=0)


def test_partner_counts_read_seats_zero_two_and_one_three() -> None:
    counts = partner_counts([four(1, "abcd"), four(2, "acbd")])
    assert counts[frozenset("ac")] == 1 and counts[frozenset("bd")] == 1
    assert counts[frozenset("ab")] == 1 and counts[frozenset("cd")] == 1
    assert counts[frozenset("ad")] == 0


def test_the_split_never_used_is_chosen() -> None:
    history = [four(1, "abcd"), four(2, "abdc")]  # a+c, b+d, then a+d, b+c
    for seed in range(20):
        seats = seat_partners("abcd", history, random.Random(seed))
        assert set(Table(seats).partners()) == {frozenset("ab"), frozenset("cd")}


def test_with_every_split_used_the_least_partnered_wins() -> None:
    history = [four(1, "abcd"), four(2, "abdc"), four(3, "acbd"), four(4, "abcd")]
    seats = seat_partners("abcd", history, random.Random(1))
    # a+c and b+d partnered twice; the other two splits once: ties go by fewer oppositions
    assert frozenset("ac") not in Table(seats).partners()


def test_seats_vary_by_lot() -> None:
    seen = {seat_partners("abcd", [], random.Random(seed)) for seed in range(40)}
    assert len(seen) > 4


def test_only_four_players_make_partnerships() -> None:
    with pytest.raises(ValueError):
        seat_partners("abc", [], random.Random(1))
