"""Benchmark: ValidateMove from a browser's path (gRPC-Web through the Envoy gateway)
against the same call straight to the server (native gRPC), same server, same run.

    .venv/bin/python -m bench.web [--seconds S] [--rounds N] [--concurrency C] [--smoke]

One ``fiveup serve`` subprocess and one Envoy on deploy/envoy/envoy.yaml in front of it.
The load comes from the Node client on the generated SDK (clients/node/bench/validate.mjs):
the same Connect client and the same pre-built requests (realistic compact layouts of
3..20 tiles, 90% legal placements, as bench.rules_rpc) over each transport, with
``--concurrency`` calls in flight.  The two transports alternate for ``--rounds`` rounds
(other work on a small machine moves single runs); each figure is the median round.

Prints calls/s, p50 and p99 latency for both, and last ``RESULT grpcweb_vs_grpc=<ratio>``
(gRPC-Web calls/s over gRPC calls/s; the goal is >= 0.8).  ``--smoke`` runs a fraction
of a second per phase.  Needs node/npm (the SDK is built first when missing).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench._server import ServerProcess
from bench.rules_rpc import build_checks
from fiveup.devstack.gateway import Gateway

ROOT = Path(__file__).resolve().parents[1]
NODE_DIR = ROOT / "clients" / "node"


def ensure_sdk() -> None:
    if (ROOT / "clients" / "sdk" / "dist" / "index.js").exists():
        return
    subprocess.run(["bash", str(ROOT / "scripts" / "build-clients.sh")], check=True)


def run_load(
    mode: str, target: str, checks: Path, seconds: float, concurrency: int
) -> dict[str, float]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench.web: node (>= 20) is needed for the load client")
    done = subprocess.run(
        [node, "bench/validate.mjs", mode, target, str(checks), str(seconds), str(concurrency)],
        cwd=NODE_DIR, capture_output=True, text=True, timeout=120 + seconds * 2,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"bench.web: the {mode} load failed:\n{done.stderr[-2000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    result["rate"] = result["calls"] / result["seconds"]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web", description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.rounds, args.concurrency = 0.5, 1, 4
    ensure_sdk()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        work = Path(folder)
        checks = work / "checks.json"
        checks.write_text(json.dumps([
            {"layout": c.layout.hex(), "tile": c.tile, "code": c.code}
            for c in build_checks(500, seed=14)
        ]))  # fmt: skip
        server = ServerProcess(work).start()
        try:
            with Gateway(server.address, log=work / "envoy.log") as gateway:
                rounds: dict[str, list[dict[str, float]]] = {"grpc": [], "grpcweb": []}
                for n in range(args.rounds):
                    order = ("grpc", "grpcweb") if n % 2 == 0 else ("grpcweb", "grpc")
                    for mode in order:
                        target = server.address if mode == "grpc" else gateway.url
                        rounds[mode].append(
                            run_load(mode, target, checks, args.seconds, args.concurrency)
                        )
        finally:
            server.stop()
    print(
        f"ValidateMove, {args.rounds} rounds x {args.seconds:g} s per transport, "
        f"{args.concurrency} calls in flight, one server process, Envoy --concurrency 1"
    )
    print(f"{'transport':<28}{'calls/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    rate = {}
    for mode, label in (("grpc", "gRPC (HTTP/2, direct)"), ("grpcweb", "gRPC-Web (through Envoy)")):
        rate[mode] = statistics.median(r["rate"] for r in rounds[mode])
        p50 = statistics.median(r["p50_ms"] for r in rounds[mode])
        p99 = statistics.median(r["p99_ms"] for r in rounds[mode])
        print(f"{label:<28}{rate[mode]:>10.0f}{p50:>10.2f}{p99:>10.2f}")
    ratios = [w["rate"] / g["rate"] for g, w in zip(rounds["grpc"], rounds["grpcweb"], strict=True)]
    print(f"RESULT grpcweb_vs_grpc={statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
