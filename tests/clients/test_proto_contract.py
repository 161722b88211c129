"""The public contract (protos/) is linted and guarded against breaking changes with buf
(scripts/buf.sh: pinned @bufbuild/buf through npx; rules in protos/buf.yaml).

The baseline of the breaking check is main's last commit (see scripts/buf.sh); when it
has no protos/ yet the check says so and passes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT, require_tools

BUF_SH = ROOT / "scripts" / "buf.sh"
TIMEOUT = 180  # the first run downloads buf (~10 MB) into the npx cache


def buf(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    require_tools("node", "npx")
    try:
        return subprocess.run(
            ["bash", str(BUF_SH), *args], cwd=ROOT, capture_output=True, text=True,
            timeout=TIMEOUT, env=dict(os.environ, **env),
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"scripts/buf.sh {' '.join(args)} took over {TIMEOUT}s: {exc.stderr}")


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def baseline_has_protos() -> bool:
    """Whether scripts/buf.sh's baseline (main, origin/main or HEAD) has protos/."""
    for ref in ("main", "origin/main", "HEAD"):
        if git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").returncode == 0:
            return git("cat-file", "-e", f"{ref}:protos/buf.yaml").returncode == 0
    return False


def copy_protos(tmp_path: Path) -> Path:
    copy = tmp_path / "protos"
    shutil.copytree(ROOT / "protos", copy, ignore=shutil.ignore_patterns(".buf-cache"))
    return copy


def test_buf_yaml_keeps_its_rules() -> None:
    config = (ROOT / "protos" / "buf.yaml").read_text()
    assert re.search(r"lint:\s*\n\s*use:\s*\n\s*- STANDARD\s*\n\s*- COMMENTS", config)
    assert re.search(r"breaking:\s*\n\s*use:\s*\n\s*- FILE", config)


def test_protos_pass_buf_lint() -> None:
    done = buf("lint")
    assert done.returncode == 0, f"buf lint:\n{done.stdout}{done.stderr}"


def test_protos_do_not_break_the_contract_of_main() -> None:
    done = buf("breaking")
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"breaking changes against main:\n{output}"
    assert "buf breaking against" in output or "nothing to break" in output


def test_a_deleted_field_is_caught(tmp_path: Path) -> None:
    if not baseline_has_protos():
        pytest.skip("the baseline commit has no protos/ to compare with")
    copy = copy_protos(tmp_path)
    match_proto = copy / "fiveup" / "v1" / "match.proto"
    text = match_proto.read_text()
    field = "  // Displayed points needed to win; 0 means the standard 61.\n  uint32 target_points = 2;\n"
    assert field in text
    match_proto.write_text(text.replace(field, ""))
    done = buf("breaking", BUF_PROTOS_DIR=str(copy))
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "CreateMatchRequest" in output and "deleted" in output, output


def test_an_undocumented_message_fails_lint(tmp_path: Path) -> None:
    copy = copy_protos(tmp_path)
    common = copy / "fiveup" / "v1" / "common.proto"
    common.write_text(common.read_text() + "\nmessage Undocumented {\n  uint32 value = 1;\n}\n")
    done = buf("lint", BUF_PROTOS_DIR=str(copy))
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert "Undocumented" in output and "comment" in output, output


def test_a_baseline_without_protos_is_skipped() -> None:
    require_tools("git")
    roots = git("rev-list", "--max-parents=0", "HEAD").stdout.split()
    bare = [c for c in roots if git("cat-file", "-e", f"{c}:protos/buf.yaml").returncode != 0]
    if not bare:
        pytest.skip("every root commit already has protos/")
    done = buf("breaking", BUF_AGAINST_REF=bare[0])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "has no protos/ yet: nothing to break" in done.stdout
