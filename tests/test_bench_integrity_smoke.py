"""`python -m bench.integrity_scan --smoke` fills a small database with rated matches (a
farm among them), asks a real server for the integrity signals, and ends with its RESULT
lines: the farm's signals are found (no figure is asserted: the costs are
docs/operations.md's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_integrity_bench_times_the_scan_against_its_baselines() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.integrity_scan", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT integrity_scan_seconds=\d+\.\d{4}", lines[-1]), lines[-3:]
    assert any(line.startswith("RESULT integrity_list_seconds=") for line in lines)
    assert any(line.startswith("RESULT integrity_board_page_seconds=") for line in lines)
    [found] = [line for line in lines if line.startswith("signals: ")]
    for kind in ("REPEATED_PAIR", "EARLY_ENDINGS", "SHARED_ADDRESS", "FEW_OWN_MOVES"):
        assert f"INTEGRITY_SIGNAL_KIND_{kind}" in found, found
