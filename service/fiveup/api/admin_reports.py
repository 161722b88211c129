"""AdminService, the chat report queue: proto <-> ``fiveup.admin.reports`` (thin; no rules
here)."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..admin.reports import AroundLine, SanctionOrder
from ..chat.ports import ChatLine
from ..identity.ports import SanctionKind
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2
from .admin_auth import current_operator
from .admin_players import KINDS, chat_report_pb, sanction_pb, seconds_of
from .handlers import Context, unary
from .player_servicer import timestamp

KIND_OF: dict[int, SanctionKind] = {int(value): kind for kind, value in KINDS.items()}
DEFAULT_LIMIT = 50
MAX_LIMIT = 100


def limit_of(requested: int, default: int = DEFAULT_LIMIT, maximum: int = MAX_LIMIT) -> int:
    """A list's ``limit`` (0: the default)."""
    if not 0 <= requested <= maximum:
        raise InvalidRequest(f"limit must be 0-{maximum}", field="limit")
    return requested or default


def context_message_pb(around: AroundLine) -> admin_pb2.ContextMessage:
    line: ChatLine = around.line
    return admin_pb2.ContextMessage(
        message_id=line.public_id, author_name=line.line.author.name,
        author_player_id=line.line.author.player_id, text=line.line.body,
        sent_at=timestamp(line.line.sent_at), reported=around.reported,
        held=line.line.held_round is not None, shadowed=line.line.shadow,
    )  # fmt: skip


class ReportsAdmin:
    """The reports methods of ``AdminServicer``."""

    admin: AdminContext

    @unary
    async def ListReports(
        self, request: admin_pb2.ListReportsRequest, context: Context
    ) -> admin_pb2.ListReportsResponse:
        found = await self.admin.reports.listed(
            current_operator(), open_only=request.open_only, limit=limit_of(request.limit),
            reason=request.reason,
        )  # fmt: skip
        return admin_pb2.ListReportsResponse(reports=[chat_report_pb(r) for r in found])

    @unary
    async def GetReport(
        self, request: admin_pb2.GetReportRequest, context: Context
    ) -> admin_pb2.GetReportResponse:
        view = await self.admin.reports.get(current_operator(), request.report_id, request.reason)
        return admin_pb2.GetReportResponse(
            report=chat_report_pb(view.report),
            context=[context_message_pb(a) for a in view.around],
            other_reports_against_author=view.others_against_author,
        )

    @unary
    async def ResolveReport(
        self, request: admin_pb2.ResolveReportRequest, context: Context
    ) -> admin_pb2.ResolveReportResponse:
        order = None
        if request.sanction != admin_pb2.SANCTION_KIND_UNSPECIFIED:
            kind = KIND_OF.get(request.sanction)
            if kind is None:
                raise InvalidRequest("sanction must be one of the sanction kinds",
                                     field="sanction")  # fmt: skip
            order = SanctionOrder(kind, seconds_of(request.sanction_ends_at, "sanction_ends_at"))
        elif request.HasField("sanction_ends_at"):
            raise InvalidRequest("sanction_ends_at without a sanction", field="sanction")
        done = await self.admin.reports.resolve(
            current_operator(), request.report_id, request.resolution, order
        )
        out = admin_pb2.ResolveReportResponse(report=chat_report_pb(done.report))
        if done.sanction is not None:
            out.sanction.CopyFrom(sanction_pb(done.sanction))
        return out
