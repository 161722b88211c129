"""The text notation and the compact byte encoding, for both implementations."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from fiveup_core import (
    ALL_TILES,
    LEAD_CODE,
    SIDES,
    ConnectionPoint,
    ConnectionPointOccupied,
    IllegalPlacement,
    InvalidTile,
    LayoutDecodeError,
    LeadOnNonEmptyLayout,
    PipMismatch,
    Placement,
    TileAlreadyPlaced,
    UnknownConnectionPoint,
    decode_hand,
    encode_hand,
    format_placement,
    parse_placement,
    parse_tile,
    placement_at,
    tile_index,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "positions.txt"
LINE = re.compile(r"^(?P<text>[^#]+?)\s*#\s*end_sum=(?P<sum>\d+)\s+hex=(?P<hex>[0-9a-f]+):")


def _positions() -> list[Any]:
    out = []
    for n, line in enumerate(DATA.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        m = LINE.match(line)
        assert m, f"{DATA.name}:{n} is not 'placements  # end_sum=N hex=...: comment'"
        out.append(pytest.param(m["text"], int(m["sum"]), m["hex"], id=f"line{n}"))
    return out


@pytest.mark.parametrize(("text", "end_sum", "hexbytes"), _positions())
def test_position_file_round_trips(layout_cls: Any, text: str, end_sum: int, hexbytes: str) -> None:
    layout = layout_cls.from_text(text)
    assert type(layout) is layout_cls
    assert layout.end_sum() == end_sum
    assert layout.to_text() == text
    assert layout.to_bytes() == bytes.fromhex(hexbytes)
    again = layout_cls.from_bytes(layout.to_bytes())
    assert type(again) is layout_cls
    assert again == layout and again.to_text() == text and again.to_bytes() == layout.to_bytes()
    assert layout_cls.from_text(layout.to_text()) == layout
    assert layout_cls.from_bytes(bytearray(layout.to_bytes())) == layout
    assert layout_cls.from_bytes(memoryview(layout.to_bytes())) == layout
    assert eval(repr(layout), {"Layout": layout_cls}) == layout


def test_known_bytes(layout_cls: Any) -> None:
    layout = layout_cls.from_text("[1|4] [1|1]@[1|4]:low")
    # [1|4] is tile 10, [1|1] tile 7; the lead's code is 255, low of [1|4] is 10*6+0
    assert layout.to_bytes() == bytes([10, LEAD_CODE, 7, 60])
    assert layout_cls.from_bytes(bytes([10, 255, 7, 60])).to_text() == "[1|4] [1|1]@[1|4]:low"


def test_empty_layout(layout_cls: Any) -> None:
    empty = layout_cls()
    assert empty.to_bytes() == b"" and empty.to_text() == ""
    assert layout_cls.from_bytes(b"") == empty == layout_cls.from_text("  \n ")
    assert empty.is_empty() and len(empty) == 0
    assert repr(empty) == "Layout.from_text('')"


def test_text_accepts_any_whitespace(layout_cls: Any) -> None:
    layout = layout_cls.from_text("\n [4|1]\t[1|1]@[4|1]:low \n")
    assert layout.to_text() == "[1|4] [1|1]@[1|4]:low"


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (bytes([10]), "pairs"),
        (bytes([10, 255, 7]), "pairs"),
        (bytes([28, 255]), "not a tile and a point code"),
        (bytes([255, 255]), "not a tile and a point code"),
        (bytes([10, 168]), "not a tile and a point code"),
        (bytes([10, 200]), "not a tile and a point code"),
        (bytes([10, 255, 7, 254]), "placement #1"),
    ],
)
def test_malformed_bytes(layout_cls: Any, data: bytes, why: str) -> None:
    with pytest.raises(LayoutDecodeError, match=why):
        layout_cls.from_bytes(data)


@pytest.mark.parametrize(
    ("data", "exc_type", "index"),
    [
        (bytes([10, 255, 7, 255]), LeadOnNonEmptyLayout, 1),  # two leads
        (bytes([10, 255, 10, 60]), TileAlreadyPlaced, 1),
        (bytes([10, 255, 7, 60, 8, 60]), ConnectionPointOccupied, 2),  # [1|4]:low is taken
        (bytes([10, 255, 20, 61]), PipMismatch, 1),  # [2|5] on the 4 of [1|4]
        (bytes([10, 255, 7, 66]), UnknownConnectionPoint, 1),  # [1|1] on a tile not on the table
    ],
)
def test_illegal_sequence_in_bytes(
    layout_cls: Any, data: bytes, exc_type: type[IllegalPlacement], index: int
) -> None:
    with pytest.raises(IllegalPlacement) as info:
        layout_cls.from_bytes(data)
    assert info.value.index == index
    assert f"(placement #{index})" in str(info.value)
    assert type(info.value) is exc_type


@pytest.mark.parametrize(
    "text",
    [
        "[1|7]",
        "[1,4]",
        "1|4",
        "[1|4]]",
        "[1|4]@[1|4]",
        "[1|4] [1|1]@[1|4]:middle",
        "[1|4] [1|1]@[1|4]",
        "[1|4] [1|1]@(1,4):low",
        "[1|4] [1|1]@[1|9]:low",
        "[a|b]",
    ],
)
def test_malformed_text(layout_cls: Any, text: str) -> None:
    with pytest.raises(LayoutDecodeError):
        layout_cls.from_text(text)


def test_illegal_sequence_in_text_has_index(layout_cls: Any) -> None:
    with pytest.raises(PipMismatch) as info:
        layout_cls.from_text("[1|4] [1|1]@[1|4]:low [2|6]@[1|1]:chain_b")
    assert info.value.index == 2


def test_parse_and_format() -> None:
    assert parse_tile("[4|1]") == (1, 4)
    assert parse_tile(" [6|6] ") == (6, 6)
    assert parse_tile("[0|3]") == (0, 3)
    for bad in ("[4|1", "[7|1]", "[-1|2]", "4|1", "[41]"):
        with pytest.raises(LayoutDecodeError):
            parse_tile(bad)
    assert parse_placement("[4|1]") == Placement((1, 4), None)
    p = parse_placement("[4|1]@[4|4]:chain_b")
    assert p == Placement((1, 4), ConnectionPoint((4, 4), "chain_b"))
    assert format_placement(p) == "[1|4]@[4|4]:chain_b" == str(p)


def test_hand_encoding() -> None:
    hand = [(4, 1), (6, 6), (0, 0), (2, 3)]
    data = encode_hand(hand)
    assert data == bytes([10, 27, 0, 14])
    assert decode_hand(data) == [(1, 4), (6, 6), (0, 0), (2, 3)]
    assert decode_hand(encode_hand(ALL_TILES)) == list(ALL_TILES)
    assert encode_hand([]) == b"" and decode_hand(b"") == []
    with pytest.raises(LayoutDecodeError, match="hand position 1"):
        decode_hand(bytes([3, 28]))
    with pytest.raises(InvalidTile):
        encode_hand([(1, 7)])


def test_tile_index_order() -> None:
    assert [tile_index(t) for t in ALL_TILES] == list(range(28))
    assert tile_index((4, 1)) == tile_index([1, 4]) == 10
    assert len(SIDES) == 6


def test_pickle_and_copy(layout_cls: Any) -> None:
    layout = layout_cls.from_text("[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high")
    # (copy.copy is left out on purpose: on the twin it is shallow and shares the state)
    for clone in (pickle.loads(pickle.dumps(layout)), copy.deepcopy(layout), layout.copy()):
        assert type(clone) is layout_cls
        assert clone == layout and clone.end_sum() == layout.end_sum()
        clone.place((3, 4), ((4, 4), "chain_b"))
        assert clone != layout  # independent


def test_copy_is_independent(layout_cls: Any) -> None:
    layout = layout_cls.from_text("[1|4]")
    other = layout.copy()
    other.place((4, 4), ((1, 4), "high"))
    assert len(layout) == 1 and len(other) == 2
    assert layout.end_sum() == 5 and other.end_sum() == 9
    assert layout.to_bytes() != other.to_bytes()


def test_equality_and_hash_across_implementations() -> None:
    import fiveup_core

    if fiveup_core.CoreLayout is None:
        pytest.skip("Cython core not built (run `make build`)")
    text = "[1|4] [1|1]@[1|4]:low"
    pure = fiveup_core.PureLayout.from_text(text)
    core = fiveup_core.CoreLayout.from_text(text)
    assert pure == core and core == pure and not (pure != core) and not (core != pure)  # noqa: SIM202
    assert hash(pure) == hash(core)
    assert len({pure, core}) == 1
    core.place((1, 2), ((1, 1), "chain_b"))
    assert pure != core and core != pure
    assert core != text and core != core.to_bytes()  # not equal to its encodings


def test_constructor_and_subclasses(layout_cls: Any) -> None:
    with pytest.raises(TypeError):
        layout_cls(1)

    class Sub(layout_cls):  # type: ignore[misc,valid-type]
        pass

    layout = Sub.from_text("[1|4] [4|4]@[1|4]:high")
    assert type(layout) is Sub
    assert type(Sub.from_bytes(layout.to_bytes())) is Sub
    assert type(Sub.from_placements(layout.placements())) is Sub
    assert type(layout.copy()) is layout_cls  # copy() always gives the base class
    assert layout == layout_cls.from_text(layout.to_text())


def test_formatting_interned_placements_again_gives_the_same_text() -> None:
    """format_placement remembers the interned placements' texts; equal-looking input that
    is not one of them is still quoted as given."""
    lead = placement_at(tile_index((1, 4)), LEAD_CODE)
    joined = placement_at(tile_index((1, 1)), tile_index((1, 4)) * 6)
    for _ in range(2):  # the second round is served from memory
        assert format_placement(lead) == "[1|4]"
        assert format_placement(joined) == "[1|1]@[1|4]:low"
    assert format_placement(((1.0, 4.0), None)) == "(1.0, 4.0)"
    assert format_placement(((True, 4), None)) == "(True, 4)"
    assert format_placement(((1, 1), ((1, 4), "low"))) == "[1|1]@[1|4]:low"
