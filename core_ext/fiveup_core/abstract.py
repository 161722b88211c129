"""A compact, exact abstraction of a layout, for fast play-outs (the expert bot's).

For the rules, a layout matters only through its connection points and its end sum, and
two connection points that show the same pip and are of the same *kind* are
interchangeable for the rest of the round:

* ``END``: the free side of a non-double.  It is a connection point and counts its pip.
* ``CHAIN``: a free straight extension of a double (a spinner).  While any chain of the
  double is free the double counts both halves; covering its last free chain stops that
  count and opens its two side branches.
* ``BRANCH``: an opened side branch.  A connection point that counts nothing by itself.

So a layout reduces to three arrays indexed by pip -- free ends per pip, free chains of
the double of that pip, open branches of that double -- plus the end sum.  That state is
what ``Layout`` computes (same legal pips, same points:
``tests/core/test_abstract.py`` checks it move by move against both implementations) but
costs a few list operations per placement, which is what makes hundreds of simulated
rounds per decision affordable in pure Python.  It lives here, beside ``Layout``, because
it is rules knowledge: when the rules change, both change together.

It has no compiled twin: it is small, and its callers (play-outs) spend their time in
their own loops around it, not in it.

Tiles are indices 0..27 in ``ALL_TILES`` order.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._types import (
    ALL_TILES,
    DOUBLES,
    N_TILES,
    TILE_INDEX,
    ConnectionPoint,
    Placement,
    Tile,
    reckon_pips,
)
from ._types import points_for_sum as points_for

END, CHAIN, BRANCH, LEAD = 0, 1, 2, 3
KIND_NAMES = ("end", "chain", "branch", "lead")

LO: tuple[int, ...] = tuple(t[0] for t in ALL_TILES)
HI: tuple[int, ...] = tuple(t[1] for t in ALL_TILES)
PIPS: tuple[int, ...] = tuple(t[0] + t[1] for t in ALL_TILES)
IS_DOUBLE: tuple[bool, ...] = tuple(t[0] == t[1] for t in ALL_TILES)
PIP_MASK: tuple[int, ...] = tuple((1 << t[0]) | (1 << t[1]) for t in ALL_TILES)
ALL_MASK = (1 << 7) - 1

# (pip joined, pip left open or -1 for a double) for each way a tile can join a pip
JOINS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    ((LO[t], -1),) if IS_DOUBLE[t] else ((LO[t], HI[t]), (HI[t], LO[t])) for t in range(N_TILES)
)

assert len(DOUBLES) == 7


def tile_of(tile: Tile) -> int:
    """Index of a tile in either order: ``tile_index`` without its validation, for play-outs
    that only ever see real tiles."""
    return TILE_INDEX[tile if tile[0] <= tile[1] else (tile[1], tile[0])]


def point_kind(on: ConnectionPoint | None) -> tuple[int, int]:
    """(kind, pip) of a connection point, or (LEAD, -1) for the lead."""
    if on is None:
        return LEAD, -1
    (a, b), side = on
    if a == b:
        return (BRANCH if side.startswith("branch") else CHAIN), a
    return END, (a if side == "low" else b)


class AbstractLayout:
    """The abstract layout: free ends, free chains and open branches per pip + end sum."""

    __slots__ = ("br", "ch", "empty", "end_sum", "nd")

    def __init__(self) -> None:
        self.nd = [0] * 7  # free non-double ends showing pip p
        self.ch = [0] * 7  # free chains of the double [p|p] (0 if absent or covered)
        self.br = [0] * 7  # open side branches of the double [p|p]
        self.end_sum = 0
        self.empty = True

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> AbstractLayout:
        table = cls()
        for p in placements:
            kind, pip = point_kind(p.on)
            table.place(tile_of(p.tile), kind, pip)
        return table

    def copy(self) -> AbstractLayout:
        other = AbstractLayout.__new__(AbstractLayout)
        other.nd = self.nd[:]
        other.ch = self.ch[:]
        other.br = self.br[:]
        other.end_sum = self.end_sum
        other.empty = self.empty
        return other

    def open_mask(self) -> int:
        """Bit p set when some connection point shows pip p (all bits on an empty layout)."""
        if self.empty:
            return ALL_MASK
        nd, ch, br = self.nd, self.ch, self.br
        return sum(1 << p for p in range(7) if nd[p] or ch[p] or br[p])

    def options(self, t: int) -> list[tuple[int, int, int]]:
        """Every distinct way to place tile ``t``: (kind, pip, raw points scored)."""
        if self.empty:
            return [(LEAD, -1, points_for(2 * LO[t] if IS_DOUBLE[t] else PIPS[t]))]
        out = []
        s = self.end_sum
        for p, q in JOINS[t]:
            add = 2 * p if q < 0 else q
            if self.nd[p]:
                out.append((END, p, points_for(s - p + add)))
            c = self.ch[p]
            if c:
                out.append((CHAIN, p, points_for(s - (2 * p if c == 1 else 0) + add)))
            if self.br[p]:
                out.append((BRANCH, p, points_for(s + add)))
        return out

    def place(self, t: int, kind: int, pip: int) -> int:
        """Place tile ``t`` on a point of ``kind`` showing ``pip``; return the raw points."""
        a, b = LO[t], HI[t]
        if kind == LEAD:
            if not self.empty:
                raise ValueError("lead on a non-empty layout")
            self.empty = False
            if a == b:
                self.ch[a] = 2
                self.end_sum = 2 * a
            else:
                self.nd[a] += 1
                self.nd[b] += 1
                self.end_sum = a + b
            return points_for(self.end_sum)
        if pip != a and pip != b:
            raise ValueError(f"tile {ALL_TILES[t]} does not show pip {pip}")
        s = self.end_sum
        if kind == END:
            if not self.nd[pip]:
                raise ValueError(f"no free end shows {pip}")
            self.nd[pip] -= 1
            s -= pip
        elif kind == CHAIN:
            if not self.ch[pip]:
                raise ValueError(f"no free chain on [{pip}|{pip}]")
            self.ch[pip] -= 1
            if not self.ch[pip]:
                s -= 2 * pip
                self.br[pip] = 2
        else:
            if not self.br[pip]:
                raise ValueError(f"no open branch on [{pip}|{pip}]")
            self.br[pip] -= 1
        if a == b:
            self.ch[a] = 1  # a double joins a line by its chain A; chain B stays free
            s += 2 * a
        else:
            other = b if pip == a else a
            self.nd[other] += 1
            s += other
        self.end_sum = s
        return points_for(s)


def reckon(hand: Iterable[int]) -> int:
    """Raw deduction for a hand of tile indices."""
    return reckon_pips(sum(PIPS[t] for t in hand))


RECKON: tuple[int, ...] = tuple(reckon_pips(n) for n in range(13 * 28))
