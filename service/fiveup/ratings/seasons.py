"""Seasons and leagues (SeasonService; docs/seasons.md): the boards of the seasons that
run (``schedule``), their archives, the league's groups and what a season's end does to
each member (``leagues``), over the season store (``season_ports``).

**Rollover.**  ``tick`` records the seasons that run now, puts the league season's new
players into groups, and archives every open season that ended at least
``grace_seconds`` ago (a match that ended just before the end has committed its result
by then).  The archive is the store's one transaction, claimed by its season's row: run
it on every replica as often as you like, each season is archived once.  The background
task (``start``) ticks every ``tick_seconds``; a test with an injected clock calls
``tick`` itself, or lets the task see the moved clock.

**Fair play.**  Only results the ratings count are season results: rated (the rated-play
gate let them through: standing, own moves, repeated pairings) and not voided.  A player
suspended from rated play when the season is archived is not promoted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..identity import Players
from ..identity.ports import SanctionKind, SanctionRecord
from ..notifications.notices import Notice, NoticeKind
from ..shared import paging
from ..shared.errors import InvalidRequest
from .errors import LeagueNotRunning, SeasonNotFound
from .leagues import (
    TIERS,
    LeaguePolicy,
    Tally,
    decide_group,
    ordered,
    zone_of,
    zones,
)
from .schedule import MONTHLY, WEEKLY, SeasonCalendar, SeasonSpec
from .season_ports import (
    ARCHIVED,
    OPEN,
    ArchiveInput,
    ArchivePlan,
    BoardPage,
    BoardRow,
    LeagueChangeRecord,
    SeasonRecord,
    SeasonStore,
)

log = logging.getLogger(__name__)

MAX_OFFSET = 2**31 - 1
# A tick's group assignment looks at the results that ended since the last tick's look,
# less this margin: a result's end time is taken just before its append commits.
LOOK_BACK_SECONDS = 120.0
KINDS = ("", WEEKLY, MONTHLY, "named")


class Suspensions(Protocol):
    """Who is suspended from rated play (the identity context's moderation store)."""

    async def sanctions_in_force(
        self, player_ids: Sequence[str], now: float, kind: SanctionKind | None = None
    ) -> list[SanctionRecord]: ...


@dataclass(frozen=True, slots=True)
class SeasonsConfig:
    calendar: SeasonCalendar = field(default_factory=SeasonCalendar)
    policy: LeaguePolicy = field(default_factory=LeaguePolicy)
    grace_seconds: float = 30.0  # after a season's end, before it is archived
    tick_seconds: float = 10.0  # how often the background task ticks
    # A running season's board, read from the results, is kept this long in each
    # process for every reader (0: read on every request).
    board_cache_seconds: float = 5.0


@dataclass(frozen=True, slots=True)
class SeasonView:
    """A season as shown: its record, its state now ("upcoming", "open", "ended",
    "archived") and its players."""

    record: SeasonRecord
    state: str
    players: int


@dataclass(frozen=True, slots=True)
class SeasonList:
    current: tuple[SeasonView, ...]
    archived: tuple[SeasonView, ...]
    next_token: str


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    season: SeasonView
    rows: tuple[BoardRow, ...]
    total: int
    next_token: str
    mine: BoardRow | None


@dataclass(frozen=True, slots=True)
class LeagueRowView:
    row: BoardRow
    zone: str  # leagues.PROMOTION, SAFE or RELEGATION
    suspended: bool


@dataclass(frozen=True, slots=True)
class LeagueView:
    season: SeasonView
    tier: int
    joined: bool
    group_id: str
    table: tuple[LeagueRowView, ...]
    promotion_places: int
    relegation_places: int
    group_size: int
    my_rank: int


@dataclass(frozen=True, slots=True)
class ChangesPage:
    changes: tuple[LeagueChangeRecord, ...]
    next_token: str


@dataclass(frozen=True, slots=True)
class Ranked:
    """A running season's board as read at one moment: every tally in the board's
    order, and each player's place."""

    order: tuple[Tally, ...]
    place: dict[str, int]  # player id -> 1-based rank
    expires: float  # time.monotonic()


@dataclass(frozen=True, slots=True)
class TickReport:
    assigned: int  # players put into league groups
    archived: tuple[str, ...]  # seasons archived by this tick


def group_id(season_id: str, tier: int, group_no: int) -> str:
    return f"{season_id}/{TIERS[tier]}/{group_no}"


def plan_archive(
    given: ArchiveInput, policy: LeaguePolicy, suspended: Collection[str]
) -> ArchivePlan:
    """What archiving a season writes (pure): its final board and, for the league's
    season, each member's move (``leagues.decide_group`` per group), their change
    records and a notice each."""
    board = tuple(ordered(given.tallies.values()))
    if not given.season.spec.league:
        return ArchivePlan(board)
    spec, now = given.season.spec, given.now
    groups: dict[tuple[int, int], list[Tally]] = {}
    for m in given.members:
        tally = given.tallies.get(m.player_id, Tally(m.player_id, 0, 0, 0))
        groups.setdefault((m.tier, m.group_no), []).append(tally)
    changes: list[LeagueChangeRecord] = []
    notices: list[Notice] = []
    for (tier, _group_no), table in sorted(groups.items()):
        for move in decide_group(policy, tier, table, suspended):
            change = LeagueChangeRecord(
                spec.season_id, spec.name, move.player_id, move.from_tier, move.to_tier,
                move.change, move.rank, len(table), move.points, move.held_back, now,
            )  # fmt: skip
            changes.append(change)
            notices.append(
                Notice.of(
                    NoticeKind.LEAGUE_CHANGED,
                    move.player_id,
                    spec.season_id,
                    now,
                    data={
                        "season_id": spec.season_id,
                        "season_name": spec.name,
                        "from_tier": TIERS[move.from_tier],
                        "to_tier": TIERS[move.to_tier],
                        "change": move.change,
                        "rank": move.rank,
                        "points": move.points,
                    },
                )
            )
    return ArchivePlan(board, tuple(changes), tuple(notices))


class Seasons:
    def __init__(
        self,
        store: SeasonStore,
        players: Players,
        config: SeasonsConfig,
        *,
        suspensions: Suspensions,
        published: Callable[[Iterable[str]], None] = lambda _players: None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.players = players
        self.config = config
        self.suspensions = suspensions
        self.published = published
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        self._boards: dict[str, Ranked] = {}  # running seasons' boards, briefly kept
        self._looked: dict[str, float] = {}  # the league season: results looked at since

    # ------------------------------------------------------------------ background

    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="season-rollover")

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: the next tick tries again
                log.exception("season tick failed")
            await asyncio.sleep(self.config.tick_seconds)

    async def tick(self) -> TickReport:
        """Record the seasons running now, put the league's new players into groups,
        and archive every season that ended ``grace_seconds`` ago or more."""
        now = self._clock()
        calendar = self.config.calendar
        await self.store.ensure_seasons(calendar.current(now))
        assigned = 0
        league = calendar.league_season(now)
        if league is not None:
            # Only players with a result since the last tick's look (less a margin for a
            # result committed a moment after its end): the tick stays cheap however
            # long the week has run.  A restart looks at the whole week once; the
            # archive, and a player asking for their league, look at all of it.
            since = self._looked.get(league.season_id)
            assigned = await self.store.assign_members(
                league, self.config.policy.group_size, now, since
            )
            self._looked = {league.season_id: now - LOOK_BACK_SECONDS}
        archived = []
        for record in await self.store.due_seasons(now - self.config.grace_seconds):
            if await self._archive(record, now):
                archived.append(record.spec.season_id)
        return TickReport(assigned, tuple(archived))

    async def _archive(self, record: SeasonRecord, now: float) -> bool:
        spec = record.spec
        # Who is suspended: every player who could be in a group (a counting result,
        # or a member whose results were all voided).  The season has ended: no result
        # joins it any more.
        candidates = set(await self.store.live_tallies(spec))
        if spec.league:
            candidates |= {m.player_id for m in await self.store.members(spec.season_id)}
        suspended = await self._suspended(sorted(candidates), now)
        policy = self.config.policy
        done = await self.store.archive(
            spec.season_id,
            now,
            lambda given: plan_archive(given, policy, suspended),
            policy.group_size,
        )
        if done is None:
            return False  # another replica (or an earlier tick) archived it
        log.info(
            "archived season %s: %d players, %d league changes",
            spec.season_id, len(done.board), len(done.changes),
        )  # fmt: skip
        if done.told:
            self.published(done.told)
        return True

    async def _suspended(self, player_ids: Sequence[str], now: float) -> frozenset[str]:
        if not player_ids:
            return frozenset()
        found = await self.suspensions.sanctions_in_force(
            player_ids, now, SanctionKind.RATED_PLAY_SUSPENSION
        )
        return frozenset(s.sanction.player_id for s in found)

    # ------------------------------------------------------------------ reads

    def _view(self, record: SeasonRecord, players: int, now: float) -> SeasonView:
        spec = record.spec
        if record.state == ARCHIVED:
            state = "archived"
        elif now < spec.starts_at:
            state = "upcoming"
        elif now >= spec.ends_at:
            state = "ended"
        else:
            state = "open"
        return SeasonView(record, state, players)

    async def _shown(self, record: SeasonRecord, now: float) -> SeasonView:
        players = record.players
        if record.state != ARCHIVED:
            players = len((await self._ranked(record.spec)).order)
        return self._view(record, players, now)

    async def _ranked(self, spec: SeasonSpec) -> Ranked:
        """The running season's board from the results: one read of every tally, kept
        ``board_cache_seconds`` for every page and row asked meanwhile (a void or a new
        result shows within that time)."""
        hit = self._boards.get(spec.season_id)
        if hit is not None and hit.expires > time.monotonic():
            return hit
        order = tuple(ordered((await self.store.live_tallies(spec)).values()))
        ranked = Ranked(
            order,
            {t.player_id: n for n, t in enumerate(order, start=1)},
            time.monotonic() + self.config.board_cache_seconds,
        )
        if self.config.board_cache_seconds > 0:
            if len(self._boards) > 32:  # seasons end: forget the ones nobody asks about
                self._boards.clear()
            self._boards[spec.season_id] = ranked
        return ranked

    async def _rows(self, tallies: Sequence[Tally], first_rank: int) -> tuple[BoardRow, ...]:
        names = await self.store.display_names([t.player_id for t in tallies])
        return tuple(
            BoardRow(n, t.player_id, names.get(t.player_id, ""), t.points, t.wins, t.matches)
            for n, t in enumerate(tallies, start=first_rank)
        )

    async def list_seasons(self, kind: str, page_size: int, page_token: str) -> SeasonList:
        if kind not in KINDS:
            raise InvalidRequest("kind must be weekly, monthly or named", field="kind")
        size = paging.page_size(page_size)
        offset = self._offset(page_token, kind)
        now = self._clock()
        current = [
            await self._record(spec)
            for spec in sorted(
                self.config.calendar.current(now), key=lambda s: (s.ends_at, s.season_id)
            )
            if not kind or spec.kind.value == kind
        ]
        past = await self.store.past_seasons(now, kind, offset, size + 1)
        after = offset + min(size, len(past))
        return SeasonList(
            tuple([await self._shown(r, now) for r in current]),
            tuple([await self._shown(r, now) for r in past[:size]]),
            paging.encode((kind, after)) if len(past) > size else "",
        )

    def _offset(self, token: str, scope: str) -> int:
        cursor = paging.decode(token, (str, int))
        if cursor is None:
            return 0
        token_scope, offset = cursor
        if token_scope != scope or not 0 <= offset <= MAX_OFFSET:
            raise InvalidRequest("page_token belongs to another request", field="page_token")
        return int(offset)

    async def _record(self, spec: SeasonSpec) -> SeasonRecord:
        """A running season's record; one the ticks have not recorded yet (its first
        seconds) reads as open and empty.  Reads never write."""
        found = await self.store.season(spec.season_id)
        return found if found is not None else SeasonRecord(spec, OPEN, None, 0)

    async def _season(self, season_id: str, now: float) -> SeasonRecord:
        calendar = self.config.calendar
        if season_id in (WEEKLY, MONTHLY):
            if season_id not in calendar.schedules:
                raise SeasonNotFound(f"this server runs no {season_id} season", field="season_id")
            season_id = calendar.at(season_id, now).season_id
        if not season_id or len(season_id) > 64:
            raise SeasonNotFound("no season has this id", field="season_id")
        record = await self.store.season(season_id)
        if record is None:
            running = {s.season_id: s for s in calendar.current(now)}
            if season_id not in running:
                raise SeasonNotFound("no season has this id", field="season_id")
            record = SeasonRecord(running[season_id], OPEN, None, 0)
        return record

    async def board(
        self, access_token: str | None, season_id: str, page_size: int, page_token: str
    ) -> SeasonBoard:
        size = paging.page_size(page_size)
        now = self._clock()
        record = await self._season(season_id, now)
        sid = record.spec.season_id
        offset = self._offset(page_token, sid)
        me = (await self.players.authenticate(access_token)).player_id if access_token else ""
        if record.state == ARCHIVED:
            page = await self.store.archived_board(sid, offset, size)
            mine = await self.store.archived_row(sid, me) if me else None
        else:
            ranked = await self._ranked(record.spec)
            page = BoardPage(
                await self._rows(ranked.order[offset : offset + size], offset + 1),
                len(ranked.order),
            )
            mine = None
            if me in ranked.place:
                place = ranked.place[me]
                (mine,) = await self._rows(ranked.order[place - 1 : place], place)
        after = offset + len(page.rows)
        return SeasonBoard(
            self._view(record, page.total, now),
            page.rows,
            page.total,
            paging.encode((sid, after)) if after < page.total else "",
            mine,
        )

    def _league_spec(self, now: float) -> SeasonSpec:
        spec = self.config.calendar.league_season(now)
        if spec is None:
            raise LeagueNotRunning("this server runs no league")
        return spec

    async def league(self, access_token: str | None) -> LeagueView:
        now = self._clock()
        spec = self._league_spec(now)
        me = (await self.players.authenticate(access_token)).player_id
        policy = self.config.policy
        member = await self.store.member(spec.season_id, me)
        if member is None and me in (await self._ranked(spec)).place:
            # a first counting result since the last tick: the group now (a write only
            # for a player who has one to join)
            await self.store.ensure_seasons([spec])
            await self.store.assign_members(spec, policy.group_size, now)
            member = await self.store.member(spec.season_id, me)
        record = await self._record(spec)
        players = len((await self._ranked(spec)).order)
        if member is None:
            return LeagueView(
                self._view(record, players, now), await self.store.tier_of(me), False, "", (),
                *zones(policy, await self.store.tier_of(me), policy.group_size),
                policy.group_size, 0,
            )  # fmt: skip
        rows = await self.store.group_table(spec, member.tier, member.group_no)
        tallies = ordered([r.tally for r in rows])
        names = {r.tally.player_id: r.display_name for r in rows}
        # a sanction is the player's own business: only their own row says it
        suspended = await self._suspended([me], now)
        promote, relegate = zones(policy, member.tier, len(tallies))
        table = []
        my_rank = 0
        for place, t in enumerate(tallies, start=1):
            if t.player_id == me:
                my_rank = place
            table.append(
                LeagueRowView(
                    BoardRow(place, t.player_id, names[t.player_id], t.points, t.wins, t.matches),
                    zone_of(place, len(tallies), promote, relegate),
                    t.player_id in suspended,
                )
            )
        return LeagueView(
            self._view(record, players, now), member.tier, True,
            group_id(spec.season_id, member.tier, member.group_no), tuple(table),
            promote, relegate, policy.group_size, my_rank,
        )  # fmt: skip

    async def changes(
        self, access_token: str | None, page_size: int, page_token: str
    ) -> ChangesPage:
        self._league_spec(self._clock())
        me = (await self.players.authenticate(access_token)).player_id
        size = paging.page_size(page_size)
        offset = self._offset(page_token, "changes")
        found = await self.store.league_changes(me, offset, size + 1)
        return ChangesPage(
            tuple(found[:size]),
            paging.encode(("changes", offset + size)) if len(found) > size else "",
        )


__all__ = [
    "ChangesPage",
    "LeagueView",
    "SeasonBoard",
    "SeasonList",
    "Seasons",
    "SeasonsConfig",
    "plan_archive",
]
