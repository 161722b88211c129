"""Shared by the cross-language tests: the Node/npm requirement and a real server.

Node.js (with npm/npx) is needed for the Node client and for buf.  Without it these tests
skip with a message, except under ``CI=true`` where a missing tool is a failure.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from fiveup.devstack.gateway import Gateway

from ..harness import Server, running_server

ROOT = Path(__file__).resolve().parents[2]
CLIENTS_DIR = ROOT / "clients"  # one npm workspace: sdk/, node/, web/ and one lockfile
NODE_DIR = CLIENTS_DIR / "node"
SDK_DIR = CLIENTS_DIR / "sdk"
NPM_CI_TIMEOUT = 300  # seconds; only when node_modules is missing or the lock changed
BUILD_TIMEOUT = 180


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def require_tools(*tools: str) -> dict[str, str]:
    """The paths of ``tools``; skip (fail under CI=true) when one is missing."""
    found = {tool: shutil.which(tool) for tool in tools}
    missing = [tool for tool, path in found.items() if path is None]
    if missing:
        message = (
            f"{', '.join(missing)} not found on PATH: the Node.js client and the buf contract "
            "checks need Node.js >= 20 with npm (https://nodejs.org)"
        )
        if in_ci():
            pytest.fail(message + " -- required when CI=true", pytrace=False)
        pytest.skip(message)
    return {tool: path for tool, path in found.items() if path is not None}


def _digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _run_once(stamp: Path, wanted: str, command: list[str], timeout: int, what: str) -> None:
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return
    try:
        done = subprocess.run(
            command, cwd=CLIENTS_DIR, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{what} took over {timeout}s (no registry access?): {exc.stderr}")
    assert done.returncode == 0, f"{what} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    stamp.write_text(wanted + "\n")


def ensure_clients_built() -> dict[str, str]:
    """`npm ci` in clients/ unless node_modules came from this very lock, then the SDK's
    build (buf generate + tsc) unless its inputs are unchanged.  Answers the tool paths."""
    tools = require_tools("node", "npm")
    lock = [CLIENTS_DIR / "package-lock.json", *sorted(CLIENTS_DIR.glob("*/package.json"))]
    lock.append(CLIENTS_DIR / "package.json")
    (CLIENTS_DIR / "node_modules").mkdir(exist_ok=True)
    _run_once(
        CLIENTS_DIR / "node_modules" / ".fiveup-lock.sha256", _digest(lock),
        [tools["npm"], "ci", "--ignore-scripts", "--no-audit", "--no-fund"], NPM_CI_TIMEOUT,
        "npm ci",
    )  # fmt: skip
    sources = [*ROOT.glob("protos/**/*.proto"), *(SDK_DIR / "src").glob("*.ts")]
    sources += [SDK_DIR / "buf.gen.yaml", SDK_DIR / "tsconfig.json", *lock]
    _run_once(
        CLIENTS_DIR / "node_modules" / ".fiveup-sdk.sha256", _digest(sources),
        [tools["npm"], "run", "build", "--workspace", "@fiveup/sdk"], BUILD_TIMEOUT,
        "building the SDK (buf generate + tsc)",
    )  # fmt: skip
    return tools


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("fiveup-server")) as running:
        yield running


# Behind the gateway: x-forwarded-for is believed from Envoy on this machine only.
BEHIND_GATEWAY = ("--client-address-header", "x-forwarded-for", "--trusted-proxies", "127.0.0.1")


@dataclass
class Stack:
    """A server and the Envoy gRPC-Web gateway in front of it."""

    server: Server
    gateway: Gateway


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    folder = tmp_path_factory.mktemp("fiveup-stack")
    with running_server(folder, extra=BEHIND_GATEWAY) as server:
        gateway = Gateway(server.address, log=folder / "envoy.log")
        with gateway:
            yield Stack(server, gateway)
