"""``python -m bench.capacity --smoke``: one small step of the real load on SQLite and on
PostgreSQL, through real servers, ending with its RESULT line; and the sizing of the
servers for the full ramp, which the smoke checks too (a server setting that would refuse
the full form's load fails here, not an hour into ``make bench-capacity``).

Only the format and the absence of refusals are checked: latency is never asserted
(the SLO verdicts of a smoke step on a loaded machine are whatever they are).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench._fleet import check_plan, server_settings, streams_needed
from bench.capacity import CONFIG_SHAPES, CONFIGS, FULL_STEPS
from fiveup.app.config import ServerConfig

from .nats_server import require_nats
from .postgres_db import maintenance_url, require_postgres

ROOT = Path(__file__).resolve().parent.parent
RESULT = re.compile(r"RESULT players_per_core_at_slo=\d+")
BUS_SMOKE = ("postgres_2_bus", "workers_2_bus")


def test_the_full_ramp_fits_the_servers_it_starts() -> None:
    settings = server_settings(max(FULL_STEPS))
    assert check_plan(max(FULL_STEPS), settings) == []
    config = ServerConfig.from_env(settings)
    assert config.max_server_streams >= streams_needed(max(FULL_STEPS))
    assert config.max_client_streams == ServerConfig.max_client_streams  # production's own


def test_default_servers_would_refuse_the_full_ramp() -> None:
    """What the smoke exists to catch: the defaults hold 1,000 streams a server, and
    without the gateway's header every person is 127.0.0.1."""
    problems = check_plan(max(FULL_STEPS), {})
    assert any("max_server_streams" in p for p in problems), problems
    assert any("x-forwarded-for" in p for p in problems), problems


@pytest.mark.postgres
def test_capacity_smoke() -> None:
    require_postgres()
    env = {**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()}
    proc = subprocess.run(
        [sys.executable, "-m", "bench.capacity", "--smoke"],
        cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=600,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    rows = {
        line.split()[0]: line.split() for line in lines if re.match(r"(sqlite|postgres) +\d", line)
    }
    assert set(rows) == {"sqlite", "postgres"}, proc.stdout
    header = next(line for line in lines if line.startswith("config "))
    errors = header.split().index("errors")
    for name, fields in rows.items():
        assert fields[errors] == "0", f"{name}: the load was refused or failed:\n{proc.stdout}"
    assert RESULT.fullmatch(lines[-1]), lines[-1]


def test_the_full_run_measures_each_deployment_with_and_without_the_bus() -> None:
    """Every configuration of the full run but SQLite alone (one process has nobody to
    wake) is measured on the bus too, with the same servers otherwise."""
    shapes = [CONFIG_SHAPES[name] for name in CONFIGS]
    for shape in shapes:
        if shape.bus:
            twin = CONFIG_SHAPES[shape.name.removesuffix("_bus")]
            assert (twin.store, twin.replicas, twin.workers, twin.bus) == (
                shape.store, shape.replicas, shape.workers, False
            )  # fmt: skip
    assert {s.name for s in shapes if s.bus} == {
        "postgres_bus", "postgres_2_bus", "workers_2_bus"
    }  # fmt: skip


@pytest.mark.postgres
def test_capacity_smoke_on_the_bus() -> None:
    """Two replicas of one database, and two SQLite workers, woken through NATS: a small
    step each, every line printed, the bus's CPU measured, and a RESULT line per
    configuration before the headline."""
    require_postgres()
    args = [sys.executable, "-m", "bench.capacity", "--smoke", "--configs", ",".join(BUS_SMOKE)]
    if not (shutil.which("nats-server") or Path("/usr/sbin/nats-server").exists()):
        args += ["--nats-url", require_nats()]
    env = {**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()}
    proc = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=600,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    header = next(line for line in lines if line.startswith("config ")).split()
    rows = {line.split()[0]: line.split() for line in lines if re.match(r"\w+_bus +\d", line)}
    assert set(rows) == set(BUS_SMOKE), proc.stdout
    for name, fields in rows.items():
        assert fields[header.index("errors")] == "0", f"{name}: refused or failed:\n{proc.stdout}"
        if "--nats-url" not in args:  # a private nats-server: its CPU is the run's
            assert float(fields[header.index("nats_cores")]) >= 0, proc.stdout
    results = [line for line in lines if line.startswith("RESULT ")]
    each = [f"RESULT players_per_core_at_slo_{name}=" for name in BUS_SMOKE]
    assert [line.partition("=")[0] + "=" for line in results[:-1]] == each, results
    assert RESULT.fullmatch(lines[-1]), lines[-1]
