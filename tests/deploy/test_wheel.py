"""The wheel the Docker image is built from (deploy/docker/Dockerfile), built here.

Docker cannot run on the test machines, so this exercises what the Dockerfile relies on:
from the build context that the root .dockerignore lets through, ``pip wheel`` with
CI=true yields a wheel holding the compiled rules core and the generated protobuf/gRPC
stubs, and that wheel, installed into a fresh venv, runs with the compiled core and
provides the ``fiveup`` command.

Offline and quick: the build uses this venv's build tools (no build isolation) and the
fresh venv borrows this venv's installed dependencies through a .pth file; the wheel itself
is installed with --no-deps --no-index, and ``pip check`` then proves its declared
requirements are satisfied.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT = 600

# Compiling the Cython core takes 15-40 s here; leave room on a slow machine.
pytestmark = pytest.mark.timeout(900)


def dockerignore_rules(path: Path) -> list[tuple[bool, re.Pattern[str]]]:
    """(exclude?, regex) per line of a .dockerignore (Docker's matching: ``*`` stays in a
    path segment, ``**`` crosses segments, ``!`` re-includes; a rule matching a parent
    directory matches everything below it)."""
    rules = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        include = line.startswith("!")
        pattern = line[1:] if include else line
        pattern = pattern.strip("/")
        regex = ""
        i = 0
        while i < len(pattern):
            if pattern.startswith("**/", i):
                regex += "(?:.*/)?"
                i += 3
            elif pattern.startswith("**", i):
                regex += ".*"
                i += 2
            elif pattern[i] == "*":
                regex += "[^/]*"
                i += 1
            elif pattern[i] == "?":
                regex += "[^/]"
                i += 1
            else:
                regex += re.escape(pattern[i])
                i += 1
        rules.append((not include, re.compile(regex + r"\Z")))
    return rules


def excluded(relative: str, rules: list[tuple[bool, re.Pattern[str]]]) -> bool:
    parts = relative.split("/")
    candidates = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    result = False
    for exclude, regex in rules:
        if any(regex.match(c) for c in candidates):
            result = exclude
    return result


def docker_context(destination: Path) -> list[str]:
    """Copy the files Docker would send as the build context; return their paths."""
    rules = dockerignore_rules(ROOT / ".dockerignore")
    copied = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        rel_dir = Path(dirpath).relative_to(ROOT).as_posix()
        dirnames[:] = [d for d in dirnames if d not in (".git", ".venv", "node_modules")]
        for name in filenames:
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if excluded(rel, rules):
                continue
            target = destination / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, target)
            copied.append(rel)
    return copied


def test_dockerignore_keeps_sources_and_drops_build_outputs(tmp_path: Path) -> None:
    rules = dockerignore_rules(ROOT / ".dockerignore")
    for kept in ("pyproject.toml", "setup.py", "protos/fiveup/v1/match.proto",
                 "core_ext/fiveup_core/_core.pyx", "service/fiveup/app/server.py"):  # fmt: skip
        assert not excluded(kept, rules), kept
    for dropped in ("core_ext/fiveup_core/_core.c", "core_ext/fiveup_core/_core.cpython-311-x86_64-linux-gnu.so",
                    "service/fiveup/v1/match_pb2.py", "service/fiveup/__pycache__/x.pyc", ".venv/bin/python",
                    "tests/app/test_metrics.py", "deploy/k8s/base/deployment.yaml", ".git/HEAD",
                    "fiveup.sqlite3", "build/lib/x.py", "fiveup.egg-info/PKG-INFO"):  # fmt: skip
        assert excluded(dropped, rules), dropped


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    context = tmp_path_factory.mktemp("context")
    files = docker_context(context)
    assert "setup.py" in files and not any(f.endswith(".so") for f in files)
    out = tmp_path_factory.mktemp("wheels")
    env = {k: v for k, v in os.environ.items() if k not in ("FIVEUP_PURE_PYTHON", "PYTHONPATH")}
    env["CI"] = "true"  # as in the Dockerfile: a failed compile fails the build
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "--wheel-dir", str(out), str(context)],
        capture_output=True, text=True, timeout=BUILD_TIMEOUT, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    wheels = list(out.glob("fiveup-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_holds_the_compiled_core_and_the_generated_stubs(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert any(re.fullmatch(r"fiveup_core/_core\.cpython-[^/]+\.so", n) for n in names), names
    for stub in ("common", "match", "rules"):
        assert f"fiveup/v1/{stub}_pb2.py" in names
        assert f"fiveup/v1/{stub}_pb2_grpc.py" in names
    assert "fiveup/telemetry/metrics.py" in names and "fiveup/telemetry/interceptors.py" in names
    # the REST transcoder's descriptor set, which the gateway's init container copies out
    assert "fiveup/v1/fiveup.binpb" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "fiveup = fiveup.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    assert not [n for n in names if n.startswith(("tests/", "deploy/"))]


def test_wheel_installs_into_a_fresh_venv_and_runs(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout.strip()
    )  # fmt: skip
    # The dependencies (grpcio, protobuf, prometheus-client...) come from this venv: a
    # path line in a .pth is appended to sys.path, after the fresh venv's own packages,
    # and without running this venv's .pth files (so its editable fiveup is not seen).
    (site / "_fiveup_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("FIVEUP_PURE_PYTHON", "PYTHONPATH")}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--disable-pip-version-check",
         str(wheel)],
        capture_output=True, text=True, timeout=300, env=env, check=False,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr

    check = (
        "import fiveup, fiveup_core, fiveup.app.server, fiveup.v1.match_pb2_grpc, sys\n"
        "assert fiveup_core.IMPLEMENTATION == 'cython', fiveup_core.IMPLEMENTATION\n"
        f"assert fiveup_core.__file__.startswith({str(venv)!r}), fiveup_core.__file__\n"
        f"assert fiveup.__file__.startswith({str(venv)!r}), fiveup.__file__\n"
        "print('ok', fiveup_core.IMPLEMENTATION)\n"
    )
    done = subprocess.run(
        [str(python), "-c", check], capture_output=True, text=True, timeout=120, env=env,
        cwd=tmp_path, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and "ok cython" in done.stdout, done.stdout + done.stderr

    cli = subprocess.run(
        [str(venv / "bin" / "fiveup"), "--help"], capture_output=True, text=True, timeout=120,
        env=env, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert "usage: fiveup" in cli.stdout

    deps = subprocess.run(
        [str(python), "-m", "pip", "check", "--disable-pip-version-check"],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path, check=False,
    )  # fmt: skip
    missing = [line for line in deps.stdout.splitlines() if line.startswith("fiveup ")]
    assert not missing, deps.stdout
