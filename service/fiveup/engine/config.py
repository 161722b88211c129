"""A match's creation record (``MatchConfig``): its seats, target, secret seed and the
options stated at creation, checked as it is made."""

from __future__ import annotations

from dataclasses import dataclass

from . import errors
from .scoring import DEFAULT_TARGET
from .shuffle import commitment

HUMAN = "human"
# A correspondence match's turn clock: from a minute to 30 days a move.
MIN_TURN_CLOCK = 60
MAX_TURN_CLOCK = 30 * 24 * 3600


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """The creation record of a match.  ``seed`` is secret until the match ends."""

    seats: tuple[str, ...]
    seed: bytes
    target_points: int = DEFAULT_TARGET
    # Options stated at creation; they travel in the MatchStarted event (the fold reads
    # them from there), so a replay needs only the seats, the target and the seed.
    hints: bool = False
    practice: bool = False
    rated: bool = False  # rated if every seat is a signed-in player at the end
    turn_clock_seconds: int | None = None  # a correspondence match's clock per turn

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 4:
            raise errors.InvalidConfig(
                f"a match has 2 to 4 seats, got {len(self.seats)}", field="seats"
            )
        if not 1 <= self.target_points <= 10_000:
            raise errors.InvalidConfig(
                f"target must be 1..10000 points, got {self.target_points}", field="target_points"
            )
        if self.practice and (self.seats.count(HUMAN) != 1 or len(self.seats) < 2):
            raise errors.InvalidConfig(
                "a practice match has exactly one human seat; the others are bots",
                field="practice",
            )
        clock = self.turn_clock_seconds
        if clock is not None and not MIN_TURN_CLOCK <= clock <= MAX_TURN_CLOCK:
            raise errors.InvalidConfig(
                f"a correspondence turn clock is {MIN_TURN_CLOCK}..{MAX_TURN_CLOCK} seconds"
                f" (a minute to 30 days), got {clock}", field="turn_clock_seconds",
            )  # fmt: skip
        if self.rated and (self.hints or self.practice or any(s != HUMAN for s in self.seats)):
            raise errors.InvalidConfig(
                "a rated match has only human seats and no hints (nor practice)", field="rated"
            )

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def commitment(self) -> str:
        return commitment(self.seed)
