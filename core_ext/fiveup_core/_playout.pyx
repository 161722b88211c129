# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled play-outs: ``playout.play_out_py`` / ``play_outs_py`` in C.

``playout.py`` is the specification; read it first.  The same rules, policy and
enumeration order, with the abstract layout and the hands in small C arrays on the stack:
one play-out allocates nothing until its result is built.  The per-tile tables come from
``abstract`` at import, so the two implementations share them.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memcpy

from .abstract import IS_DOUBLE, LO, HI, PIP_MASK, PIPS, RECKON
from ._types import GREEDY_WEIGHTS, PlayOut

cdef enum:
    NT = 28
    NPIP = 7
    MAXSEATS = 4
    K_END = 0
    K_CHAIN = 1
    K_BRANCH = 2
    K_LEAD = 3
    MAX_MOVES = 28 * 6  # placements of one hand on one layout, at most
    MAX_RECKON = 13 * 28

cdef int _LO[NT]
cdef int _HI[NT]
cdef int _PIPS[NT]
cdef int _DBL[NT]
cdef int _PMASK[NT]
cdef int _RECKON[MAX_RECKON]

cdef void _init() except *:
    cdef int t, i
    for t in range(NT):
        _LO[t] = LO[t]
        _HI[t] = HI[t]
        _PIPS[t] = PIPS[t]
        _DBL[t] = 1 if IS_DOUBLE[t] else 0
        _PMASK[t] = PIP_MASK[t]
    for i in range(MAX_RECKON):
        _RECKON[i] = RECKON[i]

_init()


ctypedef struct Table:
    int nd[NPIP]
    int ch[NPIP]
    int br[NPIP]
    int esum
    int empty

ctypedef struct Move:
    int tile
    int kind
    int pip
    int points

ctypedef struct Deal:
    int n
    int size[MAXSEATS]
    int hand[MAXSEATS][NT]
    int nbone
    int bone[NT]

ctypedef struct Policy:
    int points
    int pips
    int dbl
    int reply


cdef inline int _pts(int s) noexcept nogil:
    return s if s > 0 and s % 5 == 0 else 0


cdef int _place(Table* t, int tile, int kind, int pip) noexcept nogil:
    """AbstractLayout.place (arguments known legal); the raw points scored."""
    cdef int a = _LO[tile]
    cdef int b = _HI[tile]
    cdef int s
    if kind == K_LEAD:
        t.empty = 0
        if a == b:
            t.ch[a] = 2
            t.esum = 2 * a
        else:
            t.nd[a] += 1
            t.nd[b] += 1
            t.esum = a + b
        return _pts(t.esum)
    s = t.esum
    if kind == K_END:
        t.nd[pip] -= 1
        s -= pip
    elif kind == K_CHAIN:
        t.ch[pip] -= 1
        if t.ch[pip] == 0:
            s -= 2 * pip
            t.br[pip] = 2
    else:
        t.br[pip] -= 1
    if a == b:
        t.ch[a] = 1
        s += 2 * a
    else:
        if pip == a:
            t.nd[b] += 1
            s += b
        else:
            t.nd[a] += 1
            s += a
    t.esum = s
    return _pts(s)


cdef int _options(const Table* t, const int* tiles, int count, Move* out) noexcept nogil:
    """playout.options: the placements of ``tiles``, in the same order; their number."""
    cdef int i, tile, j, p, q, add, c, k = 0
    cdef int s = t.esum
    for i in range(count):
        tile = tiles[i]
        if t.empty:
            out[k].tile = tile
            out[k].kind = K_LEAD
            out[k].pip = -1
            out[k].points = _pts(2 * _LO[tile] if _DBL[tile] else _PIPS[tile])
            k += 1
            continue
        for j in range(1 if _DBL[tile] else 2):
            if j == 0:
                p = _LO[tile]
                q = -1 if _DBL[tile] else _HI[tile]
            else:
                p = _HI[tile]
                q = _LO[tile]
            add = 2 * p if q < 0 else q
            if t.nd[p]:
                out[k].tile = tile
                out[k].kind = K_END
                out[k].pip = p
                out[k].points = _pts(s - p + add)
                k += 1
            c = t.ch[p]
            if c:
                out[k].tile = tile
                out[k].kind = K_CHAIN
                out[k].pip = p
                out[k].points = _pts(s - (2 * p if c == 1 else 0) + add)
                k += 1
            if t.br[p]:
                out[k].tile = tile
                out[k].kind = K_BRANCH
                out[k].pip = p
                out[k].points = _pts(s + add)
                k += 1
    return k


cdef int _best_reply(const Table* t, const int* hand, int count) noexcept nogil:
    cdef Move moves[MAX_MOVES]
    cdef int k = _options(t, hand, count, moves)
    cdef int i, best = 0
    for i in range(k):
        if moves[i].points > best:
            best = moves[i].points
    return best


cdef int _choose(const Table* t, const Move* moves, int k, const int* nxt, int nnext,
                 const Policy* w) noexcept nogil:
    cdef int i, tile, key, best = 0
    cdef int best_key = 0
    cdef Table after
    for i in range(k):
        tile = moves[i].tile
        key = w.points * moves[i].points + w.pips * _PIPS[tile] + w.dbl * _DBL[tile]
        if w.reply:
            memcpy(&after, t, sizeof(Table))
            _place(&after, tile, moves[i].kind, moves[i].pip)
            key -= w.reply * _best_reply(&after, nxt, nnext)
        if i == 0 or key > best_key:
            best = i
            best_key = key
    return best


cdef inline void _remove(Deal* d, int seat, int tile) noexcept nogil:
    cdef int i, j, n = d.size[seat]
    for i in range(n):
        if d.hand[seat][i] == tile:
            for j in range(i, n - 1):
                d.hand[seat][j] = d.hand[seat][j + 1]
            d.size[seat] = n - 1
            return


cdef int _run(Table* t, Deal* d, int turn, const Policy* w, int* net) noexcept nogil:
    """play_out_py on C state (mutated); ``net`` receives each seat's net; the winner."""
    cdef Move moves[MAX_MOVES]
    cdef int n = d.n
    cdef int passes = 0, winner = -1, k, i, s, drawn, pips
    cdef int nxt
    for s in range(n):
        net[s] = 0
    while True:
        k = _options(t, d.hand[turn], d.size[turn], moves)
        if k == 0:
            while d.nbone > 0:
                d.nbone -= 1
                drawn = d.bone[d.nbone]
                d.hand[turn][d.size[turn]] = drawn
                d.size[turn] += 1
                k = _options(t, &d.hand[turn][d.size[turn] - 1], 1, moves)
                if k:
                    break
        if k == 0:
            passes += 1
            if passes >= n:
                break
            turn = (turn + 1) % n
            continue
        if k == 1:
            i = 0
        else:
            nxt = (turn + 1) % n
            i = _choose(t, moves, k, d.hand[nxt], d.size[nxt], w)
        _remove(d, turn, moves[i].tile)
        net[turn] += _place(t, moves[i].tile, moves[i].kind, moves[i].pip)
        passes = 0
        if d.size[turn] == 0:
            winner = turn
            break
        turn = (turn + 1) % n
    _reckon(d, net)
    return winner


cdef inline void _reckon(const Deal* d, int* net) noexcept nogil:
    """Each hand's deduction off its seat's net."""
    cdef int s, i, pips
    for s in range(d.n):
        pips = 0
        for i in range(d.size[s]):
            pips += _PIPS[d.hand[s][i]]
        net[s] -= _RECKON[pips]


cdef int _candidate(const Table* base, const Deal* deal, int seat, int tile, int kind, int pip,
                    const Policy* w, int* net) noexcept nogil:
    """One entry of play_outs_py: ``seat`` places the candidate, the round is played on;
    ``net`` receives the nets (the candidate's points included); the winner."""
    cdef Table t
    cdef Deal d
    cdef int s, winner, points
    memcpy(&t, base, sizeof(Table))
    memcpy(&d, deal, sizeof(Deal))
    _remove(&d, seat, tile)
    points = _place(&t, tile, kind, pip)
    if d.size[seat]:
        winner = _run(&t, &d, (seat + 1) % d.n, w, net)
    else:
        winner = seat
        for s in range(d.n):
            net[s] = 0
        _reckon(&d, net)
    net[seat] += points
    return winner


cdef int _check_candidate(const Table* t, object cand, const int* hand, int nhand,
                          int* tile, int* kind, int* pip) except -1:
    """Unpack a candidate (tile, kind, pip) and refuse one that is not a legal placement
    of a tile of ``hand`` (the C play-out trusts its arguments)."""
    cdef Move moves[MAX_MOVES]
    cdef int i, k, held = 0
    tile[0], kind[0], pip[0] = cand
    _tile(tile[0])
    for i in range(nhand):
        if hand[i] == tile[0]:
            held = 1
    if not held:
        raise ValueError(f"candidate tile {tile[0]} is not in the seat's hand")
    k = _options(t, tile, 1, moves)
    for i in range(k):
        if moves[i].kind == kind[0] and moves[i].pip == pip[0]:
            return 0
    raise ValueError(f"candidate {tuple(cand)} is not a legal placement on this layout")


cdef int _load_table(object table, Table* t) except -1:
    cdef int p
    nd, ch, br = table.nd, table.ch, table.br
    for p in range(NPIP):
        t.nd[p] = nd[p]
        t.ch[p] = ch[p]
        t.br[p] = br[p]
    t.esum = table.end_sum
    t.empty = 1 if table.empty else 0
    return 0


cdef int _load_deal(object hands, object boneyard, Deal* d) except -1:
    cdef int s, i, n = len(hands)
    cdef int total = 0
    if not 1 <= n <= MAXSEATS:
        raise ValueError(f"a play-out has 1 to {MAXSEATS} hands, got {n}")
    d.n = n
    for s in range(n):
        hand = hands[s]
        d.size[s] = len(hand)
        total += d.size[s]
        if total > NT:
            raise ValueError("more than 28 tiles in a play-out")
        for i in range(d.size[s]):
            d.hand[s][i] = _tile(hand[i])
    d.nbone = len(boneyard)
    if total + d.nbone > NT:
        raise ValueError("more than 28 tiles in a play-out")
    for i in range(d.nbone):
        d.bone[i] = _tile(boneyard[i])
    return 0


cdef inline int _tile(object x) except -1:
    cdef int t = x
    if not 0 <= t < NT:
        raise ValueError(f"not a tile index: {t}")
    return t


cdef int _load_policy(object weights, Policy* w) except -1:
    w.points = weights[0]
    w.pips = weights[1]
    w.dbl = weights[2]
    w.reply = weights[3]
    return 0


def play_out(table, hands, boneyard, int turn, weights=None):
    """playout.play_out_py, compiled (same arguments, same ``PlayOut``)."""
    cdef Table t
    cdef Deal d
    cdef Policy w
    cdef int net[MAXSEATS]
    cdef int winner
    _load_table(table, &t)
    _load_deal(hands, boneyard, &d)
    _load_policy(weights if weights is not None else GREEDY_WEIGHTS, &w)
    if not 0 <= turn < d.n:
        raise ValueError(f"turn {turn} is not a seat of this play-out")
    winner = _run(&t, &d, turn, &w, net)
    return PlayOut(tuple([net[s] for s in range(d.n)]), winner)


def play_outs(table, hands, boneyard, int seat, candidates, weights=None):
    """playout.play_outs_py, compiled: one play-out per candidate on the same deal."""
    cdef Table base
    cdef Deal deal
    cdef Policy w
    cdef int net[MAXSEATS]
    cdef int s, tile, kind, pip, winner
    _load_table(table, &base)
    _load_deal(hands, boneyard, &deal)
    _load_policy(weights if weights is not None else GREEDY_WEIGHTS, &w)
    if not 0 <= seat < deal.n:
        raise ValueError(f"seat {seat} is not a seat of this play-out")
    out = []
    for cand in candidates:
        _check_candidate(&base, cand, deal.hand[seat], deal.size[seat], &tile, &kind, &pip)
        winner = _candidate(&base, &deal, seat, tile, kind, pip, &w, net)
        out.append(PlayOut(tuple([net[s] for s in range(deal.n)]), winner))
    return out


# --------------------------------------------------------------------------- sampled deals

cdef enum:
    SAMPLE_TRIES = 6  # as playout.SAMPLE_TRIES


cdef inline uint64_t _next(uint64_t* state) noexcept nogil:
    """SplitMix64, as playout.SplitMix64.next."""
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int _below(uint64_t* state, int n) noexcept nogil:
    return <int>(_next(state) % <uint64_t>n)


ctypedef struct Spec:
    int seat
    int n
    int nhand
    int hand[NT]
    int nslots
    int slot_mask[NT]
    int slot_seat[NT]
    int nunseen
    int unseen[NT]


cdef int _load_spec(object spec, Spec* sp) except -1:
    cdef int i
    sp.seat = spec.seat
    sp.n = spec.n_seats
    if not 1 <= sp.n <= MAXSEATS or not 0 <= sp.seat < sp.n:
        raise ValueError("a deal spec names 1 to 4 seats, its own among them")
    hand, slots, unseen = spec.hand, spec.slots, spec.unseen
    sp.nhand = len(hand)
    sp.nslots = len(slots)
    sp.nunseen = len(unseen)
    if sp.nhand + sp.nunseen > NT or sp.nslots > sp.nunseen:
        raise ValueError("a deal spec holds more tiles than a set, or more slots than unseen tiles")
    for i in range(sp.nhand):
        sp.hand[i] = _tile(hand[i])
    for i in range(sp.nslots):
        mask, seat = slots[i]
        sp.slot_mask[i] = mask
        sp.slot_seat[i] = seat
        if not 0 <= sp.slot_seat[i] < sp.n or sp.slot_seat[i] == sp.seat:
            raise ValueError(f"a slot of seat {seat}, which is not another seat of this deal")
    for i in range(sp.nunseen):
        sp.unseen[i] = _tile(unseen[i])
    if spec.boneyard_size != sp.nunseen - sp.nslots:
        raise ValueError("boneyard size + slots != unseen tiles")
    return 0


cdef inline void _shuffle(int* a, int n, uint64_t* rng) noexcept nogil:
    cdef int i, j, x
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        x = a[i]
        a[i] = a[j]
        a[j] = x


cdef bint _sample(const Spec* sp, uint64_t* rng, Deal* d) noexcept nogil:
    """playout.sample_py into ``d``; False when every try failed."""
    cdef int tries, i, j, k, x, npool, mask, seat, nfits, ok
    cdef int pool[NT]
    cdef int fits[NT]
    for tries in range(SAMPLE_TRIES):
        npool = sp.nunseen
        for i in range(npool):
            pool[i] = sp.unseen[i]
        _shuffle(pool, npool, rng)
        d.n = sp.n
        for i in range(sp.n):
            d.size[i] = 0
        for i in range(sp.nhand):
            d.hand[sp.seat][i] = sp.hand[i]
        d.size[sp.seat] = sp.nhand
        ok = 1
        for k in range(sp.nslots):
            mask = sp.slot_mask[k]
            seat = sp.slot_seat[k]
            if mask == 0:
                npool -= 1
                d.hand[seat][d.size[seat]] = pool[npool]
                d.size[seat] += 1
                continue
            nfits = 0
            for i in range(npool):
                if not (_PMASK[pool[i]] & mask):
                    fits[nfits] = i
                    nfits += 1
            if nfits == 0:
                ok = 0
                break
            i = fits[_below(rng, nfits)]
            x = pool[i]
            pool[i] = pool[npool - 1]
            pool[npool - 1] = x
            npool -= 1
            d.hand[seat][d.size[seat]] = x
            d.size[seat] += 1
        if ok:
            _shuffle(pool, npool, rng)
            for i in range(npool):
                d.bone[i] = pool[i]
            d.nbone = npool
            return True
    return False


def search(table, spec, candidates, weights, int samples, seed):
    """playout.search_py, compiled: ``samples`` sampled deals, every candidate played
    out on each; None for a deal the sampler gave up on."""
    cdef Table base
    cdef Deal deal
    cdef Spec sp
    cdef Policy w
    cdef uint64_t rng = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef int net[MAXSEATS]
    cdef int ncand = len(candidates)
    cdef int ctile[MAX_MOVES]
    cdef int ckind[MAX_MOVES]
    cdef int cpip[MAX_MOVES]
    cdef int ci, sample, s, winner
    _load_table(table, &base)
    _load_spec(spec, &sp)
    _load_policy(weights, &w)
    if ncand > MAX_MOVES:
        raise ValueError("too many candidates")
    for ci in range(ncand):
        _check_candidate(&base, candidates[ci], sp.hand, sp.nhand, &ctile[ci], &ckind[ci], &cpip[ci])
    out = []
    for sample in range(samples):
        if not _sample(&sp, &rng, &deal):
            out.append(None)
            continue
        row = []
        for ci in range(ncand):
            winner = _candidate(&base, &deal, sp.seat, ctile[ci], ckind[ci], cpip[ci], &w, net)
            row.append(PlayOut(tuple([net[s] for s in range(sp.n)]), winner))
        out.append(row)
    return out
