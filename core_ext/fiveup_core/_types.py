"""Vocabulary shared by both implementations of the rules core.

Everything here is plain data: tiles, sides, the small immutable result types, the
exception hierarchy, the text notation and the compact byte encoding.  Both the Cython
core (``_core.pyx``) and the pure-Python twin (``_pure.py``) import it, so the two can
only differ in *how* they compute, never in what they return or raise.

Result objects are interned: there are only 28 tiles x 6 sides, so every ``OpenPoint``,
``CountedEnd`` and ``Placement`` that can ever exist is built once at import time and
handed out by index.  That keeps the compiled core free of per-call allocation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple, TypeGuard, cast

Tile = tuple[int, int]
"""A domino as ``(low, high)`` with ``0 <= low <= high <= 6``."""

MAX_PIP = 6
N_TILES = 28
N_SIDES = 6
LEAD_CODE = 255
"""Point code of the lead (a placement with no connection point) in the byte encoding."""

SIDES: tuple[str, ...] = ("low", "high", "chain_a", "chain_b", "branch_a", "branch_b")
LOW, HIGH, CHAIN_A, CHAIN_B, BRANCH_A, BRANCH_B = range(N_SIDES)
SIDE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SIDES)}
NON_DOUBLE_SIDES = (LOW, HIGH)
DOUBLE_SIDES = (CHAIN_A, CHAIN_B, BRANCH_A, BRANCH_B)

ALL_TILES: tuple[Tile, ...] = tuple(
    (a, b) for a in range(MAX_PIP + 1) for b in range(a, MAX_PIP + 1)
)
TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
DOUBLES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t[0] == t[1])


class ConnectionPoint(NamedTuple):
    """Where a tile may be joined: a side of a tile already on the table."""

    tile: Tile
    side: str

    def __str__(self) -> str:
        return f"{format_tile(self.tile)}:{self.side}"


class OpenPoint(NamedTuple):
    """A legal connection point together with the pip value a tile must match there."""

    tile: Tile
    side: str
    pip: int

    @property
    def point(self) -> ConnectionPoint:
        return ConnectionPoint(self.tile, self.side)


class CountedEnd(NamedTuple):
    """A counting end and what it adds to the end sum (a double at an end adds both halves)."""

    tile: Tile
    value: int


class Placement(NamedTuple):
    """A tile and the connection point it joins (``on is None`` for the lead)."""

    tile: Tile
    on: ConnectionPoint | None

    def __str__(self) -> str:
        return format_placement(self)


class Weights(NamedTuple):
    """A play-out policy (``playout``): each legal placement's key is
    ``points * raw points now + pips * the tile's pips + double * (1 if a double)
    - reply * the most raw points the next seat could score in reply``; the highest key
    is played.  Integers, so both implementations of the play-out agree exactly."""

    points: int
    pips: int
    double: int = 0
    reply: int = 0


GREEDY_WEIGHTS = Weights(points=64, pips=2, double=1, reply=0)
"""The ``greedy`` bot's rule: the most points now, then the heaviest tile, a double first."""


class PlayOut(NamedTuple):
    """What a play-out came to: each seat's net raw points from its start (placement
    points minus the seat's reckoning) and the seat that went out (-1: blocked)."""

    net: tuple[int, ...]
    winner: int


# --------------------------------------------------------------------------- errors


class FiveUpError(ValueError):
    """Base of every rules error; ``reason`` is a stable machine-readable code."""

    reason = "RULES_ERROR"


class InvalidTile(FiveUpError):
    """Not one of the 28 tiles of a double-six set."""

    reason = "INVALID_TILE"

    def __init__(self, tile: object) -> None:
        self.tile = tile
        super().__init__(f"{tile!r} is not a double-six tile (two pips 0..6)")


class LayoutDecodeError(FiveUpError):
    """Bytes or text that are not a well-formed layout encoding."""

    reason = "MALFORMED_LAYOUT"


class IllegalPlacement(FiveUpError):
    """A placement the rules forbid on this layout.

    ``index`` is the position of the placement in a sequence being replayed
    (``Layout.from_placements`` / ``from_bytes`` / ``from_text``), else ``None``.
    """

    reason = "ILLEGAL_PLACEMENT"
    why = "illegal placement"

    def __init__(self, tile: Tile, on: ConnectionPoint | None, detail: str = "") -> None:
        self.tile = tile
        self.on = on
        self.index: int | None = None
        self.detail = detail
        super().__init__(self._message())

    def _message(self) -> str:
        text = format_placement(Placement(self.tile, self.on))
        where = "" if self.index is None else f" (placement #{self.index})"
        extra = f": {self.detail}" if self.detail else ""
        return f"{self.why} {text}{where}{extra}"

    def at_index(self, index: int) -> IllegalPlacement:
        self.index = index
        self.args = (self._message(),)
        return self


class TileAlreadyPlaced(IllegalPlacement):
    reason = "TILE_ALREADY_PLACED"
    why = "tile is already on the table"


class PipMismatch(IllegalPlacement):
    reason = "PIP_MISMATCH"
    why = "pips don't match"


class BranchNotOpen(IllegalPlacement):
    reason = "BRANCH_NOT_OPEN"
    why = "side branch opened before both straight extensions hold a tile"


class UnknownConnectionPoint(IllegalPlacement):
    reason = "UNKNOWN_CONNECTION_POINT"
    why = "no such connection point"


class ConnectionPointOccupied(IllegalPlacement):
    reason = "CONNECTION_POINT_OCCUPIED"
    why = "connection point already holds a tile"


class LeadOnNonEmptyLayout(IllegalPlacement):
    reason = "LEAD_ON_NON_EMPTY_LAYOUT"
    why = "a lead (no connection point) needs an empty layout"


# --------------------------------------------------------------------------- tiles


def tile_index(tile: object) -> int:
    """Index 0..27 of a tile given as any 2-sequence of pips in either order."""
    try:
        a, b = cast("Iterable[object]", tile)
    except (TypeError, ValueError):
        raise InvalidTile(tile) from None
    if type(a) is not int or type(b) is not int:
        raise InvalidTile(tile)
    key = (a, b) if a <= b else (b, a)
    try:
        return TILE_INDEX[key]
    except KeyError:
        raise InvalidTile(tile) from None


def normalize_tile(tile: object) -> Tile:
    """The tile low-first, validated."""
    return ALL_TILES[tile_index(tile)]


def is_double(tile: Tile) -> bool:
    return tile[0] == tile[1]


def pip_total(tiles: Iterable[Tile]) -> int:
    return sum(a + b for a, b in tiles)


def points_for_sum(end_sum: int) -> int:
    """Raw points a placement scores: the end sum if it is a positive multiple of five."""
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def reckon_pips(pips: int) -> int:
    """Raw points deducted for one hand: pips rounded to the nearest 5 (1-2 down, 3-4 up)."""
    if pips < 0:
        raise ValueError(f"pip total must be >= 0, got {pips}")
    rem = pips % 5
    return pips - rem if rem <= 2 else pips + 5 - rem


# --------------------------------------------------------------------------- interning


def point_code(tile_idx: int, side_idx: int) -> int:
    return tile_idx * N_SIDES + side_idx


def _side_pip(tile: Tile, side_idx: int) -> int:
    return tile[1] if side_idx == HIGH else tile[0]


OPEN_POINTS: tuple[OpenPoint, ...] = tuple(
    OpenPoint(t, SIDES[s], _side_pip(t, s)) for t in ALL_TILES for s in range(N_SIDES)
)
"""Interned open points, indexed by ``point_code(tile_idx, side_idx)``."""

CONNECTION_POINTS: tuple[ConnectionPoint, ...] = tuple(p.point for p in OPEN_POINTS)

COUNTED_ENDS: tuple[CountedEnd, ...] = tuple(
    CountedEnd(t, 2 * t[0] if is_double(t) else _side_pip(t, s))
    for t in ALL_TILES
    for s in range(N_SIDES)
)
"""Interned counted ends by point code; a double's whole contribution sits at its chain_a code."""

_N_CODES = N_TILES * N_SIDES
PLACEMENTS: tuple[Placement, ...] = tuple(
    Placement(t, CONNECTION_POINTS[c] if c < _N_CODES else None)
    for t in ALL_TILES
    for c in range(_N_CODES + 1)
)
"""Interned placements by ``tile_idx * 169 + code`` (code 168 is the lead)."""


def placement_at(tile_idx: int, code: int) -> Placement:
    """The interned placement of ``tile_idx`` on point ``code`` (``LEAD_CODE`` for a lead)."""
    return PLACEMENTS[tile_idx * (_N_CODES + 1) + (_N_CODES if code == LEAD_CODE else code)]


def coerce_point(on: object) -> tuple[int, int]:
    """(tile_idx, side_idx) of a connection point given as ConnectionPoint or (tile, side).

    Raises UnknownConnectionPoint-compatible information via ValueError subclasses; the
    caller wraps it with the tile being placed.
    """
    try:
        tile, side = cast("Iterable[object]", on)
    except (TypeError, ValueError):
        raise _BadPoint(f"{on!r} is not a (tile, side) pair") from None
    t = tile_index(tile)
    s = SIDE_INDEX.get(side) if isinstance(side, str) else None
    if s is None:
        raise _BadPoint(f"unknown side {side!r}; sides are {', '.join(SIDES)}")
    return t, s


class _BadPoint(Exception):
    """Internal: a connection point that cannot even be parsed."""


# --------------------------------------------------------------------------- notation

_TILE_CHARS = "0123456"


def format_tile(tile: Tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def parse_tile(text: str) -> Tile:
    """``"[1|4]"`` (either order) to ``(1, 4)``."""
    t = text.strip()
    if (
        len(t) != 5
        or t[0] != "["
        or t[2] != "|"
        or t[4] != "]"
        or t[1] not in _TILE_CHARS
        or t[3] not in _TILE_CHARS
    ):
        raise LayoutDecodeError(f"bad tile {text!r}: expected [a|b] with pips 0..6")
    return normalize_tile((int(t[1]), int(t[3])))


def format_placement(p: Placement | tuple[object, object]) -> str:
    """``[1|4]`` for a lead, ``[1|1]@[1|4]:low`` for a tile joined to a connection point."""
    text = _PLACEMENT_TEXT.get(id(p))
    if text is not None:
        return text
    tile, on = p
    head = format_tile(tile) if _looks_like_tile(tile) else repr(tile)
    if on is None:
        text = head
    elif isinstance(on, tuple) and len(on) == 2 and _looks_like_tile(on[0]):
        text = f"{head}@{format_tile(on[0])}:{on[1]}"
    else:
        return f"{head}@{on!r}"
    if id(p) in _INTERNED:
        _PLACEMENT_TEXT[id(p)] = text  # views format the same interned placements again
    return text


# Texts of the interned placements (``PLACEMENTS``, alive for good, so their ids are
# theirs alone) once formatted, by id: a hit is that very object, never an equal-looking
# one such as ``((1.0, 4.0), None)``, which must still be quoted as given.
_INTERNED = frozenset(id(p) for p in PLACEMENTS)
_PLACEMENT_TEXT: dict[int, str] = {}


def _looks_like_tile(t: object) -> TypeGuard[Tile]:
    return isinstance(t, tuple) and len(t) == 2 and all(type(x) is int for x in t)


def parse_placement(text: str) -> Placement:
    head, at, rest = text.strip().partition("@")
    tile = parse_tile(head)
    if not at:
        return Placement(tile, None)
    on_tile, colon, side = rest.partition(":")
    if not colon or side not in SIDE_INDEX:
        raise LayoutDecodeError(f"bad placement {text!r}: expected [a|b]@[c|d]:side")
    return Placement(
        tile, CONNECTION_POINTS[point_code(TILE_INDEX[parse_tile(on_tile)], SIDE_INDEX[side])]
    )


def parse_placements(text: str) -> list[Placement]:
    """Placements of a layout in text notation, separated by whitespace."""
    return [parse_placement(tok) for tok in text.split()]


def format_placements(placements: Sequence[Placement]) -> str:
    return " ".join(format_placement(p) for p in placements)


def encode_hand(hand: Iterable[object]) -> bytes:
    """A hand in the compact encoding: one byte per tile index."""
    return bytes(tile_index(t) for t in hand)


def decode_hand(data: bytes) -> list[Tile]:
    out: list[Tile] = []
    for b in data:
        if b >= N_TILES:
            raise LayoutDecodeError(f"byte {b} at hand position {len(out)} is not a tile index")
        out.append(ALL_TILES[b])
    return out
