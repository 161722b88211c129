"""AdminService, ratings integrity signals: proto <-> ``fiveup.admin.integrity`` (thin; no
rules here)."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..admin.signals import Decision, SignalKind, SignalRecord, SignalStatus
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2
from .admin_auth import current_operator
from .admin_players import sanction_pb
from .admin_reports import limit_of
from .handlers import Context, unary
from .player_servicer import timestamp

KIND_TO_PB = {
    SignalKind.REPEATED_PAIR: admin_pb2.INTEGRITY_SIGNAL_KIND_REPEATED_PAIR,
    SignalKind.EARLY_ENDINGS: admin_pb2.INTEGRITY_SIGNAL_KIND_EARLY_ENDINGS,
    SignalKind.SHARED_ADDRESS: admin_pb2.INTEGRITY_SIGNAL_KIND_SHARED_ADDRESS,
    SignalKind.FEW_OWN_MOVES: admin_pb2.INTEGRITY_SIGNAL_KIND_FEW_OWN_MOVES,
    SignalKind.SUDDEN_CLIMB: admin_pb2.INTEGRITY_SIGNAL_KIND_SUDDEN_CLIMB,
}
KIND_FROM_PB = {v: k for k, v in KIND_TO_PB.items()}
STATUS_TO_PB = {
    SignalStatus.OPEN: admin_pb2.INTEGRITY_STATUS_OPEN,
    SignalStatus.CONFIRMED: admin_pb2.INTEGRITY_STATUS_CONFIRMED,
    SignalStatus.DISMISSED: admin_pb2.INTEGRITY_STATUS_DISMISSED,
}
STATUS_FROM_PB = {v: k for k, v in STATUS_TO_PB.items()}
DECISION_FROM_PB = {
    admin_pb2.INTEGRITY_DECISION_DISMISS: Decision.DISMISS,
    admin_pb2.INTEGRITY_DECISION_VOID_MATCHES: Decision.VOID_MATCHES,
    admin_pb2.INTEGRITY_DECISION_VOID_AND_SUSPEND: Decision.VOID_AND_SUSPEND,
}


def signal_pb(record: SignalRecord) -> admin_pb2.IntegritySignal:
    s = record.signal
    return admin_pb2.IntegritySignal(
        signal_id=record.signal_id, kind=KIND_TO_PB[s.kind], status=STATUS_TO_PB[record.status],
        player_ids=s.players, match_ids=s.match_ids, evidence=s.evidence, score=s.score,
        detected_at=timestamp(record.detected_at), resolved_by=record.resolved_by,
        resolution=record.resolution,
    )  # fmt: skip


class IntegrityAdmin:
    """The integrity methods of ``AdminServicer``."""

    admin: AdminContext

    @unary
    async def ListIntegritySignals(
        self, request: admin_pb2.ListIntegritySignalsRequest, context: Context
    ) -> admin_pb2.ListIntegritySignalsResponse:
        status = None
        if request.status != admin_pb2.INTEGRITY_STATUS_UNSPECIFIED:
            status = STATUS_FROM_PB.get(request.status)
            if status is None:
                raise InvalidRequest("status is not one of the signal statuses", field="status")
        kind = None
        if request.kind != admin_pb2.INTEGRITY_SIGNAL_KIND_UNSPECIFIED:
            kind = KIND_FROM_PB.get(request.kind)
            if kind is None:
                raise InvalidRequest("kind is not one of the signal kinds", field="kind")
        found = await self.admin.integrity.listed(
            current_operator(), status=status, kind=kind, limit=limit_of(request.limit),
            reason=request.reason,
        )  # fmt: skip
        return admin_pb2.ListIntegritySignalsResponse(signals=[signal_pb(r) for r in found])

    @unary
    async def ResolveIntegritySignal(
        self, request: admin_pb2.ResolveIntegritySignalRequest, context: Context
    ) -> admin_pb2.ResolveIntegritySignalResponse:
        until = None
        if request.HasField("sanction_ends_at"):
            until = request.sanction_ends_at.ToNanoseconds() / 1e9
        done = await self.admin.integrity.resolve(
            current_operator(), request.signal_id, DECISION_FROM_PB.get(request.decision),
            request.reason, suspend_until=until,
        )  # fmt: skip
        return admin_pb2.ResolveIntegritySignalResponse(
            signal=signal_pb(done.record),
            voided_match_ids=done.voided,
            sanctions=[sanction_pb(s) for s in done.sanctions],
        )
