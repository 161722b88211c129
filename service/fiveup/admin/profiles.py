"""What an operator reads of a player: the summary a search lists (public facts and the
sanctions in force) and the profile (private: the caller records the read in the audit
log first).  Every part comes from the context that owns it, through its ports:
identity (the player, sessions, sanctions, addresses seen), ratings (ratings and what
they stand on), the lobby (the player's matches) and the match context (their state),
chat (reports by and against the player)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..chat.ports import ChatStore, StoredReport, player_key
from ..identity import Players
from ..identity.errors import PlayerNotFound
from ..identity.names import name_keys
from ..identity.players import is_player_id
from ..identity.ports import AddressSeen, PlayerRecord, SanctionRecord, SessionRecord
from ..lobby.ports import LobbyStore
from ..match.errors import MatchNotFound
from ..match.matches import Matches
from ..ratings.model import CATEGORIES
from ..ratings.scale import display_deviation, display_rating
from ..ratings.standings import Standings, Window
from ..shared.errors import InvalidRequest

MIN_QUERY = 2
MAX_QUERY = 64
DEFAULT_FOUND = 20
MAX_FOUND = 100
RECENT_MATCHES = 20
SESSIONS = 20
REPORTS = 20
RESULTS_READ = 100  # of the player's latest results, for the recent matches' outcomes


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    player: PlayerRecord
    sanctions: tuple[SanctionRecord, ...]  # in force now

    @property
    def guest(self) -> bool:
        return all(p == "device" for p in self.player.providers)


@dataclass(frozen=True, slots=True)
class RatingFigure:
    player_count: int
    rating: float  # on the players' scale (1500 for a new player)
    deviation: float  # likewise
    games: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class StandingFigure:
    distinct_opponents: int
    own_moves: int
    ranked: bool  # a board ranks them in some category


@dataclass(frozen=True, slots=True)
class RecentMatch:
    match_id: str
    status: str  # "in_progress", "finished", "cancelled" ("" when it is gone)
    rated: bool
    seat: int
    created_at: float
    won: bool
    voided: bool = False  # an operator voided its result (AdminService.VoidResult)


@dataclass(frozen=True, slots=True)
class AddressFigure:
    seen: AddressSeen
    others: int  # other players seen from the same prefix


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    summary: PlayerSummary
    standing: StandingFigure
    ratings: tuple[RatingFigure, ...]
    recent: tuple[RecentMatch, ...]
    sessions: tuple[SessionRecord, ...]
    reports_filed: tuple[StoredReport, ...]
    reports_against: tuple[StoredReport, ...]
    addresses: tuple[AddressFigure, ...]
    sanctions: tuple[SanctionRecord, ...]  # every one, newest first


class PlayerProfiles:
    """The reads of the players area (no audit here: ``PlayerAdmin`` records first)."""

    def __init__(
        self,
        players: Players,
        standings: Standings,
        lobby: LobbyStore,
        matches: Matches,
        chat: ChatStore,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if players.moderation is None or players.sanctions is None:
            raise ValueError("the players area needs identity's moderation store")
        self.players = players
        self.moderation = players.moderation
        self.sanctions = players.sanctions
        self.standings = standings
        self.lobby = lobby
        self.matches = matches
        self.chat = chat
        self._clock = clock

    async def player(self, player_id: str) -> PlayerRecord:
        found = await self.players.store.get_player(player_id) if is_player_id(player_id) else None
        if found is None:
            raise PlayerNotFound("no such player", field="player_id")
        return found

    async def summaries(self, players: Sequence[PlayerRecord]) -> list[PlayerSummary]:
        ids = [p.player_id for p in players]
        in_force = await self.moderation.sanctions_in_force(ids, self._clock())
        return [
            PlayerSummary(p, tuple(s for s in in_force if s.sanction.player_id == p.player_id))
            for p in players
        ]

    async def find(self, query: str, limit: int) -> list[PlayerSummary]:
        """The player whose id ``query`` is, then those whose name contains it (case and
        look-alikes folded: the names' skeletons), most recently seen first."""
        text = query.strip()
        if not MIN_QUERY <= len(text) <= MAX_QUERY:
            raise InvalidRequest(f"query must be {MIN_QUERY}-{MAX_QUERY} characters", field="query")
        if not 0 <= limit <= MAX_FOUND:
            raise InvalidRequest(f"limit must be 0-{MAX_FOUND}", field="limit")
        limit = limit or DEFAULT_FOUND
        found: list[PlayerRecord] = []
        if is_player_id(text):
            exact = await self.players.store.get_player(text)
            if exact is not None:
                found.append(exact)
        for player in await self.players.store.find_players(name_keys(text), limit):
            if len(found) < limit and all(p.player_id != player.player_id for p in found):
                found.append(player)
        return await self.summaries(found)

    async def profile(self, player_id: str) -> PlayerProfile:
        player = await self.player(player_id)
        summary = (await self.summaries([player]))[0]
        filed, against = await self.chat.reports_involving(player_key(player_id), REPORTS)
        return PlayerProfile(
            summary=summary,
            standing=await self._standing(player_id),
            ratings=await self._ratings(player_id),
            recent=await self._recent(player_id),
            sessions=tuple(await self.players.store.sessions_of(player_id, SESSIONS)),
            reports_filed=tuple(filed),
            reports_against=tuple(against),
            addresses=await self._addresses(player_id),
            sanctions=tuple(await self.sanctions.of(player_id)),
        )

    async def _standing(self, player_id: str) -> StandingFigure:
        store = self.standings.store
        figures = await store.rated_standing(player_id)
        rule = self.standings.board_rule(Window.ALL_TIME)
        ranked = False
        for category in CATEGORIES:
            found = await store.standing(category, player_id, rule)
            ranked = ranked or (found is not None and found.ranked)
        return StandingFigure(figures.distinct_opponents, figures.own_moves, ranked)

    async def _ratings(self, player_id: str) -> tuple[RatingFigure, ...]:
        settled = self.standings.config.settled_sigma
        return tuple(
            RatingFigure(
                int(r.category),
                float(display_rating(r.rating.mu)),
                float(display_deviation(r.rating.sigma)),
                r.rated_matches,
                r.rating.sigma > settled,
            )
            for r in sorted(
                await self.standings.store.current_ratings([player_id]), key=lambda r: r.category
            )
        )

    async def _recent(self, player_id: str) -> tuple[RecentMatch, ...]:
        page = await self.lobby.my_matches(player_id, RECENT_MATCHES, None)
        results = await self.standings.store.player_results(
            player_id, before=None, limit=RESULTS_READ
        )
        won = {r.match_id: r.won for r in results.rows}
        voided = await self.standings.store.voids([row.table.match_id for row in page.matches])
        recent = []
        for row in page.matches:
            match_id = row.table.match_id
            try:
                view = (await self.matches.view(match_id, None)).view
            except MatchNotFound:  # forgotten by retention since
                status, rated = "", False
            else:
                rated = view.rated
                status = (
                    "cancelled" if view.cancelled is not None
                    else "finished" if view.finished else "in_progress"
                )  # fmt: skip
            recent.append(
                RecentMatch(
                    match_id,
                    status,
                    rated,
                    row.seat,
                    row.table.created_at,
                    won.get(match_id, False),
                    match_id in voided,
                )
            )
        return tuple(sorted(recent, key=lambda m: m.created_at, reverse=True))

    async def _addresses(self, player_id: str) -> tuple[AddressFigure, ...]:
        figures = []
        for seen in await self.moderation.addresses_of(player_id):
            sharing = await self.moderation.players_sharing(seen.prefix)
            figures.append(AddressFigure(seen, len([p for p in sharing if p != player_id])))
        return tuple(figures)
