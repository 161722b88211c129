"""A tournament record survives the store's encoding unchanged (both stores share it:
``store/tournaments_sql.py``), whatever its tables and entrants."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fiveup.store.tournaments_sql import doc_of, record_of
from fiveup.tournaments.ports import (
    PLAYING,
    STATES,
    UNSEATED,
    EntrantRecord,
    EntryRules,
    InvitationRecord,
    Settings,
    TableRecord,
    TournamentRecord,
)

ids = st.text("abcdef0123456789", min_size=1, max_size=8)
times = st.floats(0, 2e9, allow_nan=False)
endings = st.sampled_from([PLAYING, UNSEATED, "played", "forfeit", "aborted", "bye"])

tables = st.builds(
    TableRecord,
    round=st.integers(1, 20), board=st.integers(0, 64),
    seats=st.lists(ids, min_size=1, max_size=4).map(tuple),
    match_id=ids, ending=endings, opened=st.booleans(),
    scores=st.lists(st.integers(-50, 400), max_size=3).map(tuple),
    winner_side=st.integers(0, 2), forfeited_side=st.none() | st.integers(0, 2),
    conceded_by=ids | st.just(""), concede_reason=st.sampled_from(["", "resigned", "abandoned"]),
    ended_at=times,
)  # fmt: skip
settings = st.builds(
    Settings,
    name=st.text(min_size=1, max_size=64), format=st.sampled_from(["swiss", "arena"]),
    seats=st.sampled_from([2, 3, 4]), target_points=st.integers(0, 10_000),
    turn_clock_seconds=st.integers(0, 10**6), starts_at=times,
    duration_seconds=st.integers(0, 10**6), rounds=st.integers(0, 20),
    capacity=st.integers(2, 256),
    entry=st.builds(
        EntryRules, require_standing=st.booleans(), min_rating=times, max_rating=times,
        invited=st.lists(ids, max_size=4).map(tuple),
    ),
    rated=st.booleans(), streaks=st.booleans(),
)  # fmt: skip
records = st.builds(
    TournamentRecord,
    tournament_id=ids, created_by=ids, created_at=times, request_id=ids, settings=settings,
    state=st.sampled_from(STATES),
    entrants=st.lists(st.builds(EntrantRecord, ids, st.text(max_size=20), times, times,
                                st.booleans()), max_size=6),
    tables=st.lists(tables, max_size=8), rounds=st.integers(0, 20), round=st.integers(0, 20),
    started_at=times, ends_at=times, finished_at=times,
    invitations=st.lists(st.builds(InvitationRecord, ids, ids, times), max_size=4),
    version=st.integers(1, 10**6),
)  # fmt: skip


@given(records)
def test_a_record_reads_back_as_written(record: TournamentRecord) -> None:
    assert record_of((doc_of(record), record.version)) == record


def test_a_record_written_before_invitations_reads_with_none() -> None:
    record = TournamentRecord(
        "t", "p", 1.0, "req", Settings("Old", "swiss", 2, 0, 0, 2.0, 0, 0, 16)
    )
    doc = doc_of(record).replace(',"invitations":[]', "")
    assert "invitations" not in doc
    assert record_of((doc, 1)).invitations == []
