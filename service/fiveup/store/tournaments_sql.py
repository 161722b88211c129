"""What both tournament stores share: a tournament record as the JSON of its row (the
columns beside it are what queries select by) and back."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from ..tournaments.ports import (
    EntrantRecord,
    EntryRules,
    InvitationRecord,
    Settings,
    TableRecord,
    TournamentRecord,
)

COLUMNS = "doc, version"


def doc_of(record: TournamentRecord) -> str:
    """The record as stored (its version is the row's own column)."""
    data = asdict(record)
    data.pop("version")
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def record_of(row: Any) -> TournamentRecord:
    doc, version = row
    data = json.loads(doc)
    settings = dict(data["settings"])
    entry = settings.pop("entry")
    entry["invited"] = tuple(entry["invited"])
    return TournamentRecord(
        tournament_id=data["tournament_id"],
        created_by=data["created_by"],
        created_at=float(data["created_at"]),
        request_id=data["request_id"],
        settings=Settings(**settings, entry=EntryRules(**entry)),
        state=data["state"],
        entrants=[EntrantRecord(**e) for e in data["entrants"]],
        tables=[
            TableRecord(**{**t, "seats": tuple(t["seats"]), "scores": tuple(t["scores"])})
            for t in data["tables"]
        ],
        rounds=int(data["rounds"]),
        round=int(data["round"]),
        started_at=float(data["started_at"]),
        ends_at=float(data["ends_at"]),
        finished_at=float(data["finished_at"]),
        invitations=[InvitationRecord(**i) for i in data.get("invitations", ())],
        version=int(version),
    )


def list_order(state: str) -> str:
    """Upcoming soonest first; running, finished and cancelled latest first."""
    return "starts_at ASC" if state == "upcoming" else "starts_at DESC"


def after_clause(state: str, mark: str) -> str:
    """The keyset condition of a page that continues after a cursor (its starts_at and
    tournament_id, two ``mark`` placeholders), in ``list_order``'s order."""
    cmp = ">" if state == "upcoming" else "<"
    return f" AND (starts_at {cmp} {mark} OR (starts_at = {mark} AND tournament_id > {mark}))"
