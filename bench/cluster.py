"""Cluster: what a player costs the servers as replicas are added, on one database with
the bus.

    .venv/bin/python -m bench.cluster [--smoke] [--configs postgres_1,postgres_2,...]
                                      [--players-per-replica 300] [--rounds 2]
                                      [--settle 30] [--window 60] [--nats-url nats://HOST:PORT]
                                      [--baseline CHECKOUT] [--profile FOLDER]

Configurations (``fiveup serve`` subprocesses, started and sized as ``bench.capacity``
starts them, none pinned: they float over the machine's cores with the load):

* ``postgres_1``, ``postgres_2``, ``postgres_3``: 1, 2 and 3 replicas (separate
  processes) on one fresh PostgreSQL database, all with ``--bus`` on one NATS;
* ``postgres_3_apart``: the control -- three replicas that share nothing (a database and
  bus subjects each, every match on one replica): three processes and their load on
  this machine, without the cluster's traffic between them;
* ``workers_2``: ``fiveup serve --workers 2 --bus ...`` on one SQLite file.

Each carries the same load per serving process (``--players-per-replica`` players of
the load model, so 1, 2 and 3 times that in all; ``workers_2`` counts as two), of
``CLUSTER_MODEL``: the load model with every match through the matchmaker (a match
against bots has one person in it, so it never spans replicas) and spectators watching
through the replica they are connected to.  People are spread over the replicas
round-robin, so the seats of most matches, and their spectators, are on different
replicas (the share is printed: ``span``; workers share one address, so the load cannot
tell).  Without the validators: they are a fixed load, not a per-player one.

For each, once everyone has arrived and ``--settle`` seconds have passed, it measures a
window of ``--window`` seconds: the CPU time of every server process (``utime + stime``
of each replica, each worker and its supervisor, from ``/proc/<pid>/stat``; the load
generator's is not counted), in **server CPU seconds per 1,000 player-minutes**; beside
it the private NATS server's and the database backends' CPU (this database's backends in
``pg_stat_activity``; one that closes in the window is missed), the load generator's
own, the store reads and bus wake-ups the servers made per append, and the latencies
the load saw.  ``--rounds N`` measures every configuration N times, interleaved, and
sums them.  Last line:

    RESULT cluster_cpu_per_player_3_vs_1=<postgres_3's CPU per player-minute / postgres_1's>

``--baseline CHECKOUT`` runs every configuration from another checkout's code too,
interleaved in the same run (a before/after under the same machine load; the baseline's
ratio is printed above the RESULT).  ``--profile FOLDER`` records every server process
with py-spy over each window (its sampling costs the servers a little).

NATS: a private ``nats-server`` on a free port (its CPU is then the run's own), unless
``--nats-url`` names one (the servers take subjects of their own on it).  PostgreSQL: a
maintenance URL (``--pg-url``, else ``FIVEUP_BENCH_POSTGRES_URL``, else the local server)
creates and drops throwaway databases.  ``--smoke`` runs a few seconds per configuration
with a handful of players, to check the output.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench._fleet import (
    TURN_TIMEOUT,
    Config,
    Fleet,
    NatsProcess,
    check_plan,
    nats,
    server_settings,
    servers,
)
from bench._server import pg_problem, proc_cpu_seconds
from bench.load_model import MODEL, Crowd, Window

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
CLUSTER_MODEL = replace(MODEL, against_bots=0.0, validators=0, spectators_elsewhere=True)
CONFIGS = ("postgres_1", "postgres_2", "postgres_3", "postgres_3_apart", "workers_2")
SHAPES = {
    "postgres_1": Config("postgres_1", "postgres", 1, 1, model=CLUSTER_MODEL, bus=True, pin=False),
    "postgres_2": Config("postgres_2", "postgres", 2, 1, model=CLUSTER_MODEL, bus=True, pin=False),
    "postgres_3": Config("postgres_3", "postgres", 3, 1, model=CLUSTER_MODEL, bus=True, pin=False),
    "workers_2": Config("workers_2", "sqlite", 1, 2, model=CLUSTER_MODEL, bus=True, pin=False),
    # The control: three replicas that share nothing (a database and subjects each, every
    # match on one replica), so what postgres_3 costs beyond it is the cluster's traffic,
    # not three processes and their load on one machine.
    "postgres_3_apart": Config(
        "postgres_3_apart",
        "postgres",
        3,
        1,
        bus=True,
        pin=False,
        apart=True,
        model=replace(CLUSTER_MODEL, spectators_elsewhere=False),
    ),
}
NAME = 21  # the width of a configuration's name (postgres_3_apart@base)
PLAYERS_PER_REPLICA = 300
SMOKE_PLAYERS_PER_REPLICA = 8


def processes(config: Config) -> int:
    """The serving processes of a configuration (the load is per serving process)."""
    return config.replicas * config.workers


# ---------------------------------------------------------------------- what is read


@dataclass
class Reading:
    """Cumulative figures of a configuration's processes at one instant."""

    at: float
    own: float  # the load generator's CPU seconds (this process)
    cpu: dict[int, tuple[float, float]]  # server pid -> (user, system) CPU seconds
    nats: float
    db: dict[int, float] | None  # database backend pid -> CPU seconds (None: not read)
    reads: float  # the repositories' read_events calls
    appends: float
    woken: float  # match wake-ups received from the bus
    published: float  # match wake-ups sent on the bus


def database_backends(db: str) -> dict[int, float] | None:
    """CPU seconds of this database's backends (none for SQLite; None when the database
    admits no more connections: a shared server at ``max_connections``)."""
    if not db.startswith("postgresql://"):
        return {}
    import psycopg

    for attempt in range(10):
        try:
            with psycopg.connect(db, autocommit=True, connect_timeout=5) as conn:
                rows = conn.execute(
                    "SELECT pid FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).fetchall()
            break
        except psycopg.OperationalError as exc:
            if attempt == 9:
                print(f"the database's backends not measured: {exc}", file=sys.stderr)
                return None
            time.sleep(0.5)
    found = {}
    for (pid,) in rows:
        with contextlib.suppress(OSError):  # gone meanwhile
            found[int(pid)] = proc_cpu_seconds(int(pid))
    return found


def read(fleet: Fleet, bus: NatsProcess | None, *, cpu_first: bool) -> Reading:
    """The figures now.  ``cpu_first``: read the CPU before scraping the metrics (at a
    window's end, so the scrape falls outside it; at its start the scrape comes first)."""

    def cpu() -> dict[int, tuple[float, float]]:
        return {pid: s for server in fleet.servers for pid, s in server.cpu_by_process().items()}

    before = cpu() if cpu_first else {}
    totals = {"reads": 0.0, "appends": 0.0, "woken": 0.0, "published": 0.0}
    for server in fleet.servers:
        for name, labels, value in server.samples():
            if name == "fiveup_store_read_seconds_count" and 'operation="read_events"' in labels:
                totals["reads"] += value
            elif name == "fiveup_store_append_seconds_count":
                totals["appends"] += value
            elif name == "fiveup_bus_wakeups_total" and 'kind="match"' in labels:
                if 'outcome="received"' in labels:
                    totals["woken"] += value
                elif 'outcome="sent"' in labels:
                    totals["published"] += value
    nats_cpu = bus.cpu_seconds() if bus is not None else 0.0
    db_cpu: dict[int, float] | None = {}
    for db in fleet.dbs:
        found = database_backends(db)
        db_cpu = None if found is None or db_cpu is None else {**db_cpu, **found}
    return Reading(
        time.monotonic(), time.process_time(), before or cpu(), nats_cpu, db_cpu, **totals
    )


# ---------------------------------------------------------------------- one measurement


@dataclass
class Measured:
    config: str
    round: int
    processes: int
    players: int
    spectators: int
    seconds: float
    server_cpu: float  # seconds, every server process
    server_system: float  # of which in the kernel (system time)
    per_process: list[float]  # cores busy, each process (replicas and workers)
    nats_cpu: float
    db_cpu: float
    load_cpu: float  # the load generator's own
    reads: float
    appends: float
    woken: float
    published: float
    targets: int  # addresses the load was spread over
    matches: int  # followed so far
    spanning: int  # of those, followed through more than one target
    window: Window

    @property
    def player_minutes(self) -> float:
        return self.players * self.seconds / 60

    @property
    def cpu_per_1000(self) -> float:
        """Server CPU seconds per 1,000 player-minutes."""
        return self.server_cpu / self.player_minutes * 1000 if self.players else float("nan")


def diff(start: Reading, end: Reading) -> dict[int, tuple[float, float]]:
    """(user, system) CPU seconds of each server process between two readings."""
    spent = {}
    for pid, (user, system) in end.cpu.items():
        was = start.cpu.get(pid, (0.0, 0.0))
        spent[pid] = (user - was[0], system - was[1])
    return spent


async def measure(
    config: Config, fleet: Fleet, bus: NatsProcess | None, args: argparse.Namespace,
    round_no: int,
) -> Measured:  # fmt: skip
    crowd = Crowd([s.address for s in fleet.servers], model=config.model,
                  turn_timeout=TURN_TIMEOUT)  # fmt: skip
    try:
        await crowd.grow(args.players_per_replica * processes(config), args.arrivals)
        await asyncio.sleep(args.settle)
        crowd.recorder.take()
        start = await asyncio.to_thread(read, fleet, bus, cpu_first=False)
        with profiled(fleet, args, f"{config.name}-{round_no}"):
            await asyncio.sleep(args.window)
        end = await asyncio.to_thread(read, fleet, bus, cpu_first=True)
        seen = crowd.recorder.take()
        matches, spanning = crowd.live.spanning()
        spent = diff(start, end)
        seconds = end.at - start.at
        supervisors = {s.proc.pid for s in fleet.servers if s.workers > 1 and s.proc}
        if start.db is None or end.db is None:
            db = float("nan")
        else:
            db = sum(c - start.db.get(pid, 0.0) for pid, c in end.db.items())
        return Measured(
            config=config.name,
            round=round_no,
            processes=processes(config),
            players=len(crowd.players),
            spectators=len(crowd.spectators),
            seconds=seconds,
            server_cpu=sum(u + s for u, s in spent.values()),
            server_system=sum(s for _, s in spent.values()),
            per_process=[sum(c) / seconds for pid, c in spent.items() if pid not in supervisors],
            nats_cpu=end.nats - start.nats,
            db_cpu=db,
            load_cpu=end.own - start.own,
            reads=end.reads - start.reads,
            appends=end.appends - start.appends,
            woken=end.woken - start.woken,
            published=end.published - start.published,
            targets=len(crowd.targets),
            matches=matches,
            spanning=spanning,
            window=seen,
        )
    finally:
        await crowd.close()


@contextlib.contextmanager
def profiled(fleet: Fleet, args: argparse.Namespace, name: str) -> Iterator[None]:
    """With ``--profile DIR``: py-spy records every serving process over the block, as
    collapsed stacks (``DIR/<name>-<pid>.txt``).  py-spy's sampling costs the servers a
    little: a profiled run's CPU figures are not comparable with an unprofiled one's."""
    if not args.profile:
        yield
        return
    folder = Path(args.profile)
    folder.mkdir(parents=True, exist_ok=True)
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    pids = [pid for server in fleet.servers for pid in server.pids()]
    runs = []
    for pid in pids:
        output = folder / f"{name}-{pid}.txt"
        command = [spy, "record", "--pid", str(pid), "--duration", str(int(args.window)),
                   "--rate", "100", "--format", "raw", "--nonblocking", "--output", str(output)]  # fmt: skip
        runs.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    try:
        yield
    finally:
        for run in runs:
            try:
                run.wait(30)
            except subprocess.TimeoutExpired:
                run.kill()
                run.wait()


HEADER = (
    f"{'config':<{NAME}} {'round':>5} {'players':>7} {'spect':>5} {'span%':>5} {'moves/s':>7} "
    f"{'calls/s':>7} "
    f"{'submit_p50/p99':>15} {'delivery_p50/p99':>16} {'errors':>6} {'srv_cores':>9} "
    f"{'per_process':>17} {'sys%':>4} {'cpu_s/1k_pmin':>13} {'nats_cores':>10} {'db_cores':>8} {'load_cores':>10} "
    f"{'reads/append':>12} {'woken/append':>12} {'loadavg':>7}"
)  # latencies in ms; *_cores: cores busy over the window; cpu_s/1k_pmin: server CPU
#    seconds per 1,000 player-minutes; sys%: its share in the kernel; load_cores: the load generator's; reads/append: the servers' event reads per append
#    (every replica's); woken/append: bus wake-ups received per append


def row(m: Measured) -> str:
    w = m.window

    def pair(name: str) -> str:
        return f"{w.percentile(name, 0.5):.1f}/{w.percentile(name, 0.99):.1f}"

    # Workers share one address (the kernel picks a worker per connection): the load
    # cannot tell which worker a person is on.
    spans = m.matches and m.targets > 1
    span = f"{100 * m.spanning / m.matches:.0f}" if spans else "-"
    calls = sum(len(v) for k, v in w.latencies.items() if k not in ("delivery", "seated"))
    per_append = (lambda n: n / m.appends) if m.appends else (lambda n: float("nan"))
    return (
        f"{m.config:<{NAME}} {m.round:>5} {m.players:>7} {m.spectators:>5} {span:>5} "
        f"{w.count('SubmitMove') / w.seconds:>7.1f} {calls / w.seconds:>7.1f} {pair('SubmitMove'):>15} "
        f"{pair('delivery'):>16} {w.error_count:>6} {m.server_cpu / m.seconds:>9.3f} "
        f"{'+'.join(f'{c:.2f}' for c in m.per_process):>17} "
        f"{100 * m.server_system / m.server_cpu if m.server_cpu else 0:>4.0f} {m.cpu_per_1000:>13.1f} "
        f"{m.nats_cpu / m.seconds:>10.3f} {m.db_cpu / m.seconds:>8.3f} {m.load_cpu / m.seconds:>10.3f} "
        f"{per_append(m.reads):>12.2f} {per_append(m.woken):>12.2f} {os.getloadavg()[0]:>7.1f}"
    )


def summary(measured: Sequence[Measured]) -> dict[str, float]:
    """Per configuration, server CPU seconds per 1,000 player-minutes over every round."""
    out = {}
    for name in dict.fromkeys(m.config for m in measured):
        mine = [m for m in measured if m.config == name]
        minutes = sum(m.player_minutes for m in mine)
        out[name] = sum(m.server_cpu for m in mine) / minutes * 1000 if minutes else float("nan")
    return out


# ---------------------------------------------------------------------- the run


BASELINE = "@base"  # the name's suffix of a configuration run from --baseline's code


def baseline(config: Config, checkout: str) -> list[Config]:
    """``config`` run from another checkout's code (none without one): its servers
    import ``fiveup`` from there; the load is this checkout's."""
    if not checkout:
        return []
    root = Path(checkout).resolve()
    path = f"{root / 'service'}:{root / 'core_ext'}:{root}"
    return [replace(config, name=config.name + BASELINE, env=(*config.env, ("PYTHONPATH", path)))]


async def main_async(args: argparse.Namespace) -> int:
    configs = [SHAPES[name] for name in args.configs.split(",")]
    # Sized for the full form's load even in the smoke (as bench.capacity does), so a
    # setting that would refuse it fails the smoke too.
    most = max(args.players_per_replica, PLAYERS_PER_REPLICA) * max(map(processes, configs))
    settings = server_settings(most)
    problems = check_plan(most, settings, CLUSTER_MODEL)
    if problems:
        print("the servers would refuse this load: " + "; ".join(problems), file=sys.stderr)
        return 1
    if any(c.store == "postgres" for c in configs):
        problem = pg_problem(args.pg_url)
        if problem is not None:
            print(f"postgres_*: skipped, PostgreSQL not reachable: {problem}")
            configs = [c for c in configs if c.store != "postgres"]
    print(f"cluster: {args.players_per_replica} players per serving process (arrivals "
          f"{args.arrivals:.0f}/s, settle {args.settle:.0f} s, window {args.window:.0f} s, "
          f"{args.rounds} round(s)); {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the start")  # fmt: skip
    print(HEADER, flush=True)
    measured: list[Measured] = []
    runs = [run for config in configs for run in (*baseline(config, args.baseline), config)]
    with (
        tempfile.TemporaryDirectory(prefix="fiveup-cluster-") as tmp,
        nats(args.nats_url, Path(tmp)) as (url, private),
    ):
        for round_no in range(1, args.rounds + 1):
            for config in runs:
                async with servers(config, settings, args.pg_url, Path(tmp), bus_url=url) as fleet:
                    m = await measure(config, fleet, private, args, round_no)
                measured.append(m)
                print(row(m), flush=True)
    totals = summary(measured)
    print()
    print("server CPU seconds per 1,000 player-minutes (every round), and x postgres_1's:")
    for name, figure in totals.items():
        one = totals.get("postgres_1" + name.partition(BASELINE)[1])
        print(f"  {name:<{NAME}} {figure:8.1f}   x {figure / one if one else float('nan'):.2f}")
    base, three = totals.get("postgres_1"), totals.get("postgres_3")
    was = [totals.get(f"postgres_{n}{BASELINE}") for n in (1, 3)]
    if was[0] and was[1]:
        print(
            f"the baseline's ({args.baseline}) cluster_cpu_per_player_3_vs_1: {was[1] / was[0]:.2f}"
        )
    if not base or three is None:
        print("the ratio needs postgres_1 and postgres_3", file=sys.stderr)
        print("RESULT cluster_cpu_per_player_3_vs_1=nan")
        return 0
    print(f"RESULT cluster_cpu_per_player_3_vs_1={three / base:.2f}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"comma-separated, from {', '.join(CONFIGS)}")  # fmt: skip
    parser.add_argument("--players-per-replica", type=int, default=PLAYERS_PER_REPLICA)
    parser.add_argument("--arrivals", type=float, default=50.0, help="players arriving a second")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds before each window")
    parser.add_argument("--window", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--rounds", type=int, default=2, help="measurements per configuration")
    parser.add_argument("--nats-url", default="", help="a running NATS (default: a private one)")
    parser.add_argument("--baseline", default="", metavar="CHECKOUT",
                        help="also run every configuration from this checkout's code (a "
                             "before/after in one run, interleaved)")  # fmt: skip
    parser.add_argument("--profile", default="",
                        help="py-spy each server process over the window, into this folder")  # fmt: skip
    parser.add_argument("--pg-url", default=os.environ.get("FIVEUP_BENCH_POSTGRES_URL", DEFAULT_PG))
    parser.add_argument("--smoke", action="store_true",
                        help="seconds per configuration, a handful of players (format check)")  # fmt: skip
    args = parser.parse_args(argv)
    for name in args.configs.split(","):
        if name not in SHAPES:
            parser.error(f"unknown configuration {name!r} (choose from {', '.join(CONFIGS)})")
    if args.smoke:
        args.players_per_replica = SMOKE_PLAYERS_PER_REPLICA
        args.arrivals, args.settle, args.window, args.rounds = 24.0, 3.0, 5.0, 1
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
