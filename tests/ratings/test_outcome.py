"""A finished match's outcome, from its log and its seat bindings: rated exactly when it
was created rated and every seat is a distinct signed-in player; per-seat figures as
``match_figures`` folds them; the rating model's view of it; each seat's player from the
claim in its log, with the lobby's bindings for logs from before claims named one."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fiveup.bots import make_bot, seeded_rng
from fiveup.engine import Event, Match, MatchConfig, MatchEnded, errors, view_for
from fiveup.ratings.model import RatedMatch
from fiveup.ratings.outcome import match_outcome, seat_players
from fiveup.ratings.stats import match_figures


def played(
    n: int, *, rated: bool, seed: bytes = b"outcome", claims: Sequence[str] = ()
) -> list[Event]:
    """A whole match of human seats (played here by greedy bots), seat ``s`` claimed by
    player ``claims[s]`` ("": anonymously) when ``claims`` are given."""
    config = MatchConfig(seats=("human",) * n, seed=seed, target_points=15, rated=rated)
    match, log = Match.start(config)
    for seat, player in enumerate(claims):
        log += match.claim_seat(seat, player.title(), player)
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


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_log_whose_claims_name_their_players_is_rated_from_the_log_alone(n: int) -> None:
    players = [f"p{s}" for s in range(n)]
    log = played(n, rated=True, claims=players)
    alone = match_outcome("m", 1.0, log, None)  # a rebuild: no lobby at hand
    bound = match_outcome("m", 1.0, log, dict(enumerate(players)))  # the live append
    assert alone == bound and alone.rated
    assert [s.player_id for s in alone.seats] == players
    by_bindings = match_outcome("m", 1.0, played(n, rated=True), dict(enumerate(players)))
    assert alone.rated_match() == by_bindings.rated_match()  # as an old log rated it


def test_bindings_settle_claims_written_before_they_named_a_player() -> None:
    old = played(2, rated=True, claims=("", ""))  # an old log: claims name nobody
    assert seat_players(old, None) == {}
    assert not match_outcome("m", 1.0, old, None).rated  # the log alone cannot say
    out = match_outcome("m", 1.0, old, {0: "ann", 1: "bob"})
    assert out.rated and [s.player_id for s in out.seats] == ["ann", "bob"]


def test_a_claim_whose_binding_never_followed_is_not_the_players_seat() -> None:
    # The same player on both seats (two devices at once: the lobby bound seat 0), or a
    # replica killed between the claim and its binding: the seat is not theirs.
    twice = played(2, rated=True, claims=("ann", "ann"))
    assert seat_players(twice, {0: "ann"}) == {0: "ann"}
    out = match_outcome("m", 1.0, twice, {0: "ann"})
    assert not out.rated and [s.player_id for s in out.seats] == ["ann", None]
    unbound = played(2, rated=True, claims=("ann", "bob"))
    assert not match_outcome("m", 1.0, unbound, {0: "ann"}).rated
    assert not match_outcome("m", 1.0, unbound, {}).players
    assert seat_players(unbound, {0: "ann", 1: "cat"}) == {0: "ann"}  # the log decides who
