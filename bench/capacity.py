"""Capacity: how many people one replica serves, playing as people play, within the SLO.

    .venv/bin/python -m bench.capacity [--smoke] [--configs sqlite,postgres,postgres_2,workers_2]
                                       [--steps 250,500,...] [--window 30] [--settle 15]
                                       [--nats-url nats://HOST:PORT]

For each configuration it starts the servers (``fiveup serve`` subprocesses, configured
for this load: see ``server_settings``), then ramps the load of ``bench/load_model.py``
-- players signing in and arriving at the matchmaker, thinking 2-8 s a move, bots,
spectators, reconnects, a few rules-API validators -- step by step.  At each step, once
every player has arrived and ``--settle`` seconds have passed, it measures a window of
``--window`` seconds and checks the SLO:

* p99 of SubmitMove < 100 ms,
* p99 of event delivery to watchers < 100 ms (the server's stamp to the watcher's
  receipt: see load_model.py),
* no errors (any call or stream that did not succeed).

The ramp stops at the first step that breaks it; the step before is the highest load
that held.  Configurations:

* ``sqlite``: one server on a SQLite file, pinned to one CPU, the load on the other;
* ``postgres``: the same on PostgreSQL (a fresh database, dropped after);
* ``postgres_2``: two servers on one PostgreSQL database, the people spread over both
  (the players of one match on different replicas: NOTIFY carries the fan-out);
* ``workers_2``: ``fiveup serve --workers 2`` on one SQLite file (SO_REUSEPORT);
* ``sqlite_gc_default``: ``sqlite`` with Python's own collector (``--no-gc-freeze
  --gc-young-threshold 700``), the baseline of the collector's tuning
  (``fiveup.telemetry.collector``), to run beside ``sqlite`` in one run;
* ``sqlite_getmatch``: ``sqlite`` with clients that call ``GetMatch(min_version)`` on each
  announced turn, as the web client does today, instead of reading the view from the
  stream (``Model.views_on_stream``, on in every other configuration), to run beside
  ``sqlite`` in one run.
* ``postgres_bus``, ``postgres_2_bus``, ``workers_2_bus``: ``postgres``, ``postgres_2`` and
  ``workers_2`` with ``--bus``: the servers wake each other through NATS instead of
  LISTEN/NOTIFY (PostgreSQL: the appends commit without NOTIFY) or polling the file
  (SQLite workers).  NATS: a private ``nats-server`` on a free port (its CPU is printed,
  ``nats_cores``), unless ``--nats-url`` names one (the servers take subjects of their
  own on it).

The two-process configurations are not pinned: with two cores they share them with the
load.  Printed per step: players (and spectators), moves/s, calls/s, p50/p99 of
SubmitMove, GetMatch and delivery, errors, the servers' CPU (cores busy) and per 1,000
players, the load's own CPU, the collectors' pauses (ms a second: the servers', from their
``fiveup_gc_pause_seconds``, and the load's own) and the machine's load average (the
machine is shared); then, per configuration, every call's p50/p99 at the highest step that held;
a RESULT line for each configuration but ``sqlite``
(``players_per_core_at_slo_<config>``, 0 when no step held); and last

    RESULT players_per_core_at_slo=<the highest SQLite step that held / the server cores it used>

``--smoke`` runs one small step per configuration (SQLite and PostgreSQL) to check the
output; it still sizes and checks the servers for the full ramp (``check_plan``), so a
setting that would refuse the full form's load fails the smoke too.

PostgreSQL: a maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else the
local server) is used to create and drop throwaway databases.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench._fleet import (
    TURN_TIMEOUT,
    Config,
    NatsProcess,
    check_plan,
    nats,
    server_settings,
    servers,
)
from bench._server import ServerProcess, pg_problem, split_cpus
from bench.load_model import MODEL, Crowd, Window

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
SLO_MS = 100.0
FULL_STEPS = (250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000)
SMOKE_STEPS = (24,)
CONFIGS = (
    "sqlite", "postgres", "postgres_2", "workers_2", "postgres_bus", "postgres_2_bus",
    "workers_2_bus",
)  # fmt: skip
SMOKE_CONFIGS = ("sqlite", "postgres")

CONFIG_SHAPES = {
    "sqlite": Config("sqlite", "sqlite", 1, 1),
    "postgres": Config("postgres", "postgres", 1, 1),
    "postgres_2": Config("postgres_2", "postgres", 2, 1),
    "workers_2": Config("workers_2", "sqlite", 1, 2),
    # The baseline of the collector's tuning, to run beside ``sqlite`` in one run
    # (--configs sqlite_gc_default,sqlite): the same server with Python's own collector.
    "sqlite_gc_default": Config(
        "sqlite_gc_default",
        "sqlite",
        1,
        1,
        (("FIVEUP_GC_FREEZE", "false"), ("FIVEUP_GC_YOUNG_THRESHOLD", "700")),
    ),
    # Clients without the views on the stream (a GetMatch per announced turn), to run
    # beside ``sqlite`` in one run (--configs sqlite_getmatch,sqlite).
    "sqlite_getmatch": Config(
        "sqlite_getmatch", "sqlite", 1, 1, model=replace(MODEL, views_on_stream=False)
    ),
    # Woken through NATS (--bus): PostgreSQL commits its appends without NOTIFY, the
    # SQLite workers stop polling the file.
    "postgres_bus": Config("postgres_bus", "postgres", 1, 1, bus=True),
    "postgres_2_bus": Config("postgres_2_bus", "postgres", 2, 1, bus=True),
    "workers_2_bus": Config("workers_2_bus", "sqlite", 1, 2, bus=True),
}


# ---------------------------------------------------------------------- one step


@dataclass
class Step:
    config: str
    players: int
    spectators: int
    window: Window
    server_cores: float
    client_cores: float
    load_average: float
    server_gc_seconds: float  # the servers' collectors' pauses in the window, in all
    nats_cores: float  # the private NATS's CPU (nan: no bus, or one not measured)

    @property
    def moves_per_second(self) -> float:
        return self.window.count("SubmitMove") / self.window.seconds

    @property
    def calls_per_second(self) -> float:
        unary = sum(len(v) for k, v in self.window.latencies.items() if k not in STREAM_FIGURES)
        return unary / self.window.seconds

    @property
    def cores_per_1000(self) -> float:
        return self.server_cores / self.players * 1000 if self.players else float("nan")

    @property
    def server_gc_ms_per_second(self) -> float:
        return self.server_gc_seconds / self.window.seconds * 1000

    @property
    def players_per_core(self) -> float:
        return self.players / self.server_cores if self.server_cores > 0 else float("nan")

    def broken(self) -> list[str]:
        """The SLO's clauses this step broke."""
        out = []
        for name in ("SubmitMove", "delivery"):
            p99 = self.window.percentile(name, 0.99)
            if math.isnan(p99):
                out.append(f"no {name} measured")
            elif p99 >= SLO_MS:
                out.append(f"p99 {name} {p99:.0f} ms")
        if self.window.error_count:
            out.append(f"{self.window.error_count} errors")
        return out


STREAM_FIGURES = ("delivery", "seated")  # measured on streams, not calls


async def measure_step(
    crowd: Crowd, config: Config, group: Sequence[ServerProcess], bus: NatsProcess | None,
    players: int, arrivals: float, settle: float, window: float,
) -> Step:  # fmt: skip
    await crowd.grow(players, arrivals)
    await asyncio.sleep(settle)
    crowd.recorder.take()
    cpu = sum(s.cpu_seconds() for s in group)
    routed = bus.cpu_seconds() if bus is not None and config.bus else math.nan
    paused = await asyncio.to_thread(server_gc_seconds, group)
    own = time.process_time()
    started = time.monotonic()
    await asyncio.sleep(window)
    seen = crowd.recorder.take()
    elapsed = time.monotonic() - started
    cpu = sum(s.cpu_seconds() for s in group) - cpu
    routed = (bus.cpu_seconds() - routed) / elapsed if bus is not None and config.bus else routed
    paused = await asyncio.to_thread(server_gc_seconds, group) - paused
    return Step(
        config.name, players, len(crowd.spectators), seen, cpu / elapsed,
        (time.process_time() - own) / elapsed, os.getloadavg()[0], paused, routed,
    )  # fmt: skip


def server_gc_seconds(group: Sequence[ServerProcess]) -> float:
    """How long the servers' collectors have paused them since they started."""
    return sum(s.metric_sum("fiveup_gc_pause_seconds_sum") for s in group)


HEADER = (
    f"{'config':<17} {'players':>7} {'spect':>5} {'moves/s':>7} {'calls/s':>7} "
    f"{'submit_p50/p99':>15} {'getmatch_p50/p99':>16} {'delivery_p50/p99':>16} {'errors':>6} "
    f"{'srv_cores':>9} {'per_1k':>6} {'load_cores':>10} {'srv_gc':>6} {'load_gc':>7} "
    f"{'loadavg':>7} {'nats_cores':>10}  verdict"
)  # one word a column: ms for the latencies, cores for CPU (per_1k: per 1,000 players),
#    ms of collector pauses a second for srv_gc / load_gc (the servers' and the load's own),
#    nats_cores: the private NATS's CPU ("-": no bus)


def row(step: Step) -> str:
    w = step.window

    def pair(name: str) -> str:
        return f"{w.percentile(name, 0.5):.1f}/{w.percentile(name, 0.99):.1f}"

    broken = step.broken()
    return (
        f"{step.config:<17} {step.players:>7} {step.spectators:>5} {step.moves_per_second:>7.1f} "
        f"{step.calls_per_second:>7.1f} {pair('SubmitMove'):>15} {pair('GetMatch'):>16} "
        f"{pair('delivery'):>16} {w.error_count:>6} {step.server_cores:>9.2f} "
        f"{step.cores_per_1000:>6.2f} {step.client_cores:>10.2f} "
        f"{step.server_gc_ms_per_second:>6.1f} {w.gc_ms_per_second:>7.1f} {step.load_average:>7.1f} "
        f"{'-' if math.isnan(step.nats_cores) else f'{step.nats_cores:.3f}':>10}  "
        + ("held" if not broken else "BROKE: " + "; ".join(broken))
    )


def call_detail(step: Step) -> list[str]:
    w = step.window
    lines = []
    for name in sorted(w.latencies):
        lines.append(
            f"    {name:<14} {w.count(name) / w.seconds:8.1f}/s  p50 {w.percentile(name, 0.5):7.1f} ms"
            f"  p99 {w.percentile(name, 0.99):7.1f} ms"
        )
    lines.append(
        f"    the load's collector: {len(w.gc_pauses)} pauses, longest "
        f"{max(w.gc_pauses, default=0) * 1000:.1f} ms"
    )
    for what, n in w.errors.most_common(5):
        lines.append(f"    error x{n}: {what}")
    return lines


async def ramp(
    config: Config, steps: Sequence[int], args: argparse.Namespace, workdir: Path,
    bus_url: str, bus: NatsProcess | None,
) -> tuple[list[Step], Step | None]:  # fmt: skip
    """Every step measured (up to the first that broke) and the highest that held."""
    settings = server_settings(max(FULL_STEPS if args.smoke else steps))
    async with servers(config, settings, args.pg_url, workdir, bus_url=bus_url) as fleet:
        group = fleet.servers
        crowd = Crowd([s.address for s in group], model=config.model, turn_timeout=TURN_TIMEOUT)
        measured: list[Step] = []
        try:
            for players in steps:
                step = await measure_step(crowd, config, group, bus, players, args.arrivals,
                                          args.settle, args.window)  # fmt: skip
                measured.append(step)
                print(row(step), flush=True)
                if step.broken():
                    for line in call_detail(step):
                        print(line, flush=True)
                    break
        finally:
            await crowd.close()
    held = [s for s in measured if not s.broken()]
    return measured, (held[-1] if held else None)


# ---------------------------------------------------------------------- the run


async def main_async(args: argparse.Namespace) -> int:
    steps = [int(s) for s in args.steps.split(",")]
    configs = [CONFIG_SHAPES[name] for name in args.configs.split(",")]
    full_max = max(FULL_STEPS if args.smoke else steps)
    problems = check_plan(full_max, server_settings(full_max))
    if problems:
        print("the servers would refuse this load: " + "; ".join(problems), file=sys.stderr)
        return 1
    cpus = split_cpus()[1]
    if cpus:
        os.sched_setaffinity(0, cpus)  # the load on its own core (the server on the other)
    print(f"capacity: steps {steps} players (arrivals {args.arrivals:.0f}/s, settle "
          f"{args.settle:.0f} s, window {args.window:.0f} s); SLO p99 SubmitMove and delivery "
          f"< {SLO_MS:.0f} ms, no errors; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the start")  # fmt: skip
    print(HEADER, flush=True)
    results: dict[str, Step | None] = {}
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="fiveup-capacity-")))
        url, bus = "", None
        if any(config.bus for config in configs):
            url, bus = stack.enter_context(nats(args.nats_url, tmp))
        for config in configs:
            if config.store == "postgres":
                problem = pg_problem(args.pg_url)
                if problem is not None:
                    print(f"{config.name}: skipped, PostgreSQL not reachable: {problem}")
                    continue
            _, results[config.name] = await ramp(config, steps, args, tmp, url, bus)
    print()
    print("highest load that held, per configuration:")
    for name, held in results.items():
        if held is None:
            print(f"  {name:<17} none: the first step broke the SLO")
            continue
        print(f"  {name:<17} {held.players} players, {held.moves_per_second:.1f} moves/s, "
              f"{held.calls_per_second:.1f} calls/s, {held.server_cores:.2f} server cores "
              f"({held.cores_per_1000:.2f} per 1,000 players: {held.players_per_core:.0f} players "
              f"per core), load average {held.load_average:.1f}")  # fmt: skip
        for line in call_detail(held):
            print(line)
    for name, held in results.items():  # the headline's comes last
        if name != "sqlite":
            figure = held.players_per_core if held is not None else 0.0
            print(f"RESULT players_per_core_at_slo_{name}={figure:.0f}")
    headline = results.get("sqlite") or next((s for s in results.values() if s), None)
    if headline is None:
        print("no step held in any configuration", file=sys.stderr)
        print("RESULT players_per_core_at_slo=0")
        return 0 if args.smoke else 1
    print(f"RESULT players_per_core_at_slo={headline.players_per_core:.0f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"comma-separated, from {', '.join(CONFIGS)}")  # fmt: skip
    parser.add_argument("--steps", default=",".join(map(str, FULL_STEPS)), help="players per step")
    parser.add_argument("--arrivals", type=float, default=50.0, help="players arriving a second")
    parser.add_argument("--settle", type=float, default=15.0, help="seconds before each window")
    parser.add_argument("--window", type=float, default=30.0, help="measured seconds per step")
    parser.add_argument("--pg-url", default=os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_PG))
    parser.add_argument("--nats-url", default="",
                        help="a running NATS for the *_bus configurations (default: a private one)")  # fmt: skip
    parser.add_argument("--smoke", action="store_true",
                        help="one small step on SQLite and PostgreSQL (format check)")  # fmt: skip
    args = parser.parse_args(argv)
    for name in args.configs.split(","):
        if name not in CONFIG_SHAPES:
            parser.error(f"unknown configuration {name!r} (choose from {', '.join(CONFIG_SHAPES)})")
    if args.smoke:
        if args.configs == parser.get_default("configs"):
            args.configs = ",".join(SMOKE_CONFIGS)
        args.steps = ",".join(map(str, SMOKE_STEPS))
        args.settle, args.window, args.arrivals = 4.0, 8.0, 24.0
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
