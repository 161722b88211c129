"""The ratings context's port: the rating store -- finished matches' results per player,
ratings per category, their history, and the ledger of rated matches (adapters:
``fiveup.store.sqlite.ratings``, ``fiveup.store.postgres.ratings``, over the SQL both
share in ``fiveup.store.ratings_sql``).

**Writes** happen only inside the event store's append that ends a match (``append(...,
outcome=...)``): a ``player_results`` row per seat a signed-in player held, and for a
rated match the rating update -- read the players' ratings in the category, rate with
``ratings.model.rate``, upsert ``ratings``, append ``rating_history`` and a
``rated_matches`` ledger row (``match_id`` unique; ``seq`` the global rating order) --
all in that one transaction, serialised with every other rating update (PostgreSQL: an
advisory transaction lock; SQLite: the write transaction).  The append either commits
with all of it or not at all, so each finished match is rated exactly once
(docs/ratings.md).

**Reads** are this module's ``RatingStore``: leaderboards, a player's results, summary
and rating history.  The tables live in the event store's database (own schema version
``rating_schema_version``) and the reads join the player store's ``players`` for display
names.  One contract suite runs on both backends (tests/store/test_rating_store.py).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from .model import Rating
from .outcome import MODES, MatchOutcome, SeatOutcome

DAY = 86_400.0
RECENT_WINDOW = 30 * DAY  # the leaderboard's "last 30 days"


@dataclass(frozen=True, slots=True)
class BoardRule:
    """Who is on a leaderboard: players whose rating in the category is settled (sigma at
    most ``settled_sigma``) and whose last rated match there ended at or after
    ``active_since``; with a window (``since``), only players with a rated match that
    ended in it, their matches and wins counted there."""

    settled_sigma: float
    active_since: float
    since: float | None = None  # None: all time
    # Rated results against at least this many distinct opponents (players of another
    # side; every rated opponent had standing when the match was rated), all time.
    min_opponents: int = 0


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int  # 1-based place on the board: by mu descending, ties by player_id
    player_id: str
    display_name: str
    mu: float  # the ordering score
    sigma: float
    ordinal: float  # mu - 3 sigma (the matchmaker's and the old boards' score)
    matches: int  # rated matches in the category (within the window, if any)
    wins: int  # of those, won
    last_rated_at: float  # when the player's last rated match in the category ended


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a player with a rating in the category stands against a board: their row
    (``rank`` their place on it when they are on it, else the place their rating would
    hold: one more than the players on the board rated above them) and whether they are
    on it."""

    row: LeaderboardRow
    ranked: bool


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    rows: tuple[LeaderboardRow, ...]
    total: int  # qualifying players in all


@dataclass(frozen=True, slots=True)
class PlayerResultRow:
    match_id: str
    ended_at: float
    category: str
    seat: int
    side: int
    won: bool
    placement: int
    rounds: int
    points: int
    deducted: int
    blocked_rounds: int
    best_placement: int
    rated: bool
    rating_before: Rating | None  # rated matches only
    rating_after: Rating | None
    mode: str  # rated, casual or practice (outcome.MODES)
    # Why a match created rated was recorded unrated (ratings.eligibility: "aborted",
    # "standing", "repeated_pairing"), or "voided" (outcome.VOIDED: an operator voided
    # the result; ``rated`` then reads false, the ratings None); "" when rated or never
    # meant to be.
    unrated_reason: str = ""
    own_moves: int | None = None  # the player's own moves (None: before they were kept)


@dataclass(frozen=True, slots=True)
class PlayerResultsPage:
    rows: tuple[PlayerResultRow, ...]
    next: tuple[float, str] | None  # (ended_at, match_id) to pass as ``before``; None: the end


@dataclass(frozen=True, slots=True)
class ModeFigures:
    """A player's figures over their finished matches of one mode in one category."""

    mode: str  # outcome.MODES
    matches: int
    wins: int
    rounds: int
    points: int
    deducted: int
    blocked_rounds: int
    best_placement: int


@dataclass(frozen=True, slots=True)
class CategorySummary:
    """A player's figures in one category: over every mode (the totals) and per mode
    (``modes``: those the player has finished a match of, in ``MODES`` order)."""

    category: str
    matches: int
    wins: int
    rounds: int
    points: int
    deducted: int
    blocked_rounds: int
    best_placement: int
    rated_matches: int
    rating: Rating | None  # None: never rated in this category
    modes: tuple[ModeFigures, ...] = ()


@dataclass(frozen=True, slots=True)
class CurrentRating:
    """A player's rating in a category now, and the rated matches it stands on."""

    category: str
    player_id: str
    rating: Rating
    rated_matches: int


@dataclass(frozen=True, slots=True)
class RatingPoint:
    seq: int  # the rated match's place in the global rating order
    match_id: str
    ended_at: float
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True, slots=True)
class FinishedRecord:
    """What a player has finished by their own play (a guest's standing for rated play:
    ratings.eligibility): matches of any mode with a round wholly their own, and those
    rounds (a stand-in's moves and rounds count for nobody)."""

    matches: int
    rounds: int


@dataclass(frozen=True, slots=True)
class VoidRecord:
    """An operator's void of a finished match's result (AdminService.VoidResult)."""

    match_id: str
    voided_at: float
    operator_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A rated match in the rating order: its place, category and players."""

    seq: int
    match_id: str
    category: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RatedSince:
    """The rated matches of a category after a place in the rating order, voided ones
    left out, and what they were read against: ``basis`` (the category's last place
    and its number of voided matches), which a void's write checks unchanged."""

    entries: tuple[LedgerEntry, ...]
    basis: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Rerated:
    """A rated match rated again after a void: its players' ratings before and after."""

    seq: int
    match_id: str
    before: Mapping[str, Rating]
    after: Mapping[str, Rating]


@dataclass(frozen=True, slots=True)
class VoidWrite:
    """Everything a void writes, in one transaction (``ResultVoids.write_void``): the
    record; for a rated match its place in the rating order (``entry``), the ``basis``
    it was planned on, the later matches whose ratings change (``rerated``), and the
    final rating of every player it touched in the category (None: no rated match of
    theirs is left there)."""

    record: VoidRecord
    entry: LedgerEntry | None = None  # None: the match was not rated
    basis: tuple[int, int] = (0, 0)
    rerated: tuple[Rerated, ...] = ()
    ratings: Mapping[str, Rating | None] = field(default_factory=dict)


class VoidConflict(Exception):
    """The category's ratings moved while a void was planned (a rated match ended, or
    another void): plan it again."""


class ResultVoids(Protocol):
    """Voided results (issue 33), the ratings context's own record of them: read by the
    ratings replay (a voided match counts for nobody) and written, with the exact
    recomputation of the ratings it touched, by ``fiveup.match.voiding``."""

    async def voids(self, match_ids: Collection[str]) -> dict[str, VoidRecord]:
        """The voids of those of ``match_ids`` that were voided."""

    async def voided_match_ids(self) -> frozenset[str]:
        """Every voided match (the ratings replay leaves them out)."""

    async def ledger_entry(self, match_id: str) -> LedgerEntry | None:
        """The rated match's place in the rating order (None: it was not rated)."""

    async def rated_since(self, category: str, seq: int) -> RatedSince:
        """The category's rated matches after ``seq``, voided ones left out, in order."""

    async def ratings_before(
        self, category: str, player_ids: Collection[str], seq: int
    ) -> dict[str, Rating]:
        """Each player's rating in the category just before the rated match at ``seq``
        (their last history point before it; players without one are left out)."""

    async def write_void(self, write: VoidWrite) -> bool:
        """Record the void and rewrite what it changes, in one transaction serialised
        with every rating update; False (nothing written) when the match was already
        voided; raises VoidConflict when the category's ``basis`` moved."""


@dataclass(frozen=True, slots=True)
class RatedStanding:
    """What a player's rated results stand on, every category (the operators' view):
    the distinct players they met on another side, and the moves they made themselves
    (a stand-in bot's count for nobody; results from before own moves were kept: 0)."""

    distinct_opponents: int
    own_moves: int


class RatingStore(ResultVoids, Protocol):
    url: str

    async def open(self) -> None:
        """Connect and apply the rating tables' migrations (idempotent, safe in
        parallel; the event store applies them too, since its appends write there)."""

    async def close(self) -> None: ...

    async def leaderboard(
        self, category: str, rule: BoardRule, *, offset: int, limit: int
    ) -> LeaderboardPage:
        """The players ``rule`` puts on the board of ``category``, by current mu
        descending, ties by player_id; ``matches`` and ``wins`` count within the
        window."""

    async def standing(self, category: str, player_id: str, rule: BoardRule) -> Standing | None:
        """Where the player stands against that board, on it or not (provisional,
        inactive); None when they have no rating in the category (or, with a window, no
        rated match in it)."""

    async def player_results(
        self,
        player_id: str,
        *,
        before: tuple[float, str] | None,
        limit: int,
        modes: Collection[str] = MODES,
    ) -> PlayerResultsPage:
        """The player's finished matches of ``modes``, newest first (ended_at, then
        match_id, descending), those strictly before the cursor ``before``."""

    async def player_summary(self, player_id: str) -> tuple[CategorySummary, ...]:
        """One summary per category the player has finished a match in, by category,
        with its figures per mode."""

    async def rating_history(
        self, player_id: str, category: str, *, limit: int
    ) -> tuple[RatingPoint, ...]:
        """The player's newest ``limit`` ratings in the category, oldest first."""

    async def current_ratings(self, player_ids: Collection[str]) -> tuple[CurrentRating, ...]:
        """The ratings of these players in every category they are rated in (players
        without one are left out), in one query per few hundred players: the
        matchmaker's bands read every waiting player's."""

    async def finished_record(self, player_id: str) -> FinishedRecord:
        """The matches the player finished with a round of their own play (results of any
        mode) and those rounds."""
        ...

    async def rated_standing(self, player_id: str) -> RatedStanding: ...

    async def rated_together(self, category: str, player_ids: Collection[str], since: float) -> int:
        """Rated matches of ``category`` ended since ``since`` whose players are exactly
        ``player_ids``."""
        ...

    async def result_modes(self) -> dict[str, str]:
        """Every match with a result, and its mode (all its seats share it): what the
        rebuild check compares with the logs."""

    async def result_own_play(self) -> dict[tuple[str, int], tuple[int, int] | None]:
        """Every result's own play by (match_id, seat): (own moves, own rounds), None
        for a result written before they were kept -- what the rebuild check compares
        with the logs."""

    async def rated_match_ids(self) -> tuple[str, ...]:
        """Every rated match, in the order it was rated (the ledger's)."""

    async def all_ratings(self) -> dict[tuple[str, str], Rating]:
        """Every stored rating by (category, player_id)."""


__all__ = [
    "BoardRule",
    "CategorySummary",
    "CurrentRating",
    "LeaderboardPage",
    "LeaderboardRow",
    "LedgerEntry",
    "MatchOutcome",
    "ModeFigures",
    "PlayerResultRow",
    "PlayerResultsPage",
    "RatedSince",
    "RatedStanding",
    "RatingPoint",
    "RatingStore",
    "Rerated",
    "ResultVoids",
    "SeatOutcome",
    "Standing",
    "VoidConflict",
    "VoidRecord",
    "VoidWrite",
]
