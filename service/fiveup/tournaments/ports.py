"""What the tournaments context stores, and the port it stores it through.

A tournament is one versioned record: its settings, its entrants, every table it seated
(with the match id chosen when the table was paired) and how each ended.  Every change
is a read, a change made in memory and a write that succeeds only if the record is still
at the version read (``TournamentStore.save``): two replicas that pair the same round,
or two players who take the last place at once, cannot both win -- the loser reads
again and finds the work done (or the tournament full).  The record's size and what
bounds it: docs/tournaments.md, "The director, and several replicas".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from ..notifications.notices import Notice
from .model import ARENA, Config, Ending, Entrant, Format, TableResult

UPCOMING: Final = "upcoming"
RUNNING: Final = "running"
FINISHED: Final = "finished"
CANCELLED: Final = "cancelled"
STATES = (UPCOMING, RUNNING, FINISHED, CANCELLED)

PLAYING: Final = "playing"  # a table's ending while it is played
UNSEATED: Final = "unseated"  # a Swiss player whose blocks left no table: no points
LATE_JOIN_SHARE = 0.8  # an arena takes entries until this share of its duration


@dataclass(frozen=True, slots=True)
class EntryRules:
    require_standing: bool = False
    min_rating: float = 0.0  # display scale; 0: no floor
    max_rating: float = 0.0  # 0: no ceiling
    invited: tuple[str, ...] = ()  # empty: anyone


@dataclass(frozen=True, slots=True)
class Settings:
    name: str
    format: Format
    seats: int
    target_points: int  # displayed points; 0: the standard
    turn_clock_seconds: int  # 0: live tables
    starts_at: float
    duration_seconds: int  # arena
    rounds: int  # Swiss; 0: ceil(log2(n)) at the start
    capacity: int
    entry: EntryRules = EntryRules()
    rated: bool = False
    streaks: bool = True

    def config(self, rounds: int = 0) -> Config:
        return Config(
            format=self.format, table_size=self.seats, rounds=rounds or self.rounds,
            streaks=self.streaks,
        )  # fmt: skip


@dataclass(slots=True)
class EntrantRecord:
    player_id: str
    display_name: str
    joined_at: float
    rating: float = 0.0  # display rating at the start (0 before it)
    active: bool = True


@dataclass(slots=True)
class TableRecord:
    """A paired table (``match_id``), or a bye / an unseated player (one seat, no match)."""

    round: int  # the Swiss round, or the arena's wave
    board: int
    seats: tuple[str, ...]
    match_id: str = ""
    ending: str = PLAYING  # PLAYING, an ``Ending`` value, or UNSEATED
    opened: bool = False  # the match exists with its players seated
    scores: tuple[int, ...] = ()
    winner_side: int = 0
    forfeited_side: int | None = None
    conceded_by: str = ""  # the player whose seat conceded (forfeit or aborted)
    concede_reason: str = ""  # resigned, abandoned, deadline; cancelled: "cancelled"
    ended_at: float = 0.0

    @property
    def playing(self) -> bool:
        return self.ending == PLAYING

    def result(self) -> TableResult | None:
        """The table as the standings read it (None while played, or unseated)."""
        if self.ending in (PLAYING, UNSEATED):
            return None
        ending = Ending(self.ending)
        if ending is Ending.BYE:
            return TableResult.bye(self.round, self.seats[0])
        return TableResult(
            self.round, self.seats, ending, self.scores, self.winner_side, self.forfeited_side
        )


@dataclass(slots=True)
class InvitationRecord:
    """A friend invited to the tournament (InviteToTournament): by whom, when."""

    by: str  # the inviting player
    player_id: str  # the invited friend
    at: float


@dataclass(slots=True)
class TournamentRecord:
    tournament_id: str
    created_by: str
    created_at: float
    request_id: str
    settings: Settings
    state: str = UPCOMING
    entrants: list[EntrantRecord] = field(default_factory=list)
    tables: list[TableRecord] = field(default_factory=list)
    rounds: int = 0  # a Swiss's rounds, fixed at the start
    round: int = 0  # the current Swiss round, or the arena's last wave
    started_at: float = 0.0
    ends_at: float = 0.0  # an arena's end of seating
    finished_at: float = 0.0
    invitations: list[InvitationRecord] = field(default_factory=list)  # never shown
    version: int = 0  # set by the store

    def entrant(self, player_id: str) -> EntrantRecord | None:
        return next((e for e in self.entrants if e.player_id == player_id), None)

    @property
    def config(self) -> Config:
        return self.settings.config(self.rounds)

    def engine_entrants(self) -> list[Entrant]:
        return [Entrant(e.player_id, e.rating, e.active) for e in self.entrants]

    def results(self) -> list[TableResult]:
        """Every table with an ending (and bye), in round (wave) then board order: each
        player's own tables in the order they played them, which is what streaks read."""
        ended = [t for t in self.tables if t.result() is not None]
        ended.sort(key=lambda t: (t.round, t.board))
        return [r for t in ended if (r := t.result()) is not None]

    def playing(self) -> list[TableRecord]:
        return [t for t in self.tables if t.playing]

    def late_entries_until(self) -> float:
        """When an arena stops taking entries (80% of its duration)."""
        return self.settings.starts_at + LATE_JOIN_SHARE * self.settings.duration_seconds

    @property
    def is_arena(self) -> bool:
        return self.settings.format == ARENA


@dataclass(frozen=True, slots=True)
class CreationLimit:
    """At most ``most`` tournaments by one creator created at ``since`` or later,
    counted by ``TournamentStore.insert`` in its writing transaction."""

    since: float
    most: int


class CreationLimitReached(Exception):
    """``insert`` refused: the creator has ``CreationLimit.most`` tournaments since."""


class TournamentStore(Protocol):
    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def insert(
        self, record: TournamentRecord, limit: CreationLimit | None = None
    ) -> TournamentRecord:
        """Store a new tournament at version 1; if its creator already created one with
        the same ``request_id``, that one (a retried create) instead.  With ``limit``,
        the creator's tournaments are counted in the same transaction, serialised per
        creator (SQLite: its one writer; PostgreSQL: an advisory lock on the creator),
        so two creates at once cannot both take the last one: ``CreationLimitReached``."""

    async def get(self, tournament_id: str) -> TournamentRecord | None: ...

    async def save(
        self, record: TournamentRecord, expected_version: int, notices: Sequence[Notice] = ()
    ) -> bool:
        """Write ``record`` at ``expected_version + 1`` if the stored one is still at
        ``expected_version`` (False: someone changed it first; nothing written), and
        ``notices`` in the same transaction (the outbox write API: a notice stored
        already is skipped)."""

    async def listed(
        self, state: str, limit: int, after: tuple[float, str] | None = None
    ) -> list[TournamentRecord]:
        """Tournaments in ``state``: upcoming soonest first, the others latest first
        (ties by id); ``after``: continue after this (starts_at, tournament_id)."""

    async def due_ids(self, now: float) -> list[str]:
        """The directors' work: every running tournament, and every upcoming one whose
        start time has come (``starts_at <= now``; later ones are not read)."""

    async def created_since(self, player_id: str, since: float) -> int:
        """How many tournaments ``player_id`` created at ``since`` or later."""
