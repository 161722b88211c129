"""Bulk validation in the compact encoding: the RulesService's high-throughput path.

``validate_batch(layouts, placements)`` checks placement i (two bytes: tile index, point
code) against compact layout i and answers with two byte strings: a verdict per check
(values of the ``fiveup.v1.Verdict`` enum) and the raw points scored divided by five.
``validate_move_with`` is one such check that also answers the end sum (ValidateMove).
This is the readable version; ``_batch_compiled.pyx`` beside it is the compiled one, with
the same answers (``_batch_compiled.validate_batch`` / ``validate_move``;
``fiveup_core.validate_batch`` and ``fiveup_core.validate_move`` pick the active
implementation's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._types import ALL_TILES as _TILES
from ._types import (
    CONNECTION_POINTS,
    LEAD_CODE,
    N_SIDES,
    N_TILES,
    FiveUpError,
    IllegalPlacement,
)

if TYPE_CHECKING:
    from ._pure import Layout

VERDICT_LEGAL = 1
VERDICT_BAD_LAYOUT = 9
VERDICT_BY_REASON: dict[str, int] = {
    "INVALID_TILE": 2,
    "TILE_ALREADY_PLACED": 3,
    "PIP_MISMATCH": 4,
    "BRANCH_NOT_OPEN": 5,
    "UNKNOWN_CONNECTION_POINT": 6,
    "CONNECTION_POINT_OCCUPIED": 7,
    "LEAD_ON_NON_EMPTY_LAYOUT": 8,
}


def validate_one(layout_cls: type[Layout], layout: bytes, tile: int, code: int) -> tuple[int, int]:
    """(verdict, raw points) of one compact check."""
    verdict, points, _ = validate_move_with(layout_cls, layout, tile, code)
    return verdict, points


def validate_move_with(
    layout_cls: type[Layout], layout: bytes, tile: int, code: int
) -> tuple[int, int, int]:
    """(verdict, raw points, end sum after the placement) of one compact check: tile index
    ``tile`` on point code ``code`` (255 for a lead) onto compact ``layout``.  Points and
    sum are 0 unless the placement is legal.  The unary ValidateMove's fast path."""
    try:
        board = layout_cls.from_bytes(layout)
    except FiveUpError:
        return VERDICT_BAD_LAYOUT, 0, 0
    if tile >= N_TILES:
        return VERDICT_BY_REASON["INVALID_TILE"], 0, 0
    if code != LEAD_CODE and code >= N_TILES * N_SIDES:
        return VERDICT_BY_REASON["UNKNOWN_CONNECTION_POINT"], 0, 0
    on = None if code == LEAD_CODE else CONNECTION_POINTS[code]
    trial = board.copy()
    try:
        points = int(trial.place(_TILES[tile], on))
    except IllegalPlacement as exc:
        return VERDICT_BY_REASON.get(exc.reason, VERDICT_BAD_LAYOUT), 0, 0
    return VERDICT_LEGAL, points, int(trial.end_sum())


def validate_batch_with(
    layout_cls: type[Layout], layouts: Sequence[bytes], placements: bytes
) -> tuple[bytes, bytes]:
    if len(placements) != 2 * len(layouts):
        raise ValueError(
            f"{len(layouts)} layouts need {2 * len(layouts)} placement bytes, got {len(placements)}"
        )
    verdicts = bytearray(len(layouts))
    points = bytearray(len(layouts))
    for i, layout in enumerate(layouts):
        verdict, raw = validate_one(layout_cls, layout, placements[2 * i], placements[2 * i + 1])
        verdicts[i] = verdict
        points[i] = raw // 5
    return bytes(verdicts), bytes(points)
