"""Every kind of illegal placement is rejected, the same way by both implementations."""

from __future__ import annotations

from typing import Any

import pytest

from fiveup_core import (
    BranchNotOpen,
    ConnectionPoint,
    ConnectionPointOccupied,
    FiveUpError,
    IllegalPlacement,
    InvalidTile,
    LayoutDecodeError,
    LeadOnNonEmptyLayout,
    OpenPoint,
    PipMismatch,
    TileAlreadyPlaced,
    UnknownConnectionPoint,
)

# [1|4] led; [1|1] on its low end (a spinner, attached by chain_a, chain_b free);
# [4|5] on its high end (attached by its low half, the 4).
BASE = "[1|4] [1|1]@[1|4]:low [4|5]@[1|4]:high"

# (tile, on, exception, text the message must contain)
CASES: list[tuple[object, object, type[Exception], str]] = [
    ((1, 4), ((1, 1), "chain_b"), TileAlreadyPlaced, "[1|4]@[1|1]:chain_b"),
    ((4, 1), None, TileAlreadyPlaced, "[1|4]"),  # either pip order names the same tile
    ((1, 1), ((1, 1), "chain_b"), TileAlreadyPlaced, "[1|1]@[1|1]:chain_b"),
    ((2, 3), ((4, 5), "high"), PipMismatch, "the point shows 5"),
    ((0, 6), ((1, 1), "chain_b"), PipMismatch, "[0|6]@[1|1]:chain_b"),
    ((1, 2), ((1, 1), "branch_a"), BranchNotOpen, "[1|2]@[1|1]:branch_a"),
    ((1, 3), ((1, 1), "branch_b"), BranchNotOpen, "[1|3]@[1|1]:branch_b"),
    ((4, 6), ((4, 4), "chain_b"), UnknownConnectionPoint, "(4, 4) is not on the table"),
    ((1, 2), ((1, 4), "chain_a"), UnknownConnectionPoint, "chain_a is not a side of a non-double"),
    ((1, 5), ((1, 1), "low"), UnknownConnectionPoint, "low is not a side of a double"),
    ((1, 2), ((1, 4), "middle"), UnknownConnectionPoint, "unknown side 'middle'"),
    ((1, 2), ((1, 4), 0), UnknownConnectionPoint, "unknown side 0"),
    ((1, 2), "xyz", UnknownConnectionPoint, "'xyz' is not a (tile, side) pair"),
    ((1, 2), 42, UnknownConnectionPoint, "42 is not a (tile, side) pair"),
    ((1, 2), ((1, 1),), UnknownConnectionPoint, "is not a (tile, side) pair"),
    ((1, 6), ((1, 4), "low"), ConnectionPointOccupied, "[1|6]@[1|4]:low"),
    ((1, 3), ((1, 1), "chain_a"), ConnectionPointOccupied, "[1|3]@[1|1]:chain_a"),  # attached side
    ((4, 6), ((4, 5), "low"), ConnectionPointOccupied, "[4|6]@[4|5]:low"),  # attached half
    ((2, 3), None, LeadOnNonEmptyLayout, "[2|3]"),
    ((7, 1), None, InvalidTile, "(7, 1)"),
    ((-1, 2), ((1, 4), "low"), InvalidTile, "(-1, 2)"),
    ("ab", None, InvalidTile, "'ab'"),
    ((1, 2, 3), None, InvalidTile, "(1, 2, 3)"),
    ((1.0, 2), None, InvalidTile, "(1.0, 2)"),
    ((True, 1), None, InvalidTile, "(True, 1)"),
    (None, None, InvalidTile, "None"),
    (12, None, InvalidTile, "12"),
]


def _ids() -> list[str]:
    return [f"{exc.__name__}-{i}" for i, (_, _, exc, _) in enumerate(CASES)]


@pytest.mark.parametrize(("tile", "on", "exc_type", "quoted"), CASES, ids=_ids())
def test_rejected(
    layout_cls: Any, tile: object, on: object, exc_type: type[Exception], quoted: str
) -> None:
    layout = layout_cls.from_text(BASE)
    before = (layout.to_bytes(), layout.end_sum(), layout.open_points(), layout.counted_ends())

    for call in (layout.place, layout.score_if):
        with pytest.raises(exc_type) as info:
            call(tile, on)
        assert type(info.value) is exc_type
        assert quoted in str(info.value)
        assert isinstance(info.value, FiveUpError) and isinstance(info.value, ValueError)

    if issubclass(exc_type, IllegalPlacement):
        assert layout.is_legal(tile, on) is False
        err = info.value
        assert isinstance(err, IllegalPlacement)
        assert err.index is None
        assert err.reason == exc_type.reason != IllegalPlacement.reason
    else:  # only IllegalPlacement means "no": a tile that is not a tile is an error
        with pytest.raises(exc_type):
            layout.is_legal(tile, on)

    # a rejected placement leaves no trace
    assert (
        layout.to_bytes(),
        layout.end_sum(),
        layout.open_points(),
        layout.counted_ends(),
    ) == before
    assert layout == layout_cls.from_text(BASE)


@pytest.mark.parametrize(("tile", "on", "exc_type", "quoted"), CASES, ids=_ids())
def test_both_implementations_raise_identically(
    tile: object, on: object, exc_type: type[Exception], quoted: str
) -> None:
    import fiveup_core

    if fiveup_core.CoreLayout is None:
        pytest.skip("Cython core not built (run `make build`)")
    seen = []
    for cls in (fiveup_core.PureLayout, fiveup_core.CoreLayout):
        with pytest.raises(exc_type) as info:
            cls.from_text(BASE).place(tile, on)
        err = info.value
        seen.append((type(err), str(err), getattr(err, "tile", None), getattr(err, "on", None)))
    assert seen[0] == seen[1]


def test_error_carries_the_placement(layout_cls: Any) -> None:
    layout = layout_cls.from_text(BASE)
    with pytest.raises(PipMismatch) as info:
        layout.place((3, 2), ConnectionPoint((4, 5), "high"))
    assert info.value.tile == (2, 3)  # normalized
    assert info.value.on == ConnectionPoint((4, 5), "high")
    assert str(info.value) == "pips don't match [2|3]@[4|5]:high: the point shows 5"
    assert info.value.reason == "PIP_MISMATCH"


def test_from_placements_sets_index(layout_cls: Any) -> None:
    seq = [((1, 4), None), ((1, 1), ((1, 4), "low")), ((2, 3), ((1, 1), "chain_b"))]
    with pytest.raises(PipMismatch) as info:
        layout_cls.from_placements(seq)
    assert info.value.index == 2
    assert "(placement #2)" in str(info.value)

    with pytest.raises(BranchNotOpen) as branch:
        layout_cls.from_placements([((3, 3), None), ((3, 4), ((3, 3), "branch_a"))])
    assert branch.value.index == 1

    with pytest.raises(LeadOnNonEmptyLayout) as lead:
        layout_cls.from_placements([((3, 3), None), ((3, 4), None)])
    assert lead.value.index == 1


def test_from_placements_rejects_non_pairs(layout_cls: Any) -> None:
    with pytest.raises(LayoutDecodeError, match=r"placement #1 .* is not a \(tile, on\) pair"):
        layout_cls.from_placements([((1, 4), None), (1, 4, 5)])


def test_invalid_tile_in_sequence_has_no_index(layout_cls: Any) -> None:
    # InvalidTile is not an IllegalPlacement: it is raised as is, like the twin does
    with pytest.raises(InvalidTile):
        layout_cls.from_placements([((1, 4), None), ((1, 9), ((1, 4), "low"))])


def test_double_on_a_line_is_attached_by_chain_a(layout_cls: Any) -> None:
    layout = layout_cls.from_text("[1|4] [4|4]@[1|4]:high")
    doubles = [p for p in layout.open_points() if p.tile == (4, 4)]
    assert doubles == [OpenPoint((4, 4), "chain_b", 4)]
    with pytest.raises(ConnectionPointOccupied):
        layout.place((4, 6), ((4, 4), "chain_a"))
    with pytest.raises(BranchNotOpen):
        layout.place((4, 6), ((4, 4), "branch_a"))
    assert layout.placements()[-1].on == ConnectionPoint((1, 4), "high")
    # one tile on chain_b covers both chains: only now do the branches open
    layout.place((4, 6), ((4, 4), "chain_b"))
    assert [p.side for p in layout.open_points() if p.tile == (4, 4)] == ["branch_a", "branch_b"]


def test_lead_double_needs_both_chains_before_branches(layout_cls: Any) -> None:
    layout = layout_cls()
    layout.place((3, 3))
    assert [p.side for p in layout.open_points()] == ["chain_a", "chain_b"]
    layout.place((3, 5), ((3, 3), "chain_a"))
    assert not layout.is_legal((1, 3), ((3, 3), "branch_b"))
    layout.place((1, 3), ((3, 3), "chain_b"))
    assert layout.is_legal((0, 3), ((3, 3), "branch_b"))
    assert layout.legal_placements((0, 3)) == layout.legal_placements((3, 0))
    assert [p.on.side for p in layout.legal_placements((0, 3))] == ["branch_a", "branch_b"]


def test_contains_never_raises(layout_cls: Any) -> None:
    layout = layout_cls.from_text(BASE)
    assert (4, 1) in layout
    assert (7, 7) not in layout
    assert "ab" not in layout
    assert None not in layout
