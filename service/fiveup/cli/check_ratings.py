"""``fiveup check-ratings``: rebuild every rating from the event logs and compare it with
the stored one, float for float (docs/ratings.md, "Rebuilding from the logs").  A result
an operator voided counts for nobody: its match is left out of the rebuild, as the void's
own recomputation left it out (``fiveup.match.voiding``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..match.ratings_replay import (
    aborted_in_ledger,
    modes_from_logs,
    own_play_from_logs,
    ratings_from_logs,
)
from ..ratings.eligibility import DEFAULT_MIN_OWN_MOVES
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
class OwnPlayMismatch:
    """A result whose own play (own moves, own rounds) is not the one its log says."""

    match_id: str
    seat: int
    stored: tuple[int, int]
    rebuilt: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class RatingCheck:
    matches: int  # rated matches in the ledger that count (voided ones left out)
    ratings: int  # stored (category, player) ratings
    mismatches: tuple[Mismatch, ...]
    results: int = 0  # finished matches with a player's result
    mode_mismatches: tuple[ModeMismatch, ...] = ()
    # Issue 31: rated matches whose log shows a forfeit before every seat made the
    # minimum of own moves, and results whose own play differs from their log's.
    aborted: tuple[str, ...] = ()
    own_play_mismatches: tuple[OwnPlayMismatch, ...] = ()
    voided: int = 0  # rated matches an operator voided, left out of the rebuild

    @property
    def ok(self) -> bool:
        return not (
            self.mismatches or self.mode_mismatches or self.aborted or self.own_play_mismatches
        )


def require_database(url: str) -> None:
    """UserError unless ``url`` names a database that exists (opening a SQLite path that
    does not would create an empty one, and a tool would then say OK about nothing)."""
    if not is_postgres(url):
        path = url.removeprefix("sqlite:///").removeprefix("sqlite://")
        if not Path(path).is_file():
            raise UserError(f"no database at {path}: give the server's --db")


async def check_ratings(url: str, min_own_moves: int = DEFAULT_MIN_OWN_MOVES) -> RatingCheck:
    """Compare the stored ratings of the database ``url`` with a rebuild from its logs;
    and check that no rated match ended by a forfeit before every seat made
    ``min_own_moves`` own moves (the server's ``--rated-min-own-moves``), and that each
    result's own play is its log's."""
    require_database(url)
    events, lobby, ratings = open_store(url), open_lobby_store(url), open_rating_store(url)
    opened = []
    try:
        for store in (events, lobby, ratings):
            await store.open()
            opened.append(store)
        ledger = await ratings.rated_match_ids()
        voided = await ratings.voided_match_ids()
        counted = [m for m in ledger if m not in voided]
        stored = await ratings.all_ratings()
        rebuilt = await ratings_from_logs(counted, events, lobby)
        # Statistics keep rated, casual and practice apart: each result's mode must be
        # the one its match's log says (a practice match in public figures is a leak).
        modes = await ratings.result_modes()
        replayed = await modes_from_logs(sorted(modes), ledger, events)
        # Rated play costs play: the early-end rule and the own play standing counts are
        # functions of the logs, so they are checked like the ratings.
        aborted = await aborted_in_ledger(counted, events, min_own_moves)
        stored_own = await ratings.result_own_play()
        own = await own_play_from_logs(sorted({m for m, _ in stored_own}), events)
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
    own_mismatches = tuple(
        OwnPlayMismatch(m, seat, value, own.get((m, seat)))
        for (m, seat), value in sorted(stored_own.items())
        if value is not None and value != own.get((m, seat))
    )
    return RatingCheck(
        len(counted), len(stored), mismatches, len(modes), mode_mismatches,
        tuple(aborted), own_mismatches, len(ledger) - len(counted),
    )  # fmt: skip
