"""``python -m bench.capacity --smoke``: one small step of the real load on SQLite and on
PostgreSQL, and on the bus (PostgreSQL with ``--bus``, ``--workers 2`` on SQLite with
``--bus``: NATS), through real servers, ending with its RESULT line; and the sizing of
the servers for the full ramp, which the smoke checks too (a server setting that would
refuse the full form's load fails here, not an hour into ``make bench-capacity``).
The bus part is skipped without NATS, except under ``CI=true`` (``tests/nats_server.py``).

Only the format and the absence of refusals are checked: latency is never asserted
(the SLO verdicts of a smoke step on a loaded machine are whatever they are).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.capacity import (
    CONFIG_SHAPES,
    FULL_STEPS,
    SMOKE_CONFIGS,
    check_plan,
    plan_settings,
    server_settings,
    streams_needed,
)
from fiveup.app.config import ServerConfig

from .nats_server import require_nats
from .postgres_db import maintenance_url, require_postgres

ROOT = Path(__file__).resolve().parent.parent
RESULT = re.compile(r"RESULT players_per_core_at_slo=\d+")


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


def test_every_configuration_fits_the_servers_it_starts() -> None:
    """Each shape (store, workers, bus) is one the server accepts, sized for the ramp."""
    for config in CONFIG_SHAPES.values():
        most = max(FULL_STEPS)
        assert check_plan(most, plan_settings(config, most), config.model) == [], config.name


def _smoke(configs: list[str], *extra: str) -> None:
    """``--smoke`` on ``configs``: a row for each, none refused, the RESULT line last."""
    env = {**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()}
    proc = subprocess.run(
        [sys.executable, "-m", "bench.capacity", "--smoke", "--configs", ",".join(configs), *extra],
        cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=600,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    rows = {line.split()[0]: line.split() for line in lines if re.match(r"\w+ +\d+ +\d", line)}
    assert set(rows) == set(configs), proc.stdout
    header = next(line for line in lines if line.startswith("config "))
    errors = header.split().index("errors")
    for name, fields in rows.items():
        assert fields[errors] == "0", f"{name}: the load was refused or failed:\n{proc.stdout}"
    assert RESULT.fullmatch(lines[-1]), lines[-1]


@pytest.mark.postgres
def test_capacity_smoke() -> None:
    require_postgres()
    _smoke([name for name in SMOKE_CONFIGS if not CONFIG_SHAPES[name].bus])


@pytest.mark.postgres
def test_capacity_smoke_on_the_bus() -> None:
    require_postgres()
    url = require_nats()
    _smoke([name for name in SMOKE_CONFIGS if CONFIG_SHAPES[name].bus], "--nats-url", url)
