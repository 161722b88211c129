# cython: language_level=3
"""What the compiled rules core shares with the compiled modules beside it
(``_batch_compiled.pyx``, the compiled ``_batch.py``): the layout's C state and its
dimensions, why a placement is illegal, and the steps a rule check is made of (a
compact layout replayed into a state, a placement validated, the end sum after it).
Defined in ``_core.pyx``; a module that cimports them calls the very same C."""

from libc.stdint cimport uint64_t
from libc.string cimport memset

cdef enum:
    NT = 28            # tiles in a double-six set
    NS = 6             # sides per tile (low, high, chain_a, chain_b, branch_a, branch_b)
    NC = 168           # point codes: tile * 6 + side
    NW = 3             # 64-bit words in a 168-bit set of point codes
    NPIP = 7           # pip values 0..6
    LEAD = 255         # point code of the lead (no connection point), as in the encoding
    P_STRIDE = 169     # PLACEMENTS is indexed tile * 169 + code, code 168 meaning the lead
    P_LEAD = 168

    NOT_PLACED = -2    # State.attached: tile not on the table
    ROOT = -1          # State.attached: the lead hangs from nothing

    S_LOW = 0
    S_HIGH = 1
    S_CHAIN_A = 2
    S_CHAIN_B = 3
    S_BRANCH_A = 4
    S_BRANCH_B = 5

# Why a placement is illegal, in the order the twin checks (0 means legal).
cdef enum:
    E_OK = 0
    E_PLACED
    E_LEAD_NOT_EMPTY
    E_NOT_ON_TABLE
    E_NOT_A_SIDE
    E_OCCUPIED
    E_BRANCH
    E_PIP


ctypedef struct State:
    int n                       # tiles on the table
    int esum                    # the end sum, maintained on every placement
    signed char attached[NT]    # own side attached to the parent, ROOT, or NOT_PLACED
    signed char child[NC]       # tile placed on point code, or -1
    unsigned char enc[2 * NT]   # the byte encoding itself: (tile, point code) per placement
    uint64_t open[NPIP][NW]     # open connection points, one bit set per pip value


cdef inline void _reset(State* s) noexcept nogil:
    memset(s, 0, sizeof(State))
    memset(s.attached, <unsigned char>NOT_PLACED, sizeof(s.attached))
    memset(s.child, 0xFF, sizeof(s.child))


cdef inline int _points(int end_sum) noexcept nogil:
    # points_for_sum: the sum if it is a positive multiple of five, else nothing
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


cdef int _validate(const State* s, int t, int code) noexcept nogil
cdef int _sum_after(const State* s, int t, int code) noexcept nogil
cdef bint _replay(State* s, const unsigned char* raw, Py_ssize_t n) noexcept nogil
