"""A finished match's outcome, from its log and its seat owners: rated exactly when it
was created rated and every seat is a distinct signed-in player; per-seat figures as
``match_figures`` folds them; the rating model's view of it."""

from __future__ import annotations

import pytest

from fiveup.bots import make_bot, seeded_rng
from fiveup.engine import Event, Match, MatchConfig, MatchEnded, errors, view_for
from fiveup.ratings.model import RatedMatch
from fiveup.ratings.outcome import match_outcome
from fiveup.ratings.stats import match_figures


def played(n: int, *, rated: bool, seed: bytes = b"outcome") -> list[Event]:
    """A whole match of human seats (played here by greedy bots)."""
    config = MatchConfig(seats=("human",) * n, seed=seed, target_points=15, rated=rated)
    match, log = Match.start(config)
    bots = [make_bot("greedy", seeded_rng(f"{seed.hex()}/{s}")) for s in range(n)]
    while (seat := match.to_move()) is not None:
        log += match.act(seat, bots[seat].choose(view_for(match, seat)))
    return log


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_seat_a_player_of_a_rated_match_is_rated(n: int) -> None:
    log = played(n, rated=True)
    owners = {s: f"p{s}" for s in range(n)}
    out = match_outcome("m", 12.5, log, owners)
    ended = log[-1]
    assert isinstance(ended, MatchEnded)
    assert (out.match_id, out.ended_at, out.category, out.rated) == ("m", 12.5, str(n), True)
    assert (out.scores, out.winner_side) == (ended.scores, ended.winner_side)
    figures = match_figures(log)
    assert [
        (s.seat, s.side, s.won, s.placement, s.points, s.best_placement) for s in out.seats
    ] == [(f.seat, f.side, f.won, f.placement, f.points, f.best_placement) for f in figures]
    assert [s.player_id for s in out.players] == [f"p{s}" for s in range(n)]
    sides = (("p0", "p2"), ("p1", "p3")) if n == 4 else tuple((f"p{s}",) for s in range(n))
    assert out.rated_match() == RatedMatch("m", sides, ended.scores, ended.winner_side)


def test_what_leaves_a_match_unrated() -> None:
    rated, unrated = played(2, rated=True), played(2, rated=False)
    both = {0: "ann", 1: "bob"}
    assert not match_outcome("m", 1.0, unrated, both).rated  # created unrated
    one = match_outcome("m", 1.0, rated, {0: "ann"})  # seat 1 joined anonymously
    assert not one.rated and [s.player_id for s in one.seats] == ["ann", None]
    assert [s.player_id for s in one.players] == ["ann"]  # still gets a result
    assert not match_outcome("m", 1.0, rated, {0: "ann", 1: "ann"}).rated  # one player twice
    assert not match_outcome("m", 1.0, rated, {}).players
    with pytest.raises(ValueError):
        one.rated_match()


@pytest.mark.parametrize(
    ("options", "seats"),
    [
        ({"hints": True}, ("human", "human")),
        ({"practice": True}, ("human", "greedy")),
        ({}, ("human", "greedy")),
    ],
)
def test_rated_matches_never_have_hints_practice_or_bots(
    options: dict[str, bool], seats: tuple[str, ...]
) -> None:
    with pytest.raises(errors.InvalidConfig):
        MatchConfig(seats=seats, seed=b"x" * 32, rated=True, **options)
