"""Pure domain logic of Five Up matches: no I/O, no clock, no global randomness."""

from . import errors
from .actions import Action, Draw, Pass, Place
from .events import (
    Event,
    MatchCancelled,
    MatchEnded,
    MatchStarted,
    Passed,
    RoundDealt,
    RoundEnded,
    SeatAutoPlayed,
    TileDrawn,
    TilePlaced,
    event_from_dict,
    redact,
)
from .match import HUMAN, Dealer, Match, MatchConfig, RoundState, SeededDealer
from .scoring import displayed, n_sides, side_of, tally
from .views import MatchView, view_for

__all__ = [
    "HUMAN",
    "Action",
    "Dealer",
    "Draw",
    "Event",
    "Match",
    "MatchCancelled",
    "MatchConfig",
    "MatchEnded",
    "MatchStarted",
    "MatchView",
    "Pass",
    "Passed",
    "Place",
    "RoundDealt",
    "RoundEnded",
    "RoundState",
    "SeatAutoPlayed",
    "SeededDealer",
    "TileDrawn",
    "TilePlaced",
    "displayed",
    "errors",
    "event_from_dict",
    "n_sides",
    "redact",
    "side_of",
    "tally",
    "view_for",
]
