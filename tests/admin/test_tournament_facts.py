"""The integrity facts of a tournament (``admin.tournament_facts``, pure) on records
built by hand and on random ones: partners only at four-seat tables (seats 0+2, 1+3),
a repeated meeting is a pair at more than one table, byes are no tables, and a prefix
counts only when two entrants share it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fiveup.admin.tournament_facts import tournament_facts
from fiveup.tournaments.ports import (
    EntrantRecord,
    Settings,
    TableRecord,
    TournamentRecord,
)

PLAYERS = [f"p{i}" for i in range(8)]


def record(seats: int, tables: list[TableRecord]) -> TournamentRecord:
    s = Settings("t", "swiss", seats, 0, 0, 0.0, 0, 3, 8)
    r = TournamentRecord("t1", "local:ops", 0.0, "req-00001", s)
    r.entrants = [EntrantRecord(p, p, 0.0) for p in PLAYERS]
    r.tables = tables
    return r


def test_partners_repeats_and_concessions_of_a_partnership_event() -> None:
    r = record(4, [
        TableRecord(1, 1, ("p0", "p1", "p2", "p3"), "m1", ending="aborted",
                    conceded_by="p1", concede_reason="resigned"),
        TableRecord(2, 1, ("p0", "p2", "p1", "p3"), "m2", ending="forfeit",
                    conceded_by="p3", concede_reason="deadline"),
        TableRecord(2, 0, ("p4",), ending="bye"),
    ])  # fmt: skip
    r.entrants[4].active = False
    f = tournament_facts(r, {"p0": frozenset({"10.0.0.0/24"}), "p3": frozenset({"10.0.0.0/24"}),
                             "p5": frozenset({"9.9.9.0/24"})})  # fmt: skip
    assert [(p.players, p.match_ids) for p in f.partners] == [
        (("p0", "p1"), ("m2",)), (("p0", "p2"), ("m1",)), (("p1", "p3"), ("m1",)),
        (("p2", "p3"), ("m2",)),
    ]  # fmt: skip
    assert len(f.repeated_meetings) == 6  # the same four at both tables
    assert [(c.match_id, c.conceded_by, c.reason) for c in f.early_endings] == [
        ("m1", "p1", "resigned")
    ]
    assert [(c.match_id, c.conceded_by) for c in f.forfeits] == [("m2", "p3")]
    assert [(s.prefix, s.players, s.tables_together) for s in f.shared_addresses] == [
        ("10.0.0.0/24", ("p0", "p3"), 2)
    ]
    assert f.withdrawn == ("p4",)


tables_2 = st.lists(
    st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=2, unique=True), max_size=12
)


@given(tables_2)
def test_two_seat_tables_have_no_partners_and_repeats_are_pairs_met_twice(
    seatings: list[list[str]],
) -> None:
    tables = [TableRecord(i + 1, 1, tuple(s), f"m{i}", ending="played")
              for i, s in enumerate(seatings)]  # fmt: skip
    f = tournament_facts(record(2, tables), {})
    assert f.partners == () and f.shared_addresses == ()
    met: dict[tuple[str, ...], int] = {}
    for s in seatings:
        key = tuple(sorted(s))
        met[key] = met.get(key, 0) + 1
    assert {p.players: len(p.match_ids) for p in f.repeated_meetings} == {
        k: n for k, n in met.items() if n > 1
    }
