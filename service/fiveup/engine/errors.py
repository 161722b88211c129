"""Domain errors of the match engine.  Each carries a stable machine-readable ``reason``
and the canonical status ``code`` it is reported with (a google.rpc.Code name, which gRPC
shares), so the API's table is derived from the classes and cannot drift from them
(see fiveup.api.errors)."""

from __future__ import annotations


class MatchError(Exception):
    """Base class: an action the rules or the match's state do not allow."""

    reason = "MATCH_ERROR"
    # Every concrete error names its own code (or inherits one from a concrete parent);
    # the base names none, so a forgotten one is a test failure, not a silent default.
    code = ""

    def __init__(self, message: str, **details: str) -> None:
        super().__init__(message)
        self.details = details


class InvalidConfig(MatchError):
    """A match configuration the rules refuse; ``details['field']`` names the setting."""

    reason = "INVALID_CONFIG"
    code = "INVALID_ARGUMENT"


class MatchFinished(MatchError):
    reason = "MATCH_FINISHED"
    code = "FAILED_PRECONDITION"


class NotYourTurn(MatchError):
    reason = "NOT_YOUR_TURN"
    code = "FAILED_PRECONDITION"


class IllegalMove(MatchError):
    """A placement the layout does not allow; ``details['core_reason']`` says why."""

    reason = "ILLEGAL_MOVE"
    code = "FAILED_PRECONDITION"


class TileNotInHand(MatchError):
    reason = "TILE_NOT_IN_HAND"
    code = "FAILED_PRECONDITION"


class MustPlayDrawnTile(MatchError):
    reason = "MUST_PLAY_DRAWN_TILE"
    code = "FAILED_PRECONDITION"


class MustPlaceNotDraw(MatchError):
    """Drawing (or passing) while holding a legal placement."""

    reason = "MUST_PLACE"
    code = "FAILED_PRECONDITION"


class MustDrawNotPass(MatchError):
    """Passing while the boneyard still has tiles."""

    reason = "MUST_DRAW"
    code = "FAILED_PRECONDITION"


class BoneyardEmpty(MatchError):
    reason = "BONEYARD_EMPTY"
    code = "FAILED_PRECONDITION"


class UndoNotAllowed(MatchError):
    """Undo outside a practice match, or by a seat that is not the practice's human."""

    reason = "UNDO_NOT_ALLOWED"
    code = "FAILED_PRECONDITION"


class NothingToUndo(MatchError):
    """The seat has no action of its own left to take back."""

    reason = "NOTHING_TO_UNDO"
    code = "FAILED_PRECONDITION"


# Every reason a submitted move can be refused by the rules or the match's state (all
# the errors above but the configuration's): metrics label rejections with these.
MOVE_ERRORS: tuple[type[MatchError], ...] = tuple(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type)
    and issubclass(cls, MatchError)
    and cls not in (MatchError, InvalidConfig)
)
