"""Pure domain logic of Five Up matches: no I/O, no clock, no global randomness."""

from . import errors
from .actions import Action, Draw, Pass, Place, ScoredAction, score_actions
from .config import HUMAN, MatchConfig
from .dealing import Dealer, SeededDealer
from .events import (
    FORFEIT_REASONS,
    Event,
    Forfeited,
    MatchCancelled,
    MatchEnded,
    MatchStarted,
    MoveUndone,
    Passed,
    RoundDealt,
    RoundEnded,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    Turn,
    event_from_dict,
    redact,
)
from .match import Match
from .rounds import RoundState
from .scoring import displayed, n_sides, side_of, tally
from .views import MatchView, view_for

__all__ = [
    "FORFEIT_REASONS",
    "HUMAN",
    "Action",
    "Dealer",
    "Draw",
    "Event",
    "Forfeited",
    "Match",
    "MatchCancelled",
    "MatchConfig",
    "MatchEnded",
    "MatchStarted",
    "MatchView",
    "MoveUndone",
    "Pass",
    "Passed",
    "Place",
    "RoundDealt",
    "RoundEnded",
    "RoundState",
    "ScoredAction",
    "SeatAutoPlayed",
    "SeatClaimed",
    "SeededDealer",
    "TileDrawn",
    "TilePlaced",
    "Turn",
    "displayed",
    "errors",
    "event_from_dict",
    "n_sides",
    "redact",
    "score_actions",
    "side_of",
    "tally",
    "view_for",
]
