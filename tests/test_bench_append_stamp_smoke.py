"""`python -m bench.append_stamp --smoke` times a few appends with and without the
``last_event_at`` stamp on both stores and ends with its RESULT lines (no figure is
asserted: they are docs/performance.md's, from a quiet machine)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .postgres_db import require_postgres

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.postgres
def test_the_append_stamp_bench_reports_each_store() -> None:
    maintenance = require_postgres()
    proc = subprocess.run(
        [sys.executable, "-m", "bench.append_stamp", "--smoke", "--pg-url", maintenance],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT stamp_cost_sqlite=\d+\.\d{3}", lines[-2]), lines[-3:]
    assert re.fullmatch(r"RESULT stamp_cost_postgres=\d+\.\d{3}", lines[-1]), lines[-3:]
    for store in ("sqlite", "postgres"):
        (line,) = [x for x in lines if x.strip().startswith(f"{store}:")]
        assert "fresh" in line and "stale" in line and "the store's append" in line
