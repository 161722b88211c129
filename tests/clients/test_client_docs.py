"""docs/clients.md shows each tested client's minimal program whole: every block after a
`<!-- clients-example file="..." -->` marker is that file, character for character, so the
page shows what tests/clients/test_native_clients.py builds and runs."""

from __future__ import annotations

import re

from .conftest import ROOT

PAGE = ROOT / "docs" / "clients.md"
EXAMPLE = re.compile(r'<!-- clients-example file="([^"]+)" -->\n```\w*\n(.*?)```\n', re.S)


def test_each_program_on_the_page_is_its_file() -> None:
    examples = EXAMPLE.findall(PAGE.read_text())
    assert {name for name, _ in examples} == {
        "clients/java/src/fiveup/client/FirstMove.java",
        "clients/cpp/src/first_move.cc",
        "clients/go/cmd/fiveup-go-first-move/main.go",
    }
    for name, shown in examples:
        assert shown == (ROOT / name).read_text(), f"docs/clients.md's copy of {name} is stale"


def test_the_page_marks_what_is_not_tested_here() -> None:
    text = PAGE.read_text()
    for heading in ("## Kotlin (not tested here)", "## Swift (not tested here)",
                    "## Unity (C#, not tested here)"):  # fmt: skip
        assert heading in text
