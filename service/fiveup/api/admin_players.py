"""AdminService, players: find, profile, sessions, sanctions, names: proto <-> ``fiveup.admin`` (thin; no rules here)."""

from __future__ import annotations

from google.protobuf.timestamp_pb2 import Timestamp

from ..admin.builder import AdminContext
from ..admin.profiles import PlayerProfile, PlayerSummary, RecentMatch
from ..chat.ports import StoredReport
from ..identity.ports import SanctionKind, SanctionRecord, SessionRecord
from ..shared.errors import InvalidRequest
from ..v1 import admin_pb2, match_pb2
from .admin_auth import current_operator
from .handlers import Context, unary
from .player_servicer import timestamp

KINDS: dict[SanctionKind, admin_pb2.SanctionKind.ValueType] = {
    SanctionKind.CHAT_SILENCE: admin_pb2.SANCTION_KIND_CHAT_SILENCE,
    SanctionKind.RATED_PLAY_SUSPENSION: admin_pb2.SANCTION_KIND_RATED_PLAY_SUSPENSION,
    SanctionKind.SIGN_IN_SUSPENSION: admin_pb2.SANCTION_KIND_SIGN_IN_SUSPENSION,
}
_KIND_OF: dict[int, SanctionKind] = {int(value): kind for kind, value in KINDS.items()}
_STATUS: dict[str, match_pb2.MatchStatus.ValueType] = {
    "in_progress": match_pb2.MATCH_STATUS_IN_PROGRESS,
    "finished": match_pb2.MATCH_STATUS_FINISHED,
    "cancelled": match_pb2.MATCH_STATUS_CANCELLED,
}
PLAYER_KEY = "p:"  # chat's key of a signed-in player (fiveup.chat.ports.player_key)


def sanction_kind(value: int) -> SanctionKind:
    kind = _KIND_OF.get(value)
    if kind is None:
        raise InvalidRequest("kind must be one of the sanction kinds", field="kind")
    return kind


def seconds_of(stamp: Timestamp, field: str) -> float:
    if stamp.seconds == 0 and stamp.nanos == 0:
        raise InvalidRequest(f"{field} is required", field=field)
    return float(stamp.ToNanoseconds()) / 1e9


def sanction_pb(record: SanctionRecord) -> admin_pb2.Sanction:
    s = record.sanction
    out = admin_pb2.Sanction(
        sanction_id=str(record.sanction_id), kind=KINDS[s.kind], starts_at=timestamp(s.starts_at),
        ends_at=timestamp(s.ends_at), reason=s.reason, operator_id=s.operator_id,
        lifted_by=record.lifted_by, lift_reason=record.lift_reason,
    )  # fmt: skip
    if record.lifted_at is not None:
        out.lifted_at.CopyFrom(timestamp(record.lifted_at))
    return out


def summary_pb(summary: PlayerSummary) -> admin_pb2.AdminPlayerSummary:
    player = summary.player
    return admin_pb2.AdminPlayerSummary(
        player_id=player.player_id, display_name=player.display_name,
        created_at=timestamp(player.created_at), last_seen_at=timestamp(player.last_seen_at),
        guest=summary.guest, active_sanctions=[sanction_pb(s) for s in summary.sanctions],
    )  # fmt: skip


def chat_report_pb(stored: StoredReport) -> admin_pb2.ChatReport:
    """A kept report with the copy of its message (the reports area lists these too)."""
    line, report = stored.line.line, stored.report
    reporter = report.reporter
    out = admin_pb2.ChatReport(
        report_id=str(stored.report_id), match_id=report.match_id,
        message_id=stored.line.public_id, text=line.body,
        author_player_id=line.author.player_id, author_name=line.author.name,
        reporter_player_id=reporter[len(PLAYER_KEY) :] if reporter.startswith(PLAYER_KEY) else "",
        reason=report.reason, comment=report.comment, created_at=timestamp(report.created_at),
        resolution=stored.resolution, sent_at=timestamp(line.sent_at),
    )  # fmt: skip
    if stored.resolved_at is not None:
        out.resolved_at.CopyFrom(timestamp(stored.resolved_at))
    return out


def session_pb(session: SessionRecord) -> admin_pb2.AdminSession:
    return admin_pb2.AdminSession(
        session_id=session.session_id, started_at=timestamp(session.started_at),
        last_used_at=timestamp(session.last_used_at), active=session.active,
        end_reason=session.end_reason,
    )  # fmt: skip


def match_pb(match: RecentMatch) -> admin_pb2.AdminPlayerMatch:
    return admin_pb2.AdminPlayerMatch(
        match_id=match.match_id, status=_STATUS.get(match.status, match_pb2.MATCH_STATUS_UNSPECIFIED), rated=match.rated,
        seat=match.seat, created_at=timestamp(match.created_at), won=match.won,
        voided=match.voided,
    )  # fmt: skip


def profile_pb(profile: PlayerProfile) -> admin_pb2.GetPlayerProfileResponse:
    standing = profile.standing
    return admin_pb2.GetPlayerProfileResponse(
        player=summary_pb(profile.summary),
        standing=admin_pb2.AdminStanding(
            distinct_opponents=standing.distinct_opponents, own_moves=standing.own_moves,
            ranked=standing.ranked,
        ),
        ratings=[
            admin_pb2.AdminRating(
                player_count=r.player_count, rating=r.rating, deviation=r.deviation,
                games=r.games, provisional=r.provisional,
            )
            for r in profile.ratings
        ],
        recent_matches=[match_pb(m) for m in profile.recent],
        sessions=[session_pb(s) for s in profile.sessions],
        reports_filed=[chat_report_pb(r) for r in profile.reports_filed],
        reports_against=[chat_report_pb(r) for r in profile.reports_against],
        addresses=[
            admin_pb2.AdminAddressSeen(
                prefix=a.seen.prefix, first_seen_at=timestamp(a.seen.first_seen_at),
                last_seen_at=timestamp(a.seen.last_seen_at), players_sharing=a.others,
            )
            for a in profile.addresses
        ],
        sanctions=[sanction_pb(s) for s in profile.sanctions],
    )  # fmt: skip


class PlayersAdmin:
    """The players methods of ``AdminServicer``."""

    admin: AdminContext

    @unary
    async def FindPlayers(
        self, request: admin_pb2.FindPlayersRequest, context: Context
    ) -> admin_pb2.FindPlayersResponse:
        found = await self.admin.players.find(request.query, request.limit)
        return admin_pb2.FindPlayersResponse(players=[summary_pb(s) for s in found])

    @unary
    async def GetPlayerProfile(
        self, request: admin_pb2.GetPlayerProfileRequest, context: Context
    ) -> admin_pb2.GetPlayerProfileResponse:
        profile = await self.admin.players.profile(
            current_operator(), request.player_id, request.reason
        )
        return profile_pb(profile)

    @unary
    async def RevokePlayerSessions(
        self, request: admin_pb2.RevokePlayerSessionsRequest, context: Context
    ) -> admin_pb2.RevokePlayerSessionsResponse:
        revoked = await self.admin.players.revoke_sessions(
            current_operator(), request.player_id, request.reason
        )
        return admin_pb2.RevokePlayerSessionsResponse(revoked=revoked)

    @unary
    async def ImposeSanction(
        self, request: admin_pb2.ImposeSanctionRequest, context: Context
    ) -> admin_pb2.ImposeSanctionResponse:
        record = await self.admin.players.impose(
            current_operator(), request.player_id, sanction_kind(request.kind),
            seconds_of(request.ends_at, "ends_at"), request.reason,
        )  # fmt: skip
        return admin_pb2.ImposeSanctionResponse(sanction=sanction_pb(record))

    @unary
    async def LiftSanction(
        self, request: admin_pb2.LiftSanctionRequest, context: Context
    ) -> admin_pb2.LiftSanctionResponse:
        if not request.sanction_id.isdigit() or len(request.sanction_id) > 18:
            raise InvalidRequest("sanction_id is not one of this server's", field="sanction_id")
        record = await self.admin.players.lift(
            current_operator(), request.player_id, int(request.sanction_id), request.reason
        )
        return admin_pb2.LiftSanctionResponse(sanction=sanction_pb(record))

    @unary
    async def ResetPlayerName(
        self, request: admin_pb2.ResetPlayerNameRequest, context: Context
    ) -> admin_pb2.ResetPlayerNameResponse:
        summary = await self.admin.players.reset_name(
            current_operator(), request.player_id, request.display_name, request.reason
        )
        return admin_pb2.ResetPlayerNameResponse(player=summary_pb(summary))
