"""The abstract layout (``fiveup_core.abstract``) gives exactly the legal pips, points,
end sums and open pips of the full ``Layout``, move by move, on both implementations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fiveup_core
from fiveup_core import ALL_TILES, reckon_pips
from fiveup_core.abstract import (
    BRANCH,
    CHAIN,
    END,
    LEAD,
    AbstractLayout,
    point_kind,
    reckon,
    tile_of,
)


def _play_out_agrees(layout_cls: type, rng: random.Random) -> int:
    """Play a random layout to exhaustion on both models, comparing every observable;
    answer the number of placements made."""
    layout, abstract = layout_cls(), AbstractLayout()
    remaining = list(ALL_TILES)
    rng.shuffle(remaining)
    placed = 0
    while moves := layout.legal_moves(remaining):
        assert layout.end_sum() == abstract.end_sum
        for tile in remaining:
            core = {
                point_kind(p.on): layout.score_if(p.tile, p.on)
                for p in layout.legal_placements(tile)
            }
            assert core == {(k, pip): pts for k, pip, pts in abstract.options(tile_of(tile))}
        move = moves[rng.randrange(len(moves))]
        assert layout.place(move.tile, move.on) == abstract.place(
            tile_of(move.tile), *point_kind(move.on)
        )
        # (On an empty layout the core sets only its "lead" bit, the abstraction all pips.)
        assert layout.open_pip_mask() & 0x7F == abstract.open_mask()
        remaining.remove(move.tile)
        placed += 1
    assert layout.end_sum() == abstract.end_sum
    assert AbstractLayout.from_placements(layout.placements()).end_sum == abstract.end_sum
    return placed


def test_play_outs_agree_with_the_layout(layout_cls: type) -> None:
    rng = random.Random(42)
    placed = [_play_out_agrees(layout_cls, rng) for _ in range(150)]
    assert max(placed) > 20  # long layouts, with doubles opened as spinners, were reached


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_play_outs_agree_for_any_shuffle(seed: int) -> None:
    for impl in fiveup_core.IMPLEMENTATIONS.values():
        _play_out_agrees(impl, random.Random(seed))


def test_kinds_of_connection_points() -> None:
    assert point_kind(None) == (LEAD, -1)
    assert point_kind(((1, 4), "low")) == (END, 1)
    assert point_kind(((1, 4), "high")) == (END, 4)
    assert point_kind(((3, 3), "chain_a")) == (CHAIN, 3)
    assert point_kind(((3, 3), "branch_b")) == (BRANCH, 3)


def test_impossible_placements_are_refused() -> None:
    abstract = AbstractLayout()
    abstract.place(tile_of((1, 4)), LEAD, -1)
    with pytest.raises(ValueError, match="lead on a non-empty layout"):
        abstract.place(tile_of((2, 3)), LEAD, -1)
    with pytest.raises(ValueError, match="does not show pip"):
        abstract.place(tile_of((2, 3)), END, 1)
    with pytest.raises(ValueError, match="no free end shows 6"):
        abstract.place(tile_of((6, 5)), END, 6)
    with pytest.raises(ValueError, match=r"no free chain on \[1\|1\]"):
        abstract.place(tile_of((1, 2)), CHAIN, 1)


def test_reckon_is_the_cores_rounding() -> None:
    for hand in ([], [(6, 6)], [(0, 1), (2, 2)], [(5, 6), (6, 6), (4, 6)]):
        pips = sum(a + b for a, b in hand)
        assert reckon([tile_of(t) for t in hand]) == reckon_pips(pips)
