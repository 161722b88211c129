"""``python -m bench.cluster --smoke``: 1, 2 and 3 replicas on one PostgreSQL database and
``--workers 2`` on SQLite, all on a bus, each under a few players of the real load,
through real servers, printing the table and the RESULT line.  NATS: a private
``nats-server`` when the binary is installed (the benchmark's own way), else the shared
one.  Only the format and the absence of refusals are checked, never a figure."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench._fleet import check_plan, server_settings
from bench.cluster import (
    CLUSTER_MODEL,
    CONFIGS,
    PLAYERS_PER_REPLICA,
    SHAPES,
    SMOKE_PLAYERS_PER_REPLICA,
    processes,
)

from .nats_server import require_nats
from .postgres_db import maintenance_url, require_postgres

ROOT = Path(__file__).resolve().parent.parent
RESULT = re.compile(r"RESULT cluster_cpu_per_player_3_vs_1=\d+\.\d\d")


def test_the_full_load_fits_the_servers_it_starts() -> None:
    most = PLAYERS_PER_REPLICA * max(processes(SHAPES[name]) for name in CONFIGS)
    assert check_plan(most, server_settings(most), CLUSTER_MODEL) == []


def test_every_match_of_the_cluster_load_may_span_replicas() -> None:
    """No match against bots (one person: one replica), spectators on their own replica,
    no fixed per-run load (validators) in a per-player figure."""
    assert CLUSTER_MODEL.against_bots == 0
    assert CLUSTER_MODEL.spectators_elsewhere
    assert CLUSTER_MODEL.validators == 0


@pytest.mark.postgres
def test_cluster_smoke() -> None:
    require_postgres()
    args = [sys.executable, "-m", "bench.cluster", "--smoke"]
    if not (shutil.which("nats-server") or Path("/usr/sbin/nats-server").exists()):
        args += ["--nats-url", require_nats()]
    env = {**os.environ, "FIVEUP_BENCH_POSTGRES_URL": maintenance_url()}
    proc = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=600,  # bounds a hang; no timing is asserted
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    header = next(line for line in lines if line.startswith("config "))
    rows = {line.split()[0]: line.split() for line in lines if re.match(r"\w+ +1 +\d", line)}
    assert set(rows) == set(CONFIGS), proc.stdout
    errors = header.split().index("errors")
    players = header.split().index("players")
    for name, fields in rows.items():
        assert fields[errors] == "0", f"{name}: the load was refused or failed:\n{proc.stdout}"
        assert int(fields[players]) == SMOKE_PLAYERS_PER_REPLICA * processes(SHAPES[name]), (
            proc.stdout
        )
    assert RESULT.fullmatch(lines[-1]), lines[-1]
