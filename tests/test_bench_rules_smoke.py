"""The service benchmarks run end to end with ``--smoke`` and end with their RESULT lines.

Each one starts a real ``fiveup serve`` subprocess.  Only the format of the figures is
checked: benchmarks never assert performance in tests.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NUMBER = r"(\d+(?:\.\d+)?)"


def run_smoke(module: str, timeout: float) -> list[str]:
    """The benchmark's output lines; ``timeout`` only bounds a hang (no timing is asserted:
    on a loaded 2-core machine a smoke run has taken from 10 s to over a minute)."""
    proc = subprocess.run(
        [sys.executable, "-m", module, "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip().splitlines()


def test_rules_rpc_smoke() -> None:
    lines = run_smoke("bench.rules_rpc", timeout=300)
    names = ["validate_vs_noop", "batch_vs_trivial_stream", "batch_validations_per_s"]
    for line, name in zip(lines[-3:], names, strict=True):
        assert re.fullmatch(rf"RESULT {name}={NUMBER}", line), f"{line!r} is not RESULT {name}=<n>"
    assert any(line.startswith("workers 2 scaling") for line in lines[:-3]), lines


def test_memory_smoke() -> None:
    lines = run_smoke("bench.memory", timeout=300)
    assert re.fullmatch(r"RESULT bytes_per_match=-?\d+", lines[-1]), f"last line was {lines[-1]!r}"
