"""Benchmark: RulesService validation over real gRPC, side by side with the gRPC floor.

    .venv/bin/python -m bench.rules_rpc [--duration S] [--warmup S] [--batch N] [--smoke]

One run starts one server (a ``fiveup serve --bench-echo`` subprocess, SQLite file, metrics
HTTP off) pinned to one core, and drives it from this process pinned to another core
(when the machine has two), through raw-bytes stubs with pre-serialised requests so the
client does as little as possible.  Four phases, the same server, one after the other:

a. ``grpc.health.v1.Health/Check``: a no-op unary RPC, the unary floor;
b. ``RulesService/ValidateMove`` with realistic compact layouts (3..20 tiles reached by
   legal play) and ``placement_compact``; 90% of the placements legal, 10% near misses;
c. ``fiveup.bench.v1.Echo/Stream``: a trivial bidi stream (no protobuf, no work) fed the
   very same ValidateMovesRequest bytes as (d) and answering ValidateMovesResponse-sized
   messages: the streaming floor;
d. ``RulesService/ValidateMoves``: bidi stream, batches of ``--batch`` (100) checks.

Rates are per **server core**: completed checks divided by the CPU seconds the server
used in the timed window (``/proc/<pid>/stat``), so a client that cannot quite saturate
the server, or a neighbour on the machine, does not move them much.  Wall rates, the
server's CPU use and client-side p50/p99 latencies (per call; per batch round trip for
streams) are printed too.  The four phases run ``--rounds`` times (7 x 1.5 s by default;
odd rounds in the order b, a, d, c), each figure is the median round and each ratio the
median of the per-round ratios, because other work on a small machine moves single runs
by 10-20%.  Then the same (b) and (d) against ``--workers 2`` (unpinned:
the client needs CPU too), for the scaling ratio of wall throughput.

Last three lines: ``RESULT validate_vs_noop=<b/a>``, ``RESULT batch_vs_trivial_stream=<d/c>``,
``RESULT batch_validations_per_s=<d>`` (checks per second per server core).
``--smoke`` runs each phase for a fraction of a second.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health_pb2

import fiveup_core
from bench._server import ServerProcess, percentile, split_cpus
from fiveup.v1 import common_pb2, rules_pb2
from fiveup_core import ALL_TILES, LEAD_CODE, SIDES

HEALTH_CHECK = "/grpc.health.v1.Health/Check"
VALIDATE_MOVE = "/fiveup.v1.RulesService/ValidateMove"
VALIDATE_MOVES = "/fiveup.v1.RulesService/ValidateMoves"
ECHO = "/fiveup.bench.v1.Echo/Stream"
CALL_TIMEOUT = 60.0  # seconds: a stuck server fails the run instead of hanging it


# --------------------------------------------------------------------------- workload


@dataclass(frozen=True)
class Check:
    layout: bytes
    tile: int
    code: int


def build_checks(n: int, seed: int, legal_share: float = 0.9) -> list[Check]:
    """Positions reached by legal play (3..20 tiles), each with one placement: legal with
    probability ``legal_share``, else a near miss (a real tile onto a side on the table)."""
    rng = random.Random(seed)
    layout_cls = fiveup_core.Layout
    out: list[Check] = []
    while len(out) < n:
        layout = layout_cls()
        target = rng.randint(3, 20)
        while len(layout) < target:
            moves = layout.legal_moves([t for t in ALL_TILES if t not in layout])
            if not moves:
                break
            layout.place(*rng.choice(moves))
        if len(layout) < 3:
            continue
        moves = layout.legal_moves([t for t in ALL_TILES if t not in layout])
        if moves and rng.random() < legal_share:
            move = rng.choice(moves)
            tile = ALL_TILES.index(move.tile)
            code = (
                LEAD_CODE
                if move.on is None
                else (ALL_TILES.index(move.on.tile) * len(SIDES) + SIDES.index(move.on.side))
            )
        else:
            tile = rng.randrange(len(ALL_TILES))
            code = ALL_TILES.index(rng.choice(layout.tiles())) * len(SIDES) + rng.randrange(6)
        out.append(Check(layout.to_bytes(), tile, code))
    return out


def move_request(c: Check) -> bytes:
    return rules_pb2.ValidateMoveRequest(
        layout=common_pb2.Layout(compact=c.layout), placement_compact=bytes([c.tile, c.code])
    ).SerializeToString()


def batch_request(checks: Sequence[Check]) -> bytes:
    return rules_pb2.ValidateMovesRequest(
        layouts=[c.layout for c in checks],
        placements=bytes(b for c in checks for b in (c.tile, c.code)),
    ).SerializeToString()


def response_size(n: int) -> int:
    return len(
        rules_pb2.ValidateMovesResponse(
            verdicts=b"\x01" * n, points=b"\x01" * n
        ).SerializeToString()
    )


# --------------------------------------------------------------------------- measuring


@dataclass
class Phase:
    name: str
    unit: str
    items: int  # checks (or calls) completed in the timed window
    wall: float
    server_cpu: float
    latencies: list[float]

    @property
    def per_core(self) -> float:
        return self.items / self.server_cpu if self.server_cpu > 0 else float("nan")

    @property
    def wall_rate(self) -> float:
        return self.items / self.wall

    def line(self) -> str:
        lat = sorted(self.latencies)
        return (
            f"{self.name:<34} {self.per_core:>12,.0f} {self.wall_rate:>12,.0f} "
            f"{self.server_cpu / self.wall:>6.2f} {percentile(lat, 0.5) * 1e3:>8.2f} "
            f"{percentile(lat, 0.99) * 1e3:>8.2f}  {self.unit}"
        )


HEADER = f"{'phase':<34} {'/s per core':>12} {'/s wall':>12} {'cores':>6} {'p50 ms':>8} {'p99 ms':>8}  unit"


class Window:
    """The timed window: shared by the load coroutines of a phase."""

    def __init__(self) -> None:
        self.measuring = False
        self.stopping = False
        self.items = 0
        self.latencies: list[float] = []

    def record(self, items: int, seconds: float) -> None:
        if self.measuring:
            self.items += items
            self.latencies.append(seconds)

    async def run(
        self, server: ServerProcess, warmup: float, duration: float
    ) -> tuple[float, float]:
        await asyncio.sleep(warmup)
        cpu0, t0 = server.cpu_seconds(), time.perf_counter()
        self.measuring = True
        await asyncio.sleep(duration)
        self.measuring = False
        cpu1, t1 = server.cpu_seconds(), time.perf_counter()
        self.stopping = True
        return t1 - t0, cpu1 - cpu0


async def open_channels(address: str, n: int) -> list[grpc.aio.Channel]:
    """n connected channels.  A local subchannel pool each: n channels are n TCP connections
    (so that SO_REUSEPORT can spread them over workers)."""
    channels = [
        grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(n)
    ]
    await asyncio.wait_for(asyncio.gather(*(ch.channel_ready() for ch in channels)), CALL_TIMEOUT)
    return channels


async def unary_phase(
    name: str, server: ServerProcess, method: str, requests: Sequence[bytes], *,
    channels: int, concurrency: int, warmup: float, duration: float,
) -> Phase:  # fmt: skip
    chans = await open_channels(server.address, channels)
    calls = [ch.unary_unary(method) for ch in chans]  # no serializers: bytes in, bytes out
    window = Window()

    async def load(k: int) -> None:
        call = calls[k % len(calls)]
        i = k
        while not window.stopping:
            request = requests[i % len(requests)]
            i += concurrency
            started = time.perf_counter()
            await call(request, timeout=CALL_TIMEOUT)
            window.record(1, time.perf_counter() - started)

    tasks = [asyncio.create_task(load(k)) for k in range(concurrency)]
    wall, cpu = await window.run(server, warmup, duration)
    await asyncio.wait_for(asyncio.gather(*tasks), CALL_TIMEOUT)
    for ch in chans:
        await ch.close()
    return Phase(name, "calls", window.items, wall, cpu, window.latencies)


async def stream_phase(
    name: str, server: ServerProcess, method: str, batches: Sequence[bytes], checks_per_batch: int,
    *, channels: int, streams: int, window_size: int, warmup: float, duration: float,
    metadata: tuple[tuple[str, str], ...] = (),
) -> Phase:  # fmt: skip
    chans = await open_channels(server.address, channels)
    window = Window()

    async def one_stream(k: int) -> None:
        call = chans[k % len(chans)].stream_stream(method)(metadata=metadata)
        sent: deque[float] = deque()
        slots = asyncio.Semaphore(window_size)

        async def reader() -> None:
            try:
                while True:
                    message = await call.read()
                    if message is grpc.aio.EOF:
                        return
                    window.record(checks_per_batch, time.perf_counter() - sent.popleft())
                    slots.release()
            finally:  # a stream that broke must not leave the writer waiting for a slot
                for _ in range(window_size):
                    slots.release()

        reading = asyncio.create_task(reader())
        i = k
        while not window.stopping:
            await slots.acquire()
            if reading.done():
                break
            sent.append(time.perf_counter())
            await call.write(batches[i % len(batches)])
            i += 1
        if not reading.done():
            await call.done_writing()
        await reading
        code = await call.code()
        if code != grpc.StatusCode.OK:
            raise RuntimeError(f"{method} stream ended {code}: {await call.details()}")

    tasks = [asyncio.create_task(one_stream(k)) for k in range(streams)]
    wall, cpu = await window.run(server, warmup, duration)
    await asyncio.wait_for(asyncio.gather(*tasks), CALL_TIMEOUT)
    for ch in chans:
        await ch.close()
    return Phase(name, "checks", window.items, wall, cpu, window.latencies)


# --------------------------------------------------------------------------- correctness


async def check_answers(address: str, checks: Sequence[Check], batch: int) -> None:
    """The figures only mean something if the server answers right: compare a sample with
    the core, through the typed stubs."""
    from fiveup.v1 import rules_pb2_grpc

    async with grpc.aio.insecure_channel(address) as channel:
        stub = rules_pb2_grpc.RulesServiceStub(channel)
        for c in checks[:50]:
            answer = await stub.ValidateMove(
                rules_pb2.ValidateMoveRequest.FromString(move_request(c))
            )
            verdict, points, end_sum = fiveup_core.validate_move(c.layout, c.tile, c.code)
            assert (answer.verdict, answer.points, answer.end_sum) == (verdict, points, end_sum), c
        sample = list(checks[:batch])
        expected = fiveup_core.validate_batch(
            [c.layout for c in sample], bytes(b for c in sample for b in (c.tile, c.code))
        )
        request = rules_pb2.ValidateMovesRequest.FromString(batch_request(sample))
        answers = [a async for a in stub.ValidateMoves(iter([request]))]
        assert [(a.verdicts, a.points) for a in answers] == [expected]


# --------------------------------------------------------------------------- main


@dataclass
class Settings:
    warmup: float
    duration: float
    batch: int
    checks: int
    channels: int
    concurrency: int
    streams: int
    window: int
    workers2: bool
    rounds: int


async def run_single(
    server: ServerProcess, s: Settings, checks: list[Check]
) -> list[dict[str, Phase]]:
    """``s.rounds`` rounds of the four phases, back to back in each round."""
    await check_answers(server.address, checks, s.batch)
    health = [health_pb2.HealthCheckRequest(service="").SerializeToString()]
    moves = [move_request(c) for c in checks]
    batches = [
        batch_request(checks[i : i + s.batch]) for i in range(0, len(checks) - s.batch + 1, s.batch)
    ]
    echo_md = (("x-echo-bytes", str(response_size(s.batch))),)
    common: dict[str, Any] = {"channels": s.channels, "warmup": s.warmup, "duration": s.duration}
    streaming: dict[str, Any] = {"streams": s.streams, "window_size": s.window, **common}
    rounds = []
    for number in range(s.rounds):
        # Each measurement sits next to its floor; odd rounds swap the order of each pair so
        # that a drifting load on the machine does not favour one side.
        order = "abcd" if number % 2 == 0 else "badc"
        found: dict[str, Phase] = {}
        for key in order:
            if key == "a":
                found[key] = await unary_phase(
                    "(a) Health/Check (no-op unary)",
                    server,
                    HEALTH_CHECK,
                    health,
                    concurrency=s.concurrency,
                    **common,
                )
            elif key == "b":
                found[key] = await unary_phase(
                    "(b) ValidateMove (compact)",
                    server,
                    VALIDATE_MOVE,
                    moves,
                    concurrency=s.concurrency,
                    **common,
                )
            elif key == "c":
                found[key] = await stream_phase(
                    f"(c) Echo/Stream (trivial, x{s.batch})",
                    server,
                    ECHO,
                    batches,
                    s.batch,
                    metadata=echo_md,
                    **streaming,
                )
            else:
                found[key] = await stream_phase(
                    f"(d) ValidateMoves (x{s.batch})",
                    server,
                    VALIDATE_MOVES,
                    batches,
                    s.batch,
                    **streaming,
                )
        rounds.append(found)  # fmt: skip
    return rounds


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def median_phase(phases: Sequence[Phase]) -> Phase:
    """The round whose per-core rate is the median (the lower middle one for an even count)."""
    return sorted(phases, key=lambda p: p.per_core)[(len(phases) - 1) // 2]


async def run_scaling(
    tmp: Path, s: Settings, checks: list[Check], env: dict[str, str]
) -> dict[str, Phase]:
    """(b) and (d) against 1 and then 2 workers, nothing pinned: the client and the workers
    share every core, as they would on a small box."""
    moves = [move_request(c) for c in checks]
    batches = [
        batch_request(checks[i : i + s.batch]) for i in range(0, len(checks) - s.batch + 1, s.batch)
    ]
    common: dict[str, Any] = {
        "channels": max(8, s.channels),
        "warmup": s.warmup,
        "duration": s.duration,
    }
    out: dict[str, Phase] = {}
    for workers in (1, 2):
        with ServerProcess(tmp, workers=workers, env=env) as server:
            out[f"b{workers}"] = await unary_phase(
                f"(b) ValidateMove, {workers} worker(s)", server, VALIDATE_MOVE, moves,
                concurrency=s.concurrency, **common,
            )  # fmt: skip
            out[f"d{workers}"] = await stream_phase(
                f"(d) ValidateMoves, {workers} worker(s)", server, VALIDATE_MOVES, batches, s.batch,
                streams=max(8, s.streams), window_size=s.window, **common,
            )  # fmt: skip
    return out


def scaling_report(s: Settings, args: argparse.Namespace) -> list[str]:
    """Run the scaling part in a fresh, unpinned process (this one is pinned, and so are the
    threads gRPC started in it) and return its output lines."""
    command = [
        sys.executable, "-m", "bench.rules_rpc", "--scaling-only",
        "--duration", str(s.duration), "--warmup", str(s.warmup), "--batch", str(s.batch),
        "--checks", str(s.checks), "--concurrency", str(s.concurrency),
        "--streams", str(s.streams), "--window", str(s.window), "--channels", str(s.channels),
        "--log-level", args.log_level, "--seed", str(args.seed),
    ]  # fmt: skip
    affinity = os.sched_getaffinity(0)
    proc = subprocess.run(
        command, capture_output=True, text=True, timeout=600,
        preexec_fn=lambda: os.sched_setaffinity(0, ORIGINAL_AFFINITY or affinity),
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"the scaling run failed: {proc.stderr[-2000:]}")
    return proc.stdout.strip().splitlines()


ORIGINAL_AFFINITY: set[int] = set()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.rules_rpc", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--duration", type=float, default=1.5, help="timed seconds per phase")
    parser.add_argument("--warmup", type=float, default=0.3, help="untimed seconds before each")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the four phases (median)")
    parser.add_argument("--batch", type=int, default=100, help="checks per ValidateMoves message")
    parser.add_argument("--checks", type=int, default=5000, help="distinct positions to cycle")
    parser.add_argument("--concurrency", type=int, default=32, help="unary calls in flight")
    parser.add_argument("--streams", type=int, default=4, help="concurrent streams")
    parser.add_argument("--window", type=int, default=4, help="batches in flight per stream")
    parser.add_argument("--channels", type=int, default=4, help="TCP connections")
    parser.add_argument(
        "--log-level", default="INFO", help="the server's log level (INFO: as deployed)"
    )
    parser.add_argument("--no-workers2", action="store_true", help="skip the --workers 2 run")
    parser.add_argument("--scaling-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--smoke", action="store_true", help="a fraction of a second per phase")
    args = parser.parse_args(argv)
    s = Settings(args.warmup, args.duration, args.batch, args.checks, args.channels,
                 args.concurrency, args.streams, args.window, not args.no_workers2,
                 max(1, args.rounds))  # fmt: skip
    if args.smoke:
        s.warmup, s.duration, s.checks, s.concurrency, s.rounds = 0.1, 0.3, 4 * s.batch, 8, 1
    checks = build_checks(max(s.checks, s.batch), args.seed)
    env = {"FIVEUP_BENCH_ECHO": "1", "FIVEUP_LOG_LEVEL": args.log_level}

    if args.scaling_only:
        with tempfile.TemporaryDirectory(prefix="fiveup-bench-") as tmp:
            found = asyncio.run(run_scaling(Path(tmp), s, checks, env))
        print(HEADER)
        for phase in found.values():
            print(phase.line())
        ub = found["b2"].wall_rate / found["b1"].wall_rate
        ud = found["d2"].wall_rate / found["d1"].wall_rate
        print(
            f"workers 2 scaling (wall throughput, 2 workers vs 1, nothing pinned, the client on "
            f"the same {os.cpu_count()} CPUs): ValidateMove {ub:.2f}x, ValidateMoves {ud:.2f}x"
        )
        return 0

    ORIGINAL_AFFINITY.update(os.sched_getaffinity(0))
    server_cpus, client_cpus = split_cpus()
    if client_cpus:
        os.sched_setaffinity(0, client_cpus)  # before gRPC starts its threads
    print(
        f"rules_rpc benchmark: Python {sys.version.split()[0]}, grpcio {grpc.__version__}, "
        f"core {fiveup_core.IMPLEMENTATION}, {os.cpu_count()} CPUs; server on CPU "
        f"{sorted(server_cpus) if server_cpus else 'any'}, client on CPU "
        f"{sorted(client_cpus) if client_cpus else 'any'}; server log level {args.log_level}"
    )
    mean_tiles = sum(len(c.layout) for c in checks) / 2 / len(checks)
    print(
        f"workload: {len(checks)} positions (3..20 tiles, mean {mean_tiles:.1f}), 90% legal "
        f"placements; {s.concurrency} unary calls in flight; {s.streams} streams x {s.window} "
        f"batches of {s.batch} in flight; {s.channels} connections; {s.warmup:g}s warm-up + "
        f"{s.duration:g}s per phase"
    )
    with (
        tempfile.TemporaryDirectory(prefix="fiveup-bench-") as tmp,
        ServerProcess(Path(tmp), cpus=server_cpus, env=env) as server,
    ):
        rounds = asyncio.run(run_single(server, s, checks))
    phases = {k: median_phase([r[k] for r in rounds]) for k in "abcd"}
    print(f"median of {len(rounds)} round(s); range of the per-core rate across rounds in brackets")
    print(HEADER)
    for k, phase in phases.items():
        rates = [r[k].per_core for r in rounds]
        print(f"{phase.line()}  [{min(rates):,.0f}..{max(rates):,.0f}]")
    unary_ratios = [r["b"].per_core / r["a"].per_core for r in rounds]
    stream_ratios = [r["d"].per_core / r["c"].per_core for r in rounds]
    validate_vs_noop = median(unary_ratios)
    batch_vs_trivial = median(stream_ratios)
    print("per-round b/a: " + " ".join(f"{x:.2f}" for x in unary_ratios))
    print("per-round d/c: " + " ".join(f"{x:.2f}" for x in stream_ratios))
    batch_rate = median([r["d"].per_core for r in rounds])
    print(
        f"per server core: ValidateMove {phases['b'].per_core:,.0f}/s vs no-op "
        f"{phases['a'].per_core:,.0f}/s; ValidateMoves {batch_rate:,.0f} checks/s vs trivial "
        f"stream {phases['c'].per_core:,.0f}/s (ratios: median of the per-round ratios)"
    )
    if s.workers2:
        for line in scaling_report(s, args):
            print(line)
    print(f"RESULT validate_vs_noop={validate_vs_noop:.3f}")
    print(f"RESULT batch_vs_trivial_stream={batch_vs_trivial:.3f}")
    print(f"RESULT batch_validations_per_s={batch_rate:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
