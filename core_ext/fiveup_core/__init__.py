"""Five Up rules core: the geometry and counting of a domino layout.

Two implementations with one API: a compiled Cython core (``_core``, with its bulk
validation in ``_batch_compiled``) and a readable pure-Python twin (``_pure``, and
``_batch``).  The compiled one is chosen at import time when it is
available; ``FIVEUP_PURE_PYTHON=1`` forces the twin.  ``IMPLEMENTATION`` says which is
active, and both classes are importable directly as ``PureLayout`` and ``CoreLayout``
(``None`` when the extension is not built) for differential testing.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._batch import (
    VERDICT_BAD_LAYOUT,
    VERDICT_BY_REASON,
    VERDICT_LEGAL,
    validate_batch_with,
    validate_move_with,
)
from ._pure import Layout as PureLayout
from ._types import (
    ALL_TILES,
    BRANCH_A,
    BRANCH_B,
    CHAIN_A,
    CHAIN_B,
    DOUBLES,
    GREEDY_WEIGHTS,
    HIGH,
    LEAD_CODE,
    LOW,
    N_SIDES,
    N_TILES,
    SIDES,
    BranchNotOpen,
    ConnectionPoint,
    ConnectionPointOccupied,
    CountedEnd,
    FiveUpError,
    IllegalPlacement,
    InvalidTile,
    LayoutDecodeError,
    LeadOnNonEmptyLayout,
    OpenPoint,
    PipMismatch,
    Placement,
    PlayOut,
    Tile,
    TileAlreadyPlaced,
    UnknownConnectionPoint,
    Weights,
    decode_hand,
    encode_hand,
    format_placement,
    format_placements,
    format_tile,
    is_double,
    normalize_tile,
    parse_placement,
    parse_placements,
    parse_tile,
    pip_total,
    placement_at,
    points_for_sum,
    reckon_pips,
    tile_index,
)

CoreLayout: type[PureLayout] | None
try:
    from . import _batch_compiled  # noqa: F401  (built with _core: both or neither)
    from ._core import Layout as _CompiledLayout

    CoreLayout = _CompiledLayout
except ImportError:  # extensions not built: setup.py refuses this under CI=true
    CoreLayout = None

_USE_TWIN = os.environ.get("FIVEUP_PURE_PYTHON") == "1" or CoreLayout is None
IMPLEMENTATION = "python" if _USE_TWIN else "cython"
if TYPE_CHECKING:
    # For type checkers Layout is the twin's class: the compiled one has the same API
    # (_core.pyi), and this keeps ``Layout`` usable in annotations.
    Layout = PureLayout
else:
    Layout = PureLayout if _USE_TWIN else CoreLayout

if IMPLEMENTATION == "cython":  # the compiled bulk paths: same answers, decoded in C
    from ._batch_compiled import validate_batch, validate_move
else:

    def validate_batch(layouts: Sequence[bytes], placements: bytes) -> tuple[bytes, bytes]:
        """Bulk validation in the compact encoding with the active implementation (see _batch)."""
        return validate_batch_with(Layout, layouts, placements)

    def validate_move(layout: bytes, tile: int, code: int) -> tuple[int, int, int]:
        """One compact check: (verdict, raw points, end sum after) (see _batch)."""
        return validate_move_with(Layout, layout, tile, code)


IMPLEMENTATIONS: dict[str, type[PureLayout]] = {"python": PureLayout}
if CoreLayout is not None:
    IMPLEMENTATIONS["cython"] = CoreLayout

__all__ = [
    "ALL_TILES",
    "BRANCH_A",
    "BRANCH_B",
    "CHAIN_A",
    "CHAIN_B",
    "DOUBLES",
    "GREEDY_WEIGHTS",
    "HIGH",
    "IMPLEMENTATION",
    "IMPLEMENTATIONS",
    "LEAD_CODE",
    "LOW",
    "N_SIDES",
    "N_TILES",
    "SIDES",
    "VERDICT_BAD_LAYOUT",
    "VERDICT_BY_REASON",
    "VERDICT_LEGAL",
    "BranchNotOpen",
    "ConnectionPoint",
    "ConnectionPointOccupied",
    "CoreLayout",
    "CountedEnd",
    "FiveUpError",
    "IllegalPlacement",
    "InvalidTile",
    "Layout",
    "LayoutDecodeError",
    "LeadOnNonEmptyLayout",
    "OpenPoint",
    "PipMismatch",
    "Placement",
    "PlayOut",
    "PureLayout",
    "Tile",
    "TileAlreadyPlaced",
    "UnknownConnectionPoint",
    "Weights",
    "decode_hand",
    "encode_hand",
    "format_placement",
    "format_placements",
    "format_tile",
    "is_double",
    "normalize_tile",
    "parse_placement",
    "parse_placements",
    "parse_tile",
    "pip_total",
    "placement_at",
    "points_for_sum",
    "reckon_pips",
    "tile_index",
    "validate_batch",
    "validate_batch_with",
    "validate_move",
    "validate_move_with",
]
