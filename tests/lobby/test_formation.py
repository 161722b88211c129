"""Table formation from the queue: exact cases and properties over random queues."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.lobby.formation import (
    PARTY_SEATS,
    Bands,
    TablePlan,
    Ticket,
    Unit,
    form_tables,
    next_bot_time,
    units_of,
)


def t(n: int, players: int = 2, at: float | None = None, **kw: object) -> Ticket:
    return Ticket(f"t{n:03d}", f"p{n:03d}", players, 61, float(n if at is None else at), **kw)  # type: ignore[arg-type]


def test_first_come_first_served_pairs() -> None:
    plans = form_tables([t(3), t(1), t(2), t(4), t(5)], now=10)
    assert [[s.ticket.player_id for s in p.seats] for p in plans] == [  # type: ignore[union-attr]
        ["p001", "p002"],
        ["p003", "p004"],
    ]  # p005 waits


def test_groups_do_not_mix() -> None:
    tickets = [t(1, 2), t(2, 3), t(3, 2), t(4, 3), t(5, 3), Ticket("x", "px", 2, 21, 6.0)]
    plans = form_tables(tickets, now=10)
    assert sorted((p.players, p.target_points, len(p.tickets)) for p in plans) == [
        (2, 61, 2),
        (3, 61, 3),
    ]


def test_parties_sit_as_partners_and_wait_for_their_mate() -> None:
    alone = t(1, 4, party="A")
    assert form_tables([alone, t(2, 4), t(3, 4), t(4, 4)], now=10) == []  # A's mate is missing
    (plan,) = form_tables([alone, t(2, 4), t(3, 4), t(4, 4), t(5, 4, party="A")], now=10)
    # Units: p2, p3, p4, then party A (complete when p5 queued).  p2 + p3 + A completes a
    # table before p2 + p3 + p4 + anyone else could: p4 waits.
    by_seat = {s.seat: s.ticket.player_id for s in plan.seats}  # type: ignore[union-attr]
    assert {by_seat[0], by_seat[2]} == {"p001", "p005"}
    assert {by_seat[1], by_seat[3]} == {"p002", "p003"}
    plans = form_tables(
        [t(1, 4, party="A"), t(2, 4, party="A"), t(3, 4, party="B"), t(4, 4, party="B")], now=10
    )
    (plan,) = plans
    by_seat = {s.seat: s.ticket.player_id for s in plan.seats}  # type: ignore[union-attr]
    assert {by_seat[0], by_seat[2]} == {"p001", "p002"}
    assert {by_seat[1], by_seat[3]} == {"p003", "p004"}


def test_the_table_completed_earliest_wins() -> None:
    tickets = [t(1, 4), t(2, 4), t(3, 4), t(4, 4, party="A"), t(5, 4, party="A"), t(6, 4)]
    (plan,) = form_tables(tickets, now=10)
    # p1 + p2 + the party (complete at 5) fills the table before p1 + p2 + p3 + p6 (at 6).
    assert {x.player_id for x in plan.tickets} == {"p001", "p002", "p004", "p005"}
    # Without the party, the solos fill it.
    (plan,) = form_tables([x for x in tickets if x.party is None], now=10)
    assert {x.player_id for x in plan.tickets} == {"p001", "p002", "p003", "p006"}


def test_bots_only_after_the_agreed_wait_and_only_for_those_who_allowed_them() -> None:
    waiting = [
        t(1, 3, allow_bots=True, bots_at=30.0),
        t(2, 3, allow_bots=False),
        t(3, 3, allow_bots=True, bots_at=50.0),
    ]
    assert form_tables(waiting[:1], now=29.9) == []
    assert next_bot_time(waiting, now=0) == 30.0
    (plan,) = form_tables([waiting[0], waiting[1]], now=30)
    assert [x.player_id for x in plan.tickets] == ["p001"] and plan.bots == 2
    (plan,) = form_tables(waiting, now=60)  # three humans: a table of people, no bots
    assert plan.bots == 0


@st.composite
def queues(draw: st.DrawFn) -> list[Ticket]:
    n = draw(st.integers(0, 40))
    tickets = []
    parties = 0
    for i in range(n):
        players = draw(st.sampled_from([2, 3, 4]))
        allow = draw(st.booleans())
        party = None
        if players == 4 and draw(st.booleans()):
            party = f"P{draw(st.integers(0, parties))}"
            parties += 1
        tickets.append(
            Ticket(
                f"t{i:03d}",
                f"p{i:03d}",
                players,
                draw(st.sampled_from([61, 21])),
                float(draw(st.integers(0, 100))),
                allow_bots=allow,
                bots_at=float(draw(st.integers(0, 200))) if allow else None,
                party=party,
            )
        )
    return tickets


@settings(max_examples=300, deadline=None)
@given(queues(), st.floats(0, 300))
def test_every_table_is_full_valid_and_nobody_sits_twice(tickets: list[Ticket], now: float) -> None:
    plans = form_tables(tickets, now)
    seated = [x.ticket_id for p in plans for x in p.tickets]
    assert len(seated) == len(set(seated))  # nobody in two tables
    for plan in plans:
        assert [s.seat for s in plan.seats] == list(range(plan.players))
        assert plan.tickets, "a table of bots only"
        for x in plan.tickets:
            assert (x.players, x.target_points) == (plan.players, plan.target_points)
        if plan.bots:
            assert all(
                x.allow_bots and x.bots_at is not None and x.bots_at <= now for x in plan.tickets
            )
        # partners: the two members of a party sit at 0+2 or 1+3
        by_party: dict[str, set[int]] = {}
        for s in plan.seats:
            if s.ticket is not None and s.ticket.party is not None and plan.players == 4:
                by_party.setdefault(f"{s.ticket.party}", set()).add(s.seat)
        for seats in by_party.values():
            assert len(seats) % 2 == 0
            if len(seats) == 2:
                assert tuple(sorted(seats)) in PARTY_SEATS
    # Nobody alone who allowed bots and whose wait is over is left waiting.
    left = {x.ticket_id for x in tickets} - set(seated)
    for x in tickets:
        solo = x.party is None or x.players != 4
        ready = x.allow_bots and x.bots_at is not None and x.bots_at <= now
        assert not (solo and ready and x.ticket_id in left), (x, now)
    # A group's leftovers cannot fill a table of people: fewer seats' worth than it needs.
    for players in (2, 3, 4):
        for target in (21, 61):
            rest = [
                u
                for u in units_of(x for x in tickets if x.ticket_id in left)
                if u.tickets[0].players == players and u.tickets[0].target_points == target
            ]
            if players < 4:
                assert len(rest) < players, (players, target, rest)


# --------------------------------------------------------------------------- rating bands


def rated(ordinals: dict[int, float], players: int = 2) -> Bands:
    """Bands with established ordinals for the players p<n> of t(n)."""
    return Bands(
        {(str(players), f"p{n:03d}"): o for n, o in ordinals.items()},
        width=5.0,
        widen_per_second=0.5,
    )


def test_bands_pair_players_of_close_ratings_first() -> None:
    bands = rated({1: 30.0, 2: 10.0, 3: 28.0, 4: 11.0})
    plans = form_tables([t(1), t(2), t(3), t(4)], now=4, bands=bands)
    pairs = sorted(sorted(x.player_id for x in p.tickets) for p in plans)
    assert pairs == [["p001", "p003"], ["p002", "p004"]]  # not first come, first served


def test_a_band_widens_with_the_wait_of_both_players() -> None:
    # 12 points apart: bands of 5 + 0.5 per second cover that after 14 s of waiting,
    # and both players must have waited that long.
    bands = rated({1: 30.0, 2: 18.0})
    early, late = t(1, at=0.0), t(2, at=10.0)
    assert form_tables([early, late], now=13.9, bands=bands) == []
    assert form_tables([early, late], now=23.9, bands=bands) == []  # late waited 13.9 s
    (plan,) = form_tables([early, late], now=24.0, bands=bands)
    assert {x.player_id for x in plan.tickets} == {"p001", "p002"}


def test_unestablished_ratings_play_anyone() -> None:
    # p002 is unrated or provisional: not in the bands' ordinals.
    bands = rated({1: 40.0})
    (plan,) = form_tables([t(1), t(2)], now=1, bands=bands)
    assert {x.player_id for x in plan.tickets} == {"p001", "p002"}
    # Ratings of another category do not count for this one.
    other = Bands({("3", "p001"): 40.0, ("3", "p002"): 0.0}, width=1.0)
    assert len(form_tables([t(1), t(2)], now=1, bands=other)) == 1


def test_a_party_is_rated_by_its_members_mean() -> None:
    party = (t(1, 4, party="A"), t(2, 4, party="A"))
    (unit,) = units_of(party)
    bands = rated({1: 10.0, 2: 20.0}, players=4)
    assert bands.ordinal(unit) == 15.0
    assert rated({1: 10.0}, players=4).ordinal(unit) is None  # a member not established
    assert bands.ordinal(Unit((t(3, 4),))) is None


def test_bots_fill_only_around_players_within_the_band() -> None:
    bands = rated({1: 30.0, 2: 0.0}, players=3)
    waiting = [t(1, 3, allow_bots=True, bots_at=1.0), t(2, 3, allow_bots=True, bots_at=1.0)]
    plans = form_tables(waiting, now=2, bands=bands)
    assert sorted(p.bots for p in plans) == [2, 2]  # each with bots, not together


@settings(max_examples=200, deadline=None)
@given(queues(), st.floats(0, 300), st.data())
def test_with_bands_every_table_is_still_valid_and_within_the_bands(
    tickets: list[Ticket], now: float, data: st.DataObject
) -> None:
    ordinals = {
        (str(x.players), x.player_id): data.draw(st.floats(-10, 50), label=x.player_id)
        for x in tickets
        if data.draw(st.booleans(), label=f"rated {x.player_id}")
    }
    bands = Bands(ordinals, width=3.0, widen_per_second=0.1)
    plans = form_tables(tickets, now, bands)
    seated = [x.ticket_id for p in plans for x in p.tickets]
    assert len(seated) == len(set(seated))
    for plan in plans:
        assert [s.seat for s in plan.seats] == list(range(plan.players))
        units = [u for u in units_of(plan.tickets) if u.size == 1 or plan.players == 4]
        rated_units = [(u, bands.ordinal(u)) for u in units if bands.ordinal(u) is not None]
        # every two rated members are within the band both have widened to
        for a, oa in rated_units:
            for b, ob in rated_units:
                assert oa is not None and ob is not None
                assert abs(oa - ob) <= min(bands.band(a, now), bands.band(b, now)) + 1e-9


# ------------------------------------------------------------------ blocks


def apart(*pairs: tuple[int, int]) -> set[frozenset[str]]:
    return {frozenset((f"p{a:03d}", f"p{b:03d}")) for a, b in pairs}


def seated(plans: list[TablePlan]) -> list[list[str | None]]:
    return [[s.ticket.player_id if s.ticket else None for s in p.seats] for p in plans]


def test_a_blocked_pair_never_shares_a_table() -> None:
    # p001 and p002 would pair first come, first served; the block sends p001 to p003.
    plans = form_tables([t(1), t(2), t(3), t(4)], now=10, apart=apart((1, 2)))
    assert seated(plans) == [["p001", "p003"], ["p002", "p004"]]
    # Four seats: the blocked pair is never completed by others into one table.
    four = [t(n, players=4) for n in range(1, 6)]
    plans = form_tables(four, now=10, apart=apart((1, 2)))
    assert all(not {"p001", "p002"} <= set(row) for row in seated(plans))


def test_tables_with_bots_keep_a_blocked_pair_apart_too() -> None:
    tickets = [t(n, players=3, allow_bots=True, bots_at=0.0) for n in (1, 2)]
    plans = form_tables(tickets, now=10, apart=apart((2, 1)))
    assert len(plans) == 2 and all(len([x for x in row if x]) == 1 for row in seated(plans))


def test_a_party_whose_members_block_each_other_never_sits() -> None:
    mates = [t(n, players=4, party="x") for n in (1, 2)] + [t(n, players=4) for n in (3, 4)]
    plans = form_tables(mates, now=10, apart=apart((1, 2)))
    assert plans == []
