"""`python -m bench.bot_load --smoke` runs in seconds and ends with its RESULT line (no
timing is asserted: the figure is for docs/performance.md)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_bot_load_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.bot_load", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,  # bounds a hang
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT bot_load_p99_factor=\d+\.\d\d", lines[-1]), lines[-3:]
    assert any(line.startswith("fair ") for line in lines)
    assert any(line.startswith("unpaced ") for line in lines)
