"""`python -m bench.farming --smoke` plays the cheapest farming attacks through a real
server and ends with its RESULT lines: the finding's attack (standing by a stand-in's
play, socks resigning before anyone moved) no longer reaches #1; the cheapest one that
does costs own moves (no figure is asserted beyond that: the costs are
docs/performance.md's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_farming_bench_reports_the_cheapest_attack_before_and_after() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.farming", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT farming_after_minutes_by_hand=\d+\.\d", lines[-1]), lines[-3:]
    reached = [line.split(":")[0].strip() for line in lines if "#1 reached" in line]
    assert reached == ["after"], lines  # the stand-in attack no longer reaches the top
    figures = dict(
        line.removeprefix("RESULT ").split("=") for line in lines if line.startswith("RESULT ")
    )
    assert int(figures["farming_before_own_moves"]) == 0  # the finding: no play at all
    # the cheapest attack now costs each account's own play: standing and rated moves
    assert int(figures["farming_after_own_moves"]) > 6 * 15
    assert float(figures["farming_after_minutes_by_hand"]) > float(
        figures["farming_before_minutes_by_hand"]
    )
