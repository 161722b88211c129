"""`python -m bench.moves --smoke` runs quickly and ends with its RESULT lines.

Both stores when PostgreSQL is reachable; otherwise SQLite only (skipping the PostgreSQL
half), except under CI=true, where an unreachable PostgreSQL fails the test.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .postgres_db import require_postgres

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"RESULT submit_vs_noop_(sqlite|postgres)=(\d+\.\d\d)")


def _run(*args: str) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.moves", "--smoke", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # bounds a hang; no timing is asserted
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.strip().splitlines()


def _check(lines: list[str], stores: list[str]) -> None:
    tail = lines[-len(stores) :]
    found = [LINE.fullmatch(line) for line in tail]
    assert all(found), f"last lines were {tail!r}"
    assert [m[1] for m in found if m] == stores
    for m in found:
        assert m is not None and 0.0 < float(m[2]) < 10.0


@pytest.mark.postgres
def test_moves_bench_smoke(tmp_path: Path) -> None:
    try:
        pg_url = require_postgres()
    except pytest.skip.Exception:  # no PostgreSQL here (and not CI): SQLite alone
        lines = _run("--stores", "sqlite")
        _check(lines, ["sqlite"])
        raise
    lines = _run("--pg-url", pg_url)
    _check(lines, ["sqlite", "postgres"])
