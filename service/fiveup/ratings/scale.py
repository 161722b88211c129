"""What players see of a rating, and when it counts as settled.

**The display scale.**  openskill keeps mu (25 for a new player) and sigma (25/3) on
TrueSkill's scale, where a first rated loss reads as an ordinal of ``0.0 -> -1.8``.  Players
know chess's scale instead: a new player at 1500 and a 400-point gap meaning 10:1 odds
(Elo, Glicko, lichess).  The mapping is linear, ``display = 1500 + k (mu - 25)`` and
``display deviation = k sigma``, with ``k`` chosen so that differences mean what players
expect: in a two-player match between settled players openskill's Plackett-Luce gives
the better one the odds ``exp(d / c)`` for a mu gap ``d``, with ``c = sqrt(2) beta`` as
sigma vanishes; Elo gives ``10 ** (D / 400)`` for a display gap ``D``.  Equal odds for
equal gaps need ``k = 400 / (ln 10 * sqrt(2) * beta)`` = 29.48 for openskill's default
beta = 25/6.  (A new player's deviation is then 246, between Glicko-1's 350 and lichess's
settled players; a first loss reads ``1500 -> 1422``.)  The mapping is a view: ratings are
stored and rebuilt as mu and sigma, so changing it changes no stored number.

**Settled and provisional.**  A rating is *settled* once its sigma is at most the
server's ``--rating-settled-sigma`` (7.3 by default, a display deviation of 215) and
*provisional* (shown with a "?", as lichess does) before.  Why that default: openskill's
sigma shrinks slowly (about 8.33, 8.07, 7.83, 7.61, 7.42, 7.25 over a newcomer's first
five matches against other newcomers; 3.9 after 60), so 7.3 keeps a newcomer provisional
for their first five rated matches against newcomers -- the old count -- and fewer against
settled opponents, whose results say more.  A stricter threshold would keep honest
players off the board for dozens of matches.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .model import DEFAULT_MU, MODEL, Rating

DISPLAY_BASE = 1500
DISPLAY_PER_MU = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)  # 29.48: see above
DEFAULT_SETTLED_SIGMA = 7.3
DEFAULT_ACTIVE_DAYS = 30.0


def display_rating(mu: float) -> int:
    """The rating players see (1500 for a new player), rounded half away from zero."""
    return _round(DISPLAY_BASE + DISPLAY_PER_MU * (mu - DEFAULT_MU))


def display_deviation(sigma: float) -> int:
    """The uncertainty on the same scale (246 for a new player)."""
    return _round(DISPLAY_PER_MU * sigma)


def _round(x: float) -> int:
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


@dataclass(frozen=True, slots=True)
class SettledRule:
    """When a rating is settled (``sigma <= settled_sigma``); provisional before."""

    settled_sigma: float = DEFAULT_SETTLED_SIGMA

    def provisional(self, rating: Rating) -> bool:
        return rating.sigma > self.settled_sigma
