# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled bulk validation: ``_batch.py`` (its specification) in C, for the
RulesService's hot path.  ``fiveup_core.validate_batch`` / ``validate_move`` are these
when the compiled core is active.

Every check decodes a compact layout into one module-level scratch ``State`` (reset +
replay of the bytes, all in C, no object per placement; the state and the rule steps are
the compiled core's, shared through ``_core.pxd``) and validates one placement against
it.  A layout equal to the previous one in the batch is not decoded again.  Inputs that
are not plain ``bytes`` go through the twin's ``validate_move_with`` with the compiled
``Layout``, so odd arguments get exactly the answers (and exceptions) of the readable
version.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.string cimport memcmp

from ._core cimport (
    E_BRANCH,
    E_LEAD_NOT_EMPTY,
    E_NOT_A_SIDE,
    E_NOT_ON_TABLE,
    E_OCCUPIED,
    E_OK,
    E_PIP,
    E_PLACED,
    LEAD,
    NC,
    NT,
    State,
    _points,
    _replay,
    _sum_after,
    _validate,
)

from ._core import Layout
from ._batch import VERDICT_BAD_LAYOUT as _PY_BAD_LAYOUT
from ._batch import validate_batch_with as _validate_batch_with
from ._batch import validate_move_with as _validate_move_with

cdef enum:
    V_LEGAL = 1
    V_INVALID_TILE = 2
    V_TILE_ALREADY_PLACED = 3
    V_PIP_MISMATCH = 4
    V_BRANCH_NOT_OPEN = 5
    V_UNKNOWN_CONNECTION_POINT = 6
    V_CONNECTION_POINT_OCCUPIED = 7
    V_LEAD_ON_NON_EMPTY_LAYOUT = 8
    V_BAD_LAYOUT = 9

# Verdict of each _validate() error, indexed by the E_* code.
cdef unsigned char _VERDICT_OF[8]
_VERDICT_OF[E_OK] = V_LEGAL
_VERDICT_OF[E_PLACED] = V_TILE_ALREADY_PLACED
_VERDICT_OF[E_LEAD_NOT_EMPTY] = V_LEAD_ON_NON_EMPTY_LAYOUT
_VERDICT_OF[E_NOT_ON_TABLE] = V_UNKNOWN_CONNECTION_POINT
_VERDICT_OF[E_NOT_A_SIDE] = V_UNKNOWN_CONNECTION_POINT
_VERDICT_OF[E_OCCUPIED] = V_CONNECTION_POINT_OCCUPIED
_VERDICT_OF[E_BRANCH] = V_BRANCH_NOT_OPEN
_VERDICT_OF[E_PIP] = V_PIP_MISMATCH
if _PY_BAD_LAYOUT != V_BAD_LAYOUT:
    raise ImportError("fiveup_core._batch verdicts do not match the compiled core's")

cdef State _scratch


cdef inline int _verdict(const State* s, int t, int code, int* sum_out) noexcept nogil:
    """``_batch.validate_one`` on a decoded layout: the verdict, and the end sum after the
    placement via ``sum_out`` when it is legal."""
    cdef int err
    if t >= NT:
        return V_INVALID_TILE
    if code != LEAD and code >= NC:
        return V_UNKNOWN_CONNECTION_POINT
    err = _validate(s, t, code)
    if err != E_OK:
        return _VERDICT_OF[err]
    sum_out[0] = _sum_after(s, t, code)
    return V_LEGAL


def validate_batch(layouts, placements):
    """Compiled ``_batch.validate_batch_with(Layout, layouts, placements)``: check placement i
    (bytes ``2i``, ``2i+1``: tile index, point code) against compact layout i; return
    ``(verdicts, points)``, one byte each per check (a Verdict value; raw points / 5)."""
    cdef Py_ssize_t i, n, size
    cdef const unsigned char* raw
    cdef const unsigned char* codes
    cdef unsigned char* out_v
    cdef unsigned char* out_p
    cdef bint good = False
    cdef int verdict, total
    cdef object layout
    cdef object prev = None  # the last bytes layout decoded into _scratch (kept alive here)
    if type(placements) is not bytes:
        return _validate_batch_with(Layout, layouts, placements)
    if type(layouts) is not list and type(layouts) is not tuple:
        if not (hasattr(layouts, "__len__") and hasattr(layouts, "__getitem__")):
            return _validate_batch_with(Layout, layouts, placements)
        layouts = list(layouts)  # e.g. a protobuf repeated field: one list, then C
    n = len(layouts)
    if PyBytes_GET_SIZE(placements) != 2 * n:
        raise ValueError(
            f"{n} layouts need {2 * n} placement bytes, got {PyBytes_GET_SIZE(placements)}"
        )
    codes = <const unsigned char*>PyBytes_AS_STRING(placements)
    verdicts = PyBytes_FromStringAndSize(NULL, n)
    points = PyBytes_FromStringAndSize(NULL, n)
    out_v = <unsigned char*>PyBytes_AS_STRING(verdicts)
    out_p = <unsigned char*>PyBytes_AS_STRING(points)
    for i in range(n):
        layout = layouts[i]
        if type(layout) is not bytes:  # a byte-like or anything else: the readable path
            verdict, total = _validate_move_with(Layout, layout, codes[2 * i], codes[2 * i + 1])[:2]
            out_v[i] = verdict
            out_p[i] = total // 5
            prev = None  # the fallback may have run Python code: decode afresh next time
            continue
        raw = <const unsigned char*>PyBytes_AS_STRING(layout)
        size = PyBytes_GET_SIZE(layout)
        if prev is None or (layout is not prev and (
                size != PyBytes_GET_SIZE(prev)
                or memcmp(raw, PyBytes_AS_STRING(prev), size) != 0)):
            good = _replay(&_scratch, raw, size)
            prev = layout
        if not good:
            out_v[i] = V_BAD_LAYOUT
            out_p[i] = 0
            continue
        total = 0
        verdict = _verdict(&_scratch, codes[2 * i], codes[2 * i + 1], &total)
        out_v[i] = verdict
        out_p[i] = _points(total) // 5 if verdict == V_LEGAL else 0
    return verdicts, points


def validate_move(layout, tile, code):
    """Compiled ``_batch.validate_move_with(Layout, layout, tile, code)``: one compact check
    as ``(verdict, raw points, end sum after the placement)``; points and sum are 0 unless
    the placement is legal."""
    cdef int verdict, total = 0
    cdef State s
    if (type(layout) is not bytes or type(tile) is not int or type(code) is not int
            or not 0 <= tile <= 255 or not 0 <= code <= 255):
        return _validate_move_with(Layout, layout, tile, code)
    if not _replay(&s, <const unsigned char*>PyBytes_AS_STRING(layout), PyBytes_GET_SIZE(layout)):
        return V_BAD_LAYOUT, 0, 0
    verdict = _verdict(&s, tile, code, &total)
    if verdict != V_LEGAL:
        return verdict, 0, 0
    return verdict, _points(total), total
