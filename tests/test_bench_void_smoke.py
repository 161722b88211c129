"""`python -m bench.void --smoke` builds a small ledger of rated matches, times a rebuild
of every rating and three voids (each checked exact against a rebuild without it), and
ends with its RESULT line (no figure is asserted beyond the shape: they are
docs/performance.md's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_void_bench_times_voids_against_a_rebuild() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.void", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT void_newest_vs_rebuild=\d+\.\d{4}", lines[-1]), lines[-3:]
    voids = [line for line in lines if line.startswith("void of the")]
    assert len(voids) == 3
    assert "0 of the 0 later matches rated again" in voids[0]  # the newest: nothing after it
