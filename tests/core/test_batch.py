"""Bulk validation: the compiled fast path gives exactly the answers of the rules core.

``fiveup_core.validate_batch(layouts, placements)`` and ``validate_move(layout, tile, code)``
are the RulesService's hot paths.  ``_batch.py`` is their readable specification; the
compiled core has its own versions (``_batch_compiled.validate_batch`` / ``validate_move``)
that decode each layout inside C.  Every implementation here is compared with an oracle
written straight against the ``Layout`` API (decode, place on a copy, read the reason),
on Hypothesis-made layouts that are legal, illegal or malformed, and placements with
good and bad tile and point codes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fiveup_core
from fiveup_core import (
    ALL_TILES,
    LEAD_CODE,
    SIDES,
    VERDICT_BAD_LAYOUT,
    VERDICT_BY_REASON,
    VERDICT_LEGAL,
    ConnectionPoint,
    FiveUpError,
    IllegalPlacement,
    PureLayout,
    validate_batch_with,
    validate_move_with,
)

Batch = Callable[[Sequence[bytes], bytes], tuple[bytes, bytes]]
Move = Callable[[bytes, int, int], tuple[int, int, int]]

N_CODES = len(ALL_TILES) * len(SIDES)


def _implementations() -> dict[str, tuple[Batch, Move]]:
    impls: dict[str, tuple[Batch, Move]] = {
        "python": (
            functools.partial(validate_batch_with, PureLayout),
            functools.partial(validate_move_with, PureLayout),
        ),
    }
    if fiveup_core.CoreLayout is not None:
        from fiveup_core import _batch_compiled

        impls["cython-layout"] = (  # the readable loop over the compiled Layout
            functools.partial(validate_batch_with, fiveup_core.CoreLayout),
            functools.partial(validate_move_with, fiveup_core.CoreLayout),
        )
        compiled = (_batch_compiled.validate_batch, _batch_compiled.validate_move)
        impls["cython"] = compiled  # the C fast path
    return impls


IMPLS = _implementations()


@pytest.fixture(params=["python", "cython-layout", "cython"])
def impl(request: pytest.FixtureRequest) -> tuple[Batch, Move]:
    found = IMPLS.get(request.param)
    if found is None:
        pytest.skip("Cython core not built (run `make build`)")
    return found


def oracle(layout: bytes, tile: int, code: int) -> tuple[int, int, int]:
    """The contract, in terms of the Layout API: (verdict, raw points, end sum after)."""
    try:
        board = PureLayout.from_bytes(layout)
    except FiveUpError:
        return VERDICT_BAD_LAYOUT, 0, 0
    if tile >= len(ALL_TILES):
        return VERDICT_BY_REASON["INVALID_TILE"], 0, 0
    if code == LEAD_CODE:
        on = None
    elif code < N_CODES:
        on = ConnectionPoint(ALL_TILES[code // 6], SIDES[code % 6])
    else:
        return VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0
    trial = board.copy()
    try:
        points = trial.place(ALL_TILES[tile], on)
    except IllegalPlacement as exc:
        return VERDICT_BY_REASON[exc.reason], 0, 0
    return VERDICT_LEGAL, points, trial.end_sum()


def oracle_batch(layouts: Sequence[bytes], placements: bytes) -> tuple[bytes, bytes]:
    answers = [
        oracle(lay, placements[2 * i], placements[2 * i + 1]) for i, lay in enumerate(layouts)
    ]
    return bytes(a[0] for a in answers), bytes(a[1] // 5 for a in answers)


# --------------------------------------------------------------------------- strategies


@st.composite
def legal_layouts(draw: st.DrawFn, max_tiles: int = 28) -> bytes:
    """A layout reached by legal play (leads of doubles, spinners and branches included)."""
    layout = fiveup_core.Layout()
    for _ in range(draw(st.integers(0, max_tiles))):
        moves = layout.legal_moves(ALL_TILES)
        if not moves:
            break
        layout.place(*moves[draw(st.integers(0, len(moves) - 1))])
    return layout.to_bytes()


@st.composite
def layouts(draw: st.DrawFn) -> bytes:
    """Mostly legal layouts; some spoilt: a random byte (bad tile / point codes, illegal
    placements), an odd length, a repeated placement, pure noise."""
    data = bytearray(draw(legal_layouts()))
    kind = draw(st.sampled_from(["legal"] * 6 + ["byte", "odd", "repeat", "noise", "swap"]))
    if kind == "byte" and data:
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    elif kind == "odd":
        data += bytes([draw(st.integers(0, 255))]) if len(data) % 2 == 0 else b""
    elif kind == "repeat" and data:
        i = 2 * draw(st.integers(0, len(data) // 2 - 1))
        data += data[i : i + 2]
    elif kind == "noise":
        data = bytearray(draw(st.binary(max_size=12)))
    elif kind == "swap" and len(data) >= 4:
        i = 2 * draw(st.integers(0, len(data) // 2 - 2))
        data[i : i + 4] = data[i + 2 : i + 4] + data[i : i + 2]
    return bytes(data)


@st.composite
def checks(draw: st.DrawFn) -> tuple[bytes, int, int]:
    """A layout and a placement for it: often a legal move, often a near miss (a real tile
    onto a side of a tile on the table), sometimes bad codes."""
    layout = draw(layouts())
    kind = draw(st.sampled_from(["legal", "legal", "near", "near", "lead", "codes", "any"]))
    if kind == "legal":
        try:
            moves = PureLayout.from_bytes(layout).legal_moves(ALL_TILES)
        except FiveUpError:
            moves = []
        if moves:
            move = moves[draw(st.integers(0, len(moves) - 1))]
            tile = ALL_TILES.index(move.tile)
            code = (
                LEAD_CODE
                if move.on is None
                else (ALL_TILES.index(move.on.tile) * 6 + SIDES.index(move.on.side))
            )
            return layout, tile, code
    if kind in ("legal", "near") and len(layout) >= 2:
        on_tile = layout[2 * draw(st.integers(0, len(layout) // 2 - 1))]
        code = min(on_tile, 27) * 6 + draw(st.integers(0, 5))
        return layout, draw(st.integers(0, 27)), code
    if kind == "lead":
        return layout, draw(st.integers(0, 27)), LEAD_CODE
    if kind == "codes":  # bad tile codes, point codes 168..254
        return layout, draw(st.integers(0, 255)), draw(st.integers(N_CODES, 255))
    return layout, draw(st.integers(0, 255)), draw(st.integers(0, 255))


def pack(items: Sequence[tuple[bytes, int, int]]) -> tuple[list[bytes], bytes]:
    return [lay for lay, _, _ in items], bytes(b for _, t, c in items for b in (t, c))


# The impl fixture is a stateless pair of functions: sharing it between examples is fine.
SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


# --------------------------------------------------------------------------- differential


@SETTINGS
@given(items=st.lists(checks(), max_size=30))
def test_batches_answer_like_the_core(
    impl: tuple[Batch, Move], items: list[tuple[bytes, int, int]]
) -> None:
    batch, _ = impl
    layouts_, placements = pack(items)
    assert batch(layouts_, placements) == oracle_batch(layouts_, placements)


@SETTINGS
@given(item=checks())
def test_one_move_answers_like_the_core(
    impl: tuple[Batch, Move], item: tuple[bytes, int, int]
) -> None:
    _, move = impl
    assert move(*item) == oracle(*item)


@SETTINGS
@given(
    items=st.lists(checks(), min_size=1, max_size=8), order=st.lists(st.integers(0, 7), max_size=40)
)
def test_repeated_layouts_in_a_batch(
    impl: tuple[Batch, Move], items: list[tuple[bytes, int, int]], order: list[int]
) -> None:
    """The compiled path skips decoding a layout equal to the previous one: runs of the
    same layout (the same object or an equal copy), bad ones included, answer alike."""
    chosen = [items[i % len(items)] for i in order]
    chosen = [
        (bytes(bytearray(lay)) if k % 2 else lay, t, c) for k, (lay, t, c) in enumerate(chosen)
    ]
    batch, _ = impl
    layouts_, placements = pack(chosen)
    assert batch(layouts_, placements) == oracle_batch(layouts_, placements)


# --------------------------------------------------------------------------- fixed cases

LEAD_14 = bytes([10, 255])  # [1|4]
LINE = bytes.fromhex("0aff073c")  # [1|4] [1|1]@[1|4]:low


@pytest.mark.parametrize(
    ("layout", "tile", "code", "expected"),
    [
        (b"", 10, LEAD_CODE, (VERDICT_LEGAL, 5, 5)),  # [1|4] leads: 5
        (LEAD_14, 22, 61, (VERDICT_LEGAL, 0, 9)),  # [4|4] on [1|4]:high: 1 + 8
        (LINE, 22, 61, (VERDICT_LEGAL, 10, 10)),  # [1|1] counts 2, [4|4] 8
        (LEAD_14, 10, 61, (VERDICT_BY_REASON["TILE_ALREADY_PLACED"], 0, 0)),
        (LEAD_14, 27, 61, (VERDICT_BY_REASON["PIP_MISMATCH"], 0, 0)),
        (LEAD_14, 22, LEAD_CODE, (VERDICT_BY_REASON["LEAD_ON_NON_EMPTY_LAYOUT"], 0, 0)),
        (
            LEAD_14,
            22,
            27 * 6,
            (VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0),
        ),  # not on table
        (
            LEAD_14,
            22,
            10 * 6 + 2,
            (VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0),
        ),  # no chain
        (LINE, 8, 60, (VERDICT_BY_REASON["CONNECTION_POINT_OCCUPIED"], 0, 0)),
        (LINE, 8, 7 * 6 + 4, (VERDICT_BY_REASON["BRANCH_NOT_OPEN"], 0, 0)),
        (LEAD_14, 28, 61, (VERDICT_BY_REASON["INVALID_TILE"], 0, 0)),  # bad tile code
        (LEAD_14, 255, 200, (VERDICT_BY_REASON["INVALID_TILE"], 0, 0)),  # tile is checked first
        (LEAD_14, 22, 168, (VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0)),  # bad code
        (LEAD_14, 22, 254, (VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0)),
        (b"\x0a", 22, 61, (VERDICT_BAD_LAYOUT, 0, 0)),  # odd length
        (b"\x1c\xff", 22, 61, (VERDICT_BAD_LAYOUT, 0, 0)),  # tile byte 28
        (b"\x0a\xa8", 22, 61, (VERDICT_BAD_LAYOUT, 0, 0)),  # point code 168
        (LEAD_14 + LEAD_14, 22, 61, (VERDICT_BAD_LAYOUT, 0, 0)),  # illegal replay
        (b"\x0a", 255, 200, (VERDICT_BAD_LAYOUT, 0, 0)),  # the layout is checked first
    ],
)
def test_each_verdict(
    impl: tuple[Batch, Move], layout: bytes, tile: int, code: int, expected: tuple[int, int, int]
) -> None:
    batch, move = impl
    assert oracle(layout, tile, code) == expected
    assert move(layout, tile, code) == expected
    assert batch([layout], bytes([tile, code])) == (bytes([expected[0]]), bytes([expected[1] // 5]))


@pytest.mark.parametrize(("n_layouts", "n_bytes"), [(1, 0), (1, 1), (1, 3), (0, 2), (3, 5)])
def test_length_mismatch_is_a_value_error(
    impl: tuple[Batch, Move], n_layouts: int, n_bytes: int
) -> None:
    batch, _ = impl
    with pytest.raises(ValueError) as caught:
        batch([LEAD_14] * n_layouts, bytes(n_bytes))
    assert str(caught.value) == (
        f"{n_layouts} layouts need {2 * n_layouts} placement bytes, got {n_bytes}"
    )


def test_empty_batch(impl: tuple[Batch, Move]) -> None:
    batch, _ = impl
    assert batch([], b"") == (b"", b"")


def outcome(fn: Callable[[], Any]) -> tuple[Any, ...]:
    try:
        return ("ok", fn())
    except Exception as exc:
        return (type(exc), str(exc))


@pytest.mark.parametrize(
    ("layouts_", "placements"),
    [
        ((LEAD_14, b""), bytes([22, 61, 10, 255])),  # a tuple of layouts
        ([bytearray(LEAD_14), memoryview(LINE)], bytes([22, 61, 8, 60])),  # byte-likes
        ([LEAD_14, bytearray(b"\x0a")], bytes([22, 61, 22, 61])),  # a malformed byte-like
        ([LEAD_14], bytearray([22, 61])),  # placements as a bytearray
        ([LEAD_14, LEAD_14], [22, 61, 27, 61]),  # placements as a list of ints
        ([LEAD_14], bytearray([22])),  # a bytearray of the wrong length
        (iter([LEAD_14]), bytes([22, 61])),  # an iterator has no len()
        (["ab"], bytes([22, 61])),  # a str layout: the twin's TypeError
    ],
)
def test_odd_argument_types_behave_like_the_twin(
    impl: tuple[Batch, Move], layouts_: Any, placements: Any
) -> None:
    batch, _ = impl
    spec = functools.partial(validate_batch_with, PureLayout)
    assert outcome(lambda: batch(layouts_, placements)) == outcome(
        lambda: spec(layouts_, placements)
    )


@pytest.mark.parametrize(
    ("layout", "tile", "code"),
    [
        (bytearray(LEAD_14), 22, 61),
        (memoryview(b"\x0a"), 22, 61),
        (LEAD_14, -1, 61),  # negative: the twin indexes from the end; so must the fast path
        (LEAD_14, 22, -1),
        (LEAD_14, 300, 61),
        (LEAD_14, 22, 1000),
        (LEAD_14, 22.0, 61),
        ("ab", 22, 61),
    ],
)
def test_odd_move_arguments_behave_like_the_twin(
    impl: tuple[Batch, Move], layout: Any, tile: Any, code: Any
) -> None:
    _, move = impl
    spec = functools.partial(validate_move_with, PureLayout)
    assert outcome(lambda: move(layout, tile, code)) == outcome(lambda: spec(layout, tile, code))


def test_a_protobuf_repeated_field_is_accepted(impl: tuple[Batch, Move]) -> None:
    from fiveup.v1 import rules_pb2

    request = rules_pb2.ValidateMovesRequest(
        layouts=[LEAD_14, b"", b"\x01"], placements=bytes([22, 61, 10, 255, 0, 255])
    )
    batch, _ = impl
    expected = oracle_batch(list(request.layouts), request.placements)
    assert batch(request.layouts, request.placements) == expected
    assert expected[0] == bytes([VERDICT_LEGAL, VERDICT_LEGAL, VERDICT_BAD_LAYOUT])


def test_the_active_implementation_is_picked() -> None:
    if fiveup_core.IMPLEMENTATION == "cython":
        from fiveup_core import _batch_compiled

        assert fiveup_core.validate_batch is _batch_compiled.validate_batch
        assert fiveup_core.validate_move is _batch_compiled.validate_move
    else:
        assert fiveup_core.validate_batch([LINE], bytes([22, 61])) == (b"\x01", b"\x02")
    assert fiveup_core.validate_move(LINE, 22, 61) == (VERDICT_LEGAL, 10, 10)
