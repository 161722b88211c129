"""`fiveup play` and ratings, through pseudo-terminals against a real server process: two
guests queue, the matchmaker seats them together (a rated table), they play it out, and
each is told what the match did to their rating; `--stats` then shows it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pexpect

from .conftest import FIVEUP, no_rematch

PROMPT = r"Your move \[number, q to quit\]: "
CHANGE = r"Rating \(2 players\): (\d+)\? → (\d+)\? \(([+-]\d+)\)\."  # provisional: "?"
DEADLINE = 240.0


def spawn(server: str, device_file: Path, *flags: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "fiveup.cli", "play", "--server", server, "--device-file", str(device_file),
         *flags],
        encoding="utf-8", timeout=60, env={**os.environ, "COLUMNS": "100"},
        dimensions=(60, 100),
    )  # fmt: skip


def test_two_guests_play_a_rated_match_and_see_their_ratings(
    server_process: str, tmp_path: Path
) -> None:
    devices = {name: tmp_path / f"{name}-device" for name in ("ann", "bob")}
    children = {
        name: spawn(server_process, device, "--queue", "2", "--bot-wait", "300", "--target", "11")
        for name, device in devices.items()
    }
    changes: dict[str, tuple[int, int, int]] = {}
    try:
        for child in children.values():
            child.expect(r"Seated in match ([0-9a-f]+); you are seat \d\.")
        # Both play the first move listed whenever it is their turn, until the end.
        deadline = time.monotonic() + DEADLINE
        while len(changes) < 2:
            assert time.monotonic() < deadline, "the match did not end in time"
            for name, child in children.items():
                if name in changes:
                    continue
                try:
                    index = child.expect(
                        [PROMPT, r"Match over: [^\r\n]+\.", CHANGE, pexpect.EOF], timeout=0.05
                    )
                except pexpect.TIMEOUT:
                    continue
                if index == 0:
                    child.sendline("1")
                elif index == 1:
                    continue  # the rating change comes next
                elif index == 2:
                    before, after, delta = (int(g) for g in child.match.groups())
                    changes[name] = (before, after, delta)
                else:
                    raise AssertionError(f"{name}'s client ended early:\n{child.before}")
        for child in children.values():
            no_rematch(child)
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 0
    finally:
        for child in children.values():
            if child.isalive():
                child.terminate(force=True)
    # New players start at 1500 on the display scale; the winner gained, the loser lost.
    assert {before for before, _, _ in changes.values()} == {1500}
    assert all(after - before == delta for before, after, delta in changes.values())
    assert sorted(delta > 0 for _, _, delta in changes.values()) == [False, True]

    for name, device in devices.items():
        shown = subprocess.run(
            [*FIVEUP, "play", "--server", server_process, "--device-file", str(device), "--stats"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert shown.returncode == 0, shown.stderr
        out = shown.stdout
        after = changes[name][1]
        assert f"2 players: rating {after}? ± 238, provisional: on the leaderboard once" in out, out
        assert re.search(r"1 match \(1 rated\), [01] won", out), out
        assert "per round:" in out and f"rating after each rated match: {after}?" in out


def test_stats_of_a_new_player_and_a_bad_combination(server_process: str, tmp_path: Path) -> None:
    shown = subprocess.run(
        [*FIVEUP, "play", "--server", server_process, "--device-file", str(tmp_path / "d"),
         "--stats"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert "No finished matches yet: play one with --queue 2." in shown.stdout
    both = subprocess.run(
        [*FIVEUP, "play", "--stats", "--queue", "2"], capture_output=True, text=True, timeout=60
    )
    assert both.returncode == 2
    assert "--stats shows your statistics and stops" in both.stderr.strip().splitlines()[-1]


def test_levels_lists_the_servers_bot_ladder_with_ratings(server_process: str) -> None:
    from fiveup.bots import ladder
    from fiveup.ratings.scale import display_rating

    shown = subprocess.run(
        [*FIVEUP, "play", "--server", server_process, "--levels"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.strip().splitlines()
    assert lines[0].startswith("Bot levels, weakest first")
    assert len(lines) == 1 + len(ladder.LADDER)
    for line, level in zip(lines[1:], ladder.LADDER, strict=True):
        rated = ladder.rating(level.kind)
        assert rated is not None
        assert line.split()[:2] == [level.kind, level.title], line
        assert f"rating {display_rating(rated.mu):>5} " in line, line
        assert line.endswith(level.budget), line
    both = subprocess.run(
        [*FIVEUP, "play", "--levels", "--stats"], capture_output=True, text=True, timeout=60
    )
    assert both.returncode == 2
    assert "--levels shows the bot levels and stops" in both.stderr.strip().splitlines()[-1]


def test_stats_name_a_bot_about_an_established_players_strength() -> None:
    from fiveup.api.ratings_servicer import bot_levels_pb
    from fiveup.bots import ladder
    from fiveup.cli.play_stats import render_stats
    from fiveup.ratings.scale import SettledRule
    from fiveup.v1 import ratings_pb2 as rp

    levels = list(bot_levels_pb(SettledRule()).levels)
    expert = ladder.rating("expert")
    assert expert is not None

    def stats(provisional: bool) -> rp.GetPlayerStatsResponse:
        rating = rp.Rating(mu=expert.mu + 0.5, sigma=2.0, display_rating=2000)
        two = rp.CategoryStats(
            category=rp.RATING_CATEGORY_TWO_PLAYERS, matches=40, rated_matches=40,
            rating=rating, provisional=provisional,
        )  # fmt: skip
        return rp.GetPlayerStatsResponse(display_name="Ann", categories=[two])

    shown = "\n".join(render_stats(stats(False), levels))
    assert "a bot about your strength: expert (Expert, rating" in shown, shown
    assert "fiveup play --bots expert" in shown
    # A provisional rating says too little yet.
    assert "a bot about your strength" not in "\n".join(render_stats(stats(True), levels))
