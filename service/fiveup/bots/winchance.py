"""The chance to win the match from where a round leaves it: the race to the target.

A match is a race: rounds add to (and take from) each side's score until, after a
reckoning, some side is at or over the target alone at the top.  What a round is worth
therefore depends on the match: 10 raw points decide little at 0-0 and everything at
58-58.  ``WinChances`` answers "with these scores after this round, and this side leading
the next one, how likely is each side to win?" for the ``MatchValue`` of the search bots.

**The model.**  Rounds are independent draws from what rounds between equal, strong
players look like (self-play of the ``expert``: ``bench/win_chances.py`` collects
them): each side's net (placements minus reckoning) and who goes out (leads the next
round), given who led this one.  Only the *distances* to the target matter (the target
itself does not: a race to 61 from 30-40 is the race to 31 from 0-10), in displayed
points.

**Two sides** (two players, or two partnerships): ``V(x, y)`` = the chance that side A,
leading the next round, wins with A at distance x and B at y.  It solves

    V(x, y) = sum over round outcomes (a, b, next) of p * f(x - a, y - b, next)

where f is 1 or 0 when the round ends the match (one side at or over the target, alone
at the top), ``V`` again when A leads next, ``1 - V(y', x')`` when B does, and their
mean after a blocked round (a fair lot).  Value iteration on a grid of distances
0..``DEPTH`` (farther distances are clamped: 16 rounds or more from the end, the exact
distance hardly matters) converges in a few dozen sweeps.

**Three sides**: the same race solved for every *pair* of sides, with a third state
("the other side leads next", ``VO``), and combined as ``p_i ~ prod_j q(i ahead of j)``
(normalised).  An approximation -- the pair's race ignores that the third side can end
the match -- that keeps the table small; it knows who is close to the target and who
leads, which is what the search needs it for.

The tables ship with the package (``data/win_chances.json``, 70 KB), built by
``python -m bench.win_chances`` from a seeded self-play, reproducibly.
"""

from __future__ import annotations

import base64
import functools
import json
import struct
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources

from fiveup.engine.scoring import RAW_PER_POINT, n_sides, side_of

DEPTH = 80
"""Distances (displayed points) the tables cover: 0..DEPTH."""

A, B, OTHER, LOT = 0, 1, 2, 3
"""Who leads the next round, seen from a pair of sides (A, B): A, B, a third side, or
nobody (a blocked round: the fair lot decides)."""

SCALE = 65535  # tables are stored as 16-bit fractions


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One round of a match, as the race sees it."""

    n_seats: int
    leader: int  # the seat that led
    nets: tuple[int, ...]  # raw, per side: placement points minus the reckoning
    winner: int | None  # the seat that went out (None: blocked)


Outcome = tuple[int, int, int, float]
"""(A's net, B's net, who leads next (A/B/OTHER/LOT), probability), nets displayed."""


def pair_outcomes(rounds: Iterable[RoundOutcome]) -> dict[int, list[Outcome]]:
    """The round outcomes seen from every ordered pair of sides, by who led the round
    (A: the pair's first side; OTHER: a third side).  Two sides give only A-led rounds
    (a round B led is the same round seen from the other side)."""
    counts: dict[int, Counter[tuple[int, int, int]]] = {A: Counter(), OTHER: Counter()}
    for r in rounds:
        k = n_sides(r.n_seats)
        led = side_of(r.leader, r.n_seats)
        out = None if r.winner is None else side_of(r.winner, r.n_seats)
        for a in range(k):
            for b in range(k):
                if a == b or (k == 2 and a != led):
                    continue
                state = A if a == led else B if b == led else OTHER
                if state == B:
                    continue  # the same as (b, a) with A leading
                nxt = LOT if out is None else A if out == a else B if out == b else OTHER
                da, db = r.nets[a] // RAW_PER_POINT, r.nets[b] // RAW_PER_POINT
                counts[state][(da, db, nxt)] += 1
    out_map: dict[int, list[Outcome]] = {}
    for state, counter in counts.items():
        total = sum(counter.values())
        if total:
            out_map[state] = [(a, b, n, c / total) for (a, b, n), c in sorted(counter.items())]
    return out_map


def solve(
    outcomes: dict[int, list[Outcome]],
    three_sides: bool,
    depth: int = DEPTH,
    tolerance: float = 1e-4,
    max_sweeps: int = 200,
) -> dict[int, list[list[float]]]:
    """Value iteration (Gauss-Seidel, nearest the target first) for ``V`` (state A) and,
    with three sides, ``VO`` (state OTHER); see the module docstring."""
    states = [A, OTHER] if three_sides else [A]
    lot_share = 1 / 3 if three_sides else 1 / 2
    tables = {st: [[0.5] * (depth + 1) for _ in range(depth + 1)] for st in states}
    va = tables[A]
    vo = tables.get(OTHER, va)  # (never read with two sides: no outcome leads to OTHER)
    order = [
        (x, s - x)
        for s in range(2 * depth + 1)
        for x in range(max(0, s - depth), min(depth, s) + 1)
        if (x == 0) == (s - x == 0)
    ]
    for _ in range(max_sweeps):
        delta = 0.0
        for state in states:
            table = tables[state]
            rows = outcomes.get(state, [])
            for x, y in order:
                v = 0.0
                for a, b, nxt, p in rows:
                    x2, y2 = x - a, y - b
                    if (x2 <= 0 or y2 <= 0) and x2 != y2:
                        if x2 < y2:
                            v += p  # the round ends the match: A wins
                        continue
                    if x2 <= 0:
                        x2 = y2 = 0  # tied at or over the target: on from level
                    if x2 > depth:
                        x2 = depth
                    if y2 > depth:
                        y2 = depth
                    if nxt == A:
                        v += p * va[x2][y2]
                    elif nxt == B:
                        v += p * (1.0 - va[y2][x2])
                    elif nxt == OTHER:
                        v += p * vo[x2][y2]
                    elif three_sides:
                        v += p * lot_share * (va[x2][y2] + 1.0 - va[y2][x2] + vo[x2][y2])
                    else:
                        v += p * lot_share * (va[x2][y2] + 1.0 - va[y2][x2])
                old = table[x][y]
                table[x][y] = v
                if abs(v - old) > delta:
                    delta = abs(v - old)
        if delta < tolerance:
            break
    return tables


@dataclass(frozen=True)
class WinChances:
    """Solved tables per number of seats (``"2"``, ``"3"``, ``"4"``): ``va`` (A leads)
    and, for three seats, ``vo`` (a third side leads)."""

    tables: dict[str, dict[int, list[list[float]]]]
    depth: int = DEPTH

    def pair(self, n_seats: int, x: int, y: int, state: int) -> float:
        """The chance that side A finishes ahead of side B, at distances x and y, with
        ``state`` leading the next round."""
        t = self.tables[str(n_seats)]
        d = self.depth
        if (x <= 0 or y <= 0) and x != y:
            return 1.0 if x < y else 0.0
        if x <= 0:
            x = y = 0
        x, y = min(x, d), min(y, d)
        va = t[A]
        if state == A:
            return va[x][y]
        if state == B:
            return 1.0 - va[y][x]
        vo = t.get(OTHER)
        if state == OTHER:
            return vo[x][y] if vo is not None else 0.5
        if vo is None:
            return (va[x][y] + 1.0 - va[y][x]) / 2
        return (va[x][y] + 1.0 - va[y][x] + vo[x][y]) / 3

    def chance(
        self, n_seats: int, side: int, scores: Sequence[int], target_raw: int, leader: int
    ) -> float:
        """``side``'s chance to win with raw ``scores`` per side after a round's reckoning
        and ``leader`` (a side, or -1 after a blocked round) leading the next one."""
        top = max(scores)
        if top >= target_raw and list(scores).count(top) == 1:
            return 1.0 if scores[side] == top else 0.0  # the round ended the match
        dist = [-((s - target_raw) // RAW_PER_POINT) for s in scores]  # ceil, displayed
        if len(scores) == 2:
            other = 1 - side
            state = LOT if leader < 0 else A if leader == side else B
            return self.pair(n_seats, dist[side], dist[other], state)
        weights = []
        for i in range(len(scores)):
            w = 1.0
            for j in range(len(scores)):
                if j != i:
                    state = LOT if leader < 0 else A if leader == i else B if leader == j else OTHER
                    w *= self.pair(n_seats, dist[i], dist[j], state)
            weights.append(w)
        total = sum(weights)
        return weights[side] / total if total > 0 else 1.0 / len(scores)

    # ------------------------------------------------------------------ storage

    def to_json(self) -> str:
        def pack(table: list[list[float]]) -> str:
            flat = [round(min(1.0, max(0.0, v)) * SCALE) for row in table for v in row]
            return base64.b64encode(struct.pack(f"<{len(flat)}H", *flat)).decode()

        doc = {
            "depth": self.depth,
            "tables": {
                n: {str(state): pack(table) for state, table in t.items()}
                for n, t in sorted(self.tables.items())
            },
        }
        return json.dumps(doc, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> WinChances:
        doc = json.loads(text)
        depth = int(doc["depth"])
        size = depth + 1

        def unpack(data: str) -> list[list[float]]:
            flat = struct.unpack(f"<{size * size}H", base64.b64decode(data))
            return [[v / SCALE for v in flat[i * size : (i + 1) * size]] for i in range(size)]

        tables = {
            n: {int(state): unpack(data) for state, data in t.items()}
            for n, t in doc["tables"].items()
        }
        return cls(tables, depth)


def build(rounds: Sequence[RoundOutcome], depth: int = DEPTH) -> WinChances:
    """Solve the tables for every player count present in ``rounds``."""
    tables = {}
    for n in sorted({r.n_seats for r in rounds}):
        mine = [r for r in rounds if r.n_seats == n]
        tables[str(n)] = solve(pair_outcomes(mine), three_sides=n_sides(n) == 3, depth=depth)
    return WinChances(tables, depth)


@functools.cache
def load_win_chances() -> WinChances:
    """The tables shipped with the package."""
    text = resources.files("fiveup.bots").joinpath("data/win_chances.json").read_text()
    return WinChances.from_json(text)
