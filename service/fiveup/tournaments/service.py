"""The tournaments' use cases behind TournamentService: create, list, read, enter,
withdraw and watch (docs/tournaments.md, "Running and playing a tournament").

Every change is made on a fresh read of the tournament's record and written only at
the version read (``ports``): a change that loses a race is made again on the newer
record, so two players taking the last place, or an entry racing the start, settle in
the store, not in a replica's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
import unicodedata
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ..engine.config import MAX_TURN_CLOCK, MIN_TURN_CLOCK
from ..friends.ports import FriendLookup, NoFriends
from ..identity import Players
from ..identity.names import is_invisible
from ..identity.relations import BlockLookup
from ..lobby.seats import check_rated_seat
from ..notifications.notices import Notice
from ..shared import paging
from ..shared.errors import InvalidRequest, ShuttingDown
from . import invitations
from .errors import (
    AlreadyWithdrawn,
    CreationNotAllowed,
    EntriesClosed,
    NotEligible,
    TooManyTournaments,
    TournamentBusy,
    TournamentFull,
    TournamentNotFound,
)
from .invitations import MAX_INVITED
from .model import ARENA, SWISS, StandingRow
from .ports import (
    CANCELLED,
    FINISHED,
    RUNNING,
    STATES,
    UPCOMING,
    CreationLimit,
    CreationLimitReached,
    EntrantRecord,
    EntryRules,
    Settings,
    TableRecord,
    TournamentRecord,
    TournamentStore,
)
from .settings import TournamentsConfig
from .standings import standings

DAY = 86_400.0
OPERATOR = "operator:"  # created_by of an operator's tournament: this, then their id
NEW_PLAYER_RATING = 1500.0  # a player without an established rating, for the entry band
MAX_NAME = 64
MAX_ROUNDS = 20
MIN_DURATION, MAX_DURATION = 5, 7 * 24 * 3600
MAX_AHEAD = 30 * DAY  # the furthest ahead a tournament may be set to start
MAX_TARGET = 10_000
SAVE_ATTEMPTS = 20
LIST_READS = 5  # a page reads at most this many batches past hidden tournaments
RETRY_SECONDS = 0.005  # the wait before a lost write is retried grows by this much
_JITTER = secrets.SystemRandom()  # spreads the retries of replicas that collided


class RatingsAtStart(Protocol):
    """The players' established ratings on the display scale in a category ("2", "3",
    "4"); players without one are left out (``ratings_view.StoreRatings``)."""

    async def display_ratings(
        self, category: str, player_ids: Collection[str]
    ) -> Mapping[str, float]: ...


class StandingCheck(Protocol):
    """Whether a player has the standing of rated play (``ratings.eligibility``)."""

    async def has_standing(self, player_id: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class YourTable:
    match_id: str
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class Detail:
    """A tournament as one caller may read it."""

    record: TournamentRecord
    standings: tuple[StandingRow, ...]
    entered: bool
    your_table: YourTable | None
    show_invited: bool  # the caller is its creator


def visible(record: TournamentRecord, player_id: str | None) -> bool:
    """An invitation-only tournament is shown to its creator and the players it names."""
    invited = record.settings.entry.invited
    return not invited or (
        player_id is not None and (player_id == record.created_by or player_id in invited)
    )


def standings_of(record: TournamentRecord) -> list[StandingRow]:
    """The standings from the record's tables (final ones once it finished)."""
    return standings(record.engine_entrants(), record.results(), record.config)


class Tournaments:
    def __init__(
        self,
        config: TournamentsConfig,
        store: TournamentStore,
        players: Players,
        ratings: RatingsAtStart,
        standing: StandingCheck,
        *,
        friends: FriendLookup | None = None,
        blocks: BlockLookup | None = None,
        clock: Callable[[], float] = time.time,
        published: Callable[[Iterable[str]], None] | None = None,
    ) -> None:
        self.config = config
        self.friends: FriendLookup = friends or NoFriends()  # whom a player may invite
        self.blocks = blocks  # a block between two players refuses an invitation
        self.published = published  # the outbox's: wakes the told players' streams
        self.store = store
        self.players = players
        self.ratings = ratings
        self.standing = standing
        self.clock = clock
        # This replica's watch streams: tournament id -> (their wake-up, how many).
        self._changed: dict[str, tuple[asyncio.Event, int]] = {}
        # The last read of each watched tournament (monotonic time, record): the streams
        # of one tournament share a read, however many follow it.
        self._read: dict[str, tuple[float, TournamentRecord]] = {}
        self._closing = False  # the server is stopping: the watch streams end
        # Changes on this replica, one tournament at a time: id -> (its lock, users).
        self._turns: dict[str, tuple[asyncio.Lock, int]] = {}

    # ------------------------------------------------------------------ changes

    async def change(
        self,
        tournament_id: str,
        fn: Callable[[TournamentRecord], bool],
        notices: Callable[[TournamentRecord], Sequence[Notice]] | None = None,
    ) -> TournamentRecord:
        """Apply ``fn`` to a fresh read of the tournament and write it at the version
        read (``fn`` returns False: nothing to write; it may raise to refuse); again on
        a newer read when another change came first.  This replica's changes to one
        tournament take turns (a burst of entries would otherwise mostly collide); only
        other replicas' changes can make a write lose, and it is retried after a short
        random wait.  ``notices``: the notices of the change ``fn`` made (asked after it,
        of the changed record), written in the same transaction as the record."""
        lock, users = self._turns.get(tournament_id, (asyncio.Lock(), 0))
        self._turns[tournament_id] = (lock, users + 1)
        try:
            async with lock:
                for attempt in range(SAVE_ATTEMPTS):
                    record = await self.store.get(tournament_id)
                    if record is None:
                        raise TournamentNotFound("no such tournament")
                    version = record.version
                    if not fn(record):
                        return record
                    told = notices(record) if notices is not None else ()
                    if await self.store.save(record, version, told):
                        if told and self.published is not None:
                            self.published({n.player_id for n in told})
                        if tournament_id in self._read:
                            self._read[tournament_id] = (time.monotonic(), record)
                        self.changed(tournament_id)
                        return record
                    await asyncio.sleep(_JITTER.uniform(0, RETRY_SECONDS * (attempt + 1)))
        finally:
            lock, users = self._turns[tournament_id]
            if users <= 1:
                del self._turns[tournament_id]
            else:
                self._turns[tournament_id] = (lock, users - 1)
        raise TournamentBusy("the tournament is changing fast: try again")

    def close(self) -> None:
        """End this replica's watch streams (the server is stopping: they would hold
        its drain for the whole grace period)."""
        self._closing = True
        for event, _ in self._changed.values():
            event.set()

    def changed(self, tournament_id: str) -> None:
        """Wake this replica's watch streams of the tournament."""
        watched = self._changed.get(tournament_id)
        if watched is not None:
            watched[0].set()

    # ------------------------------------------------------------------ use cases

    async def create(
        self, access_token: str | None, settings: Settings, request_id: str
    ) -> TournamentRecord:
        """A tournament organised by the signed-in player, within the players' limits
        (casual only, ``player_max_capacity``, ``player_per_day``)."""
        claims = await self.players.authenticate(access_token)
        now = self.clock()
        if not 8 <= len(request_id) <= 64:
            raise InvalidRequest("request_id must be 8-64 characters", field="request_id")
        settings = self._checked(settings, now)
        if settings.rated:
            raise CreationNotAllowed("rated tournaments are created by operators", rule="rated")
        if settings.capacity > self.config.player_max_capacity:
            raise CreationNotAllowed(
                f"a player's tournament takes at most {self.config.player_max_capacity} "
                "entrants", rule="capacity", limit=str(self.config.player_max_capacity),
            )  # fmt: skip
        tournament_id = tournament_id_of(claims.player_id, request_id)
        existing = await self.store.get(tournament_id)
        if existing is not None:  # a retried create: the tournament it made
            return existing
        record = TournamentRecord(
            tournament_id=tournament_id, created_by=claims.player_id, created_at=now,
            request_id=request_id, settings=settings,
        )  # fmt: skip
        try:  # the day's count is checked in the writing transaction (two at once: one)
            return await self.store.insert(
                record, CreationLimit(now - DAY, self.config.player_per_day)
            )
        except CreationLimitReached:
            raise TooManyTournaments(
                f"a player may create {self.config.player_per_day} tournaments a day",
                retry_after=3600.0,
            ) from None

    async def create_by_operator(
        self, operator_id: str, settings: Settings, request_id: str
    ) -> tuple[TournamentRecord, bool]:
        """A tournament an operator organises (AdminService): any format and size, rated
        allowed, up to the server's ``max_capacity``; no daily limit.  Retried with the
        same ``request_id``, it answers the tournament it made (``False``: not made now)."""
        now = self.clock()
        if not 8 <= len(request_id) <= 64:
            raise InvalidRequest("request_id must be 8-64 characters", field="request_id")
        settings = self._checked(settings, now)
        created_by = OPERATOR + operator_id
        tournament_id = tournament_id_of(created_by, request_id)
        existing = await self.store.get(tournament_id)
        if existing is not None:
            return existing, False
        record = TournamentRecord(
            tournament_id=tournament_id, created_by=created_by, created_at=now,
            request_id=request_id, settings=settings,
        )  # fmt: skip
        stored = await self.store.insert(record)
        return stored, stored.created_at == now

    async def call_off(self, tournament_id: str) -> tuple[TournamentRecord, bool]:
        """An operator calls the tournament off: it is cancelled (the director pairs
        and opens nothing more); the tables in play are left for ``Director.cancel`` to
        end.  A cancelled one answers as it is (``True``: it was already); a finished one
        is refused (``TournamentOver``)."""
        if not tournament_id or len(tournament_id) > 64:
            raise InvalidRequest("tournament_id is required", field="tournament_id")
        already = False
        now = self.clock()

        def cancel(r: TournamentRecord) -> bool:
            nonlocal already
            if r.state == FINISHED:
                return False
            already = r.state == CANCELLED
            if already:
                return False
            r.state, r.finished_at = CANCELLED, now
            return True

        return await self.change(tournament_id, cancel), already

    async def listed_all(
        self, state: str, page_size: int, page_token: str = ""
    ) -> tuple[list[TournamentRecord], str]:
        """A page of every tournament in ``state``, invitation-only ones included
        (operators), and the next page's token ("" at the end)."""
        if state not in STATES:
            raise InvalidRequest("unknown state", field="state")
        if not 0 <= page_size <= 100:
            raise InvalidRequest("page_size must be 0-100", field="page_size")
        cursor = paging.decode(page_token, (float, str))
        after = None if cursor is None else (float(cursor[0]), str(cursor[1]))
        size = page_size or 20
        found = await self.store.listed(state, size + 1, after)
        if len(found) <= size:
            return found, ""
        last = found[size - 1]
        return found[:size], paging.encode((last.settings.starts_at, last.tournament_id))

    def _checked(self, s: Settings, now: float) -> Settings:
        name = unicodedata.normalize("NFC", s.name.strip())
        if not 1 <= len(name) <= MAX_NAME:
            raise InvalidRequest(f"name must be 1-{MAX_NAME} characters", field="name")
        if not shows(name):
            raise InvalidRequest(
                "name must show every character: no control, invisible or blank ones",
                field="name",
            )
        if s.format not in (SWISS, ARENA):
            raise InvalidRequest("format must be swiss or arena", field="format")
        if s.seats not in (2, 3, 4):
            raise InvalidRequest("seats must be 2, 3 or 4", field="seats")
        if not 0 <= s.target_points <= MAX_TARGET:
            raise InvalidRequest(f"target_points must be 0-{MAX_TARGET}", field="target_points")
        clock = s.turn_clock_seconds
        if clock and not MIN_TURN_CLOCK <= clock <= MAX_TURN_CLOCK:
            raise InvalidRequest(
                f"turn_clock_seconds must be 0 (live) or {MIN_TURN_CLOCK}-{MAX_TURN_CLOCK}",
                field="turn_clock_seconds",
            )
        if not now - 60 <= s.starts_at <= now + MAX_AHEAD:
            raise InvalidRequest("starts_at must be from now to 30 days ahead", field="starts_at")
        if s.format == ARENA and not MIN_DURATION <= s.duration_seconds <= MAX_DURATION:
            raise InvalidRequest(
                f"an arena's duration_seconds must be {MIN_DURATION}-{MAX_DURATION}",
                field="duration_seconds",
            )
        if s.format == SWISS and not 0 <= s.rounds <= MAX_ROUNDS:
            raise InvalidRequest(f"rounds must be 0-{MAX_ROUNDS}", field="rounds")
        if not s.seats <= s.capacity <= self.config.max_capacity:
            raise InvalidRequest(
                f"capacity must be {s.seats}-{self.config.max_capacity}", field="capacity"
            )
        e = s.entry
        if e.min_rating < 0 or e.max_rating < 0 or (e.max_rating and e.min_rating > e.max_rating):
            raise InvalidRequest("the rating band must be 0 <= min <= max", field="entry")
        invited = tuple(dict.fromkeys(p for p in e.invited if p))
        if len(invited) > MAX_INVITED or any(len(p) > 128 for p in invited):
            raise InvalidRequest(f"at most {MAX_INVITED} invited players", field="entry")
        return replace(
            s, name=name, starts_at=max(s.starts_at, now), entry=replace(e, invited=invited),
            duration_seconds=s.duration_seconds if s.format == ARENA else 0,
            rounds=s.rounds if s.format == SWISS else 0,
            streaks=s.streaks if s.format == ARENA else False,
        )  # fmt: skip

    async def listed(
        self, access_token: str | None, state: str, page_size: int, page_token: str = ""
    ) -> tuple[list[TournamentRecord], str]:
        """A page of the tournaments in ``state`` the caller may see, and the next page's
        token ("" at the end).  Invitation-only ones hidden from the caller are skipped
        while reading: a page may come short (even empty) when many in a row are hidden;
        its token goes on after the last one read."""
        if state not in STATES:
            raise InvalidRequest("unknown state", field="state")
        if not 0 <= page_size <= 100:
            raise InvalidRequest("page_size must be 0-100", field="page_size")
        cursor = paging.decode(page_token, (float, str))
        after = None if cursor is None else (float(cursor[0]), str(cursor[1]))
        caller = await self._caller(access_token)
        size = page_size or 20
        page: list[TournamentRecord] = []
        for _ in range(LIST_READS):
            batch = await self.store.listed(state, size * 2, after)
            for record in batch:
                after = (record.settings.starts_at, record.tournament_id)
                if visible(record, caller):
                    page.append(record)
                    if len(page) == size:
                        return page, paging.encode(after)
            if len(batch) < size * 2:
                return page, ""  # read to the end
            if page:
                break
        return page, paging.encode(after)

    async def get(self, access_token: str | None, tournament_id: str) -> Detail:
        caller = await self._caller(access_token)
        return self.detail(await self._visible(tournament_id, caller), caller)

    def detail(self, record: TournamentRecord, caller: str | None) -> Detail:
        rows = standings_of(record)
        entered = caller is not None and record.entrant(caller) is not None
        table = None
        if entered:
            mine = next(
                (t for t in record.playing() if t.opened and caller in t.seats), None
            )  # (an unopened table is not playable yet)
            if mine is not None and caller is not None:
                table = YourTable(mine.match_id, mine.seats.index(caller), mine.round)
        return Detail(record, tuple(rows), entered, table, caller == record.created_by)

    async def join(self, access_token: str | None, tournament_id: str) -> TournamentRecord:
        player = await self.players.get(access_token)
        pid = player.player_id
        record = await self._visible(tournament_id, pid)
        if record.entrant(pid) is None:
            await self._eligible(record, pid)
            if record.settings.rated:  # a rated event's tables are rated seats
                await check_rated_seat(self.players, pid)
        rating = 0.0
        if record.state == RUNNING:  # an arena's late entry: their rating now
            rating = await self._rating(record, pid)

        def enter(r: TournamentRecord) -> bool:
            now = self.clock()
            if r.state in (FINISHED, CANCELLED):
                raise EntriesClosed("the tournament is over")
            if r.state == RUNNING and (not r.is_arena or now > r.late_entries_until()):
                raise EntriesClosed("entries to this tournament have closed")
            held = r.entrant(pid)
            if held is not None:
                if held.active:
                    return False  # entered already: the same entry
                raise AlreadyWithdrawn("you withdrew from this tournament after its start")
            if len(r.entrants) >= r.settings.capacity:
                raise TournamentFull("the tournament is full")
            r.entrants.append(EntrantRecord(pid, player.display_name, now, rating))
            return True

        return await self.change(tournament_id, enter)

    async def withdraw(self, access_token: str | None, tournament_id: str) -> bool:
        claims = await self.players.authenticate(access_token)
        pid = claims.player_id
        await self._visible(tournament_id, pid)
        withdrew = False

        def leave(r: TournamentRecord) -> bool:
            nonlocal withdrew
            held = r.entrant(pid)
            withdrew = held is not None and held.active and r.state in (UPCOMING, RUNNING)
            if not withdrew or held is None:
                return False
            if r.state == UPCOMING:
                r.entrants.remove(held)  # before the start: as if never entered
            else:
                held.active = False  # paired no more; results stay
            return True

        await self.change(tournament_id, leave)
        return withdrew

    async def invite(self, access_token: str | None, tournament_id: str, player_id: str) -> bool:
        """The signed-in player invites a friend to the tournament (``invitations``)."""
        return await invitations.invite(self, access_token, tournament_id, player_id)

    async def watch(self, access_token: str | None, tournament_id: str) -> AsyncIterator[Detail]:
        """The tournament now, then at each change, until it is over (a change made on
        this replica wakes the stream at once; one made on another is read within
        ``watch_seconds``)."""
        caller = await self._caller(access_token)
        record = await self._visible(tournament_id, caller)
        event, streams = self._changed.get(tournament_id, (asyncio.Event(), 0))
        self._changed[tournament_id] = (event, streams + 1)
        try:
            seen = -1
            while True:
                event.clear()
                fresh = await self._latest(tournament_id)
                if fresh is not None:
                    record = fresh
                if record.version != seen:
                    seen = record.version
                    yield self.detail(record, caller)
                if record.state in (FINISHED, CANCELLED):
                    return
                if self._closing:
                    raise ShuttingDown("the server is shutting down; watch again elsewhere")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), self.config.watch_seconds)
        finally:
            event, streams = self._changed[tournament_id]
            if streams <= 1:
                del self._changed[tournament_id]
                self._read.pop(tournament_id, None)
            else:
                self._changed[tournament_id] = (event, streams - 1)

    # ------------------------------------------------------------------ helpers

    async def _latest(self, tournament_id: str) -> TournamentRecord | None:
        """The watched tournament as last read, if read within half of
        ``watch_seconds`` (or written here since), else read again."""
        cached = self._read.get(tournament_id)
        if cached is not None and time.monotonic() - cached[0] < self.config.watch_seconds / 2:
            return cached[1]
        record = await self.store.get(tournament_id)
        if record is not None and tournament_id in self._changed:
            self._read[tournament_id] = (time.monotonic(), record)
        return record

    async def _caller(self, access_token: str | None) -> str | None:
        if not access_token:
            return None
        return (await self.players.authenticate(access_token)).player_id

    async def _visible(self, tournament_id: str, caller: str | None) -> TournamentRecord:
        if not tournament_id or len(tournament_id) > 64:
            raise InvalidRequest("tournament_id is required", field="tournament_id")
        record = await self.store.get(tournament_id)
        if record is None or not visible(record, caller):
            raise TournamentNotFound("no such tournament")
        return record

    async def _rating(self, record: TournamentRecord, player_id: str) -> float:
        found = await self.ratings.display_ratings(str(record.settings.seats), [player_id])
        return float(found.get(player_id, NEW_PLAYER_RATING))

    async def _eligible(self, record: TournamentRecord, player_id: str) -> None:
        entry: EntryRules = record.settings.entry
        if entry.invited and player_id not in entry.invited and player_id != record.created_by:
            raise NotEligible("this tournament is by invitation", rule="invitation")
        if entry.min_rating or entry.max_rating:
            rating = await self._rating(record, player_id)
            if rating < entry.min_rating or (entry.max_rating and rating > entry.max_rating):
                raise NotEligible("your rating is outside this tournament's band", rule="rating")
        if entry.require_standing and not await self.standing.has_standing(player_id):
            raise NotEligible("this tournament needs the standing of rated play", rule="standing")


def table_of(record: TournamentRecord, match_id: str) -> TableRecord | None:
    return next((t for t in record.tables if t.match_id == match_id), None)


def shown_creator(created_by: str) -> str:
    """The creator as players see it: a player's id, or just ``operator`` (which operator
    organised an event is for operators to know)."""
    return "operator" if created_by.startswith(OPERATOR) else created_by


def tournament_id_of(created_by: str, request_id: str) -> str:
    """A tournament's id, derived from its creator and their request id: a retried
    create finds the tournament it made (and never makes a second)."""
    return hashlib.sha256(f"{created_by}\0{request_id}".encode()).hexdigest()[:32]


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})


def shows(name: str) -> bool:
    """Whether every character of a tournament's name shows (it is shown to every
    player): no control, format or invisible characters (the display names' test,
    ``identity.names.is_invisible``), and not only blanks and marks."""
    if any(is_invisible(c) or unicodedata.category(c) in HIDDEN_CATEGORIES for c in name):
        return False
    return any(unicodedata.category(c)[0] not in "ZM" for c in name)
