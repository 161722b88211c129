"""The ``expert`` bot: determinized Monte Carlo over the tiles it cannot see.

For each decision with more than one distinct choice:

1. ``inference.infer`` works out what the seat knows: its hand, the layout, how many
   tiles each other player holds, the boneyard size, and which pips each player has been
   shown not to hold (they drew or passed while those pips were open).
2. ``inference.sample_deal`` draws a deal of the unseen tiles to the other hands and the
   boneyard that is consistent with all of that.
3. Every candidate placement is tried on the same deals (common random numbers), and the
   rest of the round is played out with greedy play for everyone (the same rule as the
   ``greedy`` bot), down to the reckoning.
4. A candidate's value on one deal is its side's net raw points for the rest of the round
   (points scored, minus the reckoning of its own hand and, in a partnership, the
   partner's) minus the average net of the other sides, plus a small bonus for the side
   that goes out (it leads the next round).  The candidate with the best average wins.

The budget is a number of sampled deals (deterministic for a given RNG); an optional
wall-clock limit can cut it short for live play.  Placements that are equivalent for the
rules (same tile, same pip, same kind of connection point) are evaluated once.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from fiveup.engine.actions import Action, Place
from fiveup.engine.scoring import n_sides, side_of
from fiveup.engine.views import MatchView
from fiveup_core.abstract import JOINS, PIPS, RECKON, AbstractLayout, point_kind, tile_of

from .base import SHED_KEY, check_view
from .inference import Knowledge, infer, sample_deal

DEFAULT_SAMPLES = 32


class ExpertBot:
    """Determinized Monte Carlo with greedy play-outs (see the module docstring).

    ``samples`` deals are drawn per decision; ``max_seconds`` (None: no limit, which keeps
    a seeded game reproducible) stops sampling early once that much time has passed;
    ``out_bonus`` is the raw-point value of going out (leading the next round)."""

    kind = "expert"

    def __init__(
        self,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        max_seconds: float | None = None,
        out_bonus: float = 5.0,
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be >= 1")
        self.rng = rng
        self.samples = samples
        self.max_seconds = max_seconds
        self.out_bonus = out_bonus
        self.last_values: list[tuple[Action, float]] = []  # for tests and curiosity

    def choose(self, view: MatchView) -> Action:
        actions = check_view(view).legal_actions
        self.last_values = []
        if len(actions) == 1:
            return actions[0]
        candidates: dict[tuple[int, int, int], Place] = {}
        for action in actions:
            if isinstance(action, Place):
                key = (tile_of(action.tile), *point_kind(action.on))
                candidates.setdefault(key, action)
        if len(candidates) == 1:
            return next(iter(candidates.values()))
        know = infer(view)
        keys = list(candidates)
        values = self.evaluate(know, keys)
        best = max(range(len(keys)), key=lambda i: values[i])
        self.last_values = [(candidates[k], v) for k, v in zip(keys, values, strict=True)]
        return candidates[keys[best]]

    def evaluate(self, know: Knowledge, keys: list[tuple[int, int, int]]) -> list[float]:
        """Average value of each candidate (tile, kind, pip) over sampled deals."""
        return list(self.estimate(know, keys).values)

    def estimate(self, know: Knowledge, keys: list[tuple[int, int, int]]) -> Estimates:
        """Each candidate's average value (the margin the bot maximises) and its side's
        average net raw points, over sampled deals (see ``Estimates``)."""
        me, n = know.seat, know.n_seats
        sides = [side_of(s, n) for s in range(n)]
        my_side = sides[me]
        n_side = n_sides(n)
        others = n_side - 1
        bonus = self.out_bonus
        totals = [0.0] * len(keys)
        nets = [0.0] * len(keys)
        # immediate points do not depend on the deal
        immediate = []
        for t, kind, pip in keys:
            table = know.table.copy()
            immediate.append(table.place(t, kind, pip))
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        done = 0
        for _ in range(self.samples):
            hands, boneyard = sample_deal(know, self.rng)
            for ci, (t, kind, pip) in enumerate(keys):
                table = know.table.copy()
                table.place(t, kind, pip)
                hs = [h[:] for h in hands]
                hs[me].remove(t)
                if hs[me]:
                    net, winner = play_out(table, hs, boneyard[:], (me + 1) % n)
                else:
                    net = [-RECKON[sum(PIPS[x] for x in h)] for h in hs]
                    winner = me
                net[me] += immediate[ci]
                side_net = [0] * n_side
                for s in range(n):
                    side_net[sides[s]] += net[s]
                mine = side_net[my_side]
                value = mine - (sum(side_net) - mine) / others
                if winner is not None:
                    value += bonus if sides[winner] == my_side else -bonus / others
                totals[ci] += value
                nets[ci] += mine
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return Estimates(
            tuple(v / done for v in totals), tuple(v / done for v in nets), samples=done
        )


@dataclass(frozen=True, slots=True)
class Estimates:
    """What ``ExpertBot.estimate`` found, per candidate, in raw points over the rest of
    the round: ``values`` is the margin the bot maximises (its side's net minus the other
    sides' average, plus ``out_bonus`` for going out first, minus a share of it when
    another side does); ``side_nets`` is its side's net alone (points scored, the
    candidate's included, minus the reckoning of its side's hands).  ``samples``: how
    many deals were drawn (fewer than the budget when the clock cut it short)."""

    values: tuple[float, ...]
    side_nets: tuple[float, ...]
    samples: int


def greedy_move(tiles: list[int], table: AbstractLayout) -> tuple[int, int, int, int] | None:
    """The greedy placement among ``tiles`` on ``table``: (tile, kind, pip, points)."""
    nd, ch, br, s = table.nd, table.ch, table.br, table.end_sum
    best_key = -1
    best: tuple[int, int, int, int] | None = None
    for t in tiles:
        shed = SHED_KEY[t]
        for p, q in JOINS[t]:
            add = 2 * p if q < 0 else q
            if nd[p]:
                v = s - p + add
                pts = v if v > 0 and v % 5 == 0 else 0
                if pts * 64 + shed > best_key:
                    best_key, best = pts * 64 + shed, (t, 0, p, pts)
            c = ch[p]
            if c:
                v = s - (2 * p if c == 1 else 0) + add
                pts = v if v > 0 and v % 5 == 0 else 0
                if pts * 64 + shed > best_key:
                    best_key, best = pts * 64 + shed, (t, 1, p, pts)
            if br[p]:
                v = s + add
                pts = v if v > 0 and v % 5 == 0 else 0
                if pts * 64 + shed > best_key:
                    best_key, best = pts * 64 + shed, (t, 2, p, pts)
    return best


def play_out(
    table: AbstractLayout, hands: list[list[int]], boneyard: list[int], turn: int
) -> tuple[list[int], int | None]:
    """Play the rest of a round greedily from ``turn`` (mutating every argument).

    Returns each seat's net raw points for the rest of the round (points scored minus the
    reckoning of the hand it is left with) and the seat that went out (None: blocked).
    The boneyard is drawn from its end."""
    n = len(hands)
    net = [0] * n
    passes = 0
    while True:
        hand = hands[turn]
        move = greedy_move(hand, table)
        if move is None:
            while boneyard:
                drawn = boneyard.pop()
                move = greedy_move([drawn], table)
                if move is not None:
                    break
                hand.append(drawn)
            if move is None:
                passes += 1
                if passes >= n:
                    break  # blocked: nobody can place and the boneyard is empty
                turn = (turn + 1) % n
                continue
        else:
            hand.remove(move[0])
        t, kind, pip, _ = move
        net[turn] += table.place(t, kind, pip)
        passes = 0
        if not hand:
            for s in range(n):
                net[s] -= RECKON[sum(PIPS[x] for x in hands[s])]
            return net, turn
        turn = (turn + 1) % n
    for s in range(n):
        net[s] -= RECKON[sum(PIPS[x] for x in hands[s])]
    return net, None
