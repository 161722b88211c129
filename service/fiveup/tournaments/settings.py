"""The tournaments context's settings group: the directors' pace and what players may
create."""

from __future__ import annotations

from dataclasses import dataclass

from ..shared.settings import SettingsGroup, setting


@dataclass(frozen=True, slots=True)
class TournamentsConfig:
    tick_seconds: float = 1.0  # how often each replica's director looks at the events
    watch_seconds: float = 1.0  # how often a WatchTournament stream re-reads its event
    player_max_capacity: int = 64  # the most entrants a player's tournament may take
    player_per_day: int = 3  # tournaments one player may create in 24 h
    max_capacity: int = 256  # the most entrants of any tournament
    min_own_moves: int = 3  # a table conceded before every seat made these: aborted


@dataclass
class TournamentSettings(SettingsGroup):
    TITLE = "tournaments (docs/tournaments.md)"

    tournament_tick_seconds: float = setting(
        1.0, "how often each replica's tournament director starts, pairs and ends events"
    )
    tournament_watch_seconds: float = setting(
        1.0, "how often a WatchTournament stream re-reads its tournament"
    )
    tournament_player_max_capacity: int = setting(
        64, "the most entrants a tournament created by a player may take"
    )
    tournament_player_per_day: int = setting(3, "tournaments one player may create in 24 h")
    tournament_max_capacity: int = setting(256, "the most entrants of any tournament")

    def problems(self) -> list[str]:
        found = []
        if self.tournament_tick_seconds <= 0 or self.tournament_watch_seconds <= 0:
            found.append("tournament-tick-seconds and tournament-watch-seconds must be positive")
        if not 2 <= self.tournament_player_max_capacity <= self.tournament_max_capacity:
            found.append("tournament-player-max-capacity must be 2 to tournament-max-capacity")
        return found


def tournaments_config(settings: TournamentSettings, *, min_own_moves: int) -> TournamentsConfig:
    """``min_own_moves``: rated play's (``--rated-min-own-moves``): the same bar for a
    table's result."""
    return TournamentsConfig(
        tick_seconds=settings.tournament_tick_seconds,
        watch_seconds=settings.tournament_watch_seconds,
        player_max_capacity=settings.tournament_player_max_capacity,
        player_per_day=settings.tournament_player_per_day,
        max_capacity=settings.tournament_max_capacity,
        min_own_moves=min_own_moves,
    )
