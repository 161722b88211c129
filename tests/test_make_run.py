"""`make run` on a warm tree is quiet: a few lines, then the URL to open.

A newcomer's first command should say what it serves and where, not pip's, setuptools' and
the server's own chatter (it once printed about 60 lines before the URL).  Warm means
built: the test builds what `make run` builds first, then counts what `make run` prints.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MOST_LINES_BEFORE_THE_URL = 15
READY = "in a browser to play"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_make_run_prints_a_short_quiet_start_then_its_url(tmp_path: Path) -> None:
    env = {**os.environ, "MAKEFLAGS": ""}
    env.pop("MAKELEVEL", None)
    warm = subprocess.run(
        ["make", "--no-print-directory", "web", "openapi"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert warm.returncode == 0, warm.stdout[-2000:] + warm.stderr[-2000:]
    ports = {
        "ADDRESS": f"127.0.0.1:{_free_port()}",
        "METRICS_PORT": str(_free_port()),
        "WEB_PORT": str(_free_port()),
        "GATEWAY_PORT": str(_free_port()),
        "DB": str(tmp_path / "run.sqlite3"),
    }
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "run", *(f"{k}={v}" for k, v in ports.items())],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    lines: list[str] = []
    deadline = time.monotonic() + 180
    try:
        assert proc.stdout is not None
        for line in proc.stdout:  # ends when make run exits (a failure)
            lines.append(line.rstrip("\n"))
            if READY in line or time.monotonic() > deadline:
                break
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    shown = "\n".join(lines)
    assert lines and READY in lines[-1], f"make run did not print its URL:\n{shown}"
    assert f"http://127.0.0.1:{ports['WEB_PORT']}/" in lines[-1]
    assert len(lines) - 1 <= MOST_LINES_BEFORE_THE_URL, shown
    assert not any("Traceback" in line or "Warning" in line for line in lines), shown
