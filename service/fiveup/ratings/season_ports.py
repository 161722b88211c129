"""The seasons' port: the season store (adapters ``fiveup.store.sqlite.seasons`` and
``fiveup.store.postgres.seasons``, over the SQL both share in ``fiveup.store.seasons_sql``).

A season's **live board** is read from the rating store's results (``player_results``)
each time: the rated results that count (``rated AND NOT voided``) of matches that ended
in the season, each worth its season points (``leagues.season_points``).  Nothing is
written when a match ends, so a voided result stops counting at once and a board is
always a function of the results.  When a season is **archived** (``archive``: once,
whatever the number of replicas -- the claim of its row and everything it writes are one
transaction), its final board is copied (``season_boards``), and for the league's season
every member's move is written (``league_changes``), their tier (``league_tiers``), and a
notice each through the outbox, all in that transaction.

**League groups**: ``assign_members`` puts every player with a counting result in the
league's season and no group yet into one of their tier (in the order of their first
counting result), serialised with every other assignment and with the archive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..notifications.notices import Notice
from .leagues import Tally
from .schedule import SeasonSpec

OPEN, ARCHIVED = "open", "archived"


@dataclass(frozen=True, slots=True)
class SeasonRecord:
    spec: SeasonSpec
    state: str  # OPEN or ARCHIVED
    archived_at: float | None
    players: int  # on its board (archived: its final board; open: 0, read the board)


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    player_id: str
    display_name: str
    points: int
    wins: int
    matches: int


@dataclass(frozen=True, slots=True)
class BoardPage:
    rows: tuple[BoardRow, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Member:
    """A player's group in a league season."""

    season_id: str
    player_id: str
    tier: int  # leagues.TIERS index
    group_no: int
    joined_at: float


@dataclass(frozen=True, slots=True)
class GroupRow:
    tally: Tally
    display_name: str


@dataclass(frozen=True, slots=True)
class LeagueChangeRecord:
    season_id: str
    season_name: str
    player_id: str
    from_tier: int
    to_tier: int
    change: str  # leagues.PROMOTED, RELEGATED or STAYED
    rank: int
    group_players: int
    points: int
    held_back: bool
    changed_at: float


@dataclass(frozen=True, slots=True)
class ArchiveInput:
    """What the archive reads inside its transaction: the season, its final tallies
    (every player with a counting result) and, for the league's season, its members."""

    season: SeasonRecord
    tallies: dict[str, Tally]
    members: tuple[Member, ...]
    now: float


@dataclass(frozen=True, slots=True)
class ArchivePlan:
    """What the archive writes: the final board, the league's changes and tiers, and the
    notices (empty for a season without the league)."""

    board: tuple[Tally, ...]  # best first
    changes: tuple[LeagueChangeRecord, ...] = ()
    notices: tuple[Notice, ...] = ()
    told: tuple[str, ...] = field(default=())  # filled by the store: players with a new notice


class SeasonStore(Protocol):
    url: str

    async def open(self) -> None:
        """Connect and apply the season tables' migrations (after the rating store's)."""

    async def close(self) -> None: ...

    async def ensure_seasons(self, specs: Sequence[SeasonSpec]) -> None:
        """Record these seasons (open) if they are not recorded yet; an open one whose
        name or bounds the operator changed takes the new ones."""

    async def season(self, season_id: str) -> SeasonRecord | None: ...

    async def past_seasons(
        self, now: float, kind: str, offset: int, limit: int
    ) -> list[SeasonRecord]:
        """Archived seasons and those ended by ``now``, latest end first."""

    async def due_seasons(self, now: float) -> list[SeasonRecord]:
        """Open seasons that ended by ``now`` (to archive)."""

    async def all_seasons(self) -> list[SeasonRecord]: ...

    async def live_board(self, spec: SeasonSpec, offset: int, limit: int) -> BoardPage:
        """The board from the results: counting results of matches that ended in the
        season, by the board's order (``leagues.Tally.key``)."""

    async def live_tallies(self, spec: SeasonSpec) -> dict[str, Tally]:
        """Every player's tally in the season, from the results."""

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        """The names of these players (the identity context's ``players`` table)."""

    async def archived_board(self, season_id: str, offset: int, limit: int) -> BoardPage: ...

    async def archived_row(self, season_id: str, player_id: str) -> BoardRow | None: ...

    async def archived_tallies(self, season_id: str) -> dict[str, Tally]: ...

    async def assign_members(
        self, spec: SeasonSpec, group_size: int, now: float, since: float | None = None
    ) -> int:
        """Put every player with a counting result in the open league season ``spec``
        and no group yet into a group of their tier (``leagues.group_for``), in the
        order of their first counting result; how many.  ``since``: only players with a
        counting result that ended then or later (a tick's look at what is new)."""

    async def member(self, season_id: str, player_id: str) -> Member | None: ...

    async def members(self, season_id: str) -> list[Member]: ...

    async def tier_of(self, player_id: str) -> int:
        """The player's tier now (bronze, 0, until a season's end moved them)."""

    async def group_table(self, spec: SeasonSpec, tier: int, group_no: int) -> list[GroupRow]:
        """Every member of the group with their live tally (zero without a counting
        result left)."""

    async def archive(
        self,
        season_id: str,
        now: float,
        plan: Callable[[ArchiveInput], ArchivePlan],
        group_size: int,
    ) -> ArchivePlan | None:
        """Archive the open season ``season_id`` in one transaction: claim it (None when
        it is not open: archived by another replica, or unknown), put the last players
        of a league season into groups, read its input, write ``plan(input)`` and its
        notices; the plan with the players told."""

    async def league_changes(
        self, player_id: str, offset: int, limit: int
    ) -> list[LeagueChangeRecord]:
        """The player's changes, newest first."""

    async def season_changes(self, season_id: str) -> list[LeagueChangeRecord]: ...

    # ------------------------------------------------------------ the replay check

    async def ledger_times(self) -> dict[str, float]:
        """Every rated match of the ledger and when it ended."""

    async def void_times(self) -> dict[str, float]:
        """Every voided match and when it was voided."""
