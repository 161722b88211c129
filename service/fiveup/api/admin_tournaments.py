"""AdminService, tournaments: create (rated too), cancel, list: proto <-> ``fiveup.admin``
(thin; no rules here)."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..admin.tournament_facts import ConcededTable, PairFact
from ..admin.tournaments import TournamentAdmin
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2
from .admin_auth import current_operator
from .handlers import Context, unary
from .tournament_servicer import STATE_FROM_PB, settings_from_pb, summary_pb


class TournamentsAdmin:
    """The tournaments methods of ``AdminServicer``."""

    admin: AdminContext

    @property
    def _tournaments(self) -> TournamentAdmin:
        return self.admin.tournaments

    @unary
    async def CreateTournament(
        self, request: admin_pb2.AdminServiceCreateTournamentRequest, context: Context
    ) -> admin_pb2.AdminServiceCreateTournamentResponse:
        made = await self._tournaments.create(
            current_operator(), settings_from_pb(request.settings), request.request_id,
            request.reason,
        )  # fmt: skip
        return admin_pb2.AdminServiceCreateTournamentResponse(
            tournament=summary_pb(made, True, True)
        )

    @unary
    async def CancelTournament(
        self, request: admin_pb2.CancelTournamentRequest, context: Context
    ) -> admin_pb2.CancelTournamentResponse:
        off = await self._tournaments.cancel(
            current_operator(), request.tournament_id, request.reason
        )
        return admin_pb2.CancelTournamentResponse(
            tournament=summary_pb(off.record, True, True),
            ended_match_ids=list(off.ended_match_ids),
            already_cancelled=off.already,
        )

    @unary
    async def ListTournaments(
        self, request: admin_pb2.AdminServiceListTournamentsRequest, context: Context
    ) -> admin_pb2.AdminServiceListTournamentsResponse:
        state = STATE_FROM_PB.get(request.state)
        if state is None:
            raise InvalidRequest("state is not a TournamentState", field="state")
        found, token = await self._tournaments.listed(state, request.page_size, request.page_token)
        return admin_pb2.AdminServiceListTournamentsResponse(
            tournaments=[summary_pb(t, True, True) for t in found], next_page_token=token
        )

    @unary
    async def GetTournamentIntegrity(
        self, request: admin_pb2.GetTournamentIntegrityRequest, context: Context
    ) -> admin_pb2.GetTournamentIntegrityResponse:
        found = await self._tournaments.integrity(
            current_operator(), request.tournament_id, request.reason
        )
        f = found.facts
        return admin_pb2.GetTournamentIntegrityResponse(
            tournament=summary_pb(found.record, True, True),
            partners=[pair_pb(p) for p in f.partners],
            repeated_meetings=[pair_pb(p) for p in f.repeated_meetings],
            early_endings=[conceded_pb(t) for t in f.early_endings],
            forfeits=[conceded_pb(t) for t in f.forfeits],
            shared_addresses=[
                admin_pb2.SharedAddressFact(
                    prefix=s.prefix, player_ids=list(s.players), tables_together=s.tables_together
                )
                for s in f.shared_addresses
            ],
            withdrawn_player_ids=list(f.withdrawn),
        )


def pair_pb(p: PairFact) -> admin_pb2.PlayerPairFact:
    return admin_pb2.PlayerPairFact(player_ids=list(p.players), match_ids=list(p.match_ids))


def conceded_pb(t: ConcededTable) -> admin_pb2.ConcededTable:
    return admin_pb2.ConcededTable(
        match_id=t.match_id, round=t.round, player_ids=list(t.players),
        conceded_by=t.conceded_by, reason=t.reason,
    )  # fmt: skip
