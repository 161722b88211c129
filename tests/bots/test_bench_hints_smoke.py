"""``python -m bench.hints --smoke`` runs in seconds and ends with its two RESULT lines."""

from __future__ import annotations

import re
import subprocess
import sys

from .test_simulate import ROOT, _env


def test_bench_hints_smoke() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bench.hints", "--smoke"],
        capture_output=True, text=True, timeout=180, cwd=ROOT, env=_env(), check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    gain = re.fullmatch(r"RESULT hints_winrate_gain=(-?\d+(?:\.\d+)?)", lines[-2])
    agree = re.fullmatch(r"RESULT hint_top_agrees_with_master=(\d+(?:\.\d+)?)", lines[-1])
    assert gain and agree, lines[-2:]
    assert -1.0 <= float(gain.group(1)) <= 1.0
    assert 0.0 <= float(agree.group(1)) <= 1.0
