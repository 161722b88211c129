"""Play-outs: the rest of a round with every hand known, played by a fixed policy.

A search bot that has sampled a deal of the hidden tiles (``fiveup.bots.inference``)
asks "what happens if everyone now plays like this?" thousands of times per decision;
this module answers it, on the abstract layout (``abstract.AbstractLayout``), with the
rules of the round exactly as the engine plays them: a seat that can place must; one
that cannot draws from the boneyard one tile at a time and places the first playable
draw at once (anywhere it fits); with the boneyard empty it passes; when nobody can
place the round is blocked; the seat that places its last tile goes out; then every
hand is reckoned on its own (``RECKON``).

The **policy** is a weighted sum over each legal placement (``Weights``): its raw points
now, the pips of the tile shed, whether it is a double, and -- the only look-ahead --
the most raw points the *next* seat could score in reply with the hand it holds in this
deal.  The highest key wins; ties go to the first placement in enumeration order
(tiles in hand order, each tile's pips in ``JOINS`` order, then free end, chain, branch).
``GREEDY_WEIGHTS`` is the ``greedy`` bot's rule (points, then the heaviest tile, a double first).

Two implementations with the same answers: this readable one, and the compiled
``_playout`` (C arrays, no allocation per move), chosen at import like ``Layout``
(``FIVEUP_PURE_PYTHON=1`` forces this one); ``tests/core/test_playout.py`` plays both on
the same deals and compares every result.  Neither mutates its arguments.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import NamedTuple

from ._types import GREEDY_WEIGHTS, PlayOut, Weights
from .abstract import IS_DOUBLE, JOINS, LEAD, LO, PIP_MASK, PIPS, RECKON, AbstractLayout


def _points(end_sum: int) -> int:
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def options(table: AbstractLayout, tiles: Sequence[int]) -> list[tuple[int, int, int, int]]:
    """Every distinct placement of ``tiles`` on ``table``: (tile, kind, pip, raw points),
    in the policy's enumeration order."""
    out: list[tuple[int, int, int, int]] = []
    if table.empty:
        for t in tiles:
            out.append((t, LEAD, -1, _points(2 * LO[t] if IS_DOUBLE[t] else PIPS[t])))
        return out
    nd, ch, br, s = table.nd, table.ch, table.br, table.end_sum
    for t in tiles:
        for p, q in JOINS[t]:
            add = 2 * p if q < 0 else q
            if nd[p]:
                out.append((t, 0, p, _points(s - p + add)))
            c = ch[p]
            if c:
                out.append((t, 1, p, _points(s - (2 * p if c == 1 else 0) + add)))
            if br[p]:
                out.append((t, 2, p, _points(s + add)))
    return out


def _best_reply(table: AbstractLayout, hand: Sequence[int]) -> int:
    return max((o[3] for o in options(table, hand)), default=0)


def choose(
    table: AbstractLayout,
    moves: list[tuple[int, int, int, int]],
    next_hand: Sequence[int],
    w: Weights,
) -> tuple[int, int, int, int]:
    """The policy's placement among ``moves`` (the first of the best keys)."""
    best = moves[0]
    best_key: int | None = None
    for move in moves:
        t = move[0]
        key = w.points * move[3] + w.pips * PIPS[t] + w.double * IS_DOUBLE[t]
        if w.reply:
            after = table.copy()
            after.place(t, move[1], move[2])
            key -= w.reply * _best_reply(after, next_hand)
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


Trace = list[tuple[int, str, int, int, int]]
"""A play-out's moves, for tests: (seat, "place", tile, kind, pip), (seat, "draw", tile, 0,
0) or (seat, "pass", 0, 0, 0)."""


def play_out_py(
    table: AbstractLayout,
    hands: Sequence[Sequence[int]],
    boneyard: Sequence[int],
    turn: int,
    weights: Weights = GREEDY_WEIGHTS,
    trace: Trace | None = None,
) -> PlayOut:
    """Play the round on from ``turn`` (the boneyard is drawn from its end); ``trace``,
    if given, receives every move (the compiled play-out has no such argument)."""
    table = table.copy()
    held = [list(h) for h in hands]
    pile = list(boneyard)
    n = len(held)
    net = [0] * n
    passes = 0
    winner = -1
    while True:
        hand = held[turn]
        moves = options(table, hand)
        if not moves:
            while pile:
                drawn = pile.pop()
                hand.append(drawn)
                if trace is not None:
                    trace.append((turn, "draw", drawn, 0, 0))
                moves = options(table, (drawn,))
                if moves:
                    break
        if not moves:
            if trace is not None:
                trace.append((turn, "pass", 0, 0, 0))
            passes += 1
            if passes >= n:
                break  # blocked: the boneyard is empty and nobody can place
            turn = (turn + 1) % n
            continue
        t, kind, pip, _ = (
            moves[0] if len(moves) == 1 else choose(table, moves, held[(turn + 1) % n], weights)
        )
        if trace is not None:
            trace.append((turn, "place", t, kind, pip))
        hand.remove(t)
        net[turn] += table.place(t, kind, pip)
        passes = 0
        if not hand:
            winner = turn
            break
        turn = (turn + 1) % n
    for s in range(n):
        net[s] -= RECKON[sum(PIPS[x] for x in held[s])]
    return PlayOut(tuple(net), winner)


def play_outs_py(
    table: AbstractLayout,
    hands: Sequence[Sequence[int]],
    boneyard: Sequence[int],
    seat: int,
    candidates: Sequence[tuple[int, int, int]],
    weights: Weights = GREEDY_WEIGHTS,
) -> list[PlayOut]:
    """For each candidate placement (tile, kind, pip) of ``seat`` (a tile of its hand):
    place it, play the round on from the next seat, and count the candidate's points in
    ``seat``'s net.  One call per sampled deal: every candidate sees the same deal."""
    out = []
    n = len(hands)
    for t, kind, pip in candidates:
        after = table.copy()
        points = after.place(t, kind, pip)
        rest = [list(h) for h in hands]
        rest[seat].remove(t)
        if rest[seat]:
            result = play_out_py(after, rest, boneyard, (seat + 1) % n, weights)
        else:
            result = PlayOut(tuple(-RECKON[sum(PIPS[x] for x in h)] for h in rest), seat)
        net = list(result.net)
        net[seat] += points
        out.append(PlayOut(tuple(net), result.winner))
    return out


# --------------------------------------------------------------------------- sampled deals

MASK64 = (1 << 64) - 1


class SplitMix64:
    """The play-outs' random numbers: SplitMix64 (Steele, Lea & Flood 2014), the same
    stream in both implementations, so a seeded search decides the same everywhere.
    ``below(n)`` is ``next() % n`` (a bias of n / 2**64: none that matters here)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


class DealSpec(NamedTuple):
    """What a seat knows of the hidden tiles, as the sampler needs it: its own ``hand``,
    the other seats' hidden tiles as ``slots`` -- (mask of pips the tile cannot show,
    seat) in the order they are filled (most restricted first) -- the ``unseen`` tiles
    and the ``boneyard_size``.  ``fiveup.bots.inference.Knowledge.deal_spec`` builds it."""

    seat: int
    n_seats: int
    hand: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]
    unseen: tuple[int, ...]
    boneyard_size: int


SAMPLE_TRIES = 6


def sample_py(spec: DealSpec, rng: SplitMix64) -> tuple[list[list[int]], list[int]] | None:
    """A deal consistent with ``spec``: (hands, boneyard in draw order), or None when
    ``SAMPLE_TRIES`` random fills all painted themselves into a corner (rare: the caller
    then finds one by matching, ``inference.sample_deal``).

    Each try shuffles the unseen tiles, gives each slot in turn a uniformly chosen tile
    that fits it (an unrestricted slot the last tile of the pool), and shuffles what is
    left into the boneyard."""
    for _ in range(SAMPLE_TRIES):
        pool = list(spec.unseen)
        for i in range(len(pool) - 1, 0, -1):
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        hands: list[list[int]] = [[] for _ in range(spec.n_seats)]
        hands[spec.seat] = list(spec.hand)
        for mask, seat in spec.slots:
            if not mask:
                hands[seat].append(pool.pop())
                continue
            fits = [i for i, t in enumerate(pool) if not PIP_MASK[t] & mask]
            if not fits:
                break
            i = fits[rng.below(len(fits))]
            pool[i], pool[-1] = pool[-1], pool[i]
            hands[seat].append(pool.pop())
        else:
            for i in range(len(pool) - 1, 0, -1):
                j = rng.below(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            return hands, pool
    return None


def search_py(
    table: AbstractLayout,
    spec: DealSpec,
    candidates: Sequence[tuple[int, int, int]],
    weights: Weights,
    samples: int,
    seed: int,
) -> list[list[PlayOut] | None]:
    """``samples`` deals (``sample_py`` on one ``SplitMix64(seed)`` stream), each with
    ``play_outs_py`` of every candidate of ``spec.seat``: one entry per deal, None where
    the sampler gave up (the caller fills those in its own way)."""
    rng = SplitMix64(seed)
    out: list[list[PlayOut] | None] = []
    for _ in range(samples):
        deal = sample_py(spec, rng)
        if deal is None:
            out.append(None)
            continue
        hands, boneyard = deal
        out.append(play_outs_py(table, hands, boneyard, spec.seat, candidates, weights))
    return out


try:
    from . import _playout as _compiled
except ImportError:  # extension not built: setup.py refuses this under CI=true
    _compiled = None  # type: ignore[assignment]

COMPILED = _compiled is not None and os.environ.get("FIVEUP_PURE_PYTHON") != "1"
if COMPILED:
    play_out = _compiled.play_out
    play_outs = _compiled.play_outs
    search = _compiled.search
else:
    play_out = play_out_py
    play_outs = play_outs_py
    search = search_py
IMPLEMENTATION = "cython" if COMPILED else "python"
