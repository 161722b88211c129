"""Every benchmark `make bench` runs starts at full size, not only in its --smoke form.

The smoke tests check each benchmark's output on a tiny run; a full-size run can still
trip on what the tiny one never reaches (bench.moves once stopped at once on the server's
own sign-in limit, which its smoke form stayed under).  So each full-size benchmark runs
here for a few seconds: it must not exit with an error in that time.  The list is the
Makefile's `bench` target itself, so a benchmark added there is checked here.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Long enough for a benchmark to start its server, sign its players in and make its
# first tables and calls (where bench.moves failed); a full run takes minutes.
STARTUP_SECONDS = 8.0


def bench_modules() -> list[str]:
    recipe = re.search(r"^bench:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    assert recipe, "the Makefile has no bench target"
    return re.findall(r"-m (bench\.\w+)\s*$", recipe.group(1), re.M)


def test_the_bench_target_lists_the_benchmarks() -> None:
    modules = bench_modules()
    assert len(modules) >= 10 and "bench.moves" in modules
    assert all((ROOT / (m.replace(".", "/") + ".py")).is_file() for m in modules)


@pytest.mark.slow
@pytest.mark.parametrize("module", bench_modules())
def test_the_full_size_benchmark_starts(module: str, tmp_path: Path) -> None:
    log = tmp_path / "stderr.txt"
    with log.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", module],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,  # its servers and workers go with it
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            code = proc.wait(timeout=STARTUP_SECONDS)
        except subprocess.TimeoutExpired:
            code = None  # still running at full size: what this test wants
        finally:
            _stop_group(proc)
    tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
    assert code in (None, 0), f"{module} exited with {code} within {STARTUP_SECONDS} s:\n{tail}"


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    for sig, wait in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            # the group may outlive its leader: make sure the servers are gone too
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue
        return
