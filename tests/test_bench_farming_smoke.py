"""`python -m bench.farming --smoke` plays the farming attack before and after the rules
of rated play through a real server and ends with its RESULT lines (no figure is
asserted beyond the attack reaching #1 before and after, never with linked-only standing: the costs are docs/performance.md's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_farming_bench_reaches_the_top_both_ways_and_reports() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.farming", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT farming_cost_ratio=\d+\.\d", lines[-1]), lines[-3:]
    reached = [line.split(":")[0].strip() for line in lines if "#1 reached" in line]
    assert reached == ["before", "after"], lines  # with linked standing, guests never are
    figures = dict(
        line.removeprefix("RESULT ").split("=") for line in lines if line.startswith("RESULT ")
    )
    # today's rules need more finished matches and more moves than the old ones
    assert int(figures["farming_after_matches"]) > int(figures["farming_before_matches"])
    assert int(figures["farming_after_moves"]) > int(figures["farming_before_moves"])
