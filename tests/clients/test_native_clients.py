"""The Java (grpc-java + protobuf-lite, Android's stack), C++ (grpc++, Unreal's) and Go
(grpc-go) clients against a real server: each is built by its own toolchain from protos/
(clients/<lang>/build.sh, cached under build/clients/<lang>, so once per session at most),
plays a whole match as a signed-in guest while following and resuming WatchMatch, reads
refusals' reasons from the status details, and runs the conformance cases
(clients/conformance/cases.json) with every case passing.

A missing toolchain skips these tests with the command that installs it; under CI=true it
fails them (`make test` installs the toolchains first: scripts/install-client-toolchains.sh).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ..harness import Server
from .conftest import ROOT, in_ci
from .test_conformance import CASES, RUNNER_TIMEOUT, SUMMARY, case_names

BUILD_TIMEOUT = 900  # a cold C++ build on a loaded 2-core machine; warm builds take ~1 s
PLAY_TIMEOUT = 180
# pytest-timeout counts the fixture's build too: the suite's 300 s stopped a cold C++
# build on a loaded machine (the build is bounded by BUILD_TIMEOUT instead)
pytestmark = pytest.mark.timeout(BUILD_TIMEOUT + 2 * PLAY_TIMEOUT)
BUILD = ROOT / "build" / "clients"
SCRIPTS = ROOT / "scripts"


@dataclass(frozen=True)
class Client:
    language: str
    tools: tuple[str, ...]  # what its build needs on PATH
    play: str  # its programs, in build/clients/<language>/bin
    conformance: str
    first_move: str
    aborted: str  # how its first-move program names ABORTED

    def program(self, name: str) -> Path:
        return BUILD / self.language / "bin" / name


CLIENTS = {
    "java": Client("java", ("protoc", "grpc_java_plugin", "javac", "jar", "java"),
                   "fiveup-java-play", "fiveup-java-conformance", "fiveup-java-first-move", "ABORTED"),
    "cpp": Client("cpp", ("protoc", "grpc_cpp_plugin", "cmake", "g++"),
                  "fiveup-cpp-play", "fiveup-cpp-conformance", "fiveup-cpp-first-move", "10"),
    "go": Client("go", ("protoc", "protoc-gen-go", "protoc-gen-go-grpc", "go"),
                 "fiveup-go-play", "fiveup-go-conformance", "fiveup-go-first-move", "Aborted"),
}  # fmt: skip


def require_toolchain(client: Client) -> None:
    missing = [tool for tool in client.tools if shutil.which(tool) is None]
    if missing:
        message = (
            f"the {client.language} client needs {', '.join(missing)}: run "
            f"'scripts/install-client-toolchains.sh {client.language}' (Debian packages, as root)"
        )
        if in_ci():
            pytest.fail(message + " -- required when CI=true", pytrace=False)
        pytest.skip(message)


_built: dict[str, float] = {}


def build(client: Client) -> None:
    """clients/<language>/build.sh once per session (it skips itself when nothing changed)."""
    require_toolchain(client)
    if client.language in _built:
        return
    started = time.monotonic()
    env = dict(os.environ, FIVEUP_PYTHON=sys.executable)
    try:
        done = subprocess.run(
            ["bash", str(ROOT / "clients" / client.language / "build.sh")], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"building the {client.language} client took over {BUILD_TIMEOUT}s: {exc.stderr}"
        )
    assert done.returncode == 0, (
        f"{client.language} build failed:\n{done.stdout}\n{done.stderr[-6000:]}"
    )
    _built[client.language] = time.monotonic() - started


@pytest.fixture(params=sorted(CLIENTS))
def client(request: pytest.FixtureRequest) -> Iterator[Client]:
    chosen = CLIENTS[request.param]
    build(chosen)
    yield chosen


def run(command: list[str], timeout: int) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{command[0]} took over {timeout}s:\n{exc.stdout!r}\n{exc.stderr!r}")


DROP_AFTER = 7


def test_each_client_plays_a_match_to_its_end_and_reads_the_reasons(
    client: Client, server: Server
) -> None:
    done = run([str(client.program(client.play)), "--server", server.address, "--target", "20",
                "--drop-after", str(DROP_AFTER)], PLAY_TIMEOUT)  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["status"] == "MATCH_STATUS_FINISHED"
    assert summary["winner_side"] in (0, 1)
    assert summary["moves"] > 0 and summary["seat"] == 0
    # every event once, in order, across the dropped stream and the resumed one
    assert summary["resumed_at"] == DROP_AFTER
    assert summary["events"] == summary["version"] > DROP_AFTER
    assert summary["refusals"] == {
        "move_after_end": "FAILED_PRECONDITION/MATCH_FINISHED",
        "bad_token": "UNAUTHENTICATED/MALFORMED_TOKEN",
    }
    if client.language == "java":
        assert summary["protobuf_runtime"] == "lite"


def test_each_first_move_program_of_the_docs_moves_and_reads_a_reason(
    client: Client, server: Server
) -> None:
    """docs/clients.md shows these programs whole (tests/clients/test_client_docs.py)."""
    done = run([str(client.program(client.first_move)), server.address], PLAY_TIMEOUT)
    assert done.returncode == 0, done.stderr[-4000:]
    moved, refused = done.stdout.strip().splitlines()
    assert re.fullmatch(r"moved; the match is at version \d+", moved)
    assert refused == f"refused: {client.aborted} STALE_VERSION"


def conformance(client: Client, cases: Path, server: Server) -> tuple[int, int, str]:
    done = run([str(client.program(client.conformance)), str(cases), server.address],
               RUNNER_TIMEOUT)  # fmt: skip
    lines = done.stdout.strip().splitlines()
    found = SUMMARY.match(lines[-1]) if lines else None
    assert found, (
        f"{client.language}: no 'N passed, N failed' line:\n{done.stdout}\n{done.stderr[-3000:]}"
    )
    assert done.returncode == (0 if found.group(2) == "0" else 1)
    return int(found.group(1)), int(found.group(2)), done.stdout + done.stderr


def test_each_runner_passes_every_conformance_case(client: Client, server: Server) -> None:
    passed, failed, output = conformance(client, CASES, server)
    assert (passed, failed) == (len(case_names()), 0), output


def test_each_runner_reports_a_case_that_fails(
    client: Client, server: Server, tmp_path: Path
) -> None:
    """A runner can fail: a case expecting the wrong reason, and one reading a field that
    is not there, are reported with their step and counted; the good case still passes."""
    suite = json.loads(CASES.read_text())
    by_name = {c["name"]: c for c in suite["cases"]}
    wrong_reason = by_name["auth/bad-token"]
    wrong_reason["steps"][0]["expect"]["reason"] = "TOKEN_EXPIRED"
    wrong_field = json.loads(json.dumps(by_name["players/sign-out"]))
    wrong_field["name"] = "players/sign-out-wrong-field"
    wrong_field["steps"][0]["expect"] = {"fields": {"created": False}}  # a new device: created
    suite["cases"] = [wrong_reason, by_name["players/sign-out"], wrong_field]
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps(suite))
    passed, failed, output = conformance(client, cases, server)
    assert (passed, failed) == (1, 2), output
    assert (
        "FAIL auth/bad-token: step 1 (PlayerService.GetPlayer): reason MALFORMED_TOKEN, "
        "expected TOKEN_EXPIRED" in output
    )
    assert (
        "FAIL players/sign-out-wrong-field: step 1 (PlayerService.SignInAsGuest): created is true"
        in output
    )


def test_the_java_client_is_built_on_protobuf_lite_alone() -> None:
    """Lite code generation and the lite runtime only: every generated message is a
    GeneratedMessageLite, and nothing of the full runtime (or grpc-protobuf, which needs it)
    is on the class path -- as in an Android app on protobuf-javalite."""
    build(CLIENTS["java"])
    out = BUILD / "java"
    generated = list((out / "gen").rglob("*.java"))
    assert generated
    for path in generated:
        text = path.read_text()
        assert "GeneratedMessageV3" not in text and "Descriptors" not in text, path
    classpath = (out / "classpath.txt").read_text().strip().split(":")
    assert not [jar for jar in classpath if Path(jar).name in ("protobuf.jar", "grpc-protobuf.jar")]
    full_only = {"com/google/protobuf/GeneratedMessageV3.class", "com/google/protobuf/Descriptors.class",
                 "com/google/protobuf/TextFormat.class", "io/grpc/protobuf/StatusProto.class"}  # fmt: skip
    for jar in classpath:
        listed = set(
            subprocess.run(["jar", "tf", jar], capture_output=True, text=True).stdout.split()
        )
        assert not listed & full_only, jar
    lite = subprocess.run(["jar", "tf", str(out / "lib" / "protobuf-javalite.jar")],
                          capture_output=True, text=True).stdout  # fmt: skip
    assert "com/google/protobuf/GeneratedMessageLite.class" in lite


def test_nothing_generated_is_committed_for_the_three_clients() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "clients/java", "clients/cpp", "clients/go"], cwd=ROOT,
        capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    if not tracked:
        pytest.skip("not a git checkout")
    generated = (".pb.go", ".pb.h", ".pb.cc", "Grpc.java", "OuterClass.java")
    assert not [f for f in tracked if f.endswith(generated) or "/gen/" in f]


def test_the_cpp_copy_renames_only_the_clashing_fields(tmp_path: Path) -> None:
    """protoc's C++ accessors clash for `repeated X foo` beside `foo_size` (both make a
    foo_size()); the C++ build's copy renames the repeated one, same number and JSON name,
    and changes nothing else."""
    sys.path.insert(0, str(SCRIPTS))
    import client_protos  # type: ignore[import-not-found]

    sample = (
        "message A {\n  repeated Tile boneyard = 7;\n  uint32 boneyard_size = 5;\n"
        "  oneof kind {\n    string hands = 8;\n  }\n  repeated Hand hands_x = 9;\n}\n"
        "message B {\n  repeated Tile boneyard = 1;\n}\n"
    )  # fmt: skip
    assert client_protos.cpp_clashes(sample) == {
        1: '  repeated Tile boneyard_list = 7 [json_name = "boneyard"];'
    }
    client_protos.cpp_tree(tmp_path)
    for source in sorted((ROOT / "protos").glob("fiveup/**/*.proto")):
        original = source.read_text().splitlines()
        copied = (tmp_path / source.relative_to(ROOT / "protos")).read_text().splitlines()
        changed = [(a, b) for a, b in zip(original, copied, strict=True) if a != b]
        for before, after in changed:
            name = before.split()[2]
            assert after == before.replace(f" {name} =", f" {name}_list =").rstrip(";") + (
                f' [json_name = "{name}"];'
            )
