"""A round's end in the terminal reads in the record's order (issue 35): the placement
that ended the round, the round's final layout, the reckoning (the person named "You",
as everywhere else), then the next deal; and whose turn it is once per turn change.

The terminal printed the next round's empty board first, then "Round 1 over - seat 1
went out. Reckoning:", then the placement that ended the round; the final layout was
never shown, and "Seat 2 to play..." came two or three times per bot turn.  Played here
through a pseudo-terminal against a real server whose deals come from a fixed seed: one
where the person, always taking the first listed move against a greedy bot (which is
deterministic), goes out in round 1.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path

import pexpect

from fiveup.bots.simple import GreedyBot
from fiveup.engine import Match, MatchConfig, view_for

from ..harness import start_process, stop_process
from .conftest import SEEDED_FIVEUP

PROMPT = r"Your move \[number, q to quit\]: "


def seed_where_the_person_goes_out() -> bytes:
    """A seed whose round 1 ends with seat 1 (the person, always choosing move 1) going
    out against a greedy bot: found by playing candidates through the engine, so the test
    names no magic constant."""
    for i in range(1000):
        seed = hashlib.sha256(b"the person goes out %d" % i).digest()
        match, _ = Match.start(MatchConfig(("human", "greedy"), seed, 61))
        bot = GreedyBot()
        while match.last_round_end is None:
            seat = match.to_move()
            assert seat is not None
            choice = match.legal_actions(0)[0] if seat == 0 else bot.choose(view_for(match, 1))
            match.act(seat, choice)
        if match.last_round_end.winner == 0:
            return seed
    raise AssertionError("no seed among the candidates where the person goes out")


def play_round_one(target: str) -> list[str]:
    """Play the first listed move until round 2's first prompt; the screen's lines."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fiveup.cli", "play", "--server", target, "--players", "2",
         "--bots", "greedy", "--target", "61"],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "120"},
        dimensions=(60, 120),
    )  # fmt: skip
    screen = []
    while True:
        child.expect(PROMPT)
        screen.append(child.before + child.after)
        if re.search(r"^Five Up — match \w+  round 2 ", child.before, re.M):
            child.sendline("q")
            break
        child.sendline("1")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return [line.rstrip() for line in "".join(screen).splitlines()]


def test_a_round_end_reads_in_the_records_order(tmp_path: Path) -> None:
    seed = seed_where_the_person_goes_out()
    server = start_process(tmp_path / "server", program=[*SEEDED_FIVEUP, seed.hex()])
    try:
        lines = play_round_one(server.address)
    finally:
        stop_process(server)
    shown = "\n".join(lines)
    ends = [i for i, line in enumerate(lines) if line.startswith("Round 1 over")]
    assert len(ends) == 1, shown  # said once, where it happened (not on every screen after)
    over = ends[0]
    assert lines[over] == "Round 1 over — you went out. Its final layout:", shown

    # 1. the placement that ended the round, just before
    last = re.fullmatch(r"· you placed (\[\d\|\d\]).*", lines[over - 1])
    assert last is not None, "\n".join(lines[over - 30 : over + 5])
    # 2. the final layout: the round's tiles, that one among them, no open point left
    reckoning = lines.index("Reckoning:", over)
    layout = lines[over + 1 : reckoning]
    assert layout and any(last.group(1) in line for line in layout), shown
    assert not any("○ open" in line for line in layout), layout
    # 3. the reckoning, each seat named as everywhere else: "You", "Bot (seat 2)"
    assert re.match(r"  You: +\(empty\) +0 pips → nothing to deduct$", lines[reckoning + 1])
    assert re.match(
        r"  Bot \(seat 2\): +(\[\d\|\d\] ?)+ +\d+ pips? → -\d+ points?$", lines[reckoning + 2]
    )
    # 4. then the next deal, and only then round 2's table (after the bot's lead, if it led)
    assert re.fullmatch(r"· round 2 dealt; .*", lines[reckoning + 3]), shown
    table = lines.index("=" * 72, reckoning)
    assert re.match(r"Five Up — match \w+  round 2 ", lines[table + 1]), shown
    # the person is "you" there as everywhere, never "seat 1"
    assert not re.search(r"\b[Ss]eat 1\b", "\n".join(lines[over : reckoning + 4]))

    # whose turn it is: once per turn change, before that seat's moves
    said = {
        "T": r"(Seat 2|Bot \(seat 2\)) to play…",
        "B": r"· (seat 2|Bot \(seat 2\)) (placed|drew|passed)",
    }
    turns = "".join(
        key for line in lines for key, pattern in said.items() if re.search(pattern, line)
    )
    assert "B" in turns and "TT" not in turns, turns
    assert "B" not in re.sub(r"TB+", "", turns), turns  # every bot turn announced
    assert turns.count("T") == len(re.findall(r"B+", turns)), turns  # and only once
