"""The tournaments area of AdminService: an operator creates a tournament (any format
and size, rated allowed, invitation lists: what players may not), calls one off (its
tables in play end as an operator's EndMatch ends a match: cancelled, no result, no
rating), and lists them all (invitation-only ones too).  Actions are audited after they
succeeded, before the answer (``audit``).

The use cases are the tournaments context's own (``Tournaments.create_by_operator``,
``Tournaments.call_off``, ``Director.cancel``); nothing here reads a store or knows a
protobuf (``fiveup.api.admin_tournaments`` translates)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tournaments.builder import TournamentsContext
from ..tournaments.ports import FINISHED, Settings, TournamentRecord
from .audit import Audit, require_reason
from .errors import TournamentOver
from .ports import Operator


@dataclass(frozen=True, slots=True)
class CalledOff:
    """A cancelled tournament, the matches its cancellation ended, and whether it was
    cancelled already (nothing changed then)."""

    record: TournamentRecord
    ended_match_ids: tuple[str, ...]
    already: bool


class TournamentAdmin:
    def __init__(self, tournaments: TournamentsContext, audit: Audit) -> None:
        self.tournaments = tournaments.tournaments
        self.director = tournaments.director
        self.audit = audit

    async def create(
        self, operator: Operator, settings: Settings, request_id: str, reason: str
    ) -> TournamentRecord:
        """A tournament organised by ``operator`` (idempotent by ``request_id``: a retry
        answers the tournament the first call made, and is not audited twice)."""
        reason = require_reason(reason)
        made, new = await self.tournaments.create_by_operator(
            operator.operator_id, settings, request_id
        )
        if new:
            s = made.settings
            await self.audit.record(
                operator, "CreateTournament", "tournament", made.tournament_id, reason,
                {
                    "name": s.name, "format": s.format, "seats": s.seats, "rated": s.rated,
                    "capacity": s.capacity, "starts_at": s.starts_at,
                    "invited": len(s.entry.invited), "request_id": request_id,
                },
            )  # fmt: skip
        return made

    async def cancel(self, operator: Operator, tournament_id: str, reason: str) -> CalledOff:
        """Call the tournament off and end its tables in play.  A cancelled one is ended
        again (its tables, should a replica have died half-way) and says it was; a
        finished one is refused (TOURNAMENT_OVER)."""
        reason = require_reason(reason)
        record, already = await self.tournaments.call_off(tournament_id)
        if record.state == FINISHED:
            raise TournamentOver("the tournament finished: its standings are final")
        ended = await self.director.cancel(record)
        fresh = await self.tournaments.store.get(record.tournament_id) or record
        await self.audit.record(
            operator, "CancelTournament", "tournament", record.tournament_id, reason,
            {"already_cancelled": already, "ended_matches": ended, "state_was_running":
             record.started_at > 0},
        )  # fmt: skip
        return CalledOff(fresh, tuple(ended), already)

    async def listed(self, state: str, page_size: int) -> list[TournamentRecord]:
        return await self.tournaments.listed_all(state, page_size)
