"""bench.notify runs end to end with --smoke (a real server per store, correspondence
matches over gRPC, a verifying webhook receiver) and ends with its RESULT line.  Only the
format is checked: benchmarks never assert performance in tests."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.test_bench_rules_smoke import NUMBER, ROOT, run_smoke


def test_notify_smoke() -> None:
    lines = run_smoke("bench.notify", timeout=300)
    assert re.fullmatch(rf"RESULT notify_p99_seconds={NUMBER}", lines[-1]), lines[-1]
    rows = [line.split() for line in lines if line.startswith(("sqlite ", "postgres "))]
    assert rows and rows[0][0] == "sqlite", lines
    for row in rows:
        assert int(row[2]) > 0 and row[-1] == "0", row  # notified some, no bad signature


def test_notify_attack_smoke() -> None:
    """--attack --smoke: the real players' p99 quiet and while a few hung and slow Web Push
    origins are subscribed (the ratio is the headline, last)."""
    proc = subprocess.run(
        [sys.executable, "-m", "bench.notify", "--attack", "--smoke"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(rf"RESULT notify_p99_under_attack_ratio={NUMBER}", lines[-1]), lines[-1]
    rows = {line.split()[0]: line.split() for line in lines if line.startswith(("quiet", "attack"))}
    assert set(rows) == {"quiet", "attack"}, lines
    assert all(int(row[2]) > 0 for row in rows.values()), lines  # real players were notified
