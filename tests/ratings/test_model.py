"""The rating model and a match's per-seat figures: exact placements, the direction and
symmetry of updates, partnerships, and a rebuild from scratch that equals the running
fold to the last bit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.bots import make_bot, seeded_rng
from fiveup.engine import Event, Match, MatchConfig, MatchEnded, MoveUndone, TilePlaced, view_for
from fiveup.engine.scoring import RAW_PER_POINT, side_of
from fiveup.ratings.model import RatedMatch, Rating, rate, rebuild
from fiveup.ratings.stats import current_line, match_figures, placements


@pytest.mark.parametrize(
    ("scores", "winner", "expected"),
    [
        ((320, 150), 0, (1, 2)),
        ((150, 320), 1, (2, 1)),
        ((310, 200, 200), 0, (1, 2, 2)),
        ((100, 310, 250), 1, (3, 1, 2)),
        ((-20, 305, -20), 1, (2, 1, 2)),
    ],
)
def test_placements(scores: tuple[int, ...], winner: int, expected: tuple[int, ...]) -> None:
    assert placements(scores, winner) == expected


def test_the_winner_gains_and_the_loser_loses_symmetrically() -> None:
    after = rate({}, RatedMatch("m", (("a",), ("b",)), (310, 120), 0))
    assert after["a"].mu > Rating().mu > after["b"].mu
    assert after["a"].mu - Rating().mu == pytest.approx(Rating().mu - after["b"].mu)
    assert after["a"].sigma < Rating().sigma and after["b"].sigma < Rating().sigma


def test_partners_share_the_result_and_a_stronger_loser_loses_more() -> None:
    match = RatedMatch("m", (("a", "c"), ("b", "d")), (120, 305), 1)
    assert match.category == "4"
    after = rate({}, match)
    assert after["a"] == after["c"] and after["b"] == after["d"]
    assert after["b"].mu > after["a"].mu
    strong = Rating(35.0, Rating().sigma)  # as uncertain, but expected to win
    assert strong.mu - rate({"a": strong}, match)["a"].mu > Rating().mu - after["c"].mu


def test_three_players_are_ranked_by_final_score() -> None:
    after = rate({}, RatedMatch("m", (("a",), ("b",), ("c",)), (305, 40, 200), 0))
    assert after["a"].mu > after["c"].mu > after["b"].mu


players = st.sampled_from(["p1", "p2", "p3", "p4", "p5", "p6"])


@st.composite
def rated_matches(draw: st.DrawFn) -> RatedMatch:
    n = draw(st.sampled_from([2, 3, 4]))
    people = draw(st.lists(players, min_size=n, max_size=n, unique=True))
    sides = (
        tuple((p,) for p in people) if n < 4 else ((people[0], people[2]), (people[1], people[3]))
    )
    scores = tuple(draw(st.integers(-60, 300)) * 5 for _ in sides)
    winner = draw(st.integers(0, len(sides) - 1))
    top = max(scores) + 5
    scores = tuple(top if i == winner else s for i, s in enumerate(scores))
    return RatedMatch(f"m{draw(st.integers(0, 10**6))}", sides, scores, winner)


@settings(max_examples=60, deadline=None)
@given(st.lists(rated_matches(), max_size=25))
def test_a_rebuild_from_scratch_equals_the_running_fold(matches: list[RatedMatch]) -> None:
    running: dict[tuple[str, str], Rating] = {}
    for match in matches:  # as a live service does it: one match at a time, as they end
        cat = match.category
        before = {p: running[(cat, p)] for side in match.sides for p in side if (cat, p) in running}
        for player, after in rate(before, match).items():
            running[(cat, player)] = after
    assert rebuild(matches) == running  # exact floats, not approx
    assert rebuild(matches) == rebuild(list(matches))


def play(n: int, seed: bytes) -> list[Event]:
    match, log = Match.start(MatchConfig(seats=("greedy",) * n, seed=seed, target_points=20))
    bots = [make_bot("greedy", seeded_rng(f"{seed.hex()}/{s}")) for s in range(n)]
    while (seat := match.to_move()) is not None:
        log += match.act(seat, bots[seat].choose(view_for(match, seat)))
    return log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_match_figures_add_up_to_its_final_scores(n: int) -> None:
    log = play(n, f"figures {n}".encode())
    figures = match_figures(log)
    ended = log[-1]
    assert isinstance(ended, MatchEnded)
    per_side = [0] * len(ended.scores)
    for f in figures:
        per_side[f.side] += (f.points - f.deducted) * RAW_PER_POINT
        assert f.side == side_of(f.seat, n)
        assert f.won == (f.side == ended.winner_side)
    assert tuple(per_side) == ended.scores
    assert [f.placement for f in figures if f.won] == [1] * (2 if n == 4 else 1)
    assert all(f.rounds == figures[0].rounds > 0 for f in figures)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_best_placement_is_the_seats_highest_single_score(n: int) -> None:
    log = play(n, f"best {n}".encode())
    for f in match_figures(log):
        scored = [e.points for e in log if isinstance(e, TilePlaced) and e.seat == f.seat]
        assert f.best_placement == max(scored, default=0) // RAW_PER_POINT
    assert any(f.best_placement > 0 for f in match_figures(log))


def test_undone_moves_of_a_practice_match_do_not_count() -> None:
    """A practice match whose human takes back every scoring placement once has the
    figures of the same match played without those takebacks."""
    seed = b"figures of a practice match"
    config = MatchConfig(seats=("human", "greedy"), seed=seed, target_points=20, practice=True)
    match, log = Match.start(config)
    plain, plain_log = Match.start(config)
    bots = [make_bot("greedy", seeded_rng(f"{seed.hex()}/{s}")) for s in range(2)]
    undone = 0
    while (seat := match.to_move()) is not None:
        action = bots[seat].choose(view_for(match, seat))
        step = match.act(seat, action)
        if seat == 0 and any(isinstance(e, TilePlaced) and e.points for e in step) and undone < 5:
            log += step + match.undo(0)  # take it back, then play it again
            undone += 1
            step = match.act(seat, action)
        log += step
        plain_log += plain.act(seat, action)
    assert undone > 0 and any(isinstance(e, MoveUndone) for e in log)
    assert current_line(log) == plain_log
    assert match_figures(log) == match_figures(plain_log)
