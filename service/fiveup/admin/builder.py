"""The operators' context, built from the contexts it acts on (each area's use cases
receive, by their constructors, the ports they use)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..chat.ports import ChatStore
from ..identity import Players
from ..lobby.ports import LobbyStore
from ..match.forfeits import ForfeitReader
from ..match.matches import Matches
from ..match.ports import EventStore
from ..notifications.destinations import DestinationState
from ..notifications.ports import NotificationStore
from ..ratings.ports import RatingStore
from ..ratings.standings import Standings
from ..tournaments.builder import TournamentsContext
from .audit import Audit
from .deliveries import DeliveriesAdmin, EdgeViews
from .detectors import IntegrityConfig
from .integrity import AddressBook, IntegritySignals
from .matches import MatchAdmin, MatchPorts, StuckPolicy, build_match_admin
from .operators import DEFAULT_TTL_SECONDS, OperatorCredentials, Operators, RoleClaim
from .players import PlayerAdmin
from .ports import AuditLog
from .profiles import PlayerProfiles
from .reports import ReportQueue
from .signals import SignalStore
from .tournaments import TournamentAdmin


@dataclass(frozen=True, slots=True)
class AdminConfig:
    """The operators' settings (``fiveup.admin.settings.AdminSettings`` holds their
    defaults and help)."""

    credential_ttl_seconds: float = DEFAULT_TTL_SECONDS
    role: RoleClaim | None = None  # the ID token claim that makes an operator (None: none)


@dataclass(frozen=True, slots=True)
class AdminContext:
    """Every area of AdminService's core; the servicer's mixins reach their own."""

    audit: Audit
    operators: Operators  # who may call (the interceptor of fiveup.api.admin_auth)
    players: PlayerAdmin  # the players area
    matches: MatchAdmin  # the matches area: list, inspect, end, void
    reports: ReportQueue  # the chat report queue
    integrity: IntegritySignals  # ratings integrity signals
    deliveries: DeliveriesAdmin  # the deliveries and edges area
    tournaments: TournamentAdmin  # operators' tournaments: create (rated too), cancel, list


def operator_credentials(config: AdminConfig, players: Players) -> OperatorCredentials:
    """Operator credentials over the players' own keys and issuer (so ``fiveup admin
    credential`` and every replica agree on them)."""
    access = players.access
    return OperatorCredentials(
        access.keys, issuer=access.issuer, ttl_seconds=config.credential_ttl_seconds
    )


def build_admin(
    config: AdminConfig,
    audit: AuditLog,
    players: Players,
    *,
    standings: Standings,
    lobby: LobbyStore,
    matches: Matches,
    chat: ChatStore,
    events: EventStore,
    ratings: RatingStore,
    stuck: StuckPolicy,
    signals: SignalStore,
    addresses: AddressBook,
    integrity: IntegrityConfig,
    clock: Callable[[], float] = time.time,
    notifications: NotificationStore,
    destinations: Callable[[], list[DestinationState]],
    edges: EdgeViews,
    tournaments: TournamentsContext,
) -> AdminContext:
    """The operators' context over the audit log's store and the contexts it acts on:
    identity (``players``: who operators are, and the players acted on), ratings
    (``standings``: their read ports; ``ratings``: the store that keeps voids and the
    ratings a void recomputes), the lobby's store (a player's matches; every match, for
    the operators' list), the match context (a match's state; ``events``: the logs a void
    is recomputed from, and how short matches ended; ``stuck``: when a live match is
    stuck), chat's store (reports, the silence), the prefixes players were seen from
    (``addresses``: identity's) and the operators' own table of integrity signals
    (``signals``, scanned as ``integrity`` says).; the outbox's store, this replica's failing destinations and
    ``edges`` (the transport's refusals and stream pools, from the composition root)
    for the deliveries view; the tournaments context (``tournaments``: its use cases and
    its director, which ends a cancelled tournament's tables)."""
    operators = Operators(
        operator_credentials(config, players), players.access, players.external, config.role
    )
    log = Audit(audit, clock=clock)
    profiles = PlayerProfiles(players, standings, lobby, matches, chat, clock=clock)
    area = MatchPorts(matches, events, lobby, ratings, stuck)
    player_admin = PlayerAdmin(profiles, players, chat, log, clock=clock)
    match_admin = build_match_admin(area, log, clock=clock)
    integrity_signals = IntegritySignals(
        integrity, signals, ratings, ForfeitReader(events), addresses, log, match_admin,
        player_admin, clock=clock,
    )  # fmt: skip
    return AdminContext(
        audit=log,
        operators=operators,
        players=player_admin,
        matches=match_admin,
        reports=ReportQueue(chat, log, player_admin, clock=clock),
        integrity=integrity_signals,
        deliveries=DeliveriesAdmin(notifications, destinations, edges, clock=clock),
        tournaments=TournamentAdmin(
            tournaments, log, addresses, shared_max_players=integrity.shared_max_players
        ),
    )
