"""AdminService, matches: list, inspect, end a stuck one, void a result: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..admin.matches import MatchAdmin
from ..lobby.ports import CANCELLED, FINISHED, MatchFilter, MatchSummary
from ..match.voiding import RatingChanged
from ..ratings.model import Rating
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2, match_pb2
from . import convert
from .admin_auth import current_operator
from .handlers import Context, unary
from .player_servicer import timestamp

FILTERS = {
    admin_pb2.MATCH_FILTER_UNSPECIFIED: MatchFilter.ANY,
    admin_pb2.MATCH_FILTER_LIVE: MatchFilter.LIVE,
    admin_pb2.MATCH_FILTER_ENDED: MatchFilter.ENDED,
    admin_pb2.MATCH_FILTER_STUCK: MatchFilter.STUCK,
}
STATUS = {
    FINISHED: match_pb2.MATCH_STATUS_FINISHED,
    CANCELLED: match_pb2.MATCH_STATUS_CANCELLED,
}


def summary_pb(summary: MatchSummary) -> admin_pb2.AdminMatchSummary:
    msg = admin_pb2.AdminMatchSummary(
        match_id=summary.match_id,
        status=STATUS.get(summary.status, match_pb2.MATCH_STATUS_IN_PROGRESS),
        rated=summary.rated,
        player_ids=list(summary.player_ids),
        created_at=timestamp(summary.created_at),
        version=summary.version,
        voided=summary.voided,
    )
    if summary.last_event_at is not None:
        msg.last_event_at.CopyFrom(timestamp(summary.last_event_at))
    return msg


def rating_change_pb(change: RatingChanged) -> admin_pb2.RatingChange:
    after = change.after or Rating()  # no rating left: the one a newcomer starts from
    return admin_pb2.RatingChange(
        player_id=change.player_id,
        player_count=int(change.category),
        before=change.before.mu,
        after=after.mu,
        deviation_before=change.before.sigma,
        deviation_after=after.sigma,
        unrated_after=change.after is None,
    )


class MatchesAdmin:
    """The matches methods of ``AdminServicer``."""

    admin: AdminContext

    @property
    def _matches(self) -> MatchAdmin:
        return self.admin.matches

    @unary
    async def ListMatches(
        self, request: admin_pb2.ListMatchesRequest, context: Context
    ) -> admin_pb2.ListMatchesResponse:
        which = FILTERS.get(request.filter)
        if which is None:
            raise InvalidRequest("filter is not a MatchFilter", field="filter")
        page, token = await self._matches.list_matches(
            which, player_id=request.player_id, rated_only=request.rated_only,
            limit=request.limit, page_token=request.page_token,
        )  # fmt: skip
        return admin_pb2.ListMatchesResponse(
            matches=[summary_pb(m) for m in page.matches], next_page_token=token
        )

    @unary
    async def InspectMatch(
        self, request: admin_pb2.InspectMatchRequest, context: Context
    ) -> admin_pb2.InspectMatchResponse:
        found = await self._matches.inspect(
            current_operator(), request.match_id, request.at_version, request.reason
        )
        seen = found.inspection
        record = seen.record
        return admin_pb2.InspectMatchResponse(
            summary=summary_pb(found.summary),
            seats=convert.seat_infos_pb(record.seats, seen.joined, ()),
            shuffle_commitment=seen.commitment,
            shuffle_seed=record.seed,
            shuffle_verified=seen.verdict.ok,
            events=[convert.event_pb(v, e) for v, e in seen.events],
            views_version=seen.version,
            seat_views=[
                admin_pb2.SeatViewAt(
                    seat=seat, view=convert.view_pb(record.match_id, view.view, view.joined)
                )
                for seat, view in enumerate(seen.views)
            ],
        )

    @unary
    async def EndMatch(
        self, request: admin_pb2.EndMatchRequest, context: Context
    ) -> admin_pb2.EndMatchResponse:
        ended = await self._matches.end(current_operator(), request.match_id, request.reason)
        return admin_pb2.EndMatchResponse(match=summary_pb(ended))

    @unary
    async def VoidResult(
        self, request: admin_pb2.VoidResultRequest, context: Context
    ) -> admin_pb2.VoidResultResponse:
        voided = await self._matches.void(current_operator(), request.match_id, request.reason)
        return admin_pb2.VoidResultResponse(
            match=summary_pb(voided.match),
            changes=[rating_change_pb(c) for c in voided.changes],
        )
