"""Hostile input to the players area, from an operator (a stolen credential, a buggy
console): every answer is a documented status with an ErrorInfo reason -- never
INTERNAL, UNKNOWN or a hang -- and a refused call leaves the player and the audit log as
they were.  The inputs are the ones that break queries and parsers: LIKE's own
characters, quotes, NUL and control characters, bidirectional overrides, huge and
negative numbers, timestamps at the edges of what protobuf allows."""

from __future__ import annotations

import itertools
import time

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from fiveup.api.errors import STATUS_BY_REASON
from fiveup.v1 import admin_pb2 as pb

from ..harness import Running
from ..service.helpers import error_info
from .operators import admin_stub, operator_auth, sign_in_guest

DOCUMENTED = set(STATUS_BY_REASON.values())
TEXTS = [
    "", " ", "%", "_", "%%", "\\", "' OR '1'='1", '"; DROP TABLE players; --', "\x00",
    "a\x00b", "\u202eevil", "\u200b", "\ud7ff", "🂡" * 40, "x" * 10_000, "p:" + "0" * 32,
    "0" * 32, "-1", "18446744073709551616", "../../etc/passwd",
]  # fmt: skip
KINDS = [0, 1, 2, 3, 4, -1, 2**31 - 1]


def stamp(seconds: float) -> Timestamp:
    out = Timestamp()
    out.seconds = int(seconds)
    return out


def stamps() -> list[Timestamp]:
    """The edges protobuf allows, and one valid end (an hour ahead, taken when the test
    runs: a module-level one can be in the past by then on a slow machine)."""
    return [stamp(1), stamp(-62135596800), stamp(253402300799), stamp(time.time() + 3600)]


def requests(player_id: str) -> list[tuple[str, object]]:
    """(method, request) pairs: each hostile text in each text field, the others sane."""
    found: list[tuple[str, object]] = []
    for text in TEXTS:
        found += [
            ("FindPlayers", pb.FindPlayersRequest(query=text)),
            ("FindPlayers", pb.FindPlayersRequest(query="ab" + text, limit=7)),
            ("GetPlayerProfile", pb.GetPlayerProfileRequest(player_id=text, reason="r")),
            ("GetPlayerProfile", pb.GetPlayerProfileRequest(player_id=player_id, reason=text)),
            ("RevokePlayerSessions", pb.RevokePlayerSessionsRequest(player_id=text, reason="r")),
            ("ResetPlayerName",
             pb.ResetPlayerNameRequest(player_id=player_id, display_name=text, reason="r")),
            ("LiftSanction",
             pb.LiftSanctionRequest(player_id=player_id, sanction_id=text, reason="r")),
            ("ListAuditLog", pb.ListAuditLogRequest(page_token=text)),
            ("ListAuditLog", pb.ListAuditLogRequest(operator_id=text, target_id=text)),
        ]  # fmt: skip
    for kind, when in itertools.product(KINDS, stamps()):
        found.append(
            ("ImposeSanction",
             pb.ImposeSanctionRequest(player_id=player_id, kind=kind, ends_at=when, reason="r"))
        )  # fmt: skip
    found.append(("FindPlayers", pb.FindPlayersRequest(query="abc", limit=2**32 - 1)))
    found.append(("ListAuditLog", pb.ListAuditLogRequest(limit=2**32 - 1)))
    return found


async def test_hostile_requests_get_documented_refusals_and_change_nothing(
    server: Running,
) -> None:
    session = await sign_in_guest(server.channel, "Target")
    player_id = session.player.player_id
    stub, md = admin_stub(server), operator_auth(server)
    before = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=player_id, reason="before"), metadata=md
    )
    problems, answered = [], {}
    for method, request in requests(player_id):
        try:
            await getattr(stub, method)(request, metadata=md, timeout=30)
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in DOCUMENTED or not error_info(exc).reason:
                problems.append(f"{method} {str(request)[:80]!r}: {exc.code()} {exc.details()}")
            continue
        answered[method] = answered.get(method, 0) + 1
    assert problems == []
    after = await stub.GetPlayerProfile(
        pb.GetPlayerProfileRequest(player_id=player_id, reason="after"), metadata=md
    )
    # Of the writes only the valid sanctions (kinds 1-3 an hour ahead) and the valid
    # renames went through; the player is otherwise as they were.
    assert sorted(s.kind for s in after.sanctions) == [1, 2, 3]
    assert after.player.player_id == before.player.player_id
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(limit=200), metadata=md)
    actions = [e.action for e in log.entries]
    assert actions.count("ImposeSanction") == 3
    assert actions.count("ResetPlayerName") == answered.get("ResetPlayerName", 0)
    assert "RevokePlayerSessions" not in actions and "LiftSanction" not in actions


@pytest.mark.parametrize("size", [1, 500, 501, 5_000])
async def test_a_long_reason_is_refused_or_kept_whole(server: Running, size: int) -> None:
    session = await sign_in_guest(server.channel, f"Reasoned {size}")
    stub, md = admin_stub(server), operator_auth(server)
    request = pb.GetPlayerProfileRequest(player_id=session.player.player_id, reason="r" * size)
    if size > 500:
        with pytest.raises(grpc.aio.AioRpcError) as caught:
            await stub.GetPlayerProfile(request, metadata=md)
        assert error_info(caught.value).reason == "REASON_REQUIRED"
        return
    await stub.GetPlayerProfile(request, metadata=md)
    log = await stub.ListAuditLog(pb.ListAuditLogRequest(), metadata=md)
    assert log.entries[0].reason == "r" * size
