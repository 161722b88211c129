"""The one place that picks a backend: a database URL selects PostgreSQL
(``postgresql://...``) or SQLite (anything else: ``sqlite:///path``, a bare path, or
``:memory:`` for throwaway use), and each backend is one row of adapters, one per
context's port.  The ports (``fiveup.<context>.ports``) never import an adapter; the
composition root opens stores through here.  A new context adds its port's field to
``Backend`` and its adapter to each row, and mypy checks that every row implements every
port."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from ..admin.ports import AuditStore
from ..admin.signals import SignalStore
from ..bus.ports import WakeBus
from ..chat.ports import ChatStore
from ..friends.ports import RelationStore
from ..identity.ports import ModerationStore, PlayerStore
from ..lobby.ports import LobbyStore
from ..match.ports import RetainingStore
from ..notifications.ports import NotificationStore
from ..ratings.ports import RatingStore
from ..ratings.season_ports import SeasonStore
from ..tournaments.ports import TournamentStore
from .options import StoreOptions
from .postgres.audit import PostgresAuditStore
from .postgres.chat import PostgresChatStore
from .postgres.events import PostgresStore
from .postgres.integrity import PostgresSignalStore
from .postgres.lobby import PostgresLobbyStore
from .postgres.moderation import PostgresModerationStore
from .postgres.notifications import PostgresNotificationStore
from .postgres.outbox import WAKE_BY_BUS
from .postgres.players import PostgresPlayerStore
from .postgres.ratings import PostgresRatingStore
from .postgres.relations import PostgresBlockStore
from .postgres.seasons import PostgresSeasonStore
from .postgres.tournaments import PostgresTournamentStore
from .sqlite.audit import SqliteAuditStore
from .sqlite.bus_events import sqlite_event_store
from .sqlite.bus_streams import sqlite_chat_store, sqlite_notification_store
from .sqlite.integrity import SqliteSignalStore
from .sqlite.lobby import SqliteLobbyStore
from .sqlite.moderation import SqliteModerationStore
from .sqlite.notifications import SqliteNotificationStore
from .sqlite.players import SqlitePlayerStore
from .sqlite.ratings import SqliteRatingStore
from .sqlite.relations import SqliteBlockStore
from .sqlite.seasons import SqliteSeasonStore
from .sqlite.tournaments import SqliteTournamentStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


@dataclass(frozen=True, slots=True)
class Backend:
    """A backend's adapters, each made from the database URL (all share the database)."""

    name: str
    # (url, options: it reads its own, *, ratings=, notifications=: the same database's
    # rating and notification stores, its transaction participants, each typed by its
    # backend's transaction); every backend's event store can forget (retention)
    events: Callable[..., RetainingStore]
    players: Callable[[str], PlayerStore]
    lobby: Callable[[str], LobbyStore]
    ratings: Callable[[str], RatingStore]
    notifications: Callable[..., NotificationStore]  # (url, *, bus=: wake-ups through it)
    chat: Callable[..., ChatStore]  # (url, *, bus=: wake-ups through it)
    blocks: Callable[[str], RelationStore]  # identity's blocks and the friendships
    audit: Callable[[str], AuditStore]  # the operators' audit log
    moderation: Callable[[str], ModerationStore]  # sanctions, addresses seen (identity's)
    signals: Callable[[str], SignalStore]  # the operators' ratings integrity signals
    tournaments: Callable[[str], TournamentStore]
    seasons: Callable[[str], SeasonStore]  # seasons and leagues (the ratings context's)


def _sqlite_events(
    url: str,
    options: StoreOptions,
    *,
    ratings: SqliteRatingStore | None = None,
    notifications: SqliteNotificationStore | None = None,
    bus: WakeBus | None = None,
) -> RetainingStore:
    return sqlite_event_store(
        url, options.synchronous, ratings=ratings, notifications=notifications, bus=bus
    )


def _postgres_events(
    url: str,
    options: StoreOptions,
    *,
    ratings: PostgresRatingStore | None = None,
    notifications: PostgresNotificationStore | None = None,
    bus: WakeBus | None = None,
) -> RetainingStore:
    return PostgresStore(
        url, notify=options.notify, ratings=ratings, notifications=notifications, bus=bus
    )


SQLITE = Backend(
    "sqlite", _sqlite_events, SqlitePlayerStore, SqliteLobbyStore, SqliteRatingStore,
    sqlite_notification_store, sqlite_chat_store, SqliteBlockStore, SqliteAuditStore,
    SqliteModerationStore, SqliteSignalStore, SqliteTournamentStore, SqliteSeasonStore,
)  # fmt: skip
POSTGRES = Backend(
    "postgres", _postgres_events, PostgresPlayerStore, PostgresLobbyStore, PostgresRatingStore,
    PostgresNotificationStore, PostgresChatStore, PostgresBlockStore, PostgresAuditStore,
    PostgresModerationStore, PostgresSignalStore, PostgresTournamentStore, PostgresSeasonStore,
)  # fmt: skip


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def backend_for(url: str) -> Backend:
    return POSTGRES if is_postgres(url) else SQLITE


def open_store(
    url: str,
    options: StoreOptions | None = None,
    *,
    ratings: RatingStore | None = None,
    notifications: NotificationStore | None = None,
    bus: WakeBus | None = None,
) -> RetainingStore:
    """The event store of ``url`` (``options``: each backend reads its own, SQLite's
    ``synchronous`` or PostgreSQL's ``notify``; the defaults when none).  ``ratings`` and
    ``notifications``: the rating and notification stores of the same ``url``, which write
    a finished match's outcome and an append's notices in the append's transaction (each
    backend's adapters are also its transaction participants:
    ``fiveup.match.ports.OutcomeParticipant``); without them the store can only read and
    append plain events.  ``bus``: other replicas (or SQLite's workers) are woken through
    it instead of NOTIFY (or a poll)."""
    return backend_for(url).events(
        url, options or StoreOptions(), ratings=ratings, notifications=notifications, bus=bus
    )


def wake_by_bus(url: str) -> str:
    """``url`` with the connection option that tells the database's own functions to
    leave wake-ups to the bus (no NOTIFY from a notice write: ``outbox.WAKE_BY_BUS``)."""
    if not is_postgres(url):
        return url
    return f"{url}{'&' if '?' in url else '?'}options={quote(WAKE_BY_BUS)}"


def open_player_store(url: str) -> PlayerStore:
    """The player store on the event store's database ``url``."""
    return backend_for(url).players(url)


def open_lobby_store(url: str) -> LobbyStore:
    """The lobby store on the event store's database ``url``."""
    return backend_for(url).lobby(url)


def open_rating_store(url: str) -> RatingStore:
    """The rating store on the event store's database ``url``."""
    return backend_for(url).ratings(url)


def open_season_store(url: str) -> SeasonStore:
    """The season store on the event store's database ``url`` (open it after the rating
    store: its boards read the results)."""
    return backend_for(url).seasons(url)


def open_notification_store(url: str, *, bus: WakeBus | None = None) -> NotificationStore:
    """The notification outbox on the event store's database ``url`` (``bus``: it
    announces new notices there and hears other replicas' or workers')."""
    return backend_for(url).notifications(url, **_with_bus(bus))


def open_chat_store(url: str, *, bus: WakeBus | None = None) -> ChatStore:
    """The chat store on the event store's database ``url`` (``bus``: it wakes other
    replicas' or workers' streams there and hears theirs)."""
    return backend_for(url).chat(url, **_with_bus(bus))


def _with_bus(bus: WakeBus | None) -> dict[str, object]:
    return {} if bus is None else {"bus": bus}


def open_block_store(url: str) -> RelationStore:
    """The block store (who blocked whom) on the event store's database ``url``."""
    return backend_for(url).blocks(url)


def open_audit_store(url: str) -> AuditStore:
    """The operators' audit log on the event store's database ``url``."""
    return backend_for(url).audit(url)


def open_moderation_store(url: str) -> ModerationStore:
    """The identity context's sanctions and addresses seen, on the database ``url``."""
    return backend_for(url).moderation(url)


def open_signal_store(url: str) -> SignalStore:
    """The operators' ratings integrity signals on the event store's database ``url``."""
    return backend_for(url).signals(url)


def open_tournament_store(url: str) -> TournamentStore:
    """The tournaments on the event store's database ``url``."""
    return backend_for(url).tournaments(url)
