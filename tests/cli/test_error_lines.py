"""Every mistake a newcomer can make with the command line ends in one clear line on
stderr and a non-zero exit, never a traceback.  Each runs the real ``fiveup`` in a
subprocess."""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from fiveup.v1 import match_pb2 as pb
from fiveup.v1 import match_pb2_grpc
from tests.postgres_db import require_postgres

from .conftest import FIVEUP


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``fiveup ARGS``; the timeout fails a command that retries instead of saying why."""
    return subprocess.run(
        [*FIVEUP, *args], capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
    )


def one_line(done: subprocess.CompletedProcess[str], command: str) -> str:
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"fiveup {command}: "), lines[0]
    return lines[0]


@pytest.fixture
def listening() -> Iterator[int]:
    """A port something else is listening on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


@pytest.fixture
def nothing_there() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_play_without_a_server(nothing_there: int) -> None:
    line = one_line(run("play", "--server", f"127.0.0.1:{nothing_there}"), "play")
    assert "cannot reach a Five Up server" in line and "make run" in line


def test_play_stats_without_a_server(nothing_there: int, tmp_path: Path) -> None:
    line = one_line(
        run("play", "--stats", "--server", f"127.0.0.1:{nothing_there}",
            "--device-file", str(tmp_path / "device")),
        "play",
    )  # fmt: skip
    assert "cannot reach a Five Up server" in line


def test_play_with_an_unknown_bot_kind() -> None:
    done = run("play", "--bots", "grandmaster")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "unknown bot kind(s): grandmaster" in done.stderr


def test_verify_without_a_server(nothing_there: int) -> None:
    line = one_line(run("verify", "abc123", "--server", f"127.0.0.1:{nothing_there}"), "verify")
    assert "cannot reach" in line


def test_verify_an_unknown_and_an_unfinished_match(server_process: str) -> None:
    line = one_line(run("verify", "no-such-match", "--server", server_process), "verify")
    assert "no match 'no-such-match'" in line
    with grpc.insecure_channel(server_process) as channel:
        human = pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)
        created = match_pb2_grpc.MatchServiceStub(channel).CreateMatch(
            pb.CreateMatchRequest(seats=[human, human])
        )
    line = one_line(run("verify", created.match_id, "--server", server_process), "verify")
    assert "is not finished" in line


def test_verify_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text('{"match_id": 5, "nonsense": true}')
    line = one_line(run("verify", str(junk)), "verify")
    assert "is not a match record" in line


def test_serve_on_a_metrics_port_in_use(listening: int, tmp_path: Path) -> None:
    done = run(
        "serve", "--address", "127.0.0.1:0", "--db", str(tmp_path / "m.sqlite3"),
        "--metrics-port", str(listening),
    )  # fmt: skip
    line = one_line(done, "serve")
    assert f"cannot serve metrics on 127.0.0.1:{listening}" in line and "-1" in line


def test_serve_on_a_grpc_port_in_use(listening: int, tmp_path: Path) -> None:
    done = run(
        "serve", "--address", f"127.0.0.1:{listening}", "--db", str(tmp_path / "g.sqlite3"),
        "--metrics-port", "-1",
    )  # fmt: skip
    line = one_line(done, "serve")
    assert f"cannot listen on 127.0.0.1:{listening}" in line
    assert not (tmp_path / "g.sqlite3").exists()  # refused before anything was opened


def test_serve_with_settings_that_cannot_work(tmp_path: Path) -> None:
    done = run(
        "serve", "--address", "127.0.0.1:0", "--db", str(tmp_path / "c.sqlite3"),
        "--metrics-port", "-1", "--max-concurrent-rpcs", "100", "--max-server-streams", "100",
    )  # fmt: skip
    assert "max_server_streams" in one_line(done, "serve")


def test_serve_on_a_postgresql_database_that_does_not_exist() -> None:
    maintenance = require_postgres()
    missing = maintenance.rsplit("/", 1)[0] + "/fiveup_no_such_database_here"
    # the timeout (15 s) is below the pool's 30 s of retries: it must say why at once
    done = run(
        "serve", "--address", "127.0.0.1:0", "--db", missing, "--metrics-port", "-1",
        timeout=15,
    )  # fmt: skip
    line = one_line(done, "serve")
    assert 'database "fiveup_no_such_database_here" does not exist' in line
    assert "createdb" in line


def test_serve_on_a_database_a_newer_server_migrated(tmp_path: Path) -> None:
    """A rollback past a migration: the older server says so and does not serve it."""
    db = tmp_path / "newer.sqlite3"
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (99)")
    line = one_line(run("serve", "--address", "127.0.0.1:0", "--db", str(db),
                        "--metrics-port", "-1"), "serve")  # fmt: skip
    assert "schema_version is at version 99, newer than this code knows" in line
    assert "upgrade the server" in line


def test_check_ratings_of_a_database_that_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    line = one_line(run("check-ratings", "--db", str(missing)), "check-ratings")
    assert f"no database at {missing}" in line
    assert not missing.exists()  # and it did not create one to say OK about


def test_check_ratings_of_a_postgresql_database_that_does_not_exist() -> None:
    maintenance = require_postgres()
    missing = maintenance.rsplit("/", 1)[0] + "/fiveup_no_such_database_here"
    line = one_line(run("check-ratings", "--db", missing, timeout=15), "check-ratings")
    assert 'database "fiveup_no_such_database_here" does not exist' in line
