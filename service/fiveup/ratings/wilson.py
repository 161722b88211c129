"""The Wilson score interval of a win rate: unlike the normal approximation it stays
inside [0, 1] and means something for a handful of matches (a player 1 for 1 is not
"100% ± 0")."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054  # the standard normal's 97.5% quantile: a two-sided 95% interval


@dataclass(frozen=True, slots=True)
class Interval:
    lower: float
    upper: float


def wilson_interval(wins: int, matches: int, z: float = Z_95) -> Interval:
    """The Wilson score interval of ``wins`` out of ``matches`` ([0, 1] for no matches)."""
    if not 0 <= wins <= matches:
        raise ValueError(f"wins must be 0-{matches}, not {wins}")
    if matches == 0:
        return Interval(0.0, 1.0)
    n = float(matches)
    p = wins / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    scale = 1 + z2 / n
    # At the edges the bound is 0 (no wins) or 1 (no losses) exactly, not a rounding of it.
    lower = 0.0 if wins == 0 else max(0.0, (centre - spread) / scale)
    upper = 1.0 if wins == matches else min(1.0, (centre + spread) / scale)
    return Interval(lower, upper)
