"""bench.web runs end to end with --smoke (a real server, a real Envoy, the Node load
client on the generated SDK) and ends with its RESULT line.  Only the format is checked:
benchmarks never assert performance in tests."""

from __future__ import annotations

import re

from tests.clients.conftest import ensure_clients_built
from tests.test_bench_rules_smoke import NUMBER, run_smoke


def test_web_smoke() -> None:
    ensure_clients_built()
    lines = run_smoke("bench.web", timeout=300)
    assert re.fullmatch(rf"RESULT grpcweb_vs_grpc={NUMBER}", lines[-1]), lines[-1]
    assert any(line.startswith("gRPC-Web (through Envoy)") for line in lines), lines
    assert any(line.startswith("gRPC (HTTP/2, direct)") for line in lines), lines
