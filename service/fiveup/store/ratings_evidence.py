"""The rating stores' reads for the operators' integrity checks (``fiveup.ratings.
evidence``), once for both backends over the ``fetch`` of ``ratings_reads.RatingReads``.

The window is read from the ledger (``rated_matches``: one row per rated match, its
primary key the rating order) newest first up to the limit, then each match's results by
the results' ``(match_id, seat)`` index: the cost is the ledger's rows in the window and
the seats of the matches kept, never a player's whole history.  A voided result (an
operator's VoidResult) counts for nobody: its seats are left out, and with them the
match."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ..ratings.evidence import RatedResult, RatedSeat
from ..ratings.model import Rating

Row = tuple[Any, ...]

RATED_RESULTS_SINCE = (
    "SELECT m.match_id, m.category, m.ended_at, r.player_id, r.seat, r.side, r.won,"
    " r.own_moves, r.mu_before, r.sigma_before, r.mu_after, r.sigma_after"
    " FROM (SELECT seq, match_id, category, ended_at FROM rated_matches"
    " WHERE ended_at >= ? ORDER BY seq DESC LIMIT ?) m"
    " JOIN player_results r ON r.match_id = m.match_id AND NOT r.voided"
    " ORDER BY m.seq, r.seat"
)


class EvidenceReads(ABC):
    @abstractmethod
    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run ``query`` (written with ``?`` placeholders) and answer its rows."""

    async def rated_results_since(self, since: float, *, limit: int) -> list[RatedResult]:
        found: dict[str, tuple[str, float, list[RatedSeat]]] = {}
        for (match_id, category, ended, player, seat, side, won, own, mu0, sigma0, mu1,
             sigma1) in await self.fetch(RATED_RESULTS_SINCE, (since, max(limit, 0))):  # fmt: skip
            entry = found.setdefault(str(match_id), (str(category), float(ended), []))
            entry[2].append(
                RatedSeat(
                    player_id=str(player), seat=int(seat), side=int(side), won=bool(won),
                    own_moves=None if own is None else int(own),
                    before=Rating(float(mu0), float(sigma0)),
                    after=Rating(float(mu1), float(sigma1)),
                )
            )  # fmt: skip
        return [
            RatedResult(match_id, category, ended, tuple(seats))
            for match_id, (category, ended, seats) in found.items()
        ]
