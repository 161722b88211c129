"""Players, seats bound to them, the lobby and the ratings' read side, wired together for
one server: their stores (on the event store's database), their services and their
servicers."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import grpc

from ..config import ServerConfig
from ..identity import Players
from ..identity.observer import PrometheusIdentityObserver
from ..identity.setup import build_players
from ..limits import Limits
from ..match.matches import Matches
from ..ratings.bands import StoreRatingLookup
from ..ratings.standings import RatingsConfig, Standings
from ..store.lobby import LobbyStore, open_lobby_store
from ..store.players import PlayerStore, open_player_store
from ..store.ratings import RatingStore, open_rating_store
from ..v1 import (
    lobby_pb2,
    lobby_pb2_grpc,
    players_pb2,
    players_pb2_grpc,
    ratings_pb2,
    ratings_pb2_grpc,
)
from .matchmaker import Matchmaker, MatchmakerConfig
from .private import PrivateTables
from .seats import PlayerSeats
from .tables import Lobby

PLAYER_SERVICE = players_pb2.DESCRIPTOR.services_by_name["PlayerService"]
LOBBY_SERVICE = lobby_pb2.DESCRIPTOR.services_by_name["LobbyService"]
RATINGS_SERVICE = ratings_pb2.DESCRIPTOR.services_by_name["RatingsService"]


@dataclass
class PlayerFeatures:
    player_store: PlayerStore
    lobby_store: LobbyStore
    rating_store: RatingStore
    players: Players
    seats: PlayerSeats
    lobby: Lobby
    private: PrivateTables
    matchmaker: Matchmaker
    standings: Standings

    @classmethod
    async def open(
        cls, config: ServerConfig, matches: Matches, *, clock: Callable[[], float] = time.time
    ) -> PlayerFeatures:
        """Open the stores (after the event store: the lobby reads its tables) and build
        the services; nothing is left open if that fails."""
        player_store = open_player_store(config.db)
        lobby_store = open_lobby_store(config.db)
        rating_store = open_rating_store(config.db)
        opened: list[PlayerStore | LobbyStore | RatingStore] = []
        try:
            for store in (player_store, lobby_store, rating_store):
                await store.open()
                opened.append(store)
            players = build_players(config, player_store, PrometheusIdentityObserver())
        except BaseException:
            for store in reversed(opened):
                await store.close()
            raise
        matches.record_outcomes(lobby_store)  # finished matches' results, and ratings
        seats = PlayerSeats(matches, players, lobby_store, clock=clock)
        private = PrivateTables(matches, players, seats, lobby_store, clock=clock)
        ratings_config = RatingsConfig(provisional_matches=config.rating_provisional_matches)
        matchmaker = Matchmaker(
            matches, players, lobby_store, matchmaker_config(config),
            ratings=StoreRatingLookup(rating_store, ratings_config.provisional_matches),
            clock=clock,
        )  # fmt: skip
        lobby = Lobby(players, lobby_store)
        standings = Standings(rating_store, players, ratings_config, clock=clock)
        return cls(
            player_store, lobby_store, rating_store, players, seats, lobby, private, matchmaker,
            standings,
        )  # fmt: skip

    def add_to(self, server: grpc.aio.Server, limits: Limits) -> None:
        from ..api.lobby_servicer import LobbyServicer
        from ..api.player_servicer import PlayerServicer
        from ..api.ratings_servicer import RatingsServicer

        players_pb2_grpc.add_PlayerServiceServicer_to_server(PlayerServicer(self.players), server)
        lobby_pb2_grpc.add_LobbyServiceServicer_to_server(
            LobbyServicer(self.lobby, self.private, self.matchmaker, limits), server
        )
        ratings_pb2_grpc.add_RatingsServiceServicer_to_server(
            RatingsServicer(self.standings, limits), server
        )

    async def start(self) -> None:
        await self.players.start()
        await self.matchmaker.start()

    async def close(self) -> None:
        await self.matchmaker.close()
        await self.players.close()
        await self.rating_store.close()
        await self.lobby_store.close()
        await self.player_store.close()


def matchmaker_config(config: ServerConfig) -> MatchmakerConfig:
    from ..bots import BOT_KINDS

    if config.matchmaker_bot not in BOT_KINDS:
        raise ValueError(
            f"--matchmaker-bot must be one of {', '.join(BOT_KINDS)}, not {config.matchmaker_bot!r}"
        )
    return MatchmakerConfig(
        round_seconds=config.matchmaker_round_seconds,
        bot_wait_seconds=config.matchmaker_bot_wait_seconds,
        max_bot_wait_seconds=config.matchmaker_max_bot_wait_seconds,
        bot=config.matchmaker_bot,
        ticket_ttl_seconds=config.matchmaker_ticket_ttl_seconds,
        heartbeat_seconds=min(2.0, config.matchmaker_ticket_ttl_seconds / 4),
        band_width=config.matchmaker_band_width,
        band_widen_per_second=config.matchmaker_band_widen_per_second,
    )
