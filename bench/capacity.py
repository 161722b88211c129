"""Capacity: how many people one replica serves, playing as people play, within the SLO.

    .venv/bin/python -m bench.capacity [--smoke] [--configs sqlite,postgres,postgres_bus,...]
                                       [--steps 250,500,...] [--window 30] [--settle 15]
                                       [--nats-url nats://HOST:PORT] [--baseline REV --rounds N]

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

The ramp stops at the first step that breaks it (``--through``: it goes on, to compare
two servers at the same loads); the step before is the highest load that held.  Configurations:

* ``sqlite``: one server on a SQLite file, pinned to one CPU, the load on the other;
* ``postgres``: the same on PostgreSQL (a fresh database, dropped after);
* ``postgres_2``: two servers on one PostgreSQL database, the people spread over both
  (the players of one match on different replicas: NOTIFY carries the fan-out);
* ``workers_2``: ``fiveup serve --workers 2`` on one SQLite file (SO_REUSEPORT);
* ``postgres_bus``: ``postgres`` with ``--bus`` (NATS): the commit path sends no NOTIFY,
  the replica publishes each append's wake-up on the bus instead;
* ``postgres_2_bus``: ``postgres_2`` with ``--bus``: the replicas wake each other
  through NATS, not LISTEN/NOTIFY;
* ``workers_2_bus``: ``workers_2`` with ``--bus``: the workers wake each other through
  NATS instead of polling the file;
* ``sqlite_gc_default``: ``sqlite`` with Python's own collector (``--no-gc-freeze
  --gc-young-threshold 700``), the baseline of the collector's tuning
  (``fiveup.telemetry.collector``), to run beside ``sqlite`` in one run;
* ``sqlite_getmatch``: ``sqlite`` with clients that call ``GetMatch(min_version)`` on each
  announced turn, as the web client does today, instead of reading the view from the
  stream (``Model.views_on_stream``, on in every other configuration), to run beside
  ``sqlite`` in one run.

The two-process configurations are not pinned: with two cores they share them with the
load.  Printed per step: players (and spectators), moves/s, calls/s, p50/p99 of
SubmitMove, GetMatch and delivery, errors, the servers' CPU (cores busy) and per 1,000
players, the load's own CPU, the collectors' pauses (ms a second: the servers', from their
``fiveup_gc_pause_seconds``, and the load's own) and the machine's load average (the
machine is shared); then, per configuration, every call's p50/p99 at the highest step that held; and last

    RESULT players_per_core_at_slo=<the highest SQLite step that held / the server cores it used>

``--smoke`` runs one small step per configuration (SQLite and PostgreSQL) to check the
output; it still sizes and checks the servers for the full ramp (``check_plan``), so a
setting that would refuse the full form's load fails the smoke too.

PostgreSQL: a maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else the
local server) is used to create and drop throwaway databases.  NATS (the ``_bus``
configurations): ``--nats-url``, else ``FIVEUP_BENCH_NATS_URL``, else the local server;
each configuration's servers take subjects of their own on it.  A
configuration whose PostgreSQL or NATS cannot be reached is skipped, with a line saying so.

``--baseline REV`` runs every configuration twice, against this checkout's server and
against the server code of git revision ``REV`` (``<config>@REV``: its ``service/``
exported, with this checkout's compiled core and generated stubs, so the protos must be
the same), in alternating order over ``--rounds`` rounds, and prints both side by side:
a change's before and after at the same load, in one run (``bench/_baseline.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import math
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench._baseline import code_at, short
from bench._server import (
    TRUST_LOAD_ADDRESSES,
    ServerProcess,
    key_directory,
    nats_problem,
    pg_problem,
    postgres_database,
    split_cpus,
)
from bench.load_model import MODEL, Crowd, Model, Window
from fiveup.app.config import ServerConfig, env_name

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
DEFAULT_NATS = "nats://127.0.0.1:4222"
SLO_MS = 100.0
TURN_TIMEOUT = 120.0  # the servers' turn timer: deliveries are timed from it
FULL_STEPS = (250, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000)
SMOKE_STEPS = (24,)
CONFIGS = ("sqlite", "postgres", "postgres_bus", "postgres_2", "workers_2", "workers_2_bus")
SMOKE_CONFIGS = ("sqlite", "postgres", "postgres_bus", "workers_2_bus")
# Calls in flight at once besides the streams: unary calls of thousands of people.
UNARY_HEADROOM = 1_000


@dataclass(frozen=True)
class Config:
    name: str
    store: str  # sqlite | postgres
    replicas: int  # separate servers on one database
    workers: int  # processes of one server (SO_REUSEPORT)
    env: tuple[tuple[str, str], ...] = ()  # settings of this configuration's servers only
    model: Model = MODEL  # the load against them
    bus: bool = False  # wake each other through NATS (--bus)


CONFIG_SHAPES = {
    "sqlite": Config("sqlite", "sqlite", 1, 1),
    "postgres": Config("postgres", "postgres", 1, 1),
    "postgres_2": Config("postgres_2", "postgres", 2, 1),
    "workers_2": Config("workers_2", "sqlite", 1, 2),
    "postgres_bus": Config("postgres_bus", "postgres", 1, 1, bus=True),
    "postgres_2_bus": Config("postgres_2_bus", "postgres", 2, 1, bus=True),
    "workers_2_bus": Config("workers_2_bus", "sqlite", 1, 2, bus=True),
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
}


# ---------------------------------------------------------------------- the servers


def streams_needed(players: int, model: Model = MODEL) -> int:
    """The streams the load holds at most with ``players`` players (a player's FindMatch
    or WatchMatch, the spectators'), with a margin for reconnects overlapping."""
    return math.ceil(players * model.streams_per_player() * 1.1) + 50


def server_settings(max_players: int) -> dict[str, str]:
    """The servers' settings for this load: every person is a client address of its own
    behind a gateway the servers trust (so the per-client caps apply as in production,
    unchanged); the server-wide stream cap and gRPC's concurrent-call limit are sized for
    the largest step, since the defaults (1,000 streams) are a replica's capacity limit of
    their own (docs/scaling.md)."""
    streams = streams_needed(max_players)
    return {
        **{env_name(k): v for k, v in TRUST_LOAD_ADDRESSES.items()},
        "FIVEUP_MAX_SERVER_STREAMS": str(streams),
        "FIVEUP_MAX_CONCURRENT_RPCS": str(streams + UNARY_HEADROOM),
        "FIVEUP_TURN_TIMEOUT_SECONDS": str(TURN_TIMEOUT),
        "FIVEUP_LOG_LEVEL": "INFO",  # as deployed: the access log is part of the cost
    }


def check_plan(max_players: int, settings: dict[str, str], model: Model = MODEL) -> list[str]:
    """Why the servers, so configured, would refuse the load of ``max_players`` (empty:
    they admit it).  Read through the server's own configuration, so a changed default
    or a new cap is seen here first."""
    config = ServerConfig.from_env(settings)
    problems = list(config.problems())
    streams = streams_needed(max_players, model)
    if 0 < config.max_server_streams < streams:
        problems.append(f"max_server_streams {config.max_server_streams} < {streams} streams")
    if 0 < config.max_client_streams < 1:
        problems.append("max_client_streams admits no stream per person")
    per_match = 4 + model.spectators_per_match  # seats + spectators of the fullest match
    if 0 < config.max_watchers_per_match < per_match:
        problems.append(
            f"max_watchers_per_match {config.max_watchers_per_match} < {per_match} watchers"
        )
    for name in ("max_match_spectators", "max_spectators_per_match"):  # a spectator cap
        cap = getattr(config, name, 0)
        if 0 < cap < model.spectators_per_match:
            problems.append(f"{name} {cap} < the model's {model.spectators_per_match}")
    if config.client_address_header.lower() != "x-forwarded-for" or "127.0.0.1" not in (
        config.trusted_proxies
    ):
        problems.append("the servers do not take each person's address from x-forwarded-for")
    return problems


@contextlib.asynccontextmanager
async def servers(
    config: Config, settings: dict[str, str], pg_url: str, workdir: Path, *, bus_url: str = ""
) -> AsyncIterator[list[ServerProcess]]:
    """The configuration's servers, started and ready (on the bus at ``bus_url`` when
    ``config.bus``, with subjects of their own); stopped (and their database dropped)
    after."""
    env = {**settings, **dict(config.env)}
    if config.bus:
        if not bus_url:
            raise ValueError(f"{config.name} runs on a bus: give its NATS URL")
        env["FIVEUP_BUS"] = bus_url
        env["FIVEUP_BUS_PREFIX"] = f"fiveupbench{uuid.uuid4().hex[:10]}"
    with contextlib.ExitStack() as stack:
        if config.store == "postgres":
            env["FIVEUP_DB"] = stack.enter_context(postgres_database(pg_url))
        else:
            env["FIVEUP_DB"] = str(workdir / f"{config.name}.sqlite3")
        if config.replicas > 1 or config.workers > 1:
            env["FIVEUP_ACCESS_TOKEN_KEYS"] = key_directory()
        pinned, _ = split_cpus()
        cpus = pinned if config.replicas == 1 and config.workers == 1 else None
        started: list[ServerProcess] = []
        try:
            for _ in range(config.replicas):
                server = ServerProcess(
                    workdir, workers=config.workers, cpus=cpus, env=env, metrics=True
                )
                await asyncio.to_thread(server.start)
                started.append(server)
            yield started
        finally:
            for server in started:
                await asyncio.to_thread(server.stop)


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
    crowd: Crowd, config: Config, group: Sequence[ServerProcess], players: int,
    arrivals: float, settle: float, window: float,
) -> Step:  # fmt: skip
    await crowd.grow(players, arrivals)
    await asyncio.sleep(settle)
    crowd.recorder.take()
    cpu = sum(s.cpu_seconds() for s in group)
    paused = await asyncio.to_thread(server_gc_seconds, group)
    own = time.process_time()
    started = time.monotonic()
    await asyncio.sleep(window)
    seen = crowd.recorder.take()
    elapsed = time.monotonic() - started
    cpu = sum(s.cpu_seconds() for s in group) - cpu
    paused = await asyncio.to_thread(server_gc_seconds, group) - paused
    return Step(
        config.name, players, len(crowd.spectators), seen, cpu / elapsed,
        (time.process_time() - own) / elapsed, os.getloadavg()[0], paused,
    )  # fmt: skip


def server_gc_seconds(group: Sequence[ServerProcess]) -> float:
    """How long the servers' collectors have paused them since they started."""
    return sum(s.metric_sum("fiveup_gc_pause_seconds_sum") for s in group)


HEADER = (
    f"{'config':<21} {'players':>7} {'spect':>5} {'moves/s':>7} {'calls/s':>7} "
    f"{'submit_p50/p99':>15} {'getmatch_p50/p99':>16} {'delivery_p50/p99':>16} {'errors':>6} "
    f"{'srv_cores':>9} {'per_1k':>6} {'load_cores':>10} {'srv_gc':>6} {'load_gc':>7} "
    f"{'loadavg':>7}  verdict"
)  # one word a column: ms for the latencies, cores for CPU (per_1k: per 1,000 players),
#    ms of collector pauses a second for srv_gc / load_gc (the servers' and the load's own)


def row(step: Step) -> str:
    w = step.window

    def pair(name: str) -> str:
        return f"{w.percentile(name, 0.5):.1f}/{w.percentile(name, 0.99):.1f}"

    broken = step.broken()
    return (
        f"{step.config:<21} {step.players:>7} {step.spectators:>5} {step.moves_per_second:>7.1f} "
        f"{step.calls_per_second:>7.1f} {pair('SubmitMove'):>15} {pair('GetMatch'):>16} "
        f"{pair('delivery'):>16} {w.error_count:>6} {step.server_cores:>9.2f} "
        f"{step.cores_per_1000:>6.2f} {step.client_cores:>10.2f} "
        f"{step.server_gc_ms_per_second:>6.1f} {w.gc_ms_per_second:>7.1f} {step.load_average:>7.1f}  "
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
    config: Config, steps: Sequence[int], args: argparse.Namespace, workdir: Path
) -> tuple[list[Step], Step | None]:
    """Every step measured (up to the first that broke) and the highest that held."""
    settings = server_settings(max(FULL_STEPS if args.smoke else steps))
    async with servers(config, settings, args.pg_url, workdir, bus_url=args.nats_url) as group:
        crowd = Crowd([s.address for s in group], model=config.model, turn_timeout=TURN_TIMEOUT)
        measured: list[Step] = []
        try:
            for players in steps:
                step = await measure_step(crowd, config, group, players, args.arrivals,
                                          args.settle, args.window)  # fmt: skip
                measured.append(step)
                print(row(step), flush=True)
                if step.broken():
                    for line in call_detail(step):
                        print(line, flush=True)
                    if not args.through:
                        break
        finally:
            await crowd.close()
    # the highest step that held with every step below it held too (with --through a
    # later step may hold again: not a capacity the replica can be run at)
    held = list(itertools.takewhile(lambda s: not s.broken(), measured))
    return measured, (held[-1] if held else None)


# ---------------------------------------------------------------------- the run


def unreachable(config: Config, args: argparse.Namespace) -> str | None:
    """Why ``config`` cannot run here (its PostgreSQL or its NATS), or None."""
    if config.store == "postgres":
        problem = pg_problem(args.pg_url)
        if problem is not None:
            return f"PostgreSQL not reachable: {problem}"
    if config.bus:
        problem = nats_problem(args.nats_url)
        if problem is not None:
            return f"NATS not reachable: {problem}"
    return None


def plan_settings(config: Config, max_players: int) -> dict[str, str]:
    """The settings ``check_plan`` reads for ``config``'s servers: the load's, and the
    configuration's own shape (store, workers, bus), so a shape the server refuses (a
    bus on one SQLite process) fails the smoke run too."""
    return {
        **server_settings(max_players),
        **dict(config.env),
        "FIVEUP_WORKERS": str(config.workers),
        **(
            {"FIVEUP_DB": "postgresql://check@127.0.0.1/plan"} if config.store == "postgres" else {}
        ),
        **({"FIVEUP_BUS": DEFAULT_NATS} if config.bus else {}),
    }


def schedule(configs: Sequence[Config], baseline: str, code: str, rounds: int) -> list[Config]:
    """The runs in order: each configuration once a round, and with a baseline also
    against its code (``<name>@<baseline>``), before it in even rounds and after it in
    odd ones, so a drift of the machine's load does not favour either side."""
    runs: list[Config] = []
    for index in range(rounds):
        for config in configs:
            if not baseline:
                runs.append(config)
                continue
            before = replace(
                config, name=f"{config.name}@{baseline}", env=(*config.env, ("PYTHONPATH", code))
            )
            runs.extend((before, config) if index % 2 == 0 else (config, before))
    return runs


def comparison(measured: Sequence[tuple[Config, list[Step]]], baseline: str) -> list[str]:
    """p99 SubmitMove and delivery and the collectors' pauses, before (``@baseline``) and
    after, per configuration and step, each the median over the rounds."""
    by: dict[tuple[str, int], list[Step]] = {}
    for config, steps in measured:
        for step in steps:
            by.setdefault((config.name, step.players), []).append(step)
    lines = [
        f"before ({baseline}) and after, median over the rounds (p99 ms; srv_gc ms/s; rounds):",
    ]
    for (name, players), after in sorted(by.items()):
        before = by.get((f"{name}@{baseline}", players))
        if "@" in name or not before:
            continue

        def med(steps: list[Step], what: str) -> float:
            return statistics.median(
                s.server_gc_ms_per_second if what == "srv_gc" else s.window.percentile(what, 0.99)
                for s in steps
            )

        lines.append(
            f"  {name:<17} {players:>6} players: SubmitMove {med(before, 'SubmitMove'):.1f} -> "
            f"{med(after, 'SubmitMove'):.1f}, delivery {med(before, 'delivery'):.1f} -> "
            f"{med(after, 'delivery'):.1f}, srv_gc {med(before, 'srv_gc'):.1f} -> "
            f"{med(after, 'srv_gc'):.1f} ({len(before)}/{len(after)})"
        )
    return lines


async def main_async(args: argparse.Namespace) -> int:
    steps = [int(s) for s in args.steps.split(",")]
    configs = [CONFIG_SHAPES[name] for name in args.configs.split(",")]
    full_max = max(FULL_STEPS if args.smoke else steps)
    for config in configs:
        problems = check_plan(full_max, plan_settings(config, full_max), config.model)
        if problems:
            print(f"{config.name}: the servers would refuse this load: " + "; ".join(problems),
                  file=sys.stderr)  # fmt: skip
            return 1
    cpus = split_cpus()[1]
    if cpus:
        os.sched_setaffinity(0, cpus)  # the load on its own core (the server on the other)
    print(f"capacity: steps {steps} players (arrivals {args.arrivals:.0f}/s, settle "
          f"{args.settle:.0f} s, window {args.window:.0f} s); SLO p99 SubmitMove and delivery "
          f"< {SLO_MS:.0f} ms, no errors; {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the start")  # fmt: skip
    baseline = short(args.baseline) if args.baseline else ""
    results: list[tuple[Config, Step | None]] = []
    measured: list[tuple[Config, list[Step]]] = []
    with contextlib.ExitStack() as stack:
        code = stack.enter_context(code_at(args.baseline)) if baseline else ""
        if baseline:
            print(
                f"baseline: the server code of {args.baseline} ({baseline}), as <config>@{baseline}"
            )
        print(HEADER, flush=True)
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="fiveup-capacity-"))
        skipped: set[str] = set()
        for config in schedule(configs, baseline, code, args.rounds):
            why = unreachable(config, args)
            if why is not None:
                if config.name not in skipped:
                    print(f"{config.name}: skipped, {why}")
                skipped.add(config.name)
                continue
            steps_seen, held = await ramp(config, steps, args, Path(tmp))
            results.append((config, held))
            measured.append((config, steps_seen))
    print()
    print("highest load that held, per configuration" + (" and round:" if args.rounds > 1 else ":"))
    for config, held in results:
        if held is None:
            print(f"  {config.name:<24} none: the first step broke the SLO")
            continue
        print(f"  {config.name:<24} {held.players} players, {held.moves_per_second:.1f} moves/s, "
              f"{held.calls_per_second:.1f} calls/s, {held.server_cores:.2f} server cores "
              f"({held.cores_per_1000:.2f} per 1,000 players: {held.players_per_core:.0f} players "
              f"per core), load average {held.load_average:.1f}")  # fmt: skip
        for line in call_detail(held):
            print(line)
    if baseline:
        print()
        for line in comparison(measured, baseline):
            print(line)
    # the headline is this checkout's (a baseline's runs are only compared)
    held_steps = [held for config, held in results if held is not None and "@" not in config.name]
    sqlite = sorted(
        (held for config, held in results if config.name == "sqlite" and held is not None),
        key=lambda step: step.players_per_core,
    )
    headline = sqlite[len(sqlite) // 2] if sqlite else next(iter(held_steps), None)
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
    parser.add_argument("--nats-url", default=os.environ.get("FIVEUP_BENCH_NATS_URL", DEFAULT_NATS),
                        help="the NATS of the _bus configurations")  # fmt: skip
    parser.add_argument("--baseline", default="",
                        help="a git revision: also run each configuration on its server code")  # fmt: skip
    parser.add_argument("--through", action="store_true",
                        help="measure every step, not only up to the first that breaks")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the configurations this many times (alternating with --baseline)")  # fmt: skip
    parser.add_argument("--smoke", action="store_true",
                        help="one small step per configuration (format check)")  # fmt: skip
    args = parser.parse_args(argv)
    for name in args.configs.split(","):
        if name not in CONFIG_SHAPES:
            parser.error(f"unknown configuration {name!r} (choose from {', '.join(CONFIGS)})")
    if args.smoke:
        if args.configs == parser.get_default("configs"):
            args.configs = ",".join(SMOKE_CONFIGS)
        args.steps = ",".join(map(str, SMOKE_STEPS))
        args.settle, args.window, args.arrivals = 4.0, 8.0, 24.0
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
