"""How ``fiveup admin``'s answers read: a few aligned lines per answer (``--json`` gives
everything, for scripts).  Each function takes one AdminService response and answers its
lines; nothing here calls the server."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from ..v1 import admin_pb2 as pb
from ..v1 import tournaments_pb2 as tpb


def when(stamp: Timestamp) -> str:
    """``2026-12-31 18:00 UTC``; ``-`` for an unset time."""
    if not stamp.seconds and not stamp.nanos:
        return "-"
    return datetime.fromtimestamp(stamp.seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def enum_name(message: Message, field: str) -> str:
    """A message's enum field by its value's name, less the enum's prefix, lower case:
    ``MATCH_STATUS_IN_PROGRESS`` -> ``in_progress``."""
    descriptor = message.DESCRIPTOR.fields_by_name[field].enum_type
    assert descriptor is not None, field
    value = descriptor.values_by_number.get(getattr(message, field))
    if value is None:
        return str(getattr(message, field))
    prefix = "".join(f"{c}" if not c.isupper() else f"_{c}" for c in descriptor.name)
    return value.name.removeprefix(prefix.strip("_").upper() + "_").lower()


def table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Aligned columns (the last one left ragged)."""
    cells = [[str(c) for c in header], *([str(c) for c in row] for row in rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    return [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells
    ]


def _sanction_row(s: pb.Sanction) -> list[object]:
    lifted = f"lifted {when(s.lifted_at)} by {s.lifted_by}" if s.lifted_by else ""
    return [s.sanction_id, enum_name(s, "kind"), when(s.ends_at), s.operator_id,
            s.reason, lifted]  # fmt: skip


SANCTION_HEADER = ("SANCTION", "KIND", "ENDS", "BY", "REASON", "LIFTED")


def players(answer: pb.FindPlayersResponse) -> list[str]:
    if not answer.players:
        return ["no player found"]
    rows = [
        [p.player_id, p.display_name, "guest" if p.guest else "account", when(p.last_seen_at),
         ", ".join(enum_name(s, "kind") for s in p.active_sanctions) or "-"]
        for p in answer.players
    ]  # fmt: skip
    return table(("PLAYER", "NAME", "KIND", "LAST SEEN", "SANCTIONS"), rows)


def profile(answer: pb.GetPlayerProfileResponse) -> list[str]:
    p, s = answer.player, answer.standing
    lines = [
        f"{p.display_name} ({p.player_id}), {'guest' if p.guest else 'account'}, since"
        f" {when(p.created_at)}, last seen {when(p.last_seen_at)}",
        f"standing: {s.own_moves} own moves, {s.distinct_opponents} distinct opponents,"
        f" {'ranked' if s.ranked else 'not ranked'}",
    ]
    for r in answer.ratings:
        lines.append(f"rating ({r.player_count} players): {r.rating:.1f} ± {r.deviation:.1f},"
                     f" {r.games} games{' (provisional)' if r.provisional else ''}")  # fmt: skip
    if answer.sanctions:
        lines += ["", *table(SANCTION_HEADER, [_sanction_row(x) for x in answer.sanctions])]
    if answer.recent_matches:
        rows = [[m.match_id, enum_name(m, "status"), "rated" if m.rated else "casual",
                 m.seat + 1, when(m.created_at), "won" if m.won else "",
                 "voided" if m.voided else ""] for m in answer.recent_matches]  # fmt: skip
        lines += ["", *table(("MATCH", "STATUS", "MODE", "SEAT", "CREATED", "", ""), rows)]
    if answer.sessions:
        rows = [[x.session_id, when(x.started_at), when(x.last_used_at),
                 "active" if x.active else x.end_reason or "ended"] for x in answer.sessions]  # fmt: skip
        lines += ["", *table(("SESSION", "STARTED", "LAST USED", "STATE"), rows)]
    if answer.addresses:
        rows = [[a.prefix, when(a.first_seen_at), when(a.last_seen_at), a.players_sharing]
                for a in answer.addresses]  # fmt: skip
        lines += ["", *table(("ADDRESS PREFIX", "FIRST SEEN", "LAST SEEN", "SHARED BY"), rows)]
    lines.append(f"reports: {len(answer.reports_filed)} filed,"
                 f" {len(answer.reports_against)} against")  # fmt: skip
    return lines


def sanction(answer: pb.ImposeSanctionResponse | pb.LiftSanctionResponse) -> list[str]:
    return table(SANCTION_HEADER, [_sanction_row(answer.sanction)])


def revoked(answer: pb.RevokePlayerSessionsResponse) -> list[str]:
    return [f"{answer.revoked} session(s) revoked"]


def renamed(answer: pb.ResetPlayerNameResponse) -> list[str]:
    return [f"{answer.player.player_id} is now {answer.player.display_name!r}"]


def _match_rows(found: Sequence[pb.AdminMatchSummary]) -> list[list[object]]:
    return [[m.match_id, enum_name(m, "status"), "rated" if m.rated else "casual",
             ",".join(pid or "-" for pid in m.player_ids), when(m.last_event_at),
             "voided" if m.voided else ""] for m in found]  # fmt: skip


MATCH_HEADER = ("MATCH", "STATUS", "MODE", "PLAYERS", "LAST EVENT", "")


def matches(answer: pb.ListMatchesResponse) -> list[str]:
    if not answer.matches:
        return ["no match found"]
    return table(MATCH_HEADER, _match_rows(answer.matches))


def inspected(answer: pb.InspectMatchResponse) -> list[str]:
    verified = "verified" if answer.shuffle_verified else "NOT verified"
    return [
        *table(MATCH_HEADER, _match_rows([answer.summary])),
        f"shuffle commitment {answer.shuffle_commitment[:16]}…: {verified}",
        f"{len(answer.events)} events; {len(answer.seat_views)} seat views at version"
        f" {answer.views_version} (--json shows them)",
    ]


def ended(answer: pb.EndMatchResponse) -> list[str]:
    return table(MATCH_HEADER, _match_rows([answer.match]))


def voided(answer: pb.VoidResultResponse) -> list[str]:
    lines = table(MATCH_HEADER, _match_rows([answer.match]))
    for c in answer.changes:
        lines.append(f"  {c.player_id} ({c.player_count} players): {c.before:.2f} -> {c.after:.2f}")
    return lines


def _report_rows(found: Sequence[pb.ChatReport]) -> list[list[object]]:
    return [[r.report_id, when(r.created_at), r.reason, r.author_name or r.author_player_id,
             "resolved" if r.resolution else "open", r.text] for r in found]  # fmt: skip


REPORT_HEADER = ("REPORT", "FILED", "REASON", "AUTHOR", "STATE", "MESSAGE")


def reports(answer: pb.ListReportsResponse) -> list[str]:
    if not answer.reports:
        return ["no reports"]
    return table(REPORT_HEADER, _report_rows(answer.reports))


def report(answer: pb.GetReportResponse) -> list[str]:
    lines = table(REPORT_HEADER, _report_rows([answer.report]))
    for m in answer.context:
        mark = ">" if m.reported else " "
        lines.append(f"{mark} {when(m.sent_at)} {m.author_name or m.author_player_id}: {m.text}")
    lines.append(f"other reports against the author: {answer.other_reports_against_author}")
    return lines


def resolved(answer: pb.ResolveReportResponse) -> list[str]:
    lines = [f"report {answer.report.report_id} resolved: {answer.report.resolution}"]
    if answer.HasField("sanction"):
        lines += table(SANCTION_HEADER, [_sanction_row(answer.sanction)])
    return lines


def _signal_rows(found: Sequence[pb.IntegritySignal]) -> list[list[object]]:
    return [[s.signal_id, enum_name(s, "kind"), enum_name(s, "status"), f"{s.score:.2f}",
             ",".join(s.player_ids), s.evidence] for s in found]  # fmt: skip


SIGNAL_HEADER = ("SIGNAL", "KIND", "STATUS", "SCORE", "PLAYERS", "EVIDENCE")


def signals(answer: pb.ListIntegritySignalsResponse) -> list[str]:
    if not answer.signals:
        return ["no signals"]
    return table(SIGNAL_HEADER, _signal_rows(answer.signals))


def signal_resolved(answer: pb.ResolveIntegritySignalResponse) -> list[str]:
    lines = table(SIGNAL_HEADER, _signal_rows([answer.signal]))
    if answer.voided_match_ids:
        lines.append("voided: " + ", ".join(answer.voided_match_ids))
    if answer.sanctions:
        lines += table(SANCTION_HEADER, [_sanction_row(x) for x in answer.sanctions])
    return lines


def deliveries(answer: pb.GetDeliveriesResponse) -> list[str]:
    lines = [f"replica {answer.replica}", ""]
    lines += table(("OUTBOX", "PENDING", "OLDEST", "FAILED"), [
        [b.channel, b.pending, f"{b.oldest_age_seconds:.0f} s", b.failed] for b in answer.outbox
    ])  # fmt: skip
    lines.append("")
    if answer.destinations:
        lines += table(("DESTINATION", "CIRCUIT", "FAILURES", "RETRY AT", "LAST ERROR"), [
            [d.origin, d.circuit, d.consecutive_failures, when(d.retry_at), d.last_error]
            for d in answer.destinations
        ])  # fmt: skip
    else:
        lines.append("no failing destination")
    lines.append("")
    if answer.refusals:
        lines += table(("EDGE", "REASON", "REFUSED"),
                       [[c.edge, c.reason, c.count] for c in answer.refusals])  # fmt: skip
    else:
        lines.append("no refusals since this replica started")
    lines.append("")
    lines += table(("STREAM POOL", "OPEN", "LIMIT"), [
        [p.pool, p.open, p.limit or "none"] for p in answer.stream_pools
    ])  # fmt: skip
    return lines


def audit(answer: pb.ListAuditLogResponse) -> list[str]:
    if not answer.entries:
        return ["the audit log has no such entry"]
    rows = []
    for e in answer.entries:
        details = json.loads(e.details_json or "{}")
        rows.append([e.entry_id, when(e.at), e.operator_id, e.action,
                     f"{e.target_kind}:{e.target_id}", e.reason,
                     json.dumps(details, separators=(",", ":")) if details else ""])  # fmt: skip
    return table(("ENTRY", "AT", "OPERATOR", "ACTION", "TARGET", "REASON", "DETAILS"), rows)


def _tournament_line(t: tpb.TournamentSummary) -> list[object]:
    s = t.settings
    size = f"{s.seats}-seat {enum_name(s, 'format')}"
    invited = f", {len(s.entry.invited_player_ids)} invited" if s.entry.invited_player_ids else ""
    return [t.tournament_id, s.name, size, "rated" if s.rated else "casual",
            enum_name(t, "state"), f"{t.entrants}/{s.capacity}{invited}",
            when(s.starts_at), t.created_by]  # fmt: skip


TOURNAMENT_HEADER = ("TOURNAMENT", "NAME", "FORMAT", "KIND", "STATE", "ENTRANTS", "STARTS", "BY")


def tournament_created(answer: pb.AdminServiceCreateTournamentResponse) -> list[str]:
    return table(TOURNAMENT_HEADER, [_tournament_line(answer.tournament)])


def tournament_cancelled(answer: pb.CancelTournamentResponse) -> list[str]:
    t = answer.tournament
    head = "was cancelled already" if answer.already_cancelled else "cancelled"
    ended = ", ".join(answer.ended_match_ids) or "none"
    return [f"{t.settings.name} ({t.tournament_id}) {head}; tables ended: {ended}"]


def tournaments(answer: pb.AdminServiceListTournamentsResponse) -> list[str]:
    if not answer.tournaments:
        return ["no tournament"]
    return table(TOURNAMENT_HEADER, [_tournament_line(t) for t in answer.tournaments])


def tournament_integrity(answer: pb.GetTournamentIntegrityResponse) -> list[str]:
    t = answer.tournament
    lines = [f"{t.settings.name} ({t.tournament_id}), {enum_name(t, 'state')},"
             f" {t.entrants} entrants"]  # fmt: skip

    def section(title: str, rows: list[list[object]], header: Sequence[str]) -> None:
        lines.append("")
        lines.append(f"{title}: {len(rows) or 'none'}")
        if rows:
            lines.extend(table(header, rows))

    pair_header = ("PLAYERS", "TABLES", "MATCHES")
    section("partners", [[" + ".join(p.player_ids), len(p.match_ids), " ".join(p.match_ids)]
                         for p in answer.partners], pair_header)  # fmt: skip
    section("repeated meetings", [[" + ".join(p.player_ids), len(p.match_ids),
                                   " ".join(p.match_ids)] for p in answer.repeated_meetings],
            pair_header)  # fmt: skip
    conceded_header = ("MATCH", "ROUND", "CONCEDED BY", "REASON", "PLAYERS")
    for title, tables in (("early endings", answer.early_endings),
                          ("forfeits", answer.forfeits)):  # fmt: skip
        section(title, [[c.match_id, c.round, c.conceded_by or "-", c.reason,
                         " ".join(c.player_ids)] for c in tables], conceded_header)  # fmt: skip
    section("shared addresses", [[s.prefix, s.tables_together, " ".join(s.player_ids)]
                                 for s in answer.shared_addresses],
            ("PREFIX", "TABLES TOGETHER", "PLAYERS"))  # fmt: skip
    lines.append("")
    lines.append(f"withdrawn: {' '.join(answer.withdrawn_player_ids) or 'none'}")
    return lines
