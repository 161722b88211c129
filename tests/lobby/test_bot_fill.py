"""The bot fill: a table's empty seats get the ladder level nearest its players'
established ratings (the shipped ladder), the newcomer's level when nobody's is."""

from __future__ import annotations

from fiveup.bots import ladder
from fiveup.lobby.bot_fill import fill_bot
from fiveup.lobby.formation import Bands, SeatPlan, TablePlan, Ticket


def plan(players: int, *ids: str) -> TablePlan:
    seats = [
        SeatPlan(i, Ticket(f"t-{p}", p, players, 61, 0.0, allow_bots=True))
        for i, p in enumerate(ids)
    ]
    seats += [SeatPlan(i, None) for i in range(len(ids), players)]
    return TablePlan(players, 61, tuple(seats))


def ordinal(kind: str) -> float:
    rating = ladder.rating(kind)
    assert rating is not None, kind
    return rating.ordinal


def test_a_table_of_newcomers_gets_the_newcomer_level() -> None:
    assert fill_bot(plan(3, "a"), Bands({}), "greedy", "master") == "greedy"
    # A rating in another category says nothing about this table size.
    bands = Bands({("2", "a"): ordinal("master")})
    assert fill_bot(plan(3, "a"), bands, "greedy", "master") == "greedy"


def test_each_level_fills_for_a_player_rated_like_it() -> None:
    for level in ladder.LADDER:
        bands = Bands({("2", "a"): ordinal(level.kind) + 0.1})
        assert fill_bot(plan(2, "a"), bands, "greedy", "master") == level.kind


def test_the_mean_of_the_established_players_and_the_cap() -> None:
    low, high = ordinal("novice"), ordinal("master")
    bands = Bands({("4", "a"): low, ("4", "b"): high})  # "c" is not established
    mean = (low + high) / 2
    assert fill_bot(plan(4, "a", "b", "c"), bands, "greedy", "master") == ladder.nearest(mean)
    strong = Bands({("2", "a"): high + 50})
    assert fill_bot(plan(2, "a"), strong, "greedy", "master") == "master"
    assert fill_bot(plan(2, "a"), strong, "greedy", "expert") == "expert"
    assert fill_bot(plan(2, "a"), strong, "greedy", "greedy") == "greedy"
