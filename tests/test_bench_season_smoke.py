"""`python -m bench.season_board --smoke` fills a small week of results, times the season
store's reads and the archive, and ends with its RESULT lines (no figure is asserted:
the costs are docs/seasons.md's)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_season_bench_times_the_board_and_the_archive() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.season_board", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,  # bounds a hang only
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT season_board_read_seconds=\d+\.\d{4}", lines[-1]), lines[-3:]
    for name in ("assign", "full_assign", "tick_assign", "group_table", "archive", "archived_page"):
        assert any(line.startswith(f"RESULT season_{name}_seconds=") for line in lines), name
