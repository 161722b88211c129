"""``python -m bench.matchmaking --smoke`` runs on SQLite and PostgreSQL and ends with
its RESULT line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.postgres_db import maintenance_url, require_postgres

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.postgres
def test_matchmaking_bench_smoke() -> None:
    require_postgres()
    env = {**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()}
    proc = subprocess.run(
        [sys.executable, "-m", "bench.matchmaking", "--smoke"],
        cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    assert any(line.startswith("sqlite ") for line in lines), proc.stdout
    assert any(line.startswith("postgres ") for line in lines), proc.stdout
    assert re.fullmatch(r"RESULT matchmaking_p99_seconds=\d+\.\d{3}", lines[-1]), lines[-1]
