"""`fiveup play` as a person leaves it and reads it, through a real pseudo-terminal:
Ctrl-C ends it at once (status 130) at every prompt -- before the first move, after
moves, at the hint prompt, while the matchmaker searches -- `q` ends it with status 0,
`--address` is accepted like `fiveup serve`'s flag, and the wording is a person's: seats
counted from 1 as in the web app, "you lead", "1 point", never "-0 points"."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import pexpect

from .conftest import no_rematch

PROMPT = r"Your move \[number, (h for hints, )?(u to undo, )?q to quit\]: "
MATCH_OVER = r"Match over: [^\r\n]+\."
# Long enough for a loaded machine to notice; a hung client took 19 s and more.
QUICK_EXIT_SECONDS = 15


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable, ["-m", "fiveup.cli", "play", *args],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "100"}, dimensions=(60, 100),
    )  # fmt: skip


def interrupted(child: pexpect.spawn) -> float:
    """Ctrl-C, then how long the program took to end; it must end with status 130."""
    started = time.monotonic()
    child.sendintr()
    child.expect(pexpect.EOF, timeout=QUICK_EXIT_SECONDS)
    took = time.monotonic() - started
    child.close()
    assert child.exitstatus == 130, (child.exitstatus, child.signalstatus, child.before)
    assert "Traceback" not in (child.before or "")
    return took


def test_ctrl_c_at_the_first_prompt_ends_at_once(server_process: str) -> None:
    child = spawn("--address", server_process)  # the alias people type
    child.expect(PROMPT)
    assert interrupted(child) < QUICK_EXIT_SECONDS


def test_ctrl_c_after_moves_ends_at_once(server_process: str) -> None:
    child = spawn("--server", server_process)
    for _ in range(3):
        if child.expect([PROMPT, MATCH_OVER]) == 1:
            break
        child.sendline("1")
    child.expect(PROMPT)
    assert interrupted(child) < QUICK_EXIT_SECONDS


def test_ctrl_c_at_the_hint_prompt_ends_at_once(server_process: str) -> None:
    child = spawn("--server", server_process, "--practice")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect(r"Hints \(best first")
    child.expect(PROMPT)
    assert interrupted(child) < QUICK_EXIT_SECONDS


def test_ctrl_c_while_the_matchmaker_searches_ends_at_once(
    server_process: str, tmp_path: Path
) -> None:
    child = spawn(
        "--server", server_process, "--queue", "2", "--bot-wait", "300",
        "--device-file", str(tmp_path / "device"),
    )  # fmt: skip
    child.expect(r"Searching for a 2-seat table")
    assert interrupted(child) < QUICK_EXIT_SECONDS


def test_q_ends_with_status_0(server_process: str) -> None:
    child = spawn("--server", server_process)
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_wording_of_a_whole_match(server_process: str) -> None:
    child = spawn("--server", server_process, "--players", "4", "--bots", "greedy", "--target", "8")
    screen = []
    while True:
        index = child.expect([PROMPT, MATCH_OVER, pexpect.EOF], timeout=90)
        screen.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if index != 0:
            break
        child.sendline("1")
    no_rematch(child)
    child.expect(pexpect.EOF)
    child.close()
    text = "".join(screen)
    assert child.exitstatus == 0, text[-2000:]
    assert "you are seat 1." in text
    assert not re.search(r"\b[Ss]eats? 0\b", text), text[-2000:]
    assert re.search(r"seats 1 & 3 \(you\)", text) and "seats 2 & 4" in text
    assert "you leads" not in text and "you scores" not in text
    assert not re.search(r"\b1 points\b", text), text[-2000:]
    assert "-0 points" not in text
    assert "version " not in text  # the client's internals are not a person's business
    # a bot leads as the web names it, "Bot (seat 2)"; the person: "you lead"
    assert re.search(r"Bot \(seat [234]\) leads|you lead", text)
    assert "Reckoning:" in text and re.search(r"(-\d+ points?|nothing to deduct)", text)
