"""``fiveup admin AREA ACTION ...``: the operators' command line over AdminService (the
same methods as the web console, through the same authorization and audit log).

Each action is one call: its parser's ``request`` builds the method's request from the
arguments, ``admin_render`` words the answer (``--json``: the answer as protobuf JSON,
for scripts).  The server is ``--server HOST:PORT`` (plaintext gRPC, as ``fiveup play``
talks to it: run it over a private network or a tunnel); the operator's credential comes
from ``--credential`` or, better (a command line is visible to other users of the
machine), ``FIVEUP_OPERATOR_CREDENTIAL``, and is never printed.  Every failure ends in
one line: the status, the reason and the server's message."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf import json_format
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp
from google.rpc import error_details_pb2, status_pb2

from ..shared.usererror import UserError
from ..v1 import admin_pb2 as pb
from ..v1 import admin_pb2_grpc
from ..v1 import tournaments_pb2 as tpb
from . import admin_render

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

CREDENTIAL_ENV = "FIVEUP_OPERATOR_CREDENTIAL"
DEFAULT_SERVER = "127.0.0.1:50051"
CALL_TIMEOUT = 30.0

SANCTION_KINDS = {
    "chat-silence": pb.SANCTION_KIND_CHAT_SILENCE,
    "rated-play": pb.SANCTION_KIND_RATED_PLAY_SUSPENSION,
    "sign-in": pb.SANCTION_KIND_SIGN_IN_SUSPENSION,
}
DECISIONS = {
    "dismiss": pb.INTEGRITY_DECISION_DISMISS,
    "void": pb.INTEGRITY_DECISION_VOID_MATCHES,
    "void-and-suspend": pb.INTEGRITY_DECISION_VOID_AND_SUSPEND,
}
FORMATS = {"swiss": tpb.TOURNAMENT_FORMAT_SWISS, "arena": tpb.TOURNAMENT_FORMAT_ARENA}
TOURNAMENT_STATES = {
    "upcoming": tpb.TOURNAMENT_STATE_UPCOMING,
    "running": tpb.TOURNAMENT_STATE_RUNNING,
    "finished": tpb.TOURNAMENT_STATE_FINISHED,
    "cancelled": tpb.TOURNAMENT_STATE_CANCELLED,
}
STATUSES = {
    "open": pb.INTEGRITY_STATUS_OPEN,
    "confirmed": pb.INTEGRITY_STATUS_CONFIRMED,
    "dismissed": pb.INTEGRITY_STATUS_DISMISSED,
}


class AdminCallError(UserError):
    """The server refused, or could not be reached: one line."""


@dataclass(frozen=True, slots=True)
class Action:
    """One ``fiveup admin`` action: the AdminService method, its request from the
    arguments, and how its answer reads."""

    method: str
    request: Callable[[argparse.Namespace], Message]
    render: Callable[[Any], list[str]]


def until(text: str) -> Timestamp:
    """``2026-12-31`` (to the end of that day, UTC) or ``2026-12-31T18:00`` (UTC unless
    it names its zone) as a Timestamp."""
    try:
        if "T" in text or " " in text:
            at = datetime.fromisoformat(text)
            at = at if at.tzinfo else at.replace(tzinfo=UTC)
        else:
            at = datetime.combine(date.fromisoformat(text) + timedelta(days=1), time(), UTC)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date (2026-12-31) or a time (2026-12-31T18:00)"
        ) from None
    stamp = Timestamp()
    stamp.FromDatetime(at.astimezone(UTC))
    return stamp


def _common() -> argparse.ArgumentParser:
    """The options every action takes (after the action's own words)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--server", default=DEFAULT_SERVER,
                        help=f"host:port of the server's gRPC port (default {DEFAULT_SERVER})")  # fmt: skip
    common.add_argument("--credential", default=None, metavar="TOKEN",
                        help=f"the operator credential (default: ${CREDENTIAL_ENV}; the"
                        " environment keeps it out of the process list)")  # fmt: skip
    common.add_argument("--json", action="store_true",
                        help="print the answer as JSON (protobuf's mapping) for scripts")  # fmt: skip
    return common


def _reason(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reason", default="",
                        help="why (required: the audit log keeps it with your name)")  # fmt: skip


def add_admin_actions(areas: Subparsers) -> None:
    """``players``, ``matches``, ``reports``, ``integrity``, ``tournaments``,
    ``deliveries`` and ``audit`` under ``fiveup admin``."""
    common = _common()

    def leaf(
        group: Subparsers, name: str, action: Action, help_text: str
    ) -> argparse.ArgumentParser:
        parser = group.add_parser(name, help=help_text, parents=[common])
        parser.set_defaults(admin_action=action)
        return parser

    def area(name: str, help_text: str) -> Subparsers:
        parser = areas.add_parser(name, help=help_text)
        return parser.add_subparsers(dest="admin_verb", metavar="ACTION", required=True)

    players = area("players", "find players, read a profile, sanction, lift, revoke, rename")
    p = leaf(players, "find", Action("FindPlayers", lambda a: pb.FindPlayersRequest(
        query=a.query, limit=a.limit), admin_render.players), "find by id or a piece of the name")  # fmt: skip
    p.add_argument("query")
    p.add_argument("--limit", type=int, default=0)
    p = leaf(players, "show", Action("GetPlayerProfile", lambda a: pb.GetPlayerProfileRequest(
        player_id=a.player_id, reason=a.reason), admin_render.profile), "a player's profile (audited)")  # fmt: skip
    p.add_argument("player_id")
    _reason(p)
    p = leaf(players, "sanction", Action("ImposeSanction", lambda a: pb.ImposeSanctionRequest(
        player_id=a.player_id, kind=SANCTION_KINDS[a.kind], ends_at=a.until, reason=a.reason),
        admin_render.sanction), "silence in chat, suspend from rated play or from signing in")  # fmt: skip
    p.add_argument("player_id")
    p.add_argument("--kind", required=True, choices=tuple(SANCTION_KINDS))
    p.add_argument("--until", required=True, type=until, metavar="DATE",
                   help="when it ends: 2026-12-31 (the end of that day, UTC) or 2026-12-31T18:00")  # fmt: skip
    _reason(p)
    p = leaf(players, "lift", Action("LiftSanction", lambda a: pb.LiftSanctionRequest(
        player_id=a.player_id, sanction_id=a.sanction_id, reason=a.reason),
        admin_render.sanction), "lift a sanction before its end")  # fmt: skip
    p.add_argument("player_id")
    p.add_argument("sanction_id")
    _reason(p)
    p = leaf(players, "revoke-sessions", Action("RevokePlayerSessions",
        lambda a: pb.RevokePlayerSessionsRequest(player_id=a.player_id, reason=a.reason),
        admin_render.revoked), "sign the player out everywhere")  # fmt: skip
    p.add_argument("player_id")
    _reason(p)
    p = leaf(players, "rename", Action("ResetPlayerName", lambda a: pb.ResetPlayerNameRequest(
        player_id=a.player_id, display_name=a.name, reason=a.reason),
        admin_render.renamed), "reset a name (through the name rules)")  # fmt: skip
    p.add_argument("player_id")
    p.add_argument("name", nargs="?", default="", help="the new name (default: a generated one)")
    _reason(p)

    matches = area("matches", "live and recent matches: list, inspect, end, void")
    p = leaf(matches, "list", Action("ListMatches", _list_matches, admin_render.matches),
             "matches, newest first")  # fmt: skip
    which = p.add_mutually_exclusive_group()
    for flag in ("live", "ended", "stuck"):
        which.add_argument(f"--{flag}", dest="filter", action="store_const", const=flag)
    p.add_argument("--player", default="", help="only this player's matches")
    p.add_argument("--rated", action="store_true", help="only rated matches")
    p.add_argument("--limit", type=int, default=0)
    p = leaf(matches, "show", Action("InspectMatch", lambda a: pb.InspectMatchRequest(
        match_id=a.match_id, reason=a.reason, at_version=a.at_version),
        admin_render.inspected), "a match's record, seats' views and shuffle (audited)")  # fmt: skip
    p.add_argument("match_id")
    p.add_argument("--at-version", type=int, default=0, help="the seats' views at this version")
    _reason(p)
    p = leaf(matches, "end", Action("EndMatch", lambda a: pb.EndMatchRequest(
        match_id=a.match_id, reason=a.reason), admin_render.ended), "end a stuck match")  # fmt: skip
    p.add_argument("match_id")
    _reason(p)
    p = leaf(matches, "void", Action("VoidResult", lambda a: pb.VoidResultRequest(
        match_id=a.match_id, reason=a.reason), admin_render.voided),
        "void a result (ratings recomputed)")  # fmt: skip
    p.add_argument("match_id")
    _reason(p)

    reports = area("reports", "the chat report queue")
    p = leaf(reports, "list", Action("ListReports", lambda a: pb.ListReportsRequest(
        open_only=not a.all, limit=a.limit, reason=a.reason), admin_render.reports),
        "reported messages, newest first (audited)")  # fmt: skip
    p.add_argument("--all", action="store_true", help="resolved reports too")
    p.add_argument("--limit", type=int, default=0)
    _reason(p)
    p = leaf(reports, "show", Action("GetReport", lambda a: pb.GetReportRequest(
        report_id=a.report_id, reason=a.reason), admin_render.report),
        "a report with its message's context (audited)")  # fmt: skip
    p.add_argument("report_id")
    _reason(p)
    p = leaf(reports, "resolve", Action("ResolveReport", _resolve_report, admin_render.resolved),
             "resolve a report, optionally silencing its author")  # fmt: skip
    p.add_argument("report_id")
    p.add_argument("--resolution", default="", help="what was done (required; the audit's reason)")
    p.add_argument("--silence-until", type=until, default=None, metavar="DATE",
                   help="also silence the message's author in chat until then")  # fmt: skip

    integrity = area("integrity", "ratings integrity signals")
    p = leaf(integrity, "list", Action("ListIntegritySignals", lambda a: pb.ListIntegritySignalsRequest(
        status=STATUSES[a.status], limit=a.limit, reason=a.reason), admin_render.signals),
        "suspicious patterns, most suspicious first (audited)")  # fmt: skip
    p.add_argument("--status", choices=tuple(STATUSES), default="open")
    p.add_argument("--limit", type=int, default=0)
    _reason(p)
    p = leaf(integrity, "resolve", Action("ResolveIntegritySignal", _resolve_signal,
             admin_render.signal_resolved), "confirm (void, suspend) or dismiss a signal")  # fmt: skip
    p.add_argument("signal_id")
    p.add_argument("--decision", required=True, choices=tuple(DECISIONS))
    p.add_argument("--until", type=until, default=None, metavar="DATE",
                   help="with void-and-suspend: when the suspension ends")  # fmt: skip
    _reason(p)

    tournaments = area("tournaments", "operators' tournaments: create (rated too), cancel, list")
    p = leaf(tournaments, "create", Action("CreateTournament", _create_tournament,
             admin_render.tournament_created), "create a tournament (any size, rated allowed)")  # fmt: skip
    p.add_argument("name")
    p.add_argument("--format", choices=tuple(FORMATS), default="swiss")
    p.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--capacity", type=int, required=True, help="most entrants")
    p.add_argument("--starts", type=at_time, required=True, metavar="TIME",
                   help="when it starts: 2026-12-31T18:00 (UTC unless it names its zone)"
                   " or +MINUTES from now")  # fmt: skip
    p.add_argument("--rounds", type=int, default=0, help="a Swiss's rounds (0: by entrants)")
    p.add_argument("--minutes", type=int, default=0, help="an arena's duration in minutes")
    p.add_argument("--target-points", type=int, default=0, help="0: the standard")
    p.add_argument("--turn-clock", type=int, default=0, metavar="SECONDS",
                   help="correspondence tables' turn clock (0: live tables)")  # fmt: skip
    p.add_argument("--rated", action="store_true", help="its tables are rated matches")
    p.add_argument("--no-streaks", action="store_true", help="an arena without streak points")
    p.add_argument("--require-standing", action="store_true",
                   help="only players with the standing of rated play")  # fmt: skip
    p.add_argument("--min-rating", type=float, default=0.0)
    p.add_argument("--max-rating", type=float, default=0.0)
    p.add_argument("--invite", action="append", default=[], metavar="PLAYER_ID",
                   help="by invitation: a player it admits (repeat for more)")  # fmt: skip
    p.add_argument("--request-id", default="", help="retry a create with the id it printed")
    _reason(p)
    p = leaf(tournaments, "cancel", Action("CancelTournament", lambda a: pb.CancelTournamentRequest(
        tournament_id=a.tournament_id, reason=a.reason), admin_render.tournament_cancelled),
        "call a tournament off (its tables in play end, no result)")  # fmt: skip
    p.add_argument("tournament_id")
    _reason(p)
    p = leaf(tournaments, "list", Action("ListTournaments", lambda a: pb.AdminServiceListTournamentsRequest(
        state=TOURNAMENT_STATES[a.state], page_size=a.limit), admin_render.tournaments),
        "tournaments in a state (invitation-only ones too)")  # fmt: skip
    p.add_argument("--state", choices=tuple(TOURNAMENT_STATES), default="upcoming")
    p.add_argument("--limit", type=int, default=0)
    p = leaf(tournaments, "integrity", Action("GetTournamentIntegrity",
             lambda a: pb.GetTournamentIntegrityRequest(tournament_id=a.tournament_id,
             reason=a.reason), admin_render.tournament_integrity),
             "partners, repeats, early endings, forfeits, shared addresses (audited)")  # fmt: skip
    p.add_argument("tournament_id")
    _reason(p)

    leaf(areas, "deliveries", Action("GetDeliveries", lambda a: pb.GetDeliveriesRequest(),
         admin_render.deliveries), "the outbox, failing destinations, refusals, stream pools")  # fmt: skip
    p = leaf(areas, "audit", Action("ListAuditLog", lambda a: pb.ListAuditLogRequest(
        operator_id=a.operator, target_id=a.target, action=a.action, limit=a.limit),
        admin_render.audit), "the audit log, newest first")  # fmt: skip
    p.add_argument("--operator", default="", help="only this operator (local:NAME, issuer#sub)")
    p.add_argument("--target", default="", help="only this target's id")
    p.add_argument("--action", default="", help="only this method (ImposeSanction, ...)")
    p.add_argument("--limit", type=int, default=0)


def _list_matches(args: argparse.Namespace) -> pb.ListMatchesRequest:
    filters = {None: pb.MATCH_FILTER_UNSPECIFIED, "live": pb.MATCH_FILTER_LIVE,
               "ended": pb.MATCH_FILTER_ENDED, "stuck": pb.MATCH_FILTER_STUCK}  # fmt: skip
    return pb.ListMatchesRequest(
        filter=filters[args.filter], player_id=args.player, rated_only=args.rated,
        limit=args.limit,
    )  # fmt: skip


def _resolve_report(args: argparse.Namespace) -> pb.ResolveReportRequest:
    request = pb.ResolveReportRequest(report_id=args.report_id, resolution=args.resolution)
    if args.silence_until is not None:
        request.sanction = pb.SANCTION_KIND_CHAT_SILENCE
        request.sanction_ends_at.CopyFrom(args.silence_until)
    return request


def _resolve_signal(args: argparse.Namespace) -> pb.ResolveIntegritySignalRequest:
    request = pb.ResolveIntegritySignalRequest(
        signal_id=args.signal_id, decision=DECISIONS[args.decision], reason=args.reason
    )
    if args.until is not None:
        request.sanction_ends_at.CopyFrom(args.until)
    return request


def at_time(text: str) -> Timestamp:
    """``+MINUTES`` from now, or ``2026-12-31T18:00`` (UTC unless it names its zone)."""
    try:
        if text.startswith("+"):
            at = datetime.now(UTC) + timedelta(minutes=float(text[1:]))
        else:
            at = datetime.fromisoformat(text)
            at = at if at.tzinfo else at.replace(tzinfo=UTC)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time (2026-12-31T18:00) or +MINUTES"
        ) from None
    stamp = Timestamp()
    stamp.FromDatetime(at.astimezone(UTC))
    return stamp


def _create_tournament(args: argparse.Namespace) -> pb.AdminServiceCreateTournamentRequest:
    """The request; its request id is ``--request-id``, else derived from the settings:
    the same command run again (an answer lost on the way) finds the tournament the
    first run made instead of making a second (``--starts`` as a time, not ``+MINUTES``)."""
    settings = tpb.TournamentSettings(
        name=args.name, format=FORMATS[args.format], seats=args.seats,
        target_points=args.target_points, turn_clock_seconds=args.turn_clock,
        starts_at=args.starts, duration_seconds=args.minutes * 60, rounds=args.rounds,
        capacity=args.capacity, rated=args.rated, streaks=not args.no_streaks,
        entry=tpb.EntryRules(
            require_standing=args.require_standing, min_rating=args.min_rating,
            max_rating=args.max_rating, invited_player_ids=args.invite,
        ),
    )  # fmt: skip
    request_id = args.request_id or (
        "cli-" + hashlib.sha256(settings.SerializeToString(deterministic=True)).hexdigest()[:32]
    )
    return pb.AdminServiceCreateTournamentRequest(
        settings=settings, request_id=request_id, reason=args.reason
    )


def credential_of(args: argparse.Namespace) -> str:
    token = (args.credential or os.environ.get(CREDENTIAL_ENV, "")).strip()
    if not token:
        raise AdminCallError(
            f"no operator credential: set {CREDENTIAL_ENV} (or pass --credential); "
            "fiveup admin credential --name NAME prints one"
        )
    return token


def run_action(args: argparse.Namespace) -> int:
    """Call the action's method and print its answer (one clear line on failure)."""
    action: Action = args.admin_action
    request = action.request(args)
    token = credential_of(args)
    answer = asyncio.run(_call(args.server, action.method, request, token))
    if args.json:
        print(json_format.MessageToJson(answer, indent=2, sort_keys=True))
    else:
        for line in action.render(answer):
            print(line)
    return 0


async def _call(server: str, method: str, request: Message, token: str) -> Message:
    async with grpc.aio.insecure_channel(server) as channel:
        stub = admin_pb2_grpc.AdminServiceStub(channel)
        call = getattr(stub, method)
        try:
            answer: Message = await call(
                request, metadata=(("authorization", f"Bearer {token}"),), timeout=CALL_TIMEOUT
            )
            return answer
        except grpc.aio.AioRpcError as exc:
            raise AdminCallError(refusal_line(exc, server, method)) from None


def refusal_line(exc: grpc.aio.AioRpcError, server: str, method: str) -> str:
    """``STATUS REASON: message`` (the reason from the error's ErrorInfo, when it has one)."""
    code = exc.code()
    if code is grpc.StatusCode.UNIMPLEMENTED:
        return f"UNIMPLEMENTED: the server at {server} does not offer AdminService.{method} yet"
    if code is grpc.StatusCode.UNAVAILABLE:
        return f"UNAVAILABLE: cannot reach a Five Up server at {server} (--server HOST:PORT)"
    if code is grpc.StatusCode.DEADLINE_EXCEEDED:
        return f"DEADLINE_EXCEEDED: {server} did not answer within {CALL_TIMEOUT:g} s"
    reason = _reason_of(exc)
    details = (exc.details() or "").replace("\n", " ")
    return f"{code.name}{' ' + reason if reason else ''}: {details}"


def _reason_of(exc: grpc.aio.AioRpcError) -> str:
    for key, value in exc.trailing_metadata() or ():
        if key == "grpc-status-details-bin" and isinstance(value, bytes):
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return str(info.reason)
    return ""
