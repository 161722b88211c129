"""The repository stands alone: a clone made anywhere has everything it refers to."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    files = []
    for name in listed:
        path = ROOT / name.decode()
        if name and path.is_file() and path.suffix not in {".png", ".ico", ".woff2"}:
            files.append(path)
    return files


def test_nothing_points_outside_the_repository() -> None:
    shared = "shared"  # spelled apart so that this file does not match itself
    outside = re.compile(rf"\.\./{shared}\b|/work/{shared}\b")
    offenders = [
        str(path.relative_to(ROOT))
        for path in tracked_text_files()
        if outside.search(path.read_text(errors="replace"))
    ]
    assert offenders == []


def test_the_rules_are_in_the_repository_and_the_readme_links_them() -> None:
    rules = ROOT / "docs" / "rules.md"
    text = rules.read_text()
    for topic in ("spinner", "boneyard", "reckoning", "partners", "61", "blocked"):
        assert topic in text
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text()
