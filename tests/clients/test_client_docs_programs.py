"""The Python, Node and REST programs of docs/clients.md (each block after a
`<!-- clients-example: KIND -->` marker) run as written against a real server and the
gateway: each plays a match against a bot to its end (Python over gRPC, Node on the SDK,
Python's httpx over REST).  The Java, C++ and Go programs are files the native-client
tests build (test_client_docs.py keeps the page equal to them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import CLIENTS_DIR, ROOT, Stack, ensure_clients_built

DOC = ROOT / "docs" / "clients.md"
EXAMPLE = re.compile(r"<!-- clients-example: (\w+) -->\n```\w+\n(.*?)```", re.S)
TIMEOUT = 180


def examples() -> dict[str, str]:
    return dict(EXAMPLE.findall(DOC.read_text()))


def test_the_page_has_the_three_tested_programs() -> None:
    assert set(examples()) == {"python", "node", "rest"}


@pytest.mark.parametrize("kind", ["python", "node", "rest"])
def test_a_documented_program_plays_a_match_to_its_end(
    kind: str, stack: Stack, tmp_path: Path
) -> None:
    env = dict(os.environ, FIVEUP_ADDRESS=stack.server.address, FIVEUP_GATEWAY=stack.gateway.url)
    if kind == "node":
        node = ensure_clients_built()["node"]
        # inside clients/node_modules, so that `@fiveup/sdk` resolves as in a project
        folder = CLIENTS_DIR / "node_modules" / ".fiveup-docs"
        folder.mkdir(exist_ok=True)
        program = folder / f"example-{os.getpid()}.mjs"
        command = [node, str(program)]
    else:
        program = tmp_path / "example.py"
        command = [sys.executable, str(program)]
    program.write_text(examples()[kind])
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT
        )
    finally:
        program.unlink()
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^winner side [01]$", done.stdout, re.M), done.stdout + done.stderr
