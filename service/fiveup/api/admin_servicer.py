"""AdminService: the operators' API over ``fiveup.admin`` (docs/operations.md,
"Operating a live service").  One mixin per area (``admin_<area>.py``), so each area's
translation sits beside its peers; every method runs after ``admin_auth``'s interceptor
has authenticated the operator."""

from __future__ import annotations

from ..admin.builder import AdminContext
from ..v1 import admin_pb2_grpc
from .admin_audit import AuditAdmin
from .admin_deliveries import DeliveriesAdmin
from .admin_integrity import IntegrityAdmin
from .admin_matches import MatchesAdmin
from .admin_players import PlayersAdmin
from .admin_reports import ReportsAdmin
from .admin_tournaments import TournamentsAdmin


class AdminServicer(
    PlayersAdmin,
    MatchesAdmin,
    ReportsAdmin,
    IntegrityAdmin,
    DeliveriesAdmin,
    TournamentsAdmin,
    AuditAdmin,
    admin_pb2_grpc.AdminServiceServicer,
):
    def __init__(self, admin: AdminContext) -> None:
        self.admin = admin
