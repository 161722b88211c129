"""Errors of the ratings' read side; each carries its reason and status code."""

from __future__ import annotations

from ..engine.errors import MatchError


class PlayerNotRanked(MatchError):
    """GetLeaderboard around a player who is not on that board: provisional in the
    category (``details['rated_matches']`` of ``details['qualifying_matches']``), or
    without a rated match in the window."""

    reason = "PLAYER_NOT_RANKED"
    code = "FAILED_PRECONDITION"


class PracticeIsPrivate(MatchError):
    """``include_practice`` asked of another player's figures: practice (with bots, undo
    and hints) is the player's own business, shown only to them."""

    reason = "PRACTICE_IS_PRIVATE"
    code = "PERMISSION_DENIED"


class SeasonNotFound(MatchError):
    """GetSeasonBoard of a season id the server has never run (nor runs now)."""

    reason = "SEASON_NOT_FOUND"
    code = "NOT_FOUND"


class LeagueNotRunning(MatchError):
    """GetLeague or ListLeagueChanges on a server whose operator runs no league
    (``--season-league`` empty)."""

    reason = "LEAGUE_NOT_RUNNING"
    code = "FAILED_PRECONDITION"
