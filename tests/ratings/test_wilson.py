"""The win rate's 95% Wilson score interval: published values and its properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fiveup.ratings.wilson import wilson_interval


@pytest.mark.parametrize(
    "wins, matches, lower, upper",
    [
        (8, 10, 0.4902, 0.9433),  # the textbook example (Wilson 1927; Newcombe 1998)
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 1, 0.2065, 1.0),  # one win in one match says little
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_known_intervals(wins: int, matches: int, lower: float, upper: float) -> None:
    interval = wilson_interval(wins, matches)
    assert interval.lower == pytest.approx(lower, abs=5e-5)
    assert interval.upper == pytest.approx(upper, abs=5e-5)


def test_no_matches_says_nothing() -> None:
    interval = wilson_interval(0, 0)
    assert (interval.lower, interval.upper) == (0.0, 1.0)


def test_impossible_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_rate_and_mirrors_losses(counts: tuple[int, int]) -> None:
    wins, matches = counts
    interval = wilson_interval(wins, matches)
    rate = wins / matches
    assert 0.0 <= interval.lower <= rate <= interval.upper <= 1.0
    losses = wilson_interval(matches - wins, matches)
    assert interval.lower == pytest.approx(1 - losses.upper, abs=1e-12)
    assert interval.upper == pytest.approx(1 - losses.lower, abs=1e-12)


@given(st.integers(1, 50), st.integers(1, 50), st.integers(2, 20))
def test_more_matches_at_the_same_rate_narrow_it(wins: int, extra: int, factor: int) -> None:
    matches = wins + extra
    small = wilson_interval(wins, matches)
    large = wilson_interval(wins * factor, matches * factor)
    assert large.upper - large.lower < small.upper - small.lower
