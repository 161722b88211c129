"""Self-play summaries and the ``fiveup simulate`` command."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fiveup.cli import main
from fiveup.cli.commands import build_parser
from fiveup.cli.simulate import SimulationSummary, format_summary, simulate, wilson

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    paths = [str(ROOT), str(ROOT / "service"), str(ROOT / "core_ext")]
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")])
    return env


def _check_consistent(s: SimulationSummary) -> None:
    assert sum(side.wins for side in s.sides) == s.matches
    for side in s.sides:
        assert side.ci_low <= side.win_rate <= side.ci_high
        assert side.win_rate == pytest.approx(side.wins / s.matches)
        assert side.raw_per_round >= 0 and side.deducted_per_round >= 0
        assert side.displayed_per_round == pytest.approx(side.raw_per_round / 5)
        for seat in side.seats:
            assert s.seat_wins[seat] == side.wins
    assert s.rounds >= s.matches
    assert 0 <= s.blocked_rounds <= s.rounds
    assert s.rounds_per_match == pytest.approx(s.rounds / s.matches)
    assert s.matches_per_second > 0


def test_simulate_is_deterministic_and_consistent() -> None:
    kinds = ["greedy", "random", "expert"]
    ticks: list[tuple[int, int]] = []
    a = simulate(3, 4, kinds, seed=7, target=30, progress=lambda d, t: ticks.append((d, t)))
    b = simulate(3, 4, kinds, seed=7, target=30)
    assert a == b  # elapsed time is not compared
    assert a.elapsed_seconds > 0
    assert ticks == [(i, 4) for i in range(1, 5)]
    _check_consistent(a)
    c = simulate(3, 4, kinds, seed=8, target=30)
    assert dataclasses.replace(c, seed="7") != a


def test_simulate_partnerships() -> None:
    s = simulate(4, 3, ["greedy", "random", "greedy", "random"], seed="p", target=30)
    assert len(s.sides) == 2
    assert s.sides[0].seats == (0, 2) and s.sides[1].seats == (1, 3)
    assert s.seat_wins[0] == s.seat_wins[2] and s.seat_wins[1] == s.seat_wins[3]
    _check_consistent(s)
    assert "0+2" in format_summary(s)


@pytest.mark.parametrize(
    ("players", "bots", "message"),
    [
        (5, ["greedy"] * 5, "2 to 4"),
        (2, ["greedy"], "need 2"),
        (2, ["greedy", "oracle"], "unknown"),
    ],
)
def test_simulate_rejects_bad_setups(players: int, bots: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(players, 1, bots, seed=1)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_cli_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "simulate",
                "--players",
                "2",
                "--matches",
                "2",
                "--bots",
                "greedy",
                "--seed",
                "x",
                "--no-progress",
            ]
        )
        == 0
    )
    out, err = capsys.readouterr()
    assert "greedy" in out and "matches/s" in out and err == ""
    assert main(["simulate", "--matches", "1", "--bots", "random,greedy", "--progress"]) == 0
    assert "1/1 matches" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "3", "--bots", "greedy,random"])
    assert "simulate" in build_parser().format_help()


def test_cli_subprocess_prints_the_table() -> None:
    script = shutil.which("fiveup", path=str(Path(sys.executable).parent))
    cmd = [script] if script else [sys.executable, "-m", "fiveup.cli"]
    args = ["simulate", "--players", "3", "--matches", "5", "--bots", "greedy,random,expert", "--seed", "1", "--no-progress"]  # fmt: skip
    proc = subprocess.run(
        [*cmd, *args], capture_output=True, text=True, timeout=60, env=_env(), check=False
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Five Up self-play: 3 players, 5 matches")
    rows = [line.split() for line in lines if re.match(r"\s*\d\s+\d\s", line)]
    assert [r[2] for r in rows] == ["greedy", "random", "expert"]
    assert sum(int(r[3]) for r in rows) == 5
    assert proc.stderr == ""  # --no-progress
