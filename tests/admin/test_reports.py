"""The chat report queue through a real server, on SQLite and PostgreSQL: players report
messages through ChatService; an operator lists the queue (open oldest first, then
resolved latest first, each with the message as reported), reads one report with the
messages around it as the room held them -- a partner's held message and a silenced
player's shadowed one included, marked -- and how many other reports target its author,
and resolves it, silencing the author in the same step (their next message reaches
nobody).  Bad input and a second resolution are refused with their reasons and change
nothing; every read and action is in the audit log, with its reason."""

from __future__ import annotations

import time

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.v1 import admin_pb2 as pb
from fiveup.v1 import chat_pb2
from fiveup.v1 import match_pb2 as mpb

from ..harness import Running, auth, human, server_fixture
from ..postgres_db import database_on_each_store
from ..service.chat_table import Seat, Table, words
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth, sign_in_guest

db = database_on_each_store("admin_reports")
server = server_fixture(on_each_store=True)
DAY = 86_400.0


def at(seconds: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


async def table_of(server: Running, names: list[str], anonymous: tuple[int, ...] = ()) -> tuple[
    Table, list[str]
]:  # fmt: skip
    """A match whose seats are guests signed in now (an anonymous seat token for the
    seats in ``anonymous``), and their player ids ("" for an anonymous seat)."""
    created = await server.matches.CreateMatch(
        mpb.CreateMatchRequest(seats=[human() for _ in names], unrated=True, target_points=5)
    )
    seats, ids = [], []
    for n, name in enumerate(names):
        if n in anonymous:
            joined = await server.matches.JoinMatch(
                mpb.JoinMatchRequest(match_id=created.match_id, seat=n)
            )
            seats.append(Seat(n, joined.seat_token))
            ids.append("")
            continue
        session = await sign_in_guest(server.channel, name)
        await server.matches.JoinMatch(
            mpb.JoinMatchRequest(match_id=created.match_id, seat=n),
            metadata=auth(session.access_token),
        )
        seats.append(Seat(n, session.access_token, name))
        ids.append(session.player.player_id)
    return Table(server, created.match_id, seats), ids


async def report(table: Table, seat: int, message_id: int, comment: str = "") -> None:
    answer = await table.chat.ReportChatMessage(
        chat_pb2.ReportChatMessageRequest(
            match_id=table.match_id, message_id=message_id,
            reason=chat_pb2.CHAT_REPORT_REASON_ABUSE, comment=comment,
        ),
        metadata=auth(table.seats[seat].token),
    )  # fmt: skip
    assert answer.reported


async def refused(call: object, code: grpc.StatusCode, reason: str, field: str = "") -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await call  # type: ignore[misc]
    assert caught.value.code() == code, caught.value
    info = error_info(caught.value)
    assert info.reason == reason, info
    if field:
        assert info.metadata["field"] == field, info


async def audit(server: Running, action: str) -> list[pb.AuditEntry]:
    answer = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(action=action), metadata=operator_auth(server)
    )
    return list(answer.entries)


async def test_an_operator_works_the_report_queue(server: Running) -> None:
    admin, ops = admin_stub(server), operator_auth(server)
    # seats 0+2 against 1+3: during a round, free text is held until the round ends
    table, (asha, bilal, chen, dev) = await table_of(server, ["Asha", "Bilal", "Chen", "Dev"])
    held = await table.say(1, text="I hold the 6-6, lead sixes")
    assert held.held
    await table.play_to_end()  # a 5-point match; the held line was released with its round
    await admin.ImposeSanction(
        pb.ImposeSanctionRequest(player_id=dev, kind=pb.SANCTION_KIND_CHAT_SILENCE,
                                 ends_at=at(time.time() + DAY), reason="spammer"),
        metadata=ops,
    )  # fmt: skip
    hello = await table.say(0, text="good luck next time")
    rude = await table.say(2, text="you are all idiots")
    shadowed = await table.say(3, text="cheap coins at example dot com")
    later = await table.say(0, text="that was rude")
    assert not rude.held
    assert words(await table.read(0)) == [
        "I hold the 6-6, lead sixes", "good luck next time", "you are all idiots",
        "that was rude",
    ]  # fmt: skip
    await report(table, 0, rude.message_id, "insults")
    await report(table, 1, rude.message_id)
    await report(table, 2, hello.message_id, "spam?")
    anon_table, (eve, _) = await table_of(server, ["Eve", ""], anonymous=(1,))
    anon = await anon_table.say(1, phrase="hello")  # an anonymous seat sends phrases
    await report(anon_table, 0, anon.message_id)

    # no reason: refused, nothing read, nothing recorded
    await refused(admin.ListReports(pb.ListReportsRequest(), metadata=ops),
                  grpc.StatusCode.INVALID_ARGUMENT, "REASON_REQUIRED", "reason")  # fmt: skip
    assert await audit(server, "ListReports") == []
    listed = await admin.ListReports(
        pb.ListReportsRequest(open_only=True, reason="daily queue"), metadata=ops
    )
    assert [(r.text, r.reporter_player_id, r.comment) for r in listed.reports] == [
        ("you are all idiots", asha, "insults"), ("you are all idiots", bilal, ""),
        ("good luck next time", chen, "spam?"), ("hello", eve, ""),
    ]  # fmt: skip
    first = listed.reports[0]
    assert (first.author_player_id, first.author_name, first.match_id) == (
        chen, "Chen", table.match_id,
    )  # fmt: skip
    assert first.message_id == rude.message_id and first.reason == "abuse"
    assert not first.HasField("resolved_at") and listed.reports[3].author_player_id == ""

    got = await admin.GetReport(
        pb.GetReportRequest(report_id=first.report_id, reason="reading the context"), metadata=ops
    )
    assert got.report == first and got.other_reports_against_author == 1
    assert [(m.text, m.reported, m.held, m.shadowed) for m in got.context] == [
        ("I hold the 6-6, lead sixes", False, True, False),
        ("good luck next time", False, False, False),
        ("you are all idiots", True, False, False),
        ("cheap coins at example dot com", False, False, True),
        ("that was rude", False, False, False),
    ]
    assert [m.author_player_id for m in got.context] == [bilal, asha, chen, dev, asha]
    assert got.context[0].message_id == held.message_id
    assert got.context[3].message_id == shadowed.message_id
    assert got.context[4].message_id == later.message_id

    # unknown and malformed ids, no reason: refused, nothing recorded
    for request, code, reason, field in [
        (pb.GetReportRequest(report_id="99999", reason="look"), grpc.StatusCode.NOT_FOUND,
         "REPORT_NOT_FOUND", "report_id"),
        (pb.GetReportRequest(report_id="one", reason="look"), grpc.StatusCode.INVALID_ARGUMENT,
         "INVALID_ARGUMENT", "report_id"),
        (pb.GetReportRequest(report_id=first.report_id), grpc.StatusCode.INVALID_ARGUMENT,
         "REASON_REQUIRED", "reason"),
    ]:  # fmt: skip
        await refused(admin.GetReport(request, metadata=ops), code, reason, field)
    assert len(await audit(server, "GetReport")) == 1

    # resolving: bad input first, each refused with the report still open
    tomorrow = at(time.time() + DAY)
    bad = [
        (pb.ResolveReportRequest(report_id=first.report_id), "REASON_REQUIRED", "resolution"),
        (pb.ResolveReportRequest(report_id=first.report_id, resolution="silenced",
                                 sanction=pb.SANCTION_KIND_CHAT_SILENCE),
         "INVALID_ARGUMENT", "sanction_ends_at"),
        (pb.ResolveReportRequest(report_id=first.report_id, resolution="silenced",
                                 sanction=pb.SANCTION_KIND_CHAT_SILENCE,
                                 sanction_ends_at=at(time.time() - 60)),
         "INVALID_ARGUMENT", "sanction_ends_at"),
        (pb.ResolveReportRequest(report_id=first.report_id, resolution="silenced",
                                 sanction_ends_at=tomorrow), "INVALID_ARGUMENT", "sanction"),
        (pb.ResolveReportRequest(report_id=listed.reports[3].report_id, resolution="silenced",
                                 sanction=pb.SANCTION_KIND_CHAT_SILENCE,
                                 sanction_ends_at=tomorrow), "INVALID_ARGUMENT", "sanction"),
    ]  # fmt: skip
    for request, reason, field in bad:
        await refused(admin.ResolveReport(request, metadata=ops),
                      grpc.StatusCode.INVALID_ARGUMENT, reason, field)  # fmt: skip
    still = await admin.ListReports(pb.ListReportsRequest(open_only=True, reason="check"),
                                    metadata=ops)  # fmt: skip
    assert still.reports == listed.reports
    assert (
        await audit(server, "ResolveReport") == []
        and len(await audit(server, "ImposeSanction")) == 1
    )

    done = await admin.ResolveReport(
        pb.ResolveReportRequest(report_id=first.report_id, resolution="insults: silenced a day",
                                sanction=pb.SANCTION_KIND_CHAT_SILENCE, sanction_ends_at=tomorrow),
        metadata=ops,
    )  # fmt: skip
    assert done.report.resolution == "insults: silenced a day" and done.report.HasField(
        "resolved_at"
    )
    assert done.sanction.kind == pb.SANCTION_KIND_CHAT_SILENCE and done.sanction.sanction_id
    assert done.sanction.ends_at == tomorrow and done.sanction.operator_id == "local:ops"
    # the silence is a shadow ban: Chen's next message reaches nobody but Chen
    await table.say(2, text="still here")
    assert "still here" not in words(await table.read(0))
    assert "still here" in words(await table.read(2))
    # twice: refused, no second sanction
    await refused(
        admin.ResolveReport(
            pb.ResolveReportRequest(report_id=first.report_id, resolution="again",
                                    sanction=pb.SANCTION_KIND_SIGN_IN_SUSPENSION,
                                    sanction_ends_at=tomorrow),
            metadata=ops,
        ),
        grpc.StatusCode.FAILED_PRECONDITION, "REPORT_ALREADY_RESOLVED", "report_id",
    )  # fmt: skip
    profile = await admin.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=chen, reason="after the report"), metadata=ops
    )
    assert [s.kind for s in profile.sanctions] == [pb.SANCTION_KIND_CHAT_SILENCE]
    plain = await admin.ResolveReport(
        pb.ResolveReportRequest(report_id=listed.reports[2].report_id, resolution="not spam"),
        metadata=ops,
    )
    assert not plain.HasField("sanction") and plain.report.resolution == "not spam"

    # the queue: open ones oldest first, then the resolved, latest first
    queue = await admin.ListReports(pb.ListReportsRequest(reason="after"), metadata=ops)
    assert [(r.report_id, r.resolution) for r in queue.reports] == [
        (listed.reports[1].report_id, ""), (listed.reports[3].report_id, ""),
        (listed.reports[2].report_id, "not spam"),
        (first.report_id, "insults: silenced a day"),
    ]  # fmt: skip
    assert [r.report_id for r in (await admin.ListReports(
        pb.ListReportsRequest(reason="two", limit=2), metadata=ops)).reports] == [
        listed.reports[1].report_id, listed.reports[3].report_id,
    ]  # fmt: skip
    await refused(admin.ListReports(pb.ListReportsRequest(reason="x", limit=101), metadata=ops),
                  grpc.StatusCode.INVALID_ARGUMENT, "INVALID_ARGUMENT", "limit")  # fmt: skip

    # the audit log: who read and did what, on which report, and why
    [resolved_first, resolved_plain] = sorted(
        await audit(server, "ResolveReport"), key=lambda e: e.entry_id
    )
    assert (resolved_first.operator_id, resolved_first.target_kind, resolved_first.target_id,
            resolved_first.reason) == ("local:ops", "report", first.report_id,
                                       "insults: silenced a day")  # fmt: skip
    assert '"sanction":"chat_silence"' in resolved_first.details_json
    assert resolved_plain.target_id == listed.reports[2].report_id
    [read] = await audit(server, "GetReport")
    assert (read.target_id, read.reason) == (first.report_id, "reading the context")
    assert [e.reason for e in await audit(server, "ListReports")] == [
        "two", "after", "check", "daily queue",
    ]  # newest first  # fmt: skip
    imposed = await audit(server, "ImposeSanction")
    assert [(e.target_id, e.reason) for e in imposed] == [
        (chen, "insults: silenced a day"), (dev, "spammer"),
    ]  # fmt: skip
