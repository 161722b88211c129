"""Swiss pairing, exact vectors checked by hand (docs/tournaments.md, "Swiss")."""

from __future__ import annotations

import random

import pytest

from fiveup.tournaments.model import Config, Ending, Entrant, TableResult
from fiveup.tournaments.swiss import pair_round

from .play import Event, as_sets, best_seed_wins, entrants


def sets(*tables: tuple[str, ...]) -> list[frozenset[str]]:
    return [frozenset(t) for t in tables]


def won(round: int, winner: str, loser: str) -> TableResult:
    return TableResult(round, (winner, loser), scores=(305, 150), winner_side=0)


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    pairing = pair_round(entrants(8), [], Config(), random.Random(1))
    assert pairing.round == 1
    assert as_sets(pairing) == sets(("p01", "p05"), ("p02", "p06"), ("p03", "p07"), ("p04", "p08"))
    assert [t.board for t in pairing.tables] == [1, 2, 3, 4]
    assert pairing.byes == () and pairing.unseated == ()


def test_sixteen_players_four_rounds_with_the_best_seed_always_winning() -> None:
    """Worked by hand in docs/tournaments.md's example: score groups halve each round."""
    event = Event(Config(), entrants(16))
    rng = random.Random(7)
    expected = [
        [(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)],
        [(1, 5), (2, 6), (3, 7), (4, 8), (9, 13), (10, 14), (11, 15), (12, 16)],
        [(1, 3), (2, 4), (5, 9), (6, 10), (7, 11), (8, 12), (13, 15), (14, 16)],
        # the 2-point group (3, 4, 5, 6, 7, 8) pairs 3 v 6, 4 v 7, 5 v 8: no repeats
        [(1, 2), (3, 6), (4, 7), (5, 8), (9, 12), (10, 13), (11, 14), (15, 16)],
    ]
    for tables in expected:
        pairing = event.play_round(best_seed_wins, rng)
        assert as_sets(pairing) == [frozenset((f"p{a:02d}", f"p{b:02d}")) for a, b in tables]


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked() -> None:
    pairing = pair_round(entrants(5), [], Config(), random.Random(1))
    assert pairing.byes == ("p05",)
    assert as_sets(pairing) == sets(("p01", "p03"), ("p02", "p04"))


def test_the_next_bye_goes_to_the_lowest_ranked_without_one() -> None:
    history = [won(1, "p01", "p03"), won(1, "p02", "p04"), TableResult.bye(1, "p05")]
    pairing = pair_round(entrants(5), history, Config(), random.Random(1))
    # p03 and p04 are on 0 points; p04 is rated lower; p05 already had a bye
    assert pairing.byes == ("p04",)
    # 1-point group p01, p02, p05 (odd): top half p01 against the bottom half's head,
    # p02 (FIDE: S1 holds floor(3/2) = 1 player); the lowest, p05, floats down to p03
    assert as_sets(pairing) == sets(("p01", "p02"), ("p03", "p05"))


def test_a_float_takes_the_first_opponent_not_met() -> None:
    # Round 3 scores: p01 2, p02 1, p03 1, p04 0; p01 alone in its group floats to
    # the next ranked it has not met: p02 (met in round 2) and p03 (round 1) are passed.
    history = [
        won(1, "p01", "p03"),
        won(1, "p02", "p04"),
        won(2, "p01", "p02"),
        won(2, "p03", "p04"),
    ]
    pairing = pair_round(entrants(4), history, Config(), random.Random(1))
    assert as_sets(pairing) == sets(("p01", "p04"), ("p02", "p03"))


def test_a_choice_that_strands_a_player_is_undone() -> None:
    # Everyone on 0 (aborted tables give no result but count as meetings); p02 has met
    # everyone but p01.  p01 prefers p04, p05, p06, p03 before p02 (Dutch order), and
    # each of those leaves p02 without an opponent: the search backs up to p01 v p02.
    history = [
        TableResult(r, ("p02", q), Ending.ABORTED, forfeited_side=0)
        for r, q in enumerate(("p03", "p04", "p05", "p06"), 1)
    ]
    pairing = pair_round(entrants(6), history, Config(), random.Random(1))
    assert pairing.round == 5
    assert as_sets(pairing) == sets(("p01", "p02"), ("p03", "p05"), ("p04", "p06"))


def test_a_repeat_is_played_only_when_none_can_be_avoided() -> None:
    history = [won(1, "p01", "p02"), won(2, "p02", "p01")]  # two players, third round
    pairing = pair_round(entrants(2), history, Config(rounds=3), random.Random(1))
    assert as_sets(pairing) == sets(("p01", "p02"))


def test_blocked_players_never_share_a_table() -> None:
    apart = [frozenset(("p01", "p03"))]
    pairing = pair_round(entrants(4), [], Config(), random.Random(1), apart=apart)
    # p01's preference p03 is blocked: p01 v p04, then p02 v p03
    assert as_sets(pairing) == sets(("p01", "p04"), ("p02", "p03"))


def test_a_player_whose_blocks_leave_no_table_sits_out_without_points() -> None:
    apart = [frozenset(("p01", "p02")), frozenset(("p01", "p03")), frozenset(("p01", "p04"))]
    pairing = pair_round(entrants(4), [], Config(), random.Random(1), apart=apart)
    # p01 (three blocks) sits out, not one of the players p01 blocked; of the three
    # left, the lowest ranked has the bye
    assert pairing.unseated == ("p01",)
    assert pairing.byes == ("p04",)
    assert as_sets(pairing) == sets(("p02", "p03"))


@pytest.mark.parametrize("size", [2, 3, 4])
def test_blocking_the_whole_field_costs_the_blocker_alone(size: int) -> None:
    field = entrants(40)
    apart = [frozenset(("p20", e.player_id)) for e in field if e.player_id != "p20"]
    pairing = pair_round(field, [], Config(table_size=size), random.Random(1), apart=apart)
    assert pairing.unseated == ("p20",)
    assert len(pairing.byes) == 39 % size
    assert all("p20" not in t.seats for t in pairing.tables)


def test_withdrawn_players_are_not_paired() -> None:
    players = entrants(5)
    players[0] = Entrant("p01", 99.0, active=False)
    pairing = pair_round(players, [], Config(), random.Random(1))
    assert pairing.byes == ()
    assert as_sets(pairing) == sets(("p02", "p04"), ("p03", "p05"))


def test_three_seat_tables_take_one_head_from_each_slice() -> None:
    pairing = pair_round(entrants(9), [], Config(table_size=3), random.Random(1))
    assert as_sets(pairing) == sets(
        ("p01", "p04", "p07"), ("p02", "p05", "p08"), ("p03", "p06", "p09")
    )


def test_four_seat_tables_leave_the_remainder_on_byes() -> None:
    pairing = pair_round(entrants(10), [], Config(table_size=4), random.Random(1))
    assert pairing.byes == ("p10", "p09")
    assert as_sets(pairing) == sets(("p01", "p03", "p05", "p07"), ("p02", "p04", "p06", "p08"))


def test_four_seat_partners_are_new_when_possible() -> None:
    # p01+p03 partnered against p02+p04 in round 1: the same four again must split
    # differently.
    history = [TableResult(1, ("p01", "p02", "p03", "p04"), scores=(305, 100), winner_side=0)]
    pairing = pair_round(entrants(4), history, Config(table_size=4), random.Random(3))
    (table,) = pairing.tables
    partners = set(table.partners())
    assert frozenset(("p01", "p03")) not in partners
    assert frozenset(("p02", "p04")) not in partners


def test_an_entrant_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        pair_round([*entrants(2), Entrant("p01")], [], Config(), random.Random(1))


def test_rounds_default_to_ceil_log2_of_the_field() -> None:
    assert [Config().rounds_for(n) for n in (2, 3, 4, 5, 8, 9, 16, 17)] == [1, 2, 2, 3, 3, 4, 4, 5]
    assert Config(rounds=7).rounds_for(4) == 7


@pytest.mark.parametrize(
    "bad", [{"table_size": 5}, {"format": "knockout"}, {"rounds": -1}], ids=str
)
def test_a_config_out_of_range_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Config(**bad)  # type: ignore[arg-type]
