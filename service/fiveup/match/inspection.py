"""A match as an operator inspects it (AdminService.InspectMatch): read whole from the
store, folded by the engine to the version asked for, and each seat's view made by the
very function that made the players' (``engine.view_for``), so it is what that seat was
shown at that version; and the engine's verdict on the deals (``engine.verification``,
the check ``fiveup verify`` runs on a saved record)."""

from __future__ import annotations

from ..engine import Match, MatchConfig, MatchStarted, SeatClaimed, view_for
from ..engine.verification import verify_deals
from ..shared.errors import InvalidRequest
from .errors import check_reached
from .repository import MatchRepository
from .results import Inspection, SeatedView
from .watching import FINAL_EVENTS


async def inspect(repository: MatchRepository, match_id: str, at_version: int) -> Inspection:
    """``match_id`` with its seats' views at ``at_version`` (0: its latest); raises
    MatchNotFound, and VersionNotReached for a version it has not reached."""
    if at_version < 0:
        raise InvalidRequest("at_version must be >= 0 (0: the latest)", field="at_version")
    session = await repository.get(match_id)
    record = session.record
    events = tuple(await repository.read_events(match_id))  # the store's, not the cache's
    latest = events[-1][0] if events else 0
    version = at_version or latest
    check_reached(latest, version, "at_version")
    upto = [event for v, event in events if v <= version]
    match = Match.replay(MatchConfig(record.seats, record.seed, record.target_points), upto)
    joined = frozenset(e.seat for e in upto if isinstance(e, SeatClaimed))
    views = tuple(SeatedView(view_for(match, seat), joined) for seat in range(match.n_seats))
    started = next(e for _, e in events if isinstance(e, MatchStarted))
    finished = any(e.kind in FINAL_EVENTS for _, e in events)
    verdict = verify_deals(
        record.seed, started.commitment, record.seats, record.target_points, events,
        finished=finished,
    )  # fmt: skip
    claimed = frozenset(e.seat for _, e in events if isinstance(e, SeatClaimed))
    return Inspection(record, started.commitment, events, version, views, verdict, claimed)
