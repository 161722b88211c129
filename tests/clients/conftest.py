"""Shared by the cross-language tests: the Node/npm requirement and a real server.

Node.js (with npm/npx) is needed for the Node client and for buf.  Without it these tests
skip with a message, except under ``CI=true`` where a missing tool is a failure.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE_DIR = ROOT / "clients" / "node"
READY = re.compile(r"fiveup: gRPC listening on (\S+):(\d+)")


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


def fiveup_command() -> list[str]:
    """``fiveup`` of this environment (the venv's script), else ``python -m fiveup.cli``."""
    script = Path(sys.executable).with_name("fiveup")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "fiveup.cli"]


@dataclass
class Server:
    address: str
    proc: subprocess.Popen[str]
    log: Path


@contextlib.contextmanager
def running_server(folder: Path, timeout: float = 30.0) -> Iterator[Server]:
    """``fiveup serve`` on a free port with a fresh SQLite file, stopped (SIGTERM) after."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "server.log"
    command = [*fiveup_command(), "serve", "--address", "127.0.0.1:0",
               "--db", str(folder / "fiveup.sqlite3"), "--metrics-port", "-1"]  # fmt: skip
    with log.open("w") as err:
        proc = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"),
        )  # fmt: skip
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:  # keeps draining stdout so the server never blocks on it
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    try:
        deadline = time.monotonic() + timeout
        address = None
        while address is None:
            try:
                line = lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                raise RuntimeError(f"fiveup serve did not start:\n{log.read_text()[-3000:]}")
            found = READY.search(line)
            if found:
                address = f"{found.group(1)}:{found.group(2)}"
        yield Server(address, proc, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("fiveup-server")) as running:
        yield running
