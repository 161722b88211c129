"""A real ``fiveup serve`` process for the command-line tests (tests/harness.py starts it)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..harness import running_server

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


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[str]:
    with running_server(tmp_path / "server") as server:
        yield server.address


# What `fiveup play` asks at a finished match's end (the others may have offered first).
REMATCH_PROMPT = r"(Rematch\?|offers a rematch\. Play again\?) \[y/N\] "


def no_rematch(child: object) -> None:
    """Answer the rematch question of a finished match with no."""
    child.expect(REMATCH_PROMPT)  # type: ignore[attr-defined]
    child.sendline("n")  # type: ignore[attr-defined]
