"""``python -m bench.appends --smoke``: the floor and our store's three ways of waking the
other replicas, at 1 and 4 writers, on a real PostgreSQL and a real NATS, ending with its
RESULT line.

Only the output's shape and the wake-ups' delivery are checked, never a rate: benchmarks
do not assert performance in tests.  Skipped without PostgreSQL (or without any NATS),
except under CI=true, where that fails.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .nats_server import require_nats
from .postgres_db import maintenance_url, require_postgres

ROOT = Path(__file__).resolve().parent.parent
MODES = ("floor", "transaction", "after_commit", "bus")
CELL = r"\s+([\d,]+) \((\d+\.\d\d)\)"
ROW = re.compile(r"\s*(\d+)" + CELL * len(MODES))
RESULT = re.compile(r"RESULT appends_vs_floor=(\d+\.\d\d)")


@pytest.mark.postgres
def test_appends_smoke() -> None:
    require_postgres()
    args = []
    if not (shutil.which("nats-server") or Path("/usr/sbin/nats-server").exists()):
        args = ["--nats", require_nats()]  # no binary for a private one: the shared server
    proc = subprocess.run(
        [sys.executable, "-m", "bench.appends", "--smoke", *args],
        cwd=ROOT, env={**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()},
        capture_output=True, text=True,
        timeout=300,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()

    header = lines.index("appends a second (x floor):")
    assert lines[header + 1].split() == ["writers", *MODES], lines[header + 1]
    rows = {}
    for line in lines[header + 2 : header + 4]:
        match = ROW.fullmatch(line)
        assert match, f"not a row of the table: {line!r}"
        rows[int(match[1])] = match.groups()[1:]
    assert set(rows) == {1, 4}, rows
    for cells in rows.values():
        rates = [int(rate.replace(",", "")) for rate in cells[0::2]]
        assert all(rate > 0 for rate in rates), cells  # every mode appended
        assert cells[1] == "1.00", cells  # the floor's share of itself

    # Every way of waking delivered wake-ups to the other process.
    heard = next(line for line in lines if line.startswith("wake-ups heard"))
    for mode in MODES[1:]:
        found = re.search(rf"{mode} ([\d,]+) of ([\d,]+)", heard)
        assert found and int(found[1].replace(",", "")) > 0, heard

    result = RESULT.fullmatch(lines[-1])
    assert result, lines[-1]
    assert float(result[1]) > 0
