"""Sides of the score, displayed points and the paper tally."""

from __future__ import annotations

RAW_PER_POINT = 5
DEFAULT_TARGET = 61


def n_sides(n_seats: int) -> int:
    """Four players play in two partnerships (seats 0+2 and 1+3); otherwise one side each."""
    return 2 if n_seats == 4 else n_seats


def side_of(seat: int, n_seats: int) -> int:
    return seat % 2 if n_seats == 4 else seat


def seats_of(side: int, n_seats: int) -> tuple[int, ...]:
    return tuple(s for s in range(n_seats) if side_of(s, n_seats) == side)


def displayed(raw: int) -> int:
    """Displayed points: raw points / 5 (raw scores are always multiples of five)."""
    return raw // RAW_PER_POINT if raw >= 0 else -((-raw) // RAW_PER_POINT)


def tally(points: int) -> str:
    """The paper tally of a displayed score: a big X (with its four small x's) per 10
    points, then one stroke per remaining point; a negative score is prefixed with '-'."""
    sign = "-" if points < 0 else ""
    tens, ones = divmod(abs(points), 10)
    return sign + " ".join(["X(xxxx)"] * tens + (["|" * ones] if ones else [])) if points else "0"
