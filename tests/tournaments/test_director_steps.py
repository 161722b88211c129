"""The director's pure steps (``director.record_endings``, ``director.came_free``) on
records built by hand: who is withdrawn for abandoning a table, and who waits longest
in an arena."""

from __future__ import annotations

from fiveup.tournaments.director import came_free, record_endings
from fiveup.tournaments.model import Ending
from fiveup.tournaments.ports import (
    RUNNING,
    EntrantRecord,
    Settings,
    TableRecord,
    TournamentRecord,
)
from fiveup.tournaments.results import Ended


def record(fmt: str = "swiss") -> TournamentRecord:
    settings = Settings("t", fmt, 2, 61, 0, 0.0, 60 if fmt == "arena" else 0, 2, 8)  # type: ignore[arg-type]
    r = TournamentRecord("t", "a", 0.0, "request", settings, state=RUNNING)
    r.entrants = [EntrantRecord(p, p, float(i)) for i, p in enumerate("abcd")]
    r.tables = [
        TableRecord(1, 1, ("a", "b"), "m1", opened=True),
        TableRecord(1, 2, ("c", "d"), "m2", opened=True),
    ]
    return r


def aborted_by(seat: int, reason: str) -> Ended:
    return Ended(Ending.ABORTED, (0, 0), 1 - seat, seat, seat, reason)


def test_a_swiss_player_who_abandoned_an_aborted_table_is_withdrawn() -> None:
    r = record()
    assert record_endings(r, {"m1": aborted_by(0, "abandoned")}, 5.0)
    assert r.tables[0].ending == "aborted" and r.tables[0].conceded_by == "a"
    assert [e.active for e in r.entrants] == [False, True, True, True]
    assert r.tables[1].playing  # the other table plays on


def test_an_early_resignation_is_recorded_but_does_not_withdraw() -> None:
    r = record()
    record_endings(r, {"m1": aborted_by(1, "resigned")}, 5.0)
    assert r.tables[0].conceded_by == "b" and r.tables[0].concede_reason == "resigned"
    assert all(e.active for e in r.entrants)


def test_an_arena_never_withdraws_and_an_ending_is_written_once() -> None:
    r = record("arena")
    assert record_endings(r, {"m1": aborted_by(0, "abandoned")}, 5.0)
    assert all(e.active for e in r.entrants)
    assert not record_endings(r, {"m1": Ended(Ending.PLAYED, (305, 0), 0)}, 6.0)
    assert r.tables[0].ending == "aborted"


def test_the_arena_waits_longest_for_those_free_longest() -> None:
    r = record("arena")
    record_endings(r, {"m2": Ended(Ending.PLAYED, (305, 0), 0)}, 9.0)
    free = came_free(r)
    assert free["c"] == free["d"] == 9.0  # their table ended at 9
    assert free["a"] == 0.0 and free["b"] == 1.0  # still at their first table: entry time
