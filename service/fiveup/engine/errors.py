"""Domain errors of the match engine.  Each carries a stable machine-readable ``reason``
that the API maps to a gRPC status code (see fiveup.api.errors)."""

from __future__ import annotations


class MatchError(Exception):
    """Base class: an action the rules or the match's state do not allow."""

    reason = "MATCH_ERROR"

    def __init__(self, message: str, **details: str) -> None:
        super().__init__(message)
        self.details = details


class InvalidConfig(MatchError):
    """A match configuration the rules refuse; ``details['field']`` names the setting."""

    reason = "INVALID_CONFIG"


class MatchFinished(MatchError):
    reason = "MATCH_FINISHED"


class NotYourTurn(MatchError):
    reason = "NOT_YOUR_TURN"


class IllegalMove(MatchError):
    """A placement the layout does not allow; ``details['core_reason']`` says why."""

    reason = "ILLEGAL_MOVE"


class TileNotInHand(MatchError):
    reason = "TILE_NOT_IN_HAND"


class MustPlayDrawnTile(MatchError):
    reason = "MUST_PLAY_DRAWN_TILE"


class MustPlaceNotDraw(MatchError):
    """Drawing (or passing) while holding a legal placement."""

    reason = "MUST_PLACE"


class MustDrawNotPass(MatchError):
    """Passing while the boneyard still has tiles."""

    reason = "MUST_DRAW"


class BoneyardEmpty(MatchError):
    reason = "BONEYARD_EMPTY"
