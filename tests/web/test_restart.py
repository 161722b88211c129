"""A signed-in browser across restarts of the real local stack (``make run`` is
``python -m fiveup.devstack.webstack``: the server, Envoy and the page), in real headless
Chromium (clients/web/test/restart.mjs).  The script asks for each restart; this test
stops the stack as Ctrl-C does and starts it again on the same ports and database:
twice with the key it keeps beside the database (the browser stays signed in as the same
player), then with a new key (the app renews its session), then with a new key and every
session ended (the app signs in again with its device id: the same player), then with
the device id gone too (the sign-in page keeps its form).  Screenshots:
build/test-artifacts/web/restart/."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

import pytest

from fiveup.identity.keys import local_key_directory

from ..clients.conftest import ROOT, ensure_clients_built
from ..serverproc import TEST_ENV, free_port
from .conftest import ARTIFACTS, CHROMIUM, WEB_DIR, build_web, require_chromium, step

# What Chromium logs while the stack is down (its requests refused): expected then only.
CONNECTION_ERRORS = ("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET", "ERR_EMPTY_RESPONSE",
                     "Failed to load resource", "net::ERR_")  # fmt: skip

pytestmark = pytest.mark.timeout(600)
SHOTS = ARTIFACTS / "restart"
STARTED = "in a browser to play"


class Stack:
    """``python -m fiveup.devstack.webstack`` on fixed ports, stopped with SIGINT (Ctrl-C)."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db = db
        self.log = log
        self.ports = (free_port(), free_port(), free_port())  # page, gateway, gRPC
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    def start(self) -> None:
        page, gateway, grpc_port = self.ports
        env = {k: v for k, v in os.environ.items() if k != "FIVEUP_ACCESS_TOKEN_KEYS"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fiveup.devstack.webstack", "--port", str(page),
             "--gateway-port", str(gateway), "--address", f"127.0.0.1:{grpc_port}",
             "--db", str(self.db), "--web-dir", str(WEB_DIR / "dist")],
            cwd=ROOT, env={**env, **TEST_ENV, "PYTHONUNBUFFERED": "1"}, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        assert self.proc.stdout is not None
        with self.log.open("a") as log:
            for line in self.proc.stdout:
                log.write(line)
                if STARTED in line:
                    return
        raise AssertionError(f"the stack did not start:\n{self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGINT)
        rest, _ = self.proc.communicate(timeout=30)
        with self.log.open("a") as log:
            log.write(rest or "")
        self.proc = None


def end_every_session(db: Path) -> None:
    """What an operator revoking all sessions (or a lost sessions table) leaves."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE player_sessions SET revoked_at = ?, revoked_reason = 'test'", (1.0,))


@contextmanager
def browser(
    stack: Stack, node: str, script: str = "restart.mjs", artifacts: Path = SHOTS
) -> Iterator[subprocess.Popen[str]]:
    env = dict(
        os.environ, FIVEUP_WEB_URL=stack.url, FIVEUP_ARTIFACTS=str(artifacts), CHROMIUM=CHROMIUM,
        NO_COLOR="1",
    )  # fmt: skip
    proc = subprocess.Popen(
        [node, f"test/{script}"], cwd=WEB_DIR, env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def drive(proc: subprocess.Popen[str], stack: Stack, keys: Path, out: TextIO) -> list[str]:
    """Pass the script's restart requests on to the stack until it exits."""
    assert proc.stdout is not None and proc.stdin is not None
    restarts: list[str] = []
    for line in proc.stdout:
        out.write(line)
        if not line.startswith("@restart "):
            continue
        how = line.split()[1]
        down = time.monotonic()
        stack.stop()
        if how.startswith("newkey"):
            shutil.rmtree(keys)
        if how == "newkey-revoke":
            end_every_session(stack.db)
        stack.start()
        restarts.append(how)
        proc.stdin.write(f"restarted {round((time.monotonic() - down) * 1000)}\n")
        proc.stdin.flush()
    return restarts


def test_a_signed_in_browser_across_restarts(tmp_path: Path) -> None:
    require_chromium()
    tools = ensure_clients_built()
    build_web(tools["npm"])
    if SHOTS.exists():
        shutil.rmtree(SHOTS)
    SHOTS.mkdir(parents=True)
    db = tmp_path / "fiveup.sqlite3"
    keys = local_key_directory(str(db))
    stack = Stack(db, SHOTS / "stack.log")
    stack.start()
    try:
        key = keys / "local"
        assert stat.S_IMODE(key.stat().st_mode) == 0o600  # made on first start, private
        first_key = key.read_bytes()
        with browser(stack, tools["node"]) as proc, (SHOTS / "restart.log").open("w") as out:
            restarts = drive(proc, stack, keys, out)
            assert proc.wait(timeout=60) == 0, (SHOTS / "restart.log").read_text()[-3000:]
    finally:
        stack.stop()
    assert restarts == ["keep", "keep", "newkey", "newkey-revoke", "newkey-revoke"]
    report: dict[str, Any] = json.loads((SHOTS / "report.json").read_text())
    assert report["ok"], report.get("error")
    assert not report["consoleErrors"], report["consoleErrors"]
    player = step(report, "signed in")["player"]
    assert player
    assert step(report, "created before")["outcome"] == "table"

    for n in (1, 2):  # the key kept: nothing to renew, the same session and player
        after = step(report, f"after restart {n}")
        assert after["player"] == player and after["error"] is None, after
        assert after["signOut"] == 1 and after["form"] == 0
        assert after["sameRefreshToken"], "the session was renewed: the key did not survive"
        assert after["created"]["outcome"] == "table", after["created"]
        assert after["header"] == "Restarter"

    renewed = step(report, "after a new key")  # the access token refused, refreshed
    assert renewed["player"] == player and renewed["error"] is None and renewed["renewed"]
    assert renewed["created"]["outcome"] == "table"
    assert key.read_bytes() != first_key

    again = step(report, "after sessions ended")  # signed in again with the device id
    assert again["player"] == player and again["error"] is None
    assert again["sameDevice"] and again["newSession"]

    # No device id either: the form, the reason inside it, and a way to sign out.
    stranded = step(report, "stranded")
    assert stranded["loaded"] == "signin" and stranded["form"] == 1, stranded
    assert stranded["errorText"] and stranded["player"] is None
    assert stranded["header"] == "Sign in"  # not the name of a session that is gone
    new_player = step(report, "signed in again")["player"]
    assert new_player and new_player != player


def drive_stop_start(proc: subprocess.Popen[str], stack: Stack, out: TextIO) -> list[str]:
    """Stop the stack at the script's "@stop" and start it again at its "@start"."""
    assert proc.stdout is not None and proc.stdin is not None
    asked: list[str] = []
    down = time.monotonic()
    for line in proc.stdout:
        out.write(line)
        if line.startswith("@stop"):
            down = time.monotonic()
            stack.stop()
            answer = "stopped"
        elif line.startswith("@start"):
            stack.start()
            answer = f"started {round((time.monotonic() - down) * 1000)}"
        else:
            continue
        asked.append(line.strip())
        proc.stdin.write(answer + "\n")
        proc.stdin.flush()
    return asked


def test_a_table_in_play_across_a_server_restart(tmp_path: Path) -> None:
    """The table says the server is gone in one line with its controls disabled, and is
    itself again when the stack is back (same seat, same version, no reload); play goes
    on, and a reload afterwards resumes the seat (clients/web/test/table-restart.mjs)."""
    require_chromium()
    tools = ensure_clients_built()
    build_web(tools["npm"])
    shots = ARTIFACTS / "table-restart"
    if shots.exists():
        shutil.rmtree(shots)
    shots.mkdir(parents=True)
    stack = Stack(tmp_path / "fiveup.sqlite3", shots / "stack.log")
    stack.start()
    try:
        with (
            browser(stack, tools["node"], "table-restart.mjs", shots) as proc,
            (shots / "table-restart.log").open("w") as out,
        ):
            asked = drive_stop_start(proc, stack, out)
            assert proc.wait(timeout=60) == 0, (shots / "table-restart.log").read_text()[-3000:]
    finally:
        stack.stop()
    assert asked == ["@stop", "@start"]
    report: dict[str, Any] = json.loads((shots / "report.json").read_text())
    assert report["ok"], report.get("error")
    # while the stack was down the page may log its refused requests; nothing else
    assert [e for e in report["consoleErrors"] if not any(c in e for c in CONNECTION_ERRORS)] == []

    before, down, back = step(report, "before"), step(report, "down"), step(report, "back")
    assert down["line"].startswith("Offline: reconnecting"), down
    assert down["enabled"] == 0 and down["alerts"] == 0 and down["live"] == "false", down
    assert down["versionWhileDown"] == before["version"], down
    # back by itself: the same seat at the same version, the line gone, the controls back
    assert back["seat"] == before["seat"] and back["version"] == before["version"], back
    assert back["myTurn"] == "true" and back["enabled"] > 0 and back["alerts"] == 0, back
    assert "Offline" not in back["line"] and "Your turn" in back["line"], back
    played = step(report, "played on")
    assert played["played"].count("moved") == 3 or played["played"][-1] == "finished", played
    assert int(played["version"]) > int(before["version"]), played
    reloaded = step(report, "reloaded")
    assert reloaded["seat"] == before["seat"] and reloaded["role"] == "player", reloaded
    assert int(reloaded["version"]) >= int(played["version"]), reloaded
    for name in ("table-restart-down.png", "table-restart-back.png"):
        assert (shots / name).stat().st_size > 10_000, name
