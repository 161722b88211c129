"""The audit log through a real server on SQLite and PostgreSQL: ListAuditLog reads it
newest first, a page at a time, filtered; nothing in the API edits it, and the database
itself refuses to (an UPDATE, a DELETE, a TRUNCATE of ``admin_audit`` fail, the rows
untouched)."""

from __future__ import annotations

import sqlite3

import grpc
import pytest

from fiveup.admin.audit import require_reason
from fiveup.admin.errors import ReasonRequired
from fiveup.admin.ports import MAX_REASON_CHARS, Operator
from fiveup.store.backends import is_postgres
from fiveup.v1 import admin_pb2 as pb

from ..harness import Running, server_fixture
from ..postgres_db import database_on_each_store
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth

db = database_on_each_store("admin_audit")
server = server_fixture(on_each_store=True)

ADA = Operator("local:ada", "ada", 0.0)
BOB = Operator("local:bob", "bob", 0.0)


async def _write(server: Running) -> None:
    """Six entries by two operators on three targets (what the areas' actions write)."""
    assert server.app.contexts is not None
    audit = server.app.contexts.admin.audit
    for n in range(6):
        await audit.record(
            ADA if n % 2 == 0 else BOB, "ImposeSanction" if n < 3 else "GetPlayerProfile",
            "player", f"p{n % 3}", f"reason {n}", {"n": n},
        )  # fmt: skip


async def test_the_log_reads_newest_first_a_page_at_a_time(server: Running) -> None:
    await _write(server)
    stub, md = admin_stub(server), operator_auth(server)
    seen: list[pb.AuditEntry] = []
    token = ""
    while True:
        page = await stub.ListAuditLog(
            pb.ListAuditLogRequest(limit=4, page_token=token), metadata=md
        )
        seen.extend(page.entries)
        token = page.next_page_token
        if not token:
            break
    assert [e.reason for e in seen] == [f"reason {n}" for n in reversed(range(6))]
    ids = [e.entry_id for e in seen]
    assert ids == sorted(ids, reverse=True) and len(set(ids)) == 6
    newest = seen[0]
    assert (newest.operator_id, newest.action, newest.target_kind, newest.target_id) == (
        "local:bob", "GetPlayerProfile", "player", "p2",
    )  # fmt: skip
    assert newest.details_json == '{"n":5}' and newest.at.seconds > 0


@pytest.mark.parametrize(
    ("request_", "reasons"),
    [
        (pb.ListAuditLogRequest(operator_id="local:ada"), [4, 2, 0]),
        (pb.ListAuditLogRequest(target_id="p1"), [4, 1]),
        (pb.ListAuditLogRequest(action="ImposeSanction"), [2, 1, 0]),
        (pb.ListAuditLogRequest(operator_id="local:bob", action="ImposeSanction"), [1]),
        (pb.ListAuditLogRequest(target_id="nobody"), []),
    ],
    ids=["operator", "target", "action", "operator-and-action", "none"],
)
async def test_the_filters_narrow_the_log(
    server: Running, request_: pb.ListAuditLogRequest, reasons: list[int]
) -> None:
    await _write(server)
    page = await admin_stub(server).ListAuditLog(request_, metadata=operator_auth(server))
    assert [e.reason for e in page.entries] == [f"reason {n}" for n in reasons]
    assert not page.next_page_token


@pytest.mark.parametrize(
    "request_",
    [pb.ListAuditLogRequest(limit=201), pb.ListAuditLogRequest(page_token="bm90IGEgdG9rZW4")],
    ids=["limit", "page-token"],
)
async def test_a_bad_page_is_invalid(server: Running, request_: pb.ListAuditLogRequest) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await admin_stub(server).ListAuditLog(request_, metadata=operator_auth(server))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_info(caught.value).reason == "INVALID_ARGUMENT"


async def test_the_database_refuses_to_edit_or_erase_an_entry(server: Running) -> None:
    await _write(server)
    url = str(server.db)
    statements = [
        "UPDATE admin_audit SET reason = 'nothing happened'",
        "DELETE FROM admin_audit WHERE target_id = 'p0'",
    ]
    if is_postgres(url):
        import psycopg

        statements.append("TRUNCATE admin_audit")
        for statement in statements:
            with (
                psycopg.connect(url, autocommit=True) as conn,
                pytest.raises(psycopg.errors.InsufficientPrivilege, match="append-only"),
            ):
                conn.execute(statement)
    else:
        conn = sqlite3.connect(url)
        try:
            for statement in statements:
                with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                    conn.execute(statement)
        finally:
            conn.close()
    page = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(), metadata=operator_auth(server)
    )
    assert [e.reason for e in page.entries] == [f"reason {n}" for n in reversed(range(6))]


def test_the_api_has_no_method_that_edits_the_log() -> None:
    service = pb.DESCRIPTOR.services_by_name["AdminService"]
    touching = [m.name for m in service.methods if "Audit" in m.name]
    assert touching == ["ListAuditLog"]


@pytest.mark.parametrize("reason", ["", "   ", "x" * (MAX_REASON_CHARS + 1)])
def test_a_reason_is_required_and_bounded(reason: str) -> None:
    with pytest.raises(ReasonRequired) as caught:
        require_reason(reason)
    assert caught.value.details["field"] == "reason"
    assert require_reason("  spam in chat ") == "spam in chat"
