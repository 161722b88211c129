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
from ..tournaments.errors import TournamentNotFound
from ..tournaments.ports import FINISHED, Settings, TournamentRecord
from .audit import Audit, require_reason
from .errors import TournamentOver
from .integrity import AddressBook
from .ports import Operator
from .tournament_facts import TournamentFacts, tournament_facts


@dataclass(frozen=True, slots=True)
class CalledOff:
    """A cancelled tournament, the matches its cancellation ended, and whether it was
    cancelled already (nothing changed then)."""

    record: TournamentRecord
    ended_match_ids: tuple[str, ...]
    already: bool


@dataclass(frozen=True, slots=True)
class Integrity:
    record: TournamentRecord
    facts: TournamentFacts


class TournamentAdmin:
    def __init__(
        self,
        tournaments: TournamentsContext,
        audit: Audit,
        addresses: AddressBook,
        *,
        shared_max_players: int,
    ) -> None:
        self.tournaments = tournaments.tournaments
        self.director = tournaments.director
        self.audit = audit
        self.addresses = addresses
        self.shared_max_players = shared_max_players

    async def integrity(self, operator: Operator, tournament_id: str, reason: str) -> Integrity:
        """The tournament's integrity facts (``tournament_facts``).  They include the
        address prefixes entrants were seen from (private): audited with the reason
        before the read; an unknown tournament is refused first, with nothing recorded."""
        reason = require_reason(reason)
        if not tournament_id or len(tournament_id) > 64:
            raise TournamentNotFound("no such tournament")
        record = await self.tournaments.store.get(tournament_id)
        if record is None:
            raise TournamentNotFound("no such tournament")
        await self.audit.record(
            operator, "GetTournamentIntegrity", "tournament", tournament_id, reason
        )
        seen: dict[str, frozenset[str]] = {}
        for e in record.entrants:
            seen[e.player_id] = frozenset(
                a.prefix for a in await self.addresses.addresses_of(e.player_id)
            )
        crowded: set[str] = set()
        counts: dict[str, int] = {}
        for found in seen.values():
            for p in found:
                counts[p] = counts.get(p, 0) + 1
        for prefix in sorted(p for p, n in counts.items() if n >= 2):
            sharing = await self.addresses.players_sharing(prefix)
            if len(sharing) > self.shared_max_players:
                crowded.add(prefix)
        kept = {player: found - crowded for player, found in seen.items()}
        return Integrity(record, tournament_facts(record, kept))

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
            {"already_cancelled": already, "ended_matches": ended, "had_started":
             record.started_at > 0},
        )  # fmt: skip
        return CalledOff(fresh, tuple(ended), already)

    async def listed(
        self, state: str, page_size: int, page_token: str = ""
    ) -> tuple[list[TournamentRecord], str]:
        return await self.tournaments.listed_all(state, page_size, page_token)
