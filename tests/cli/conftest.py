"""A real ``fiveup serve`` process for the command-line tests."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

FIVEUP = [sys.executable, "-m", "fiveup.cli"]


# `fiveup` whose every new match is dealt from one seed (the seed's hex the first argument):
# the real server, its deals fixed before the match context imports the seed source.
SEEDED_FIVEUP = [
    sys.executable, "-c",
    "import sys, fiveup.engine.shuffle as shuffle\n"
    "seed = bytes.fromhex(sys.argv.pop(1))\n"
    "shuffle.new_seed = lambda: seed\n"
    "from fiveup.cli import main\n"
    "sys.exit(main())",
]  # fmt: skip


def serve(
    tmp_path: Path, *flags: str, seed: bytes | None = None
) -> tuple[subprocess.Popen[str], str]:
    """A `fiveup serve` process on a free port; ``seed``: every match dealt from it."""
    program = FIVEUP if seed is None else [*SEEDED_FIVEUP, seed.hex()]
    proc = subprocess.Popen(
        [
            *program, "serve", "--address", "127.0.0.1:0",
            "--db", str(tmp_path / "play.sqlite3"), "--metrics-port", "-1", *flags,
        ],
        stdout=subprocess.PIPE,
        # the log to a file: unread, a pipe would fill up and stall the server
        stderr=(tmp_path / "server.log").open("w"),
        text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"gRPC listening on (\S+):(\d+)", line)
    assert match, line + (tmp_path / "server.log").read_text()
    return proc, f"127.0.0.1:{match.group(2)}"


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[str]:
    proc, target = serve(tmp_path)
    try:
        yield target
    finally:
        proc.terminate()
        proc.wait(timeout=20)


# What `fiveup play` asks at a finished match's end (the others may have offered first).
REMATCH_PROMPT = r"(Rematch\?|offers a rematch\. Play again\?) \[y/N\] "


def no_rematch(child: object) -> None:
    """Answer the rematch question of a finished match with no."""
    child.expect(REMATCH_PROMPT)  # type: ignore[attr-defined]
    child.sendline("n")  # type: ignore[attr-defined]
