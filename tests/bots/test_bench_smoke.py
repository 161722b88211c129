"""``python -m bench.bots --smoke`` runs in seconds and ends with its RESULT line."""

from __future__ import annotations

import re
import subprocess
import sys

from .test_simulate import ROOT, _env


def test_bench_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.bots", "--smoke"],
        capture_output=True, text=True, timeout=60, cwd=ROOT, env=_env(), check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    last = proc.stdout.strip().splitlines()[-1]
    m = re.fullmatch(r"RESULT expert_vs_greedy_winrate=(\d+(?:\.\d+)?)", last)
    assert m, last
    assert 0.0 <= float(m.group(1)) <= 1.0
