"""``fiveup admin`` against a real server: the real command in a subprocess (no terminal),
the server in this process (its own keys sign the operator credential the command is
given through its environment).  The players' actions, the audit log and the deliveries
read as lines and as JSON; every failure is one line (status, reason, message) and a
non-zero exit, never a traceback, and the credential is never printed."""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from fiveup.v1 import admin_pb2 as pb

from ..admin.operators import admin_stub, operator_auth, operator_token, player_token, sign_in_guest
from ..harness import Running, server_fixture
from .conftest import FIVEUP

server = server_fixture()


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


async def fiveup_admin(
    server: Running, *args: str, credential: str | None = "", json_out: bool = False
) -> Done:
    """``fiveup admin ARGS --server <server>``, with ``credential`` in the environment
    (``""``: a fresh operator's; None: none at all)."""
    env = {k: v for k, v in os.environ.items() if k != "FIVEUP_OPERATOR_CREDENTIAL"}
    if credential is not None:
        env["FIVEUP_OPERATOR_CREDENTIAL"] = credential or operator_token(server, "cli")
    address = f"127.0.0.1:{server.app.port}"
    flags = ["--server", address, *(["--json"] if json_out else [])]
    proc = await asyncio.create_subprocess_exec(
        *FIVEUP, "admin", *args, *flags, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode is not None
    return Done(proc.returncode, out.decode(), err.decode())


def one_line(done: Done) -> str:
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("fiveup admin: "), lines[0]
    return lines[0].removeprefix("fiveup admin: ")


async def test_the_players_actions_read_as_lines_and_land_in_the_audit_log(
    server: Running,
) -> None:
    asha = (await sign_in_guest(server.channel, "Asha Rao")).player
    found = await fiveup_admin(server, "players", "find", "asha")
    assert found.returncode == 0, found.stderr
    assert asha.player_id in found.stdout and "Asha Rao" in found.stdout

    shown = await fiveup_admin(server, "players", "show", asha.player_id, "--reason", "ticket 7")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(f"Asha Rao ({asha.player_id})")

    day = (datetime.now(UTC) + timedelta(days=30)).date()
    sanctioned = await fiveup_admin(
        server, "players", "sanction", asha.player_id, "--kind", "chat-silence",
        "--until", day.isoformat(), "--reason", "slurs in chat", json_out=True,
    )  # fmt: skip
    assert sanctioned.returncode == 0, sanctioned.stderr
    sanction = json.loads(sanctioned.stdout)["sanction"]
    assert sanction["kind"] == "SANCTION_KIND_CHAT_SILENCE"
    # the end of the day named
    assert sanction["endsAt"] == f"{day + timedelta(days=1)}T00:00:00Z"

    lifted = await fiveup_admin(
        server, "players", "lift", asha.player_id, sanction["sanctionId"], "--reason", "appeal"
    )
    assert lifted.returncode == 0 and "lifted" in lifted.stdout, lifted.stderr
    revoked = await fiveup_admin(
        server, "players", "revoke-sessions", asha.player_id, "--reason", "stolen device"
    )
    assert revoked.stdout.strip() == "1 session(s) revoked", revoked.stderr
    renamed = await fiveup_admin(
        server, "players", "rename", asha.player_id, "Calm Player", "--reason", "name rules"
    )
    assert renamed.stdout.strip() == f"{asha.player_id} is now 'Calm Player'", renamed.stderr

    log = await admin_stub(server).ListAuditLog(
        pb.ListAuditLogRequest(target_id=asha.player_id), metadata=operator_auth(server)
    )
    assert [(e.operator_id, e.action, e.reason) for e in reversed(log.entries)] == [
        ("local:cli", "GetPlayerProfile", "ticket 7"),
        ("local:cli", "ImposeSanction", "slurs in chat"),
        ("local:cli", "LiftSanction", "appeal"),
        ("local:cli", "RevokePlayerSessions", "stolen device"),
        ("local:cli", "ResetPlayerName", "name rules"),
    ]
    audit = await fiveup_admin(server, "audit", "--target", asha.player_id)
    assert audit.returncode == 0, audit.stderr
    lines = audit.stdout.splitlines()
    assert lines[0].split()[:4] == ["ENTRY", "AT", "OPERATOR", "ACTION"]
    assert [line.split()[5] for line in lines[1:]] == [
        "ResetPlayerName", "RevokePlayerSessions", "LiftSanction", "ImposeSanction",
        "GetPlayerProfile",
    ]  # fmt: skip
    mine = await fiveup_admin(server, "audit", "--operator", "local:nobody")
    assert mine.stdout.strip() == "the audit log has no such entry"


async def test_the_deliveries_view(server: Running) -> None:
    done = await fiveup_admin(server, "deliveries")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("replica ")
    assert "OUTBOX" in done.stdout and "STREAM POOL" in done.stdout
    as_json = json.loads((await fiveup_admin(server, "deliveries", json_out=True)).stdout)
    assert {b["channel"] for b in as_json["outbox"]} == {"web_push", "webhook"}


async def test_every_failure_is_one_line_and_the_credential_never_shows(server: Running) -> None:
    guest = (await sign_in_guest(server.channel, "Bo")).player
    line = one_line(await fiveup_admin(server, "players", "find", "bo", credential=None))
    assert line.startswith("no operator credential: set FIVEUP_OPERATOR_CREDENTIAL")

    token = await player_token(server, "Mallory")
    done = await fiveup_admin(server, "players", "find", "bo", credential=token)
    assert one_line(done).startswith("PERMISSION_DENIED NOT_AN_OPERATOR: ")
    assert token not in done.stdout + done.stderr

    line = one_line(await fiveup_admin(server, "players", "show", "nobody-at-all", "--reason", "x"))
    assert line.startswith("NOT_FOUND PLAYER_NOT_FOUND: ")
    line = one_line(await fiveup_admin(server, "players", "show", guest.player_id))
    assert line.startswith("INVALID_ARGUMENT REASON_REQUIRED: ")
    done = await fiveup_admin(server, "players", "find", "bo", credential="not-a-token")
    assert one_line(done).startswith("UNAUTHENTICATED ")

    operator = operator_token(server, "quiet")
    done = await fiveup_admin(
        server, "players", "revoke-sessions", guest.player_id, "--reason", "", credential=operator
    )
    assert one_line(done).startswith("INVALID_ARGUMENT REASON_REQUIRED: ")
    assert operator not in done.stdout + done.stderr


async def test_a_server_that_is_not_there(server: Running) -> None:
    env = dict(os.environ, FIVEUP_OPERATOR_CREDENTIAL="x")
    proc = await asyncio.create_subprocess_exec(
        *FIVEUP, "admin", "deliveries", "--server", "127.0.0.1:1", env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    line = one_line(Done(proc.returncode or 0, "", err.decode()))
    assert line.startswith("UNAVAILABLE: cannot reach a Five Up server at 127.0.0.1:1")


async def test_the_old_chat_command_points_to_fiveup_admin() -> None:
    proc = await asyncio.create_subprocess_exec(
        *FIVEUP, "chat", "reports", "--db", "x.sqlite3", stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(proc.communicate(), timeout=60)
    assert proc.returncode == 2
    (line,) = err.decode().strip().splitlines()
    assert line.startswith("fiveup chat: replaced by fiveup admin")


async def test_tournaments_are_created_listed_and_cancelled(server: Running) -> None:
    invited = (await sign_in_guest(server.channel, "Ira")).player
    starts = (datetime.now(UTC) + timedelta(days=2)).strftime("%Y-%m-%dT18:00")
    create = ("tournaments", "create", "Club Night", "--seats", "4", "--capacity", "40",
              "--rated", "--starts", starts, "--invite", invited.player_id,
              "--reason", "monthly club night")  # fmt: skip
    made = await fiveup_admin(server, *create, json_out=True)
    assert made.returncode == 0, made.stderr
    tournament = json.loads(made.stdout)["tournament"]
    tid = tournament["tournamentId"]
    assert tournament["settings"]["rated"] and tournament["settings"]["capacity"] == 40
    again = await fiveup_admin(server, *create, json_out=True)  # the same command: no second
    assert json.loads(again.stdout)["tournament"]["tournamentId"] == tid
    listed = await fiveup_admin(server, "tournaments", "list")
    assert listed.returncode == 0, listed.stderr
    (row,) = listed.stdout.splitlines()[1:]
    assert row.startswith(tid) and "Club Night" in row and "4-seat swiss" in row
    assert "rated" in row and "0/40, 1 invited" in row

    off = await fiveup_admin(server, "tournaments", "cancel", tid, "--reason", "venue shut")
    assert off.returncode == 0, off.stderr
    assert off.stdout.strip() == f"Club Night ({tid}) cancelled; tables ended: none"
    off = await fiveup_admin(server, "tournaments", "cancel", tid, "--reason", "venue shut")
    assert "was cancelled already" in off.stdout
    cancelled = await fiveup_admin(server, "tournaments", "list", "--state", "cancelled")
    assert tid in cancelled.stdout
    facts = await fiveup_admin(server, "tournaments", "integrity", tid, "--reason", "ticket 9")
    assert facts.returncode == 0, facts.stderr
    assert facts.stdout.startswith(f"Club Night ({tid}), cancelled, 0 entrants")
    assert "early endings: none" in facts.stdout and "withdrawn: none" in facts.stdout

    line = one_line(await fiveup_admin(server, "tournaments", "cancel", tid))
    assert line.startswith("INVALID_ARGUMENT REASON_REQUIRED: ")
    line = one_line(await fiveup_admin(server, "tournaments", "cancel", "nope", "--reason", "x"))
    assert line.startswith("NOT_FOUND TOURNAMENT_NOT_FOUND: ")
    too_big = ("tournaments", "create", "Huge", "--capacity", "100000", "--starts", "+60",
               "--reason", "x")  # fmt: skip
    line = one_line(await fiveup_admin(server, *too_big))
    assert line.startswith("INVALID_ARGUMENT ") and "capacity" in line
