"""`python -m bench.tournament_pairing --smoke` runs and ends with its RESULT line (only
the format is checked: benchmarks measure, tests don't)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_tournament_pairing_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.tournament_pairing", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,  # bounds a hang; no timing is asserted
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"RESULT swiss_worst_round_ms=\d+\.\d", lines[-1]), lines[-1]
    assert any(line.startswith("swiss 16 players, 4 seats, 4 heavy blockers") for line in lines), (
        lines
    )
