"""The league's arithmetic and the season calendar, as properties (hypothesis): zones never
overlap and never exceed half a group, nobody moves more than one tier or out of the
tiers, only the top may go up and only the bottom down, a suspended player or one
without a point is never promoted, the answer does not depend on the order the members
are given in; groups never exceed their size; season points order as placements do;
every instant is in exactly one week and one month, and weeks start on Monday 00:00 UTC."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.ratings.leagues import (
    BOTTOM,
    PROMOTED,
    RELEGATED,
    STAYED,
    TIERS,
    TOP,
    LeaguePolicy,
    Tally,
    decide_group,
    group_for,
    season_points,
    tally,
    zones,
)
from fiveup.ratings.schedule import (
    SeasonCalendar,
    SeasonKind,
    monthly_at,
    parse_named,
    weekly_at,
)


@st.composite
def groups(draw: st.DrawFn) -> tuple[LeaguePolicy, int, list[Tally], set[str]]:
    size = draw(st.integers(2, 40))
    promote = draw(st.integers(0, size // 2))
    relegate = draw(st.integers(0, size - promote))
    policy = LeaguePolicy(size, promote, relegate)
    tier = draw(st.integers(BOTTOM, TOP))
    n = draw(st.integers(0, size))
    table = [
        Tally(
            f"p{i:02d}", draw(st.integers(0, 12)), draw(st.integers(0, 4)), draw(st.integers(1, 5))
        )
        for i in range(n)
    ]
    suspended = {t.player_id for t in table if draw(st.booleans()) and draw(st.booleans())}
    return policy, tier, table, suspended


@settings(max_examples=300, deadline=None)
@given(groups(), st.randoms())
def test_promotion_and_relegation_arithmetic(
    group: tuple[LeaguePolicy, int, list[Tally], set[str]], rnd: object
) -> None:
    policy, tier, table, suspended = group
    moves = decide_group(policy, tier, table, suspended)
    n = len(table)
    promote, relegate = zones(policy, tier, n)
    # zones: at most half the group each, never overlapping, none off the tiers' ends
    assert promote <= n // 2 and relegate <= n // 2 and promote + relegate <= n
    assert promote <= policy.promote and relegate <= policy.relegate
    assert (tier == TOP) <= (promote == 0) and (tier == BOTTOM) <= (relegate == 0)
    # one move per member, ranks 1..n in the board's order
    assert sorted(m.player_id for m in moves) == sorted(t.player_id for t in table)
    assert [m.rank for m in moves] == list(range(1, n + 1))
    by_id = {t.player_id: t for t in table}
    keys = [by_id[m.player_id].key for m in moves]
    assert keys == sorted(keys)
    for m in moves:
        assert BOTTOM <= m.to_tier <= TOP and abs(m.to_tier - m.from_tier) <= 1
        assert m.from_tier == tier
        assert m.change == (
            PROMOTED if m.to_tier > tier else RELEGATED if m.to_tier < tier else STAYED
        )
        if m.change == PROMOTED:
            assert m.rank <= promote and m.points > 0 and m.player_id not in suspended
        if m.change == RELEGATED:
            assert m.rank > n - relegate
        if m.rank > n - relegate:
            assert m.change == RELEGATED  # the bottom always goes down
        if m.held_back:
            assert m.rank <= promote and m.player_id in suspended and m.change == STAYED
    # the members' order in the input changes nothing
    shuffled = list(table)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert decide_group(policy, tier, shuffled, suspended) == moves


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 12), st.lists(st.integers(BOTTOM, TOP), max_size=80))
def test_groups_fill_in_order_and_never_exceed_their_size(size: int, joins: list[int]) -> None:
    counts: dict[int, dict[int, int]] = {}
    for tier in joins:
        mine = counts.setdefault(tier, {})
        group = group_for(mine, size)
        mine[group] = mine.get(group, 0) + 1
    for mine in counts.values():
        numbers = sorted(mine)
        assert numbers == list(range(1, len(numbers) + 1))  # no gap, no skipped group
        assert all(n <= size for n in mine.values())
        assert all(mine[g] == size for g in numbers[:-1])  # every group but the newest full


@pytest.mark.parametrize(
    ("category", "placements"),
    [("2", {(1, True): 3, (2, False): 1}), ("4", {(1, True): 3, (2, False): 1}),
     ("3", {(1, True): 4, (2, False): 2, (3, False): 1})],
)  # fmt: skip
def test_season_points_per_category(category: str, placements: dict[tuple[int, bool], int]) -> None:
    for (placement, won), points in placements.items():
        assert season_points(category, placement, won) == points


def test_a_tally_adds_points_wins_and_matches() -> None:
    got = tally([("a", "2", 1, True), ("b", "2", 2, False), ("a", "3", 2, False)])
    assert got == {"a": Tally("a", 5, 1, 2), "b": Tally("b", 1, 0, 1)}


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 4_000_000_000, allow_nan=False))
def test_every_instant_is_in_one_week_from_monday_and_one_month(at: float) -> None:
    week, month = weekly_at(at), monthly_at(at)
    assert week.holds(at) and month.holds(at)
    start = datetime.fromtimestamp(week.starts_at, UTC)
    assert (start.weekday(), start.hour, start.minute, start.second) == (0, 0, 0, 0)
    assert week.ends_at - week.starts_at == 7 * 86_400
    assert weekly_at(week.ends_at).starts_at == week.ends_at  # the next starts as it ends
    assert monthly_at(month.ends_at).starts_at == month.ends_at
    assert datetime.fromtimestamp(month.starts_at, UTC).day == 1
    assert week.kind is SeasonKind.WEEKLY and week.season_id == f"week-{start:%Y-%m-%d}"


def test_the_league_runs_on_its_schedule_and_named_seasons_parse() -> None:
    named = parse_named(
        "diwali|Diwali Cup|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z; winter|Winter|"
        "2026-12-01T00:00:00Z|2027-03-01T00:00:00Z"
    )
    calendar = SeasonCalendar(named=named)
    now = datetime(2026, 12, 9, 12, tzinfo=UTC).timestamp()
    current = calendar.current(now)
    assert [s.season_id for s in current] == ["week-2026-12-07", "month-2026-12", "named-winter"]
    assert [s.league for s in current] == [True, False, False]
    for bad in (
        "x|Name|2026-11-01T00:00:00Z",  # three parts
        "Bad Slug|Name|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z",
        "a|Name|2026-11-15T00:00:00Z|2026-11-01T00:00:00Z",  # ends before it starts
        "a|Name|2026-11-01T00:00:00|2026-11-15T00:00:00",  # no time zone
        "a|A|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z;a|B|2026-11-01T00:00:00Z|2026-11-15T00:00:00Z",
    ):
        with pytest.raises(ValueError):
            parse_named(bad)
    with pytest.raises(ValueError):
        SeasonCalendar(schedules=("weekly",), league="monthly")
    assert len(TIERS) == 5
