# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled rules core: ``Layout`` with the same API and answers as ``_pure.Layout``.

``_pure.py`` is the specification; read it first.  This file computes the same things
with the layout kept in fixed C arrays inside the object, because that is where the speed
is: a port that kept Python lists/dicts as state gained only a fraction of what C state
gains (the measured ratios are in docs/core.md, "How the compiled core is fast").  So:

* the state is a plain C struct (``State``), copied with one ``memcpy``;
* everything the rules need per (tile, side) is a precomputed C table built at import
  time *from* ``_types`` (so the two implementations cannot disagree on the tables);
* the end sum is maintained incrementally on every placement, and ``score_if`` computes
  the sum after a placement as a delta without copying the layout;
* the open connection points are kept as one 168-bit set per pip value (bit = point
  code ``tile * 6 + side``), so the legal placements of a tile are the set bits of
  ``open[a] | open[b]``, already in (tile, side) order, which is the twin's order;
* results are the interned objects of ``_types`` (``PLACEMENTS``, ``OPEN_POINTS``, ...)
  fetched by index, so no result object is ever allocated, and they are *identical*
  objects to what the twin returns;
* Python arguments are converted by a fast path for the common shapes (a tuple of two
  small ints, a ``ConnectionPoint`` or ``(tile, "side")`` tuple).  Anything else falls
  back to the very functions the twin uses (``tile_index``, ``coerce_point``), so odd
  inputs get exactly the same answers and errors.

Errors are only built on the slow path, with the same classes, messages, check order
and ``index`` attribute as the twin.
"""

cimport cython
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_SIZE
from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy, memset

from ._pure import Layout as _PureLayout
from ._pure import _as_point
from ._types import (
    ALL_TILES,
    CONNECTION_POINTS,
    COUNTED_ENDS,
    OPEN_POINTS,
    PLACEMENTS,
    SIDE_INDEX,
    SIDES,
    BranchNotOpen,
    ConnectionPoint,
    ConnectionPointOccupied,
    IllegalPlacement,
    LayoutDecodeError,
    LeadOnNonEmptyLayout,
    PipMismatch,
    TileAlreadyPlaced,
    UnknownConnectionPoint,
    _BadPoint,
    coerce_point,
    format_placements,
    parse_placements,
    tile_index,
)

# Count trailing zeros of a non-zero 64-bit word: how we walk the open-point bit sets.
cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int fiveup_ctz64(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i;
    }
    #else
    static inline int fiveup_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int fiveup_ctz64(unsigned long long x) noexcept nogil


# --------------------------------------------------------------------------- constants

# The dimensions (NT, NS, NC, ...), the sides (S_*), why a placement is illegal (E_*),
# the ``State`` struct and ``_reset`` / ``_points`` are declared in _core.pxd, shared with
# _batch_compiled.pyx.

# Per-tile and per-point tables, filled once from _types at import (see _init_tables).
cdef unsigned char _LO[NT]
cdef unsigned char _HI[NT]
cdef bint _DBL[NT]
cdef signed char _PIP[NC]        # pip shown at a point code
cdef signed char _IDX[NPIP * NPIP]  # a * 7 + b -> tile index (both orders)
cdef PyObject* _SIDE_NAMES[NS]   # the interned side strings, for identity matching

# The interned result objects, as typed tuples so indexing compiles to PyTuple_GET_ITEM.
cdef tuple _TILES = ALL_TILES
cdef tuple _POINTS = CONNECTION_POINTS
cdef tuple _OPEN = OPEN_POINTS
cdef tuple _COUNTED = COUNTED_ENDS
cdef tuple _PLACEMENTS = PLACEMENTS
cdef tuple _SIDES = SIDES
cdef dict _SIDE_INDEX = SIDE_INDEX
cdef object _CP_TYPE = ConnectionPoint


cdef void _init_tables() except *:
    cdef int t, s
    if len(_TILES) != NT or len(_SIDES) != NS or len(_PLACEMENTS) != NT * P_STRIDE:
        raise ImportError("fiveup_core._types does not match the compiled core's dimensions")
    for t in range(NT):
        a, b = _TILES[t]
        _LO[t] = a
        _HI[t] = b
        _DBL[t] = a == b
        _IDX[a * NPIP + b] = t
        _IDX[b * NPIP + a] = t
        for s in range(NS):
            _PIP[t * NS + s] = _OPEN[t * NS + s].pip
    for s in range(NS):
        _SIDE_NAMES[s] = <PyObject*>_SIDES[s]  # kept alive by _SIDES


_init_tables()


# --------------------------------------------------------------------------- state

cdef inline bint _free(const State* s, int t, int side) noexcept nogil:
    return s.attached[t] != side and s.child[t * NS + side] < 0


cdef inline bint _chains_covered(const State* s, int t) noexcept nogil:
    return not _free(s, t, S_CHAIN_A) and not _free(s, t, S_CHAIN_B)


cdef inline void _open_point(State* s, int code) noexcept nogil:
    s.open[_PIP[code]][code >> 6] |= (<uint64_t>1) << (code & 63)


cdef inline void _close_point(State* s, int code) noexcept nogil:
    s.open[_PIP[code]][code >> 6] &= ~((<uint64_t>1) << (code & 63))


cdef int _validate(const State* s, int t, int code) noexcept nogil:
    """Why placing tile ``t`` on point ``code`` (or LEAD) is illegal, or E_OK.

    Same checks in the same order as ``_pure.Layout._check`` after the tile and the point
    have been parsed (parsing errors are raised by the caller, in between, as the twin does).
    """
    cdef int pt, side, pip
    if s.attached[t] != NOT_PLACED:
        return E_PLACED
    if code == LEAD:
        return E_LEAD_NOT_EMPTY if s.n else E_OK
    pt = code // NS
    side = code % NS
    if s.attached[pt] == NOT_PLACED:
        return E_NOT_ON_TABLE
    if _DBL[pt] != (side >= S_CHAIN_A):  # low/high only on non-doubles, the rest on doubles
        return E_NOT_A_SIDE
    if not _free(s, pt, side):
        return E_OCCUPIED
    if side >= S_BRANCH_A and not _chains_covered(s, pt):
        return E_BRANCH
    pip = _PIP[code]
    if pip != _LO[t] and pip != _HI[t]:
        return E_PIP
    return E_OK


cdef int _sum_after(const State* s, int t, int code) noexcept nogil:
    """The end sum after a (validated) placement, computed as a delta: no copy needed."""
    cdef int pt, side, pip
    if code == LEAD:
        return s.esum + _LO[t] + _HI[t]  # a lone double counts both halves too
    pt = code // NS
    side = code % NS
    pip = _PIP[code]
    cdef int total = s.esum
    if _DBL[pt]:
        # A spinner stops counting once its last free chain is covered; branches never count.
        if side == S_CHAIN_A and not _free(s, pt, S_CHAIN_B):
            total -= 2 * pip
        elif side == S_CHAIN_B and not _free(s, pt, S_CHAIN_A):
            total -= 2 * pip
    else:
        total -= pip  # the end we cover stops counting
    # The new tile: a double joins by chain A and counts both halves while chain B is free;
    # a non-double counts its other half.
    total += 2 * pip if _DBL[t] else _LO[t] + _HI[t] - pip
    return total


cdef void _commit(State* s, int t, int code) noexcept nogil:
    """Apply a validated placement (``_pure.Layout._commit`` plus the incremental sum/bit sets)."""
    cdef int pt, side, pip, own, other
    s.esum = _sum_after(s, t, code)
    if code == LEAD:
        own = ROOT
        if _DBL[t]:
            _open_point(s, t * NS + S_CHAIN_A)
            _open_point(s, t * NS + S_CHAIN_B)
        else:
            _open_point(s, t * NS + S_LOW)
            _open_point(s, t * NS + S_HIGH)
    else:
        pt = code // NS
        side = code % NS
        pip = _PIP[code]
        s.child[code] = t
        _close_point(s, code)
        if _DBL[pt] and side < S_BRANCH_A and _chains_covered(s, pt):
            # both straight extensions now hold a tile: the side branches open
            _open_point(s, pt * NS + S_BRANCH_A)
            _open_point(s, pt * NS + S_BRANCH_B)
        if _DBL[t]:
            own = S_CHAIN_A  # a double joins a line crosswise, by its chain A
            _open_point(s, t * NS + S_CHAIN_B)
        else:
            own = S_LOW if _LO[t] == pip else S_HIGH
            other = S_HIGH if own == S_LOW else S_LOW
            _open_point(s, t * NS + other)
    s.attached[t] = own
    s.enc[2 * s.n] = t
    s.enc[2 * s.n + 1] = code
    s.n += 1


cdef bint _replay(State* s, const unsigned char* raw, Py_ssize_t n) noexcept nogil:
    """Reset ``s`` and replay the compact layout ``raw[:n]`` into it; False when the bytes are
    malformed or the placements illegal (``from_bytes`` would raise).  Without a word of
    why: the bulk validation (``_batch_compiled``) only answers "bad layout"."""
    cdef Py_ssize_t i
    cdef int t, code
    _reset(s)
    if n & 1:
        return False
    for i in range(0, n, 2):
        t = raw[i]
        code = raw[i + 1]
        if t >= NT:
            return False
        if code != LEAD and code >= NC:
            return False
        if _validate(s, t, code) != E_OK:
            return False
        _commit(s, t, code)
    return True



# --------------------------------------------------------------------------- arguments

cdef inline int _fast_tile(object tile) except -2:
    """Index of a tile given as a tuple of two small ints, or -1: let the slow path decide."""
    cdef long a, b
    cdef int overflow = 0
    if type(tile) is not tuple or PyTuple_GET_SIZE(tile) != 2:
        return -1
    x = (<tuple>tile)[0]
    y = (<tuple>tile)[1]
    if type(x) is not int or type(y) is not int:  # bools and floats are InvalidTile
        return -1
    a = PyLong_AsLongAndOverflow(x, &overflow)
    if overflow:
        return -1
    b = PyLong_AsLongAndOverflow(y, &overflow)
    if overflow or a < 0 or a >= NPIP or b < 0 or b >= NPIP:
        return -1
    return _IDX[a * NPIP + b]


cdef inline int _tile_arg(object tile) except -1:
    cdef int t = _fast_tile(tile)
    if t >= 0:
        return t
    return tile_index(tile)  # the twin's conversion: same answer or the same InvalidTile


cdef inline int _fast_side(object side) noexcept:
    cdef int i
    for i in range(NS):  # identity first: CONNECTION_POINTS and literals share interned names
        if <PyObject*>side == _SIDE_NAMES[i]:
            return i
    if type(side) is str:
        found = _SIDE_INDEX.get(side)
        if found is not None:
            return <int>found
    return -1


cdef inline int _fast_point(object on) except -2:
    """Point code of a ConnectionPoint or a plain (tile, side) tuple, or -1: slow path."""
    cdef int pt, side
    if type(on) is not tuple and type(on) is not _CP_TYPE:
        return -1
    if PyTuple_GET_SIZE(on) != 2:
        return -1
    pt = _fast_tile((<tuple>on)[0])
    if pt < 0:
        return -1
    side = _fast_side((<tuple>on)[1])
    if side < 0:
        return -1
    return pt * NS + side


cdef object _error(int err, int t, int code, object point):
    """The exception the twin raises for ``err`` (``point`` is only used for E_PLACED,
    where the twin reports whatever ``_as_point`` made of the argument)."""
    cdef int pt, side, pip
    norm = _TILES[t]
    if err == E_PLACED:
        return TileAlreadyPlaced(norm, point)
    if err == E_LEAD_NOT_EMPTY:
        return LeadOnNonEmptyLayout(norm, None)
    pt = code // NS
    side = code % NS
    where = _POINTS[code]
    if err == E_NOT_ON_TABLE:
        return UnknownConnectionPoint(norm, where, f"{_TILES[pt]} is not on the table")
    if err == E_NOT_A_SIDE:
        kind = "a double" if _DBL[pt] else "a non-double"
        return UnknownConnectionPoint(norm, where, f"{_SIDES[side]} is not a side of {kind}")
    if err == E_OCCUPIED:
        return ConnectionPointOccupied(norm, where)
    if err == E_BRANCH:
        return BranchNotOpen(norm, where)
    pip = _PIP[code]
    return PipMismatch(norm, where, f"the point shows {pip}")


cdef int _append_moves(const State* s, int t, list out) except -1:
    """Append every legal placement of unplaced tile ``t`` on a non-empty layout, in point
    code order, which is the twin's (tile, side) order."""
    cdef int i, base = t * P_STRIDE
    cdef uint64_t w
    cdef int a = _LO[t], b = _HI[t]
    for i in range(NW):
        w = s.open[a][i] | s.open[b][i]
        while w:
            out.append(_PLACEMENTS[base + (i << 6) + fiveup_ctz64(w)])
            w &= w - 1
    return 0


cdef inline bint _has_move(const State* s, int t) noexcept nogil:
    cdef int i
    cdef int a = _LO[t], b = _HI[t]
    for i in range(NW):
        if s.open[a][i] | s.open[b][i]:
            return True
    return False


# --------------------------------------------------------------------------- the class

@cython.freelist(64)
cdef class Layout:
    """The tiles on the table and how they are joined (compiled twin of ``_pure.Layout``)."""

    cdef State s

    def __cinit__(self):
        _reset(&self.s)

    def __init__(self):
        # Only here so that Layout(1) is a TypeError, as with the twin (__cinit__ would
        # silently ignore extra arguments).
        pass

    # ------------------------------------------------------------------ building

    @classmethod
    def from_placements(cls, placements):
        """Replay placements in order; an illegal one raises with its ``index`` set."""
        layout = cls()
        exact = type(layout) is Layout
        for i, p in enumerate(placements):
            try:
                tile, on = p
            except (TypeError, ValueError):
                raise LayoutDecodeError(f"placement #{i} {p!r} is not a (tile, on) pair") from None
            try:
                if exact:
                    (<Layout>layout)._place(tile, on)
                else:
                    layout.place(tile, on)  # a subclass may override place, as with the twin
            except IllegalPlacement as exc:
                raise exc.at_index(i) from None
        return layout

    def copy(self):
        # Always the base class, like the twin's copy().
        cdef Layout other = Layout.__new__(Layout)
        memcpy(&other.s, &self.s, sizeof(State))
        return other

    cdef int _check(self, object tile, object on, int* t_out) except -1:
        """Validate a placement; return its point code (LEAD for a lead) and the tile index
        via ``t_out``.  Check order and errors are the twin's ``_check``."""
        cdef int t, code, err
        t = _tile_arg(tile)  # InvalidTile
        t_out[0] = t
        if self.s.attached[t] != NOT_PLACED:
            raise _error(E_PLACED, t, 0, _as_point(on))
        if on is None:
            if self.s.n:
                raise _error(E_LEAD_NOT_EMPTY, t, LEAD, None)
            return LEAD
        code = _fast_point(on)
        if code < 0:
            try:
                pt, side = coerce_point(on)
            except _BadPoint as exc:
                raise UnknownConnectionPoint(_TILES[t], _as_point(on), str(exc)) from None
            code = pt * NS + side
        err = _validate(&self.s, t, code)
        if err:
            raise _error(err, t, code, None)
        return code

    cdef int _place(self, object tile, object on) except -1:
        cdef int t
        cdef int code = self._check(tile, on, &t)
        _commit(&self.s, t, code)
        return _points(self.s.esum)

    def place(self, tile, on=None):
        """Place ``tile`` on connection point ``on`` (``None`` leads); return the raw points scored."""
        return self._place(tile, on)

    def score_if(self, tile, on=None):
        """Raw points the placement would score, without changing the layout."""
        cdef int t
        cdef int code = self._check(tile, on, &t)
        return _points(_sum_after(&self.s, t, code))

    def is_legal(self, tile, on=None):
        cdef int t, code
        # Fast answer for well-formed arguments, without building an exception.
        t = _fast_tile(tile)
        if t >= 0:
            if on is None:
                return _validate(&self.s, t, LEAD) == E_OK
            code = _fast_point(on)
            if code >= 0:
                return _validate(&self.s, t, code) == E_OK
        try:
            self._check(tile, on, &t)
        except IllegalPlacement:
            return False
        return True

    # ------------------------------------------------------------------ reading

    def open_points(self):
        """Every legal connection point with its pip, ordered by (tile, side)."""
        cdef int i, p
        cdef uint64_t w
        cdef list out = []
        for i in range(NW):
            w = 0
            for p in range(NPIP):  # each point shows one pip, so the sets are disjoint
                w |= self.s.open[p][i]
            while w:
                out.append(_OPEN[(i << 6) + fiveup_ctz64(w)])
                w &= w - 1
        return out

    def counted_ends(self):
        """Every counting end with its contribution, ordered by (tile, side)."""
        cdef int t, side
        cdef list out = []
        cdef State* s = &self.s
        for t in range(NT):  # ascending tile index = the twin's sorted(order)
            if s.attached[t] == NOT_PLACED:
                continue
            if _DBL[t]:
                if not _chains_covered(s, t):  # still an end: both halves, at chain_a's code
                    out.append(_COUNTED[t * NS + S_CHAIN_A])
            else:
                for side in range(S_LOW, S_HIGH + 1):
                    if _free(s, t, side):
                        out.append(_COUNTED[t * NS + side])
        return out

    def end_sum(self):
        return self.s.esum

    def open_pip_mask(self):
        """Bit ``p`` is set when some connection point shows pip ``p`` (bit 7: layout empty)."""
        cdef int p, mask = 0
        if self.s.n == 0:
            return 0x80
        for p in range(NPIP):
            if self.s.open[p][0] | self.s.open[p][1] | self.s.open[p][2]:
                mask |= 1 << p
        return mask

    def legal_placements(self, tile):
        """Every legal placement of one tile (none if it is already on the table)."""
        cdef int t = _tile_arg(tile)
        cdef list out = []
        if self.s.attached[t] != NOT_PLACED:
            return out
        if self.s.n == 0:
            out.append(_PLACEMENTS[t * P_STRIDE + P_LEAD])
            return out
        _append_moves(&self.s, t, out)
        return out

    def legal_moves(self, hand):
        """Every legal placement of every tile in ``hand``, in hand order."""
        cdef int t
        cdef list out = []
        cdef State* s = &self.s
        for tile in hand:
            t = _tile_arg(tile)
            if s.attached[t] != NOT_PLACED:
                continue
            if s.n == 0:
                out.append(_PLACEMENTS[t * P_STRIDE + P_LEAD])
            else:
                _append_moves(s, t, out)
        return out

    def has_legal_move(self, hand):
        # The twin builds legal_moves(hand), so every tile is validated (InvalidTile) even
        # after a playable one: keep that, it is cheap.
        cdef int t
        cdef bint found = False
        cdef State* s = &self.s
        for tile in hand:
            t = _tile_arg(tile)
            if not found and s.attached[t] == NOT_PLACED:
                found = s.n == 0 or _has_move(s, t)
        return found

    def placements(self):
        """The placements that built this layout, in order."""
        cdef int i, code
        cdef list out = []
        for i in range(self.s.n):
            code = self.s.enc[2 * i + 1]
            out.append(_PLACEMENTS[self.s.enc[2 * i] * P_STRIDE + (P_LEAD if code == LEAD else code)])
        return out

    def tiles(self):
        cdef int i
        return [_TILES[self.s.enc[2 * i]] for i in range(self.s.n)]

    def is_empty(self):
        return self.s.n == 0

    def __len__(self):
        return self.s.n

    def __contains__(self, tile):
        cdef int t = _fast_tile(tile)
        if t < 0:
            try:
                t = tile_index(tile)
            except ValueError:
                return False
        return self.s.attached[t] != NOT_PLACED

    def __eq__(self, other):
        cdef Layout o
        if isinstance(other, Layout):
            o = <Layout>other
            return self.s.n == o.s.n and memcmp(self.s.enc, o.s.enc, 2 * self.s.n) == 0
        if isinstance(other, _PureLayout):
            return self.to_bytes() == other.to_bytes()
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self.to_bytes())  # the twin's hash, so equal layouts hash alike

    def __repr__(self):
        return f"Layout.from_text({self.to_text()!r})"

    def __reduce__(self):
        # The C state is not picklable field by field; the byte encoding is the state.
        return (type(self).from_bytes, (self.to_bytes(),))

    # ------------------------------------------------------------------ encodings

    def to_bytes(self):
        """Compact encoding: two bytes per placement, ``tile_index`` then the point code
        (``tile_index * 6 + side_index`` of the point, or 255 for the lead)."""
        return PyBytes_FromStringAndSize(<char*>self.s.enc, 2 * self.s.n)

    @classmethod
    def from_bytes(cls, data):
        cdef Py_ssize_t i, n
        cdef const unsigned char* raw
        cdef int t, code, err
        cdef Layout fast
        if len(data) % 2:
            raise LayoutDecodeError(f"layout bytes must come in pairs, got {len(data)} bytes")
        layout = cls()
        if type(layout) is not Layout or type(data) is not bytes:
            # Subclasses and other byte-likes: replay exactly as the twin does.
            for i in range(0, len(data), 2):
                tb, cb = data[i], data[i + 1]
                if tb >= NT or (cb != LEAD and cb >= NC):
                    raise LayoutDecodeError(
                        f"placement #{i // 2} bytes ({tb}, {cb}) are not a tile and a point code"
                    )
                on = None if cb == LEAD else _POINTS[cb]
                try:
                    layout.place(_TILES[tb], on)
                except IllegalPlacement as exc:
                    raise exc.at_index(i // 2) from None
            return layout
        # The common case, all in C: the bytes already are tile indices and point codes.
        fast = <Layout>layout
        raw = <const unsigned char*>PyBytes_AS_STRING(data)
        n = PyBytes_GET_SIZE(data)
        for i in range(0, n, 2):
            t = raw[i]
            code = raw[i + 1]
            if t >= NT or (code != LEAD and code >= NC):
                raise LayoutDecodeError(
                    f"placement #{i // 2} bytes ({t}, {code}) are not a tile and a point code"
                )
            err = _validate(&fast.s, t, code)
            if err:
                # the twin's place() gets the interned point, which _as_point returns as is
                point = None if code == LEAD else _POINTS[code]
                raise _error(err, t, code, point).at_index(i // 2) from None
            _commit(&fast.s, t, code)
        return layout

    def to_text(self):
        """Readable notation: ``[1|4] [1|1]@[1|4]:low [4|4]@[1|4]:high``."""
        return format_placements(self.placements())

    @classmethod
    def from_text(cls, text):
        return cls.from_placements(parse_placements(text))
