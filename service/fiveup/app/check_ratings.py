"""``fiveup check-ratings``: rebuild every rating from the event logs and compare it with
the stored one, float for float (docs/ratings.md, "Rebuilding from the logs")."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..match.ratings_replay import modes_from_logs, ratings_from_logs
from ..ratings.model import Rating
from ..shared.usererror import UserError
from ..store import is_postgres, open_lobby_store, open_rating_store, open_store


@dataclass(frozen=True, slots=True)
class Mismatch:
    category: str
    player_id: str
    stored: Rating | None
    rebuilt: Rating | None


@dataclass(frozen=True, slots=True)
class ModeMismatch:
    """A finished match whose results' mode is not the one its log says."""

    match_id: str
    stored: str
    rebuilt: str


@dataclass(frozen=True, slots=True)
class RatingCheck:
    matches: int  # rated matches in the ledger
    ratings: int  # stored (category, player) ratings
    mismatches: tuple[Mismatch, ...]
    results: int = 0  # finished matches with a player's result
    mode_mismatches: tuple[ModeMismatch, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.mismatches and not self.mode_mismatches


def require_database(url: str) -> None:
    """UserError unless ``url`` names a database that exists (opening a SQLite path that
    does not would create an empty one, and a tool would then say OK about nothing)."""
    if not is_postgres(url):
        path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        if not Path(path).is_file():
            raise UserError(f"no database at {path}: give the server's --db")


async def check_ratings(url: str) -> RatingCheck:
    """Compare the stored ratings of the database ``url`` with a rebuild from its logs."""
    require_database(url)
    events, lobby, ratings = open_store(url), open_lobby_store(url), open_rating_store(url)
    opened = []
    try:
        for store in (events, lobby, ratings):
            await store.open()
            opened.append(store)
        ledger = await ratings.rated_match_ids()
        stored = await ratings.all_ratings()
        rebuilt = await ratings_from_logs(ledger, events, lobby)
        # Statistics keep rated, casual and practice apart: each result's mode must be
        # the one its match's log says (a practice match in public figures is a leak).
        modes = await ratings.result_modes()
        replayed = await modes_from_logs(sorted(modes), ledger, events)
    finally:
        for store in reversed(opened):
            await store.close()
    mismatches = tuple(
        Mismatch(cat, player, stored.get((cat, player)), rebuilt.get((cat, player)))
        for cat, player in sorted(stored.keys() | rebuilt.keys())
        if stored.get((cat, player)) != rebuilt.get((cat, player))
    )
    mode_mismatches = tuple(
        ModeMismatch(m, modes[m], replayed[m]) for m in sorted(modes) if modes[m] != replayed[m]
    )
    return RatingCheck(len(ledger), len(stored), mismatches, len(modes), mode_mismatches)
