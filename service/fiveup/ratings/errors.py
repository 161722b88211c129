"""Errors of the ratings' read side; each carries its reason and status code."""

from __future__ import annotations

from ..engine.errors import MatchError


class PlayerNotRanked(MatchError):
    """GetLeaderboard around a player who is not on that board: provisional in the
    category (``details['rated_matches']`` of ``details['qualifying_matches']``), or
    without a rated match in the window."""

    reason = "PLAYER_NOT_RANKED"
    code = "FAILED_PRECONDITION"
