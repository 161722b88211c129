"""Every step of every worked example of the rules, against both implementations."""

from __future__ import annotations

from typing import Any

import pytest

from fiveup_core import CountedEnd, OpenPoint, reckon_pips
from tests.conftest import load_seed_examples

EXAMPLES = load_seed_examples()
STEPS = [
    pytest.param(name, i, id=f"{name}-{i}")
    for name, seq in EXAMPLES["sequences"].items()
    for i in range(len(seq))
]


def _on(step: dict[str, Any]) -> tuple[tuple[int, int], str] | None:
    if step["on"] is None:
        return None
    return (tuple(step["on"]["tile"]), step["on"]["side"])  # type: ignore[return-value]


@pytest.mark.parametrize(("name", "index"), STEPS)
def test_seed_step(layout_cls: type, name: str, index: int) -> None:
    seq = EXAMPLES["sequences"][name]
    layout = layout_cls()
    for step in seq[:index]:
        layout.place(tuple(step["tile"]), _on(step))
    step = seq[index]
    expect = step["expect"]

    assert layout.score_if(tuple(step["tile"]), _on(step)) == expect["points_raw"]
    points = layout.place(tuple(step["tile"]), _on(step))

    assert points == expect["points_raw"]
    assert layout.end_sum() == expect["end_sum"]
    assert sorted(layout.counted_ends()) == sorted(
        CountedEnd(tuple(c["tile"]), c["value"]) for c in expect["counted"]
    )
    assert sorted(layout.open_points()) == sorted(
        OpenPoint(tuple(o["tile"]), o["side"], o["pip"]) for o in expect["open_points"]
    )


@pytest.mark.parametrize(
    ("pips", "deduct"),
    [(h["pips"], h["deduct_raw"]) for h in EXAMPLES["reckoning"]["hands"]],
)
def test_reckoning_vector(pips: int, deduct: int) -> None:
    assert reckon_pips(pips) == deduct


def test_partnership_rounds_each_hand_separately() -> None:
    example = EXAMPLES["reckoning"]["partnership_example"]
    total = sum(reckon_pips(p) for p in example["hands_pips"])
    assert total == example["deduct_raw"]
    assert total // 5 == example["deduct_displayed"]
    assert reckon_pips(sum(example["hands_pips"])) != total  # summing first would be wrong
