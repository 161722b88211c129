"""Every context of one server, built explicitly in the order they depend on each other:

    identity (players)  <-  notifications, ratings  <-  friends  <-  match  <-  lobby  <-  chat,
    tournaments  <-  admin

(the notifications context's outbox is handed to every context whose writes notify:
the match's repository, the lobby, the chat and the tournaments tell it after each
commit with notices.)

Each context exposes one builder taking its own settings, its store and the contexts it
depends on (``build_identity``, ``build_ratings``, ``build_match``, ``build_lobby``);
this module opens their stores (all on the event store's database), makes each one's
config from its settings group (``fiveup.<context>.settings``, gathered in
``ServerConfig``) and hands each, to its builder, the others it needs and the ports it
uses -- the lobby's store implements three lower contexts' ports (identity's
``HasHistory``, friends' ``InMatch``, the match's ``SeatOwners``): no context's object is given a dependency
after it is built.  A new
context adds its store to ``Stores``, its builder call to ``build_contexts`` and its part
to ``Contexts``."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..admin.builder import AdminContext, build_admin
from ..admin.deliveries import EdgeViews, NoEdges
from ..admin.integrity_settings import integrity_config
from ..admin.matches import StuckPolicy
from ..admin.ports import AuditStore
from ..admin.settings import admin_config
from ..admin.signals import SignalStore
from ..bus.observer import PrometheusBusObserver
from ..bus.ports import BusUnavailable, WakeBus
from ..chat.builder import build_chat
from ..chat.observer import PrometheusChatObserver
from ..chat.ports import ChatStore
from ..chat.rooms import TableChat
from ..chat.settings import chat_config
from ..egress.settings import egress_allow
from ..friends import Friends
from ..friends.builder import build_friends
from ..friends.ports import RelationStore
from ..friends.settings import friends_config
from ..identity import Players
from ..identity.builder import build_identity
from ..identity.observer import PrometheusIdentityObserver
from ..identity.ports import ModerationStore, PlayerStore
from ..identity.relations import Blocks
from ..identity.settings import blocks_config, identity_config
from ..lobby.builder import LobbyContext, build_lobby
from ..lobby.ports import LobbyStore
from ..lobby.settings import invite_quota, matchmaker_config
from ..match.builder import MatchContext, build_match
from ..match.observer import Observer
from ..match.ports import RetainingStore
from ..match.settings import hints_config, matches_config, retention_config, stuck_allowance
from ..notifications.builder import NotificationsContext, build_notifications
from ..notifications.ports import NotificationStore
from ..notifications.settings import KeyHome, notifications_config
from ..ratings.builder import RatingsContext, build_ratings
from ..ratings.ports import RatingStore
from ..ratings.season_ports import SeasonStore
from ..ratings.settings import rated_play_policy, ratings_config, seasons_config
from ..store import (
    is_postgres,
    open_audit_store,
    open_block_store,
    open_chat_store,
    open_lobby_store,
    open_moderation_store,
    open_notification_store,
    open_player_store,
    open_rating_store,
    open_season_store,
    open_signal_store,
    open_store,
    open_tournament_store,
    wake_by_bus,
)
from ..store.settings import store_options
from ..tournaments.builder import TournamentsContext, build_tournaments
from ..tournaments.ports import TournamentStore
from ..tournaments.ratings_view import StoreRatings
from ..tournaments.settings import tournaments_config
from .config import ServerConfig


@dataclass(frozen=True, slots=True)
class Stores:
    """Each context's store, on one database (the event store's: the lobby's reads join
    its tables, so it opens first; each store migrates its own tables)."""

    events: RetainingStore  # the event log, which retention may prune
    players: PlayerStore
    lobby: LobbyStore
    ratings: RatingStore
    chat: ChatStore
    notifications: NotificationStore
    blocks: RelationStore  # identity's blocks and the friendships
    audit: AuditStore  # the operators' audit log
    moderation: ModerationStore  # identity's: sanctions, addresses seen
    signals: SignalStore  # the operators' ratings integrity signals
    tournaments: TournamentStore
    seasons: SeasonStore  # the ratings context's seasons and leagues
    bus: WakeBus | None = None  # wake-ups between replicas (None: the stores' own)

    def each(self) -> tuple[object, ...]:
        """Every store whose pools the runtime metrics watch."""
        return (
            self.events, self.players, self.lobby, self.ratings, self.chat, self.blocks,
            self.audit, self.moderation, self.signals, self.tournaments, self.seasons,
        )  # fmt: skip

    def in_order(
        self,
    ) -> tuple[
        RetainingStore,
        RatingStore,
        NotificationStore,
        PlayerStore,
        LobbyStore,
        ChatStore,
        RelationStore,
        AuditStore,
        ModerationStore,
        SignalStore,
        TournamentStore,
        SeasonStore,
    ]:
        """Every store, in the order they open (``open_stores`` says why)."""
        return (
            self.events, self.ratings, self.notifications, self.players, self.lobby, self.chat,
            self.blocks, self.audit, self.moderation, self.signals, self.tournaments, self.seasons,
        )  # fmt: skip

    async def close(self) -> None:
        """In the reverse of the order they opened: the event store last, then the bus
        (what the stores published is sent first)."""
        for store in reversed(self.in_order()):
            await store.close()
        if self.bus is not None:
            await self.bus.close()


def _has_seat(lobby: LobbyStore) -> Callable[[str], Awaitable[bool]]:
    """Whether a player ever took a seat (the lobby's bindings): such a guest has a
    history (matches, results) and is never forgotten."""

    async def has_seat(player_id: str) -> bool:
        page = await lobby.my_matches(player_id, 1, None)
        return bool(page.matches)

    return has_seat


def _in_match(lobby: LobbyStore) -> Callable[[str], Awaitable[bool]]:
    """Whether a player holds a seat at a live match that has not ended (a correspondence
    match, days long, is not "in a match"): presence's, for friends only."""

    async def in_match(player_id: str) -> bool:
        page = await lobby.my_matches(player_id, 20, None)
        return any(
            not row.table.finished and row.turn_clock_seconds is None for row in page.matches
        )

    return in_match


async def open_stores(config: ServerConfig) -> Stores:
    """Open (and migrate) every store of ``config.db``; nothing is left open if one fails.
    Each store migrates only its own tables, so the order matters: the event log first
    (the rating store resolves old results from it), then the ratings and the outbox,
    whose tables the event store's appends (and the lobby's and chat's writes) fill in
    their own transactions -- all before anything is served.  With ``--bus`` the bus
    opens first and is handed to the stores whose commits wake other replicas (the
    events', the chat's, the outbox's), and every connection runs with the setting that
    keeps the database's own functions from sending NOTIFY (``wake_by_bus``)."""
    bus = await open_bus(config)
    db = config.db if bus is None else wake_by_bus(config.db)
    try:
        ratings = open_rating_store(db)
        notifications = open_notification_store(db, bus=bus)
        stores = Stores(
            events=open_store(
                db, store_options(config), ratings=ratings, notifications=notifications,
                bus=bus,
            ),
            players=open_player_store(db),
            lobby=open_lobby_store(db),
            ratings=ratings,
            chat=open_chat_store(db, bus=bus),
            notifications=notifications,
            blocks=open_block_store(db),
            audit=open_audit_store(db),
            moderation=open_moderation_store(db),
            signals=open_signal_store(db),
            tournaments=open_tournament_store(db),
            seasons=open_season_store(db),
            bus=bus,
        )  # fmt: skip
    except BaseException:
        if bus is not None:
            await bus.close()
        raise
    opened: list[
        RetainingStore
        | PlayerStore
        | LobbyStore
        | RatingStore
        | ChatStore
        | NotificationStore
        | RelationStore
        | AuditStore
        | ModerationStore
        | SignalStore
        | TournamentStore
        | SeasonStore
    ] = []
    try:
        for store in stores.in_order():
            await store.open()
            opened.append(store)
    except BaseException:
        for store in reversed(opened):
            await store.close()
        if bus is not None:
            await bus.close()
        raise
    return stores


async def open_bus(config: ServerConfig) -> WakeBus | None:
    """The bus of ``--bus`` (None without one), connected: a server that cannot reach it
    does not start (``BusUnavailable``: one sentence saying where it looked)."""
    if not config.bus:
        return None
    try:  # an optional dependency: an embedded server never needs it
        from ..bus.nats_bus import NatsBus
    except ImportError as exc:
        raise BusUnavailable(
            f"--bus needs the NATS client ({exc.name}): pip install 'fiveup[bus]'"
        ) from None
    bus = NatsBus(config.bus, prefix=config.bus_prefix, observer=PrometheusBusObserver())
    await bus.open()
    return bus


@dataclass(frozen=True, slots=True)
class Contexts:
    stores: Stores
    players: Players  # the identity context
    blocks: Blocks  # ... its blocks between players
    friends: Friends  # friendships, presence and the friends' board
    ratings: RatingsContext
    match: MatchContext
    lobby: LobbyContext
    chat: TableChat
    notifications: NotificationsContext
    tournaments: TournamentsContext
    admin: AdminContext  # the operators' (AdminService)

    async def start(self) -> None:
        """The players', the outbox's, the matchmaker's and the chat's background work
        (the match context's parts start earlier, in the server's order:
        ``create_server``)."""
        await self.players.start()
        await self.notifications.start()
        await self.lobby.matchmaker.start()
        await self.chat.start()
        await self.tournaments.start()
        if self.ratings.seasons is not None:
            await self.ratings.seasons.start()

    async def close(self) -> None:
        """The reverse of ``start``, then the stores: the event store last."""
        if self.ratings.seasons is not None:
            await self.ratings.seasons.close()
        await self.tournaments.close()
        await self.chat.close()
        await self.notifications.close()
        await self.lobby.matchmaker.close()
        await self.players.close()
        await self.stores.close()


def build_contexts(
    config: ServerConfig,
    stores: Stores,
    *,
    observer: Observer | None = None,
    clock: Callable[[], float] = time.time,
    edges: EdgeViews | None = None,
) -> Contexts:
    """Every context over ``stores`` (``observer``: what metrics hear of matches, limits
    and rules; ``clock``: wall-clock time, e.g. the turn timer's; tests inject one;
    ``edges``: what the operators' deliveries view reads of the transport and the
    metrics -- the server's limits and counters)."""
    # Each builder is handed, as ports, everything its context uses; nothing is set on a
    # context's objects afterwards (tests/architecture/test_wiring.py).  The lobby's
    # store answers two lower contexts' ports: identity's ``HasHistory`` (guest retention
    # keeps seated players) and the match's ``SeatOwners`` (a finished match's results
    # and ratings name the players the lobby bound its seats to).
    identity = identity_config(config, egress_allow=config.egress_allow)
    players = build_identity(
        identity, stores.players, PrometheusIdentityObserver(),
        has_history=_has_seat(stores.lobby), moderation=stores.moderation,
    )  # fmt: skip
    notifications = build_notifications(
        notifications_config(
            config, allow=egress_allow(config), key_home=KeyHome(config.db, is_postgres(config.db)),
            sweep_seconds=config.retention_sweep_seconds,
        ),
        stores.notifications, players, clock=clock, presence=stores.blocks,
    )  # fmt: skip
    ratings = build_ratings(
        ratings_config(config), stores.ratings, players,
        rated_play=rated_play_policy(config), clock=clock,
        season_store=stores.seasons, seasons=seasons_config(config),
        suspensions=stores.moderation, published=notifications.outbox.published,
    )  # fmt: skip
    match = build_match(
        matches_config(config, stores.events, shared=config.workers > 1), hints_config(config),
        retention_config(config),
        stores.events, owners=stores.lobby, rated_play=ratings.rated_play,
        published=notifications.outbox.published, observer=observer, clock=clock,
    )  # fmt: skip
    blocks = Blocks(players, stores.blocks, blocks_config(config), clock=clock)
    friends = build_friends(
        friends_config(config), stores.blocks, players, ratings.standings,
        online=notifications.outbox.watching, in_match=_in_match(stores.lobby),
        published=notifications.outbox.published, clock=clock,
    )  # fmt: skip
    lobby = build_lobby(
        matchmaker_config(config), stores.lobby, match.matches, players, ratings.lookup,
        blocks=blocks, friends=friends, invite_quota=invite_quota(config), clock=clock,
        published=notifications.outbox.published,
    )  # fmt: skip
    chat = build_chat(
        chat_config(config, sweep_seconds=config.retention_sweep_seconds), stores.chat, match.matches, lobby.seats, players,
        observer=PrometheusChatObserver(), outbox=notifications.outbox, blocks=blocks,
        clock=clock,
    )  # fmt: skip
    tournaments = build_tournaments(
        tournaments_config(config, min_own_moves=rated_play_policy(config).min_own_moves),
        stores.tournaments, players, StoreRatings(stores.ratings, ratings_config(config).rule),
        ratings.rated_play, match.matches, lobby.seated, blocks=blocks, friends=friends,
        clock=clock, published=notifications.outbox.published,
    )  # fmt: skip
    admin = build_admin(
        admin_config(config), stores.audit, players, standings=ratings.standings,
        lobby=stores.lobby, matches=match.matches, chat=stores.chat, events=stores.events,
        ratings=stores.ratings, stuck=StuckPolicy(*stuck_allowance(config)),
        signals=stores.signals, addresses=stores.moderation, integrity=integrity_config(config),
        clock=clock,
        notifications=stores.notifications, destinations=notifications.troubled_destinations,
        edges=edges or EdgeViews(NoEdges(), NoEdges()), tournaments=tournaments,
    )  # fmt: skip
    return Contexts(
        stores,
        players,
        blocks,
        friends,
        ratings,
        match,
        lobby,
        chat,
        notifications,
        tournaments,
        admin,
    )
