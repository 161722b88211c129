"""The pure-Python twin of the rules core: the executable specification.

Read this file to learn the geometry of a Five Up layout.  The Cython core
(``_core.pyx``) must give exactly the same answers, which the differential tests check.

A layout is a tree of tiles.  Each placed tile remembers the side by which it is
attached to its parent (none for the lead) and which of its own sides hold a child:

* a non-double has two sides, ``low`` and ``high``, carrying its two pip values;
* a double (every double is a spinner) has ``chain_a``/``chain_b`` (the straight
  extensions) and ``branch_a``/``branch_b`` (the side branches), all carrying its pip.
  A double joined onto a line is attached by its ``chain_a``; its branches become
  connection points only once both chains are covered.

A side is a *connection point* while it is free (and, for a branch, open).  A side is a
*counting end* under different rules: a non-double's free side counts its pip; a double
counts both halves while it is still an end (a chain is free) and nothing once both
chains are covered; a branch never counts by itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from ._types import ALL_TILES as _TILES
from ._types import (
    BRANCH_A,
    BRANCH_B,
    CHAIN_A,
    CHAIN_B,
    CONNECTION_POINTS,
    COUNTED_ENDS,
    DOUBLE_SIDES,
    HIGH,
    LEAD_CODE,
    LOW,
    N_SIDES,
    N_TILES,
    NON_DOUBLE_SIDES,
    OPEN_POINTS,
    SIDES,
    BranchNotOpen,
    ConnectionPoint,
    ConnectionPointOccupied,
    CountedEnd,
    IllegalPlacement,
    LayoutDecodeError,
    LeadOnNonEmptyLayout,
    OpenPoint,
    PipMismatch,
    Placement,
    Tile,
    TileAlreadyPlaced,
    UnknownConnectionPoint,
    _BadPoint,
    coerce_point,
    format_placements,
    parse_placements,
    placement_at,
    point_code,
    points_for_sum,
    tile_index,
)


class Layout:
    """The tiles on the table and how they are joined."""

    __slots__ = ("_attached", "_child", "_order", "_parent_code")

    def __init__(self) -> None:
        self._order: list[int] = []  # tile indices in placement order
        self._attached: dict[int, int] = {}  # tile -> own side attached to its parent (-1: lead)
        self._parent_code: dict[int, int] = {}  # tile -> point code it was placed on (LEAD_CODE)
        self._child: dict[tuple[int, int], int] = {}  # (tile, side) -> tile placed there

    # ------------------------------------------------------------------ building

    @classmethod
    def from_placements(cls, placements: Iterable[object]) -> Layout:
        """Replay placements in order; an illegal one raises with its ``index`` set."""
        layout = cls()
        for i, p in enumerate(placements):
            try:
                tile, on = cast("Iterable[object]", p)
            except (TypeError, ValueError):
                raise LayoutDecodeError(f"placement #{i} {p!r} is not a (tile, on) pair") from None
            try:
                layout.place(tile, on)
            except IllegalPlacement as exc:
                raise exc.at_index(i) from None
        return layout

    def copy(self) -> Layout:
        other = Layout()
        other._order = list(self._order)
        other._attached = dict(self._attached)
        other._parent_code = dict(self._parent_code)
        other._child = dict(self._child)
        return other

    __copy__ = copy  # copy.copy() must not share the dicts (the compiled core copies too)

    def place(self, tile: object, on: object = None) -> int:
        """Place ``tile`` on connection point ``on`` (``None`` leads); return the raw points scored."""
        t, code = self._check(tile, on)
        self._commit(t, code)
        return points_for_sum(self.end_sum())

    def score_if(self, tile: object, on: object = None) -> int:
        """Raw points the placement would score, without changing the layout."""
        t, code = self._check(tile, on)
        trial = self.copy()
        trial._commit(t, code)
        return points_for_sum(trial.end_sum())

    def is_legal(self, tile: object, on: object = None) -> bool:
        try:
            self._check(tile, on)
        except IllegalPlacement:
            return False
        return True

    def _check(self, tile: object, on: object) -> tuple[int, int]:
        """Validate a placement; return (tile index, point code).  The order of the checks is
        part of the contract: both implementations report the first failing one."""
        t = tile_index(tile)  # InvalidTile
        norm = _TILES[t]
        if t in self._attached:
            raise TileAlreadyPlaced(norm, _as_point(on))
        if on is None:
            if self._order:
                raise LeadOnNonEmptyLayout(norm, None)
            return t, LEAD_CODE
        try:
            pt, side = coerce_point(on)
        except _BadPoint as exc:
            raise UnknownConnectionPoint(norm, _as_point(on), str(exc)) from None
        point = CONNECTION_POINTS[point_code(pt, side)]
        if pt not in self._attached:
            raise UnknownConnectionPoint(norm, point, f"{_TILES[pt]} is not on the table")
        target_is_double = _TILES[pt][0] == _TILES[pt][1]
        if side not in (DOUBLE_SIDES if target_is_double else NON_DOUBLE_SIDES):
            kind = "a double" if target_is_double else "a non-double"
            raise UnknownConnectionPoint(norm, point, f"{SIDES[side]} is not a side of {kind}")
        if self._attached[pt] == side or (pt, side) in self._child:
            raise ConnectionPointOccupied(norm, point)
        if side in (BRANCH_A, BRANCH_B) and not self._chains_covered(pt):
            raise BranchNotOpen(norm, point)
        pip = OPEN_POINTS[point_code(pt, side)].pip
        if pip not in norm:
            raise PipMismatch(norm, point, f"the point shows {pip}")
        return t, point_code(pt, side)

    def _commit(self, t: int, code: int) -> None:
        tile = _TILES[t]
        if code == LEAD_CODE:
            own_side = -1
        else:
            pt, side = divmod(code, N_SIDES)
            pip = OPEN_POINTS[code].pip
            if tile[0] == tile[1]:  # noqa: SIM108 (two rules, two lines)
                own_side = CHAIN_A  # a double joins a line crosswise, by its chain A
            else:
                own_side = LOW if tile[0] == pip else HIGH
            self._child[(pt, side)] = t
        self._order.append(t)
        self._attached[t] = own_side
        self._parent_code[t] = code

    def _is_free(self, t: int, side: int) -> bool:
        return self._attached[t] != side and (t, side) not in self._child

    def _chains_covered(self, t: int) -> bool:
        return not self._is_free(t, CHAIN_A) and not self._is_free(t, CHAIN_B)

    # ------------------------------------------------------------------ reading

    def open_points(self) -> list[OpenPoint]:
        """Every legal connection point with its pip, ordered by (tile, side)."""
        out: list[OpenPoint] = []
        for t in sorted(self._order):
            tile = _TILES[t]
            if tile[0] != tile[1]:
                sides: tuple[int, ...] = NON_DOUBLE_SIDES
            elif self._chains_covered(t):
                sides = (BRANCH_A, BRANCH_B)
            else:
                sides = (CHAIN_A, CHAIN_B)
            out.extend(OPEN_POINTS[point_code(t, s)] for s in sides if self._is_free(t, s))
        return out

    def counted_ends(self) -> list[CountedEnd]:
        """Every counting end with its contribution, ordered by (tile, side)."""
        out = []
        for t in sorted(self._order):
            tile = _TILES[t]
            if tile[0] == tile[1]:
                if not self._chains_covered(t):  # still an end: both halves count
                    out.append(COUNTED_ENDS[point_code(t, CHAIN_A)])
            else:
                out.extend(
                    COUNTED_ENDS[point_code(t, s)] for s in NON_DOUBLE_SIDES if self._is_free(t, s)
                )
        return out

    def end_sum(self) -> int:
        return sum(end.value for end in self.counted_ends())

    def open_pip_mask(self) -> int:
        """Bit ``p`` is set when some connection point shows pip ``p`` (bit 7: layout empty)."""
        if not self._order:
            return 0x80
        mask = 0
        for point in self.open_points():
            mask |= 1 << point.pip
        return mask

    def legal_placements(self, tile: object) -> list[Placement]:
        """Every legal placement of one tile (none if it is already on the table)."""
        t = tile_index(tile)
        if t in self._attached:
            return []
        if not self._order:
            return [placement_at(t, LEAD_CODE)]
        a, b = _TILES[t]
        return [
            placement_at(t, point_code(_tile_idx(p.tile), _side_idx(p.side)))
            for p in self.open_points()
            if p.pip == a or p.pip == b
        ]

    def legal_moves(self, hand: Iterable[object]) -> list[Placement]:
        """Every legal placement of every tile in ``hand``, in hand order."""
        out: list[Placement] = []
        for tile in hand:
            out.extend(self.legal_placements(tile))
        return out

    def has_legal_move(self, hand: Iterable[object]) -> bool:
        return bool(self.legal_moves(hand))

    def placements(self) -> list[Placement]:
        """The placements that built this layout, in order."""
        return [placement_at(t, self._parent_code[t]) for t in self._order]

    def tiles(self) -> list[Tile]:
        return [_TILES[t] for t in self._order]

    def is_empty(self) -> bool:
        return not self._order

    def __len__(self) -> int:
        return len(self._order)

    def __contains__(self, tile: object) -> bool:
        try:
            return tile_index(tile) in self._attached
        except ValueError:
            return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (Layout, *_layout_types())):
            return NotImplemented
        return self.to_bytes() == cast(Layout, other).to_bytes()

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        return f"Layout.from_text({self.to_text()!r})"

    # ------------------------------------------------------------------ encodings

    def to_bytes(self) -> bytes:
        """Compact encoding: two bytes per placement, ``tile_index`` then the point code
        (``tile_index * 6 + side_index`` of the point, or 255 for the lead)."""
        out = bytearray()
        for t in self._order:
            out.append(t)
            out.append(self._parent_code[t])
        return bytes(out)

    @classmethod
    def from_bytes(cls, data: bytes) -> Layout:
        if len(data) % 2:
            raise LayoutDecodeError(f"layout bytes must come in pairs, got {len(data)} bytes")
        layout = cls()
        for i in range(0, len(data), 2):
            t, code = data[i], data[i + 1]
            if t >= N_TILES or (code != LEAD_CODE and code >= N_TILES * N_SIDES):
                raise LayoutDecodeError(
                    f"placement #{i // 2} bytes ({t}, {code}) are not a tile and a point code"
                )
            on = None if code == LEAD_CODE else CONNECTION_POINTS[code]
            try:
                layout.place(_TILES[t], on)
            except IllegalPlacement as exc:
                raise exc.at_index(i // 2) from None
        return layout

    def to_text(self) -> str:
        """Readable notation: ``[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high``."""
        return format_placements(self.placements())

    @classmethod
    def from_text(cls, text: str) -> Layout:
        return cls.from_placements(parse_placements(text))


def _layout_types() -> tuple[type, ...]:
    # Layouts of the other implementation compare equal when their placements do.
    try:
        from ._core import Layout as CoreLayout
    except ImportError:
        return ()
    return (CoreLayout,)


def _tile_idx(tile: Tile) -> int:
    return tile_index(tile)


def _side_idx(side: str) -> int:
    return SIDES.index(side)


def _as_point(on: object) -> ConnectionPoint | None:
    if on is None:
        return None
    try:
        pt, side = coerce_point(on)
    except (_BadPoint, ValueError):
        return None
    return CONNECTION_POINTS[point_code(pt, side)]
