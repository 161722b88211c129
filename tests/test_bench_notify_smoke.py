"""bench.notify runs end to end with --smoke (a real server per store, correspondence
matches over gRPC, a verifying webhook receiver) and ends with its RESULT line.  Only the
format is checked: benchmarks never assert performance in tests."""

from __future__ import annotations

import re

from tests.test_bench_rules_smoke import NUMBER, run_smoke


def test_notify_smoke() -> None:
    lines = run_smoke("bench.notify", timeout=300)
    assert re.fullmatch(rf"RESULT notify_p99_seconds={NUMBER}", lines[-1]), lines[-1]
    rows = [line.split() for line in lines if line.startswith(("sqlite ", "postgres "))]
    assert rows and rows[0][0] == "sqlite", lines
    for row in rows:
        assert int(row[2]) > 0 and row[-1] == "0", row  # notified some, no bad signature
