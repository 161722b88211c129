"""Scores per table and the standings' tie-breaks, exact vectors checked by hand
(docs/tournaments.md, "Scoring" and "Standings")."""

from __future__ import annotations

import random

import pytest

from fiveup.tournaments.model import ARENA, Config, Ending, Entrant, TableResult
from fiveup.tournaments.standings import standings

from .play import Event, best_seed_wins, entrants


def beat(round: int, winner: str, loser: str, win: int = 305, lose: int = 150) -> TableResult:
    return TableResult(round, (winner, loser), scores=(win, lose), winner_side=0)


def order(rows: list) -> list[str]:  # type: ignore[type-arg]
    return [row.player_id for row in rows]


def test_two_seats_score_one_for_the_win() -> None:
    result = beat(1, "a", "b")
    assert [result.points(p) for p in result.seats] == [1.0, 0.0]
    assert result.match_points("a") == (61.0, 30.0)


def test_three_seats_score_the_second_place_half() -> None:
    result = TableResult(1, ("a", "b", "c"), scores=(200, 305, 250), winner_side=1)
    assert [result.points(p) for p in result.seats] == [0.0, 1.0, 0.5]
    tied = TableResult(1, ("a", "b", "c"), scores=(200, 305, 200), winner_side=1)
    assert [tied.points(p) for p in tied.seats] == [0.5, 1.0, 0.5]  # a shared second
    assert tied.match_points("b") == (61.0, 40.0)  # against the others' mean


def test_four_seats_score_both_partners_of_the_winning_side() -> None:
    result = TableResult(1, ("a", "b", "c", "d"), scores=(120, 310), winner_side=1)
    assert [result.points(p) for p in result.seats] == [0.0, 1.0, 0.0, 1.0]
    assert result.partner("a") == "c" and result.opponents("a") == ("b", "d")


def test_a_conceding_side_places_last_whatever_its_score() -> None:
    result = TableResult(
        1, ("a", "b", "c"), Ending.FORFEIT, (280, 100, 50), winner_side=1, forfeited_side=0
    )
    assert [result.place(p) for p in result.seats] == [3, 1, 2]
    assert [result.points(p) for p in result.seats] == [0.0, 1.0, 0.5]


def test_an_aborted_table_gives_nothing_to_anyone() -> None:
    result = TableResult(1, ("a", "b"), Ending.ABORTED, (0, 0), winner_side=1, forfeited_side=0)
    assert [result.points(p) for p in result.seats] == [0.0, 0.0]
    assert not result.won("b")
    with pytest.raises(ValueError):
        result.place("b")


def test_a_bye_scores_the_configured_points() -> None:
    assert TableResult.bye(2, "a").points("a") == 1.0
    assert TableResult.bye(2, "a").points("a", bye_points=0.5) == 0.5


def test_sixteen_player_standings_after_four_rounds() -> None:
    """The event of test_swiss's 16-player vector: every table won 61 to 30 by the
    best seed.  By hand: p01 4; p02, p03, p04, p05 3 with Buchholz 11, 10, 8, 9;
    p06, p07, p09 on 2 with Buchholz 9 and Sonneborn-Berger 3, 3, 2 (p06 and p07 equal
    to the rating); p08, p10, p11 Buchholz 7, SB 1, 2, 2; p12, p13, p14, p15 on 1 with
    Buchholz 7, 8, 6, 5; p16 0."""
    event = Event(Config(), entrants(16))
    rng = random.Random(7)
    for _ in range(4):
        event.play_round(best_seed_wins, rng)
    rows = standings(event.players, event.history, event.config)
    assert order(rows) == [
        f"p{i:02d}" for i in (1, 2, 3, 5, 4, 6, 7, 9, 10, 11, 8, 13, 12, 14, 15, 16)
    ]
    assert [r.rank for r in rows] == list(range(1, 17))
    top = rows[0]
    assert (top.points, top.buchholz, top.sonneborn_berger, top.wins) == (4.0, 11.0, 11.0, 4)
    assert top.match_points_diff == 4 * 31.0
    by_id = {r.player_id: r for r in rows}
    assert (by_id["p09"].buchholz, by_id["p09"].sonneborn_berger) == (9.0, 2.0)
    assert (by_id["p08"].buchholz, by_id["p08"].sonneborn_berger) == (7.0, 1.0)


def test_buchholz_comes_before_sonneborn_berger() -> None:
    # x beat a (final 0) and lost to b (final 2): Buchholz 2, SB 0.
    # y beat c (final 1) and lost to d (final 1): Buchholz 2, SB 1.
    results = [
        beat(1, "x", "a"),
        beat(2, "b", "x"),
        beat(1, "b", "z"),
        beat(1, "y", "c"),
        beat(2, "c", "w"),
        beat(2, "d", "y"),
    ]
    players = [Entrant(p, rating=0.0) for p in ("x", "y", "a", "b", "c", "d", "z", "w")]
    rows = {r.player_id: r for r in standings(players, results, Config())}
    assert (rows["x"].buchholz, rows["x"].sonneborn_berger) == (2.0, 0.0)
    assert (rows["y"].buchholz, rows["y"].sonneborn_berger) == (2.0, 1.0)
    assert rows["y"].rank < rows["x"].rank  # equal Buchholz: SB decides
    results.append(beat(3, "a", "z"))  # a's final score 1: x's Buchholz 3, SB still 0
    rows = {r.player_id: r for r in standings(players, results, Config())}
    assert (rows["x"].buchholz, rows["x"].sonneborn_berger) == (3.0, 1.0)
    results[-1] = beat(3, "b", "w")  # b's final 3 instead: x's Buchholz 3, SB 0
    rows = {r.player_id: r for r in standings(players, results, Config())}
    assert (rows["x"].buchholz, rows["x"].sonneborn_berger) == (3.0, 0.0)
    assert rows["x"].rank < rows["y"].rank  # more Buchholz beats more SB


def test_wins_come_before_match_points() -> None:
    # x: lost to o1 by 5 points, then a bye.  y: beat o2 by 1, lost to o3 by 41.
    # Both 1 point, Buchholz 2 (the bye counts x's own 1), SB 1; x has the better match
    # points difference and rating, y the win.
    results = [
        beat(1, "o1", "x", 305, 280),
        beat(1, "y", "o2", 305, 300),
        TableResult.bye(2, "x"),
        beat(2, "o3", "y", 305, 100),
        beat(2, "o2", "z"),
    ]
    players = [Entrant("x", 50.0), Entrant("y", 10.0)] + [
        Entrant(p) for p in ("o1", "o2", "o3", "z")
    ]
    rows = {r.player_id: r for r in standings(players, results, Config())}
    x, y = rows["x"], rows["y"]
    assert (x.points, x.buchholz, x.sonneborn_berger, x.wins) == (1.0, 2.0, 1.0, 0)
    assert (y.points, y.buchholz, y.sonneborn_berger, y.wins) == (1.0, 2.0, 1.0, 1)
    assert (x.match_points_diff, y.match_points_diff) == (-5.0, 1.0 - 41.0)
    assert x.byes == 1 and x.tables == 1
    assert y.rank < x.rank


def test_match_points_then_rating_then_player_id() -> None:
    results = [beat(1, "a", "b", 305, 100), beat(1, "c", "d", 305, 250)]
    players = [Entrant("a", 1.0), Entrant("b", 1.0), Entrant("c", 9.0), Entrant("d", 9.0)]
    assert order(standings(players, results, Config())) == ["a", "c", "d", "b"]
    level = [beat(1, "a", "b"), beat(1, "c", "d")]
    assert order(standings(players, level, Config())) == ["c", "a", "d", "b"]  # rating
    same = [Entrant(p) for p in ("c", "d", "a", "b")]
    assert order(standings(same, level, Config())) == ["a", "c", "b", "d"]  # player id


def test_withdrawn_players_keep_their_results_in_the_standings() -> None:
    players = [Entrant("a"), Entrant("b", active=False)]
    rows = standings(players, [beat(1, "b", "a")], Config())
    assert order(rows) == ["b", "a"] and not rows[0].active


def test_an_arena_ranks_by_arena_points() -> None:
    # a: three wins in a row (2 + 2 + 4) = 8; b: 2 then losses; c, d: a win each.
    results = [beat(1, "a", "b"), beat(2, "b", "c"), beat(3, "a", "c"), beat(4, "a", "d")]
    results.append(beat(5, "d", "c"))
    players = [Entrant(p) for p in "abcd"]
    rows = standings(players, results, Config(format=ARENA))
    assert [(r.player_id, r.points) for r in rows] == [
        ("a", 8.0),
        ("b", 2.0),
        ("d", 2.0),
        ("c", 0.0),
    ]
