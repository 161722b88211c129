"""The suite's servers rate short matches between brand-new guests: most tests' rated
matches are 5-point ones between players who signed in a moment before, and many play
the same pair again and again.  The operator's rules of rated play (docs/ratings.md,
"Which matches are rated": standard targets only, standing, repeated pairings, a
forfeit before each seat made its own moves, a board's distinct opponents) would
record them all unrated, so the suite's servers relax them -- in process through
``tests.harness.start``, in child processes through the environment (set by
tests/conftest.py).  tests/ratings/test_rated_policy.py and bench/farming.py run the
defaults."""

from __future__ import annotations

RELAXED_RATED_PLAY: dict[str, object] = {
    "rated_targets": "any",
    "rated_standing": "any",
    "rated_pair_limit": 0,
    # issue 31: matches resigned at once still rate, boards rank after one opponent
    "rated_min_own_moves": 0,
    "rated_board_min_opponents": 0,
}
