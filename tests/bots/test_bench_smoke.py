"""``python -m bench.bots --smoke`` runs in seconds: every section, then its RESULT line."""

from __future__ import annotations

import re
import subprocess
import sys

from .test_simulate import ROOT, _env


def test_bench_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.bots", "--smoke"],
        capture_output=True, text=True, timeout=240, cwd=ROOT, env=_env(), check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for players in (2, 3, 4):
        assert re.search(rf"{players} players: master won \d+/\d+ = [\d.]+, 95% CI", out), out
    assert re.search(r"expert vs master\s+\d+/2", out), out  # a pair of adjacent levels
    assert re.search(r"master:\s+\d+ decisions\s+cpu p50", out), out
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(r"RESULT strongest_vs_expert_win_rate=(\d+(?:\.\d+)?)", last)
    assert m, last
    assert 0.0 <= float(m.group(1)) <= 1.0
