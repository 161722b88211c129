"""The conformance suite (clients/conformance/): every runner plays every case of
cases.json against one real server -- native gRPC straight to it, gRPC-Web and REST
through the Envoy gateway in front of it -- and must report all of them passed.

A runner whose toolchain is missing skips here (fails under CI=true).  Each runner is a
separate process that prints one line per case and `N passed, N failed` last; the test
checks that line against the number of cases in the file."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..web.conftest import require_chromium
from .conftest import ROOT, Stack, ensure_clients_built

CONFORMANCE = ROOT / "clients" / "conformance"
CASES = CONFORMANCE / "cases.json"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")
RUNNER_TIMEOUT = 240


@dataclass(frozen=True)
class Runner:
    """How to start one client's runner: its command (built once its toolchain is ready:
    a missing one skips, or fails under CI=true) and its target."""

    command: Callable[[], list[str]]
    via_gateway: bool  # gRPC-Web and REST go through Envoy; native gRPC straight to the server


def python_runner(script: str) -> Callable[[], list[str]]:
    return lambda: [sys.executable, str(CONFORMANCE / "python" / script)]


def node_runner(script: str, browser: bool = False) -> Callable[[], list[str]]:
    def command() -> list[str]:
        if browser:
            require_chromium()
        tools = ensure_clients_built()  # npm ci (when the lock changed) and the SDK's build
        return [tools["node"], str(CONFORMANCE / script)]

    return command


RUNNERS: dict[str, Runner] = {
    "python": Runner(python_runner("run_grpc.py"), via_gateway=False),
    "rest": Runner(python_runner("run_rest.py"), via_gateway=True),
    "node": Runner(node_runner("node/run.mjs"), via_gateway=False),
    "browser": Runner(node_runner("web/run.mjs", browser=True), via_gateway=True),
}


def case_names() -> list[str]:
    return [case["name"] for case in json.loads(CASES.read_text())["cases"]]


def run_runner(name: str, stack: Stack, *only: str) -> tuple[int, int, str]:
    runner = RUNNERS[name]
    target = stack.gateway.url if runner.via_gateway else stack.server.address
    try:
        done = subprocess.run(
            [*runner.command(), str(CASES), target, *only], cwd=ROOT, capture_output=True,
            text=True, timeout=RUNNER_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the {name} runner took over {RUNNER_TIMEOUT}s:\n{exc.stdout!r}")
    lines = done.stdout.strip().splitlines()
    found = SUMMARY.match(lines[-1]) if lines else None
    assert found, f"{name}: no 'N passed, N failed' line:\n{done.stdout}\n{done.stderr[-3000:]}"
    return int(found.group(1)), int(found.group(2)), done.stdout + done.stderr


def test_the_case_file_names_each_case_once_and_uses_only_known_steps() -> None:
    suite = json.loads(CASES.read_text())
    assert suite["format"] == 1
    names = case_names()
    assert len(names) == len(set(names)) >= 9
    procedures = {"turn", "play_to_end", "watch", "hidden_hands"}
    for case in suite["cases"]:
        for step in case["steps"]:
            assert ("call" in step) != ("do" in step), (case["name"], step)
            assert "call" in step or step["do"] in procedures, (case["name"], step)
            expect = step.get("expect", {})
            if expect.get("code", "OK") != "OK":
                assert expect.get("reason"), f"{case['name']}: an expected error names no reason"


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_every_runner_passes_every_case(name: str, stack: Stack) -> None:
    passed, failed, output = run_runner(name, stack)
    assert (passed, failed) == (len(case_names()), 0), output


def test_a_runner_reports_a_case_that_fails(stack: Stack, tmp_path: Path) -> None:
    """The suite can fail: a case expecting the wrong reason is reported, and counted."""
    suite = json.loads(CASES.read_text())
    wrong = next(c for c in suite["cases"] if c["name"] == "auth/bad-token")
    wrong["steps"][0]["expect"]["reason"] = "TOKEN_EXPIRED"
    suite["cases"] = [wrong, next(c for c in suite["cases"] if c["name"] == "players/sign-out")]
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(suite))
    done = subprocess.run(
        [*RUNNERS["python"].command(), str(cases), stack.server.address], cwd=ROOT,
        capture_output=True, text=True, timeout=RUNNER_TIMEOUT,
    )  # fmt: skip
    assert done.returncode == 1
    assert (
        "FAIL auth/bad-token: step 1 (PlayerService.GetPlayer): reason MALFORMED_TOKEN"
        in done.stdout
    )
    assert done.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"


def test_the_hidden_tile_check_sees_a_hand_in_a_seats_own_bytes(stack: Stack) -> None:
    """The spectator check is not vacuous: the same detector finds the hand in the bytes
    of the seat's own view, where it belongs."""
    sys.path.insert(0, str(CONFORMANCE / "python"))
    from run_grpc import GrpcTransport  # type: ignore[import-not-found]

    transport = GrpcTransport(stack.server.address)
    human = {"kind": "SEAT_KIND_HUMAN"}
    match = transport.call("MatchService.CreateMatch", {"seats": [human, human]}, None)
    match_id = match.body["matchId"]
    token = transport.call("MatchService.JoinMatch", {"matchId": match_id}, None).body["seatToken"]
    own = transport.call("MatchService.GetMatch", {"matchId": match_id}, token)
    spectator = transport.call("MatchService.GetMatch", {"matchId": match_id}, None)
    hand = own.body["view"]["hand"]
    assert transport.leaks(hand, own.raw)
    assert not transport.leaks(hand, spectator.raw)
