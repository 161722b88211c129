"""bench.rest runs end to end with --smoke (a real server, a real Envoy with the JSON
transcoder, grpcio and httpx clients) and ends with its RESULT line.  Only the format is
checked: benchmarks never assert performance in tests."""

from __future__ import annotations

import re

from tests.test_bench_rules_smoke import NUMBER, run_smoke


def test_rest_smoke() -> None:
    lines = run_smoke("bench.rest", timeout=300)
    assert re.fullmatch(rf"RESULT rest_vs_grpc={NUMBER}", lines[-1]), lines[-1]
    for label in ("gRPC (HTTP/2, direct)", "REST/JSON (through Envoy)"):
        assert sum(line.startswith(label) for line in lines) == 2, lines  # calls, whole match
