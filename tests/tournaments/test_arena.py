"""Arena pairing and points, exact vectors (docs/tournaments.md, "Arena")."""

from __future__ import annotations

import random

from fiveup.tournaments.arena import arena_points, pair_waiting
from fiveup.tournaments.model import ARENA, Config, Ending, TableResult

ARENA2 = Config(format=ARENA)


def beat(n: int, winner: str, loser: str) -> TableResult:
    return TableResult(n, (winner, loser), scores=(305, 150), winner_side=0)


def tables(found: list) -> list[frozenset[str]]:  # type: ignore[type-arg]
    return [frozenset(t.seats) for t in found]


def test_a_streak_doubles_wins_after_two_in_a_row() -> None:
    results = [beat(1, "a", "b"), beat(2, "a", "c"), beat(3, "a", "b"), beat(4, "a", "c")]
    results += [beat(5, "c", "a"), beat(6, "a", "b")]
    score = arena_points(results, ARENA2)["a"]
    assert score.sheet == (2.0, 2.0, 4.0, 4.0, 0.0, 2.0)
    assert (score.points, score.wins, score.on_streak) == (14.0, 5, False)
    assert arena_points(results[:4], ARENA2)["a"].on_streak


def test_streaks_can_be_turned_off() -> None:
    results = [beat(n, "a", "b") for n in (1, 2, 3)]
    score = arena_points(results, Config(format=ARENA, streaks=False))["a"]
    assert score.sheet == (2.0, 2.0, 2.0) and not score.on_streak


def test_a_three_seat_second_place_scores_one_and_ends_a_streak() -> None:
    results = [beat(1, "a", "b"), beat(2, "a", "c")]
    results.append(TableResult(3, ("a", "b", "c"), scores=(250, 305, 100), winner_side=1))
    results.append(beat(4, "a", "c"))
    assert arena_points(results, ARENA2)["a"].sheet == (2.0, 2.0, 1.0, 2.0)


def test_an_aborted_table_costs_the_conceding_side_its_streak_only() -> None:
    results = [beat(1, "a", "b"), beat(2, "a", "c")]
    results.append(TableResult(3, ("a", "d"), Ending.ABORTED, (0, 0), 1, forfeited_side=0))
    results.append(beat(4, "a", "c"))
    points = arena_points(results, ARENA2)
    assert points["a"].sheet == (2.0, 2.0, 0.0, 2.0)  # conceding early saves no streak
    assert "d" not in points  # the other side: no result, nothing on the sheet


def test_the_waiting_are_paired_by_closest_score() -> None:
    scores = {"a": 10.0, "b": 1.0, "c": 9.0, "d": 2.0}
    found = pair_waiting(["a", "b", "c", "d"], scores, [], ARENA2, random.Random(1))
    assert tables(found) == [frozenset("ac"), frozenset("bd")]


def test_no_immediate_rematch_while_others_wait() -> None:
    scores = {"a": 10.0, "c": 9.0, "b": 1.0, "d": 2.0}
    found = pair_waiting(
        ["a", "b", "c", "d"], scores, [beat(1, "a", "c")], ARENA2, random.Random(1)
    )
    assert tables(found) == [frozenset("ad"), frozenset("cb")]


def test_two_who_just_met_wait_unless_nobody_else_is_left() -> None:
    history = [beat(1, "a", "b")]
    assert pair_waiting(["a", "b"], {}, history, ARENA2, random.Random(1)) == []
    again = pair_waiting(["a", "b"], {}, history, ARENA2, random.Random(1), rematch_ok=True)
    assert tables(again) == [frozenset("ab")]


def test_an_earlier_opponent_is_fine_once_someone_else_came_between() -> None:
    history = [beat(1, "a", "b"), beat(2, "a", "c"), beat(3, "b", "d")]
    assert tables(pair_waiting(["a", "b"], {}, history, ARENA2, random.Random(1))) == [
        frozenset("ab")
    ]


def test_the_last_to_come_free_keeps_waiting() -> None:
    scores = {"a": 4.0, "b": 4.0, "c": 4.0}
    found = pair_waiting(["b", "a", "c"], scores, [], ARENA2, random.Random(1))
    assert tables(found) == [frozenset("ab")]


def test_blocked_players_are_never_seated_together() -> None:
    scores = {"a": 10.0, "b": 9.0, "c": 1.0, "d": 0.0}
    apart = [frozenset("ab")]
    found = pair_waiting(list("abcd"), scores, [], ARENA2, random.Random(1), apart=apart)
    assert tables(found) == [frozenset("ac"), frozenset("bd")]


def test_four_seat_arena_tables_split_up_last_tables() -> None:
    config = Config(format=ARENA, table_size=4)
    history = [
        TableResult(1, tuple("abcd"), scores=(305, 100), winner_side=0),
        TableResult(2, tuple("efgh"), scores=(305, 100), winner_side=0),
    ]
    waiting = list("abcdefghijklmnop")
    found = pair_waiting(waiting, {}, history, config, random.Random(2))
    assert len(found) == 4
    for table in found:
        assert len(set(table.seats) & set("abcd")) == 1
        assert len(set(table.seats) & set("efgh")) == 1


def test_when_not_everyone_fits_the_search_leaves_out_whoever_must_wait() -> None:
    config = Config(format=ARENA, table_size=4)
    history = [TableResult(1, tuple("abcd"), scores=(305, 100), winner_side=0)]
    # two tables would need two of a, b, c, d together: one table, four keep waiting
    found = pair_waiting(list("abcdefgh"), {}, history, config, random.Random(2))
    assert len(found) == 1
    assert len(set(found[0].seats) & set("abcd")) <= 1


def test_blocking_everyone_waiting_keeps_only_the_blocker_waiting() -> None:
    waiting = [f"p{i:02d}" for i in range(1, 42)]
    apart = [frozenset(("p07", p)) for p in waiting if p != "p07"]
    found = pair_waiting(waiting, {}, [], ARENA2, random.Random(1), apart=apart)
    seated = {p for t in found for p in t.seats}
    assert seated == set(waiting) - {"p07"}
