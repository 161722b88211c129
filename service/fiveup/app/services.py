"""The gRPC services: their descriptors and their servicers, made from the contexts and
added to a server.  Two lists: ``PUBLIC_SERVICES``, the players' (and anyone's), and
``OPERATOR_SERVICES``, the operators' (every method authenticated by
``fiveup.api.admin_auth``); health, reflection and the metrics' series derive from both
(``SERVED_SERVICES``).  A new service adds its descriptor to one list and its servicer to
``add_services``."""

from __future__ import annotations

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from grpc_health.v1 import health_pb2

from ..api.admin_servicer import AdminServicer
from ..api.chat_servicer import ChatServicer
from ..api.friend_servicer import FriendServicer
from ..api.limits import Limits
from ..api.lobby_servicer import LobbyServicer
from ..api.match_servicer import MatchServicer
from ..api.notification_servicer import NotificationServicer
from ..api.player_servicer import PlayerServicer
from ..api.ratings_servicer import RatingsServicer
from ..api.rules_servicer import RulesServicer
from ..api.season_servicer import SeasonServicer
from ..api.tournament_servicer import TournamentServicer
from ..match.observer import Observer
from ..v1 import (
    admin_pb2,
    admin_pb2_grpc,
    chat_pb2,
    chat_pb2_grpc,
    friends_pb2,
    friends_pb2_grpc,
    lobby_pb2,
    lobby_pb2_grpc,
    match_pb2,
    match_pb2_grpc,
    notifications_pb2,
    notifications_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
    ratings_pb2,
    ratings_pb2_grpc,
    rules_pb2,
    rules_pb2_grpc,
    seasons_pb2,
    seasons_pb2_grpc,
    tournaments_pb2,
    tournaments_pb2_grpc,
)
from .contexts import Contexts

PUBLIC_SERVICES: tuple[ServiceDescriptor, ...] = (
    match_pb2.DESCRIPTOR.services_by_name["MatchService"],
    rules_pb2.DESCRIPTOR.services_by_name["RulesService"],
    players_pb2.DESCRIPTOR.services_by_name["PlayerService"],
    lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"],
    ratings_pb2.DESCRIPTOR.services_by_name["RatingsService"],
    chat_pb2.DESCRIPTOR.services_by_name["ChatService"],
    notifications_pb2.DESCRIPTOR.services_by_name["NotificationService"],
    tournaments_pb2.DESCRIPTOR.services_by_name["TournamentService"],
    friends_pb2.DESCRIPTOR.services_by_name["FriendService"],
    seasons_pb2.DESCRIPTOR.services_by_name["SeasonService"],
)
# The operators' API: no player's token passes its interceptor (fiveup.api.admin_auth).
OPERATOR_SERVICES: tuple[ServiceDescriptor, ...] = (
    admin_pb2.DESCRIPTOR.services_by_name["AdminService"],
)
# Every service of this server's own: health names, reflection and metric series.
SERVED_SERVICES: tuple[ServiceDescriptor, ...] = (*PUBLIC_SERVICES, *OPERATOR_SERVICES)
HEALTH_SERVICE = health_pb2.DESCRIPTOR.services_by_name["Health"]


def add_services(
    server: grpc.aio.Server, contexts: Contexts, limits: Limits, observer: Observer | None
) -> None:
    """The servicers of ``SERVED_SERVICES``, each over the contexts it translates for."""
    match, lobby = contexts.match, contexts.lobby
    match_pb2_grpc.add_MatchServiceServicer_to_server(
        MatchServicer(match.matches, limits, lobby.seats, match.hints), server
    )
    rules_pb2_grpc.add_RulesServiceServicer_to_server(RulesServicer(observer), server)
    players_pb2_grpc.add_PlayerServiceServicer_to_server(
        PlayerServicer(contexts.players, limits, contexts.blocks), server
    )
    lobby_pb2_grpc.add_LobbyServiceServicer_to_server(
        LobbyServicer(lobby.tables, lobby.private, lobby.matchmaker, limits, lobby.rematches),
        server,
    )
    ratings_pb2_grpc.add_RatingsServiceServicer_to_server(
        RatingsServicer(contexts.ratings.standings, limits), server
    )
    chat_pb2_grpc.add_ChatServiceServicer_to_server(ChatServicer(contexts.chat, limits), server)
    notifications_pb2_grpc.add_NotificationServiceServicer_to_server(
        NotificationServicer(contexts.notifications), server
    )
    tournaments_pb2_grpc.add_TournamentServiceServicer_to_server(
        TournamentServicer(contexts.tournaments.tournaments), server
    )
    friends_pb2_grpc.add_FriendServiceServicer_to_server(
        FriendServicer(contexts.friends, limits), server
    )
    admin_pb2_grpc.add_AdminServiceServicer_to_server(AdminServicer(contexts.admin), server)
    seasons = contexts.ratings.seasons
    assert seasons is not None, "a server's ratings context has its seasons"
    seasons_pb2_grpc.add_SeasonServiceServicer_to_server(SeasonServicer(seasons, limits), server)
