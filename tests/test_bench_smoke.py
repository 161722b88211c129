"""`python -m bench.core --smoke` runs, quickly, and ends with its RESULT line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import fiveup_core

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    fiveup_core.CoreLayout is None, reason="Cython core not built (run `make build`)"
)
def test_core_bench_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.core", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # bounds a hang; no timing is asserted (benchmarks measure, tests don't)
    )
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    match = re.fullmatch(r"RESULT core_speedup=(\d+\.\d)", last)
    assert match, f"last line was {last!r}"
