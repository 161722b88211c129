"""Benchmark: the compiled rules core against its pure-Python twin, on the same positions.

    .venv/bin/python -m bench.core [--positions N] [--repeats R] [--seed S] [--smoke]

Builds N random positions by legal play (3..20 tiles on the table, a random 5-tile hand
of unplayed tiles and one legal placement each), checks that both implementations give
the same answers on them, then times, per implementation, one pass over all positions of:

* ``legal_moves(hand)``   the legal placements of the hand,
* ``end_sum()``           the count,
* ``copy()`` + ``place``  a placement on a copy (what a search does),
* ``score_if``            a placement's score without placing.

Each figure is the best of R passes (``time.perf_counter``, GC off while timing).  It
prints per-operation rates and ratios, the combined ratio (all four operations once per
position: total twin time / total compiled time) and, last, ``RESULT core_speedup=<x>``.
``--smoke`` uses tiny sizes so the test suite can run it in well under two seconds.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import fiveup_core
from fiveup_core import ALL_TILES, Placement


@dataclass(frozen=True)
class Position:
    data: bytes  # the layout, compact encoding
    hand: list[tuple[int, int]]
    move: Placement  # one legal placement on it


def build_positions(n: int, seed: int, layout_cls: Any) -> list[Position]:
    """Random positions reached by legal play, reproducible from ``seed``."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        target = rng.randint(3, 20)
        layout = layout_cls()
        while len(layout) < target:
            moves = layout.legal_moves([t for t in ALL_TILES if t not in layout])
            if not moves:
                break  # blocked before the target: use what we have if big enough
            layout.place(*rng.choice(moves))
        if len(layout) < 3:
            continue
        unplayed = [t for t in ALL_TILES if t not in layout]
        hand = rng.sample(unplayed, min(5, len(unplayed)))
        moves = layout.legal_moves(hand) or layout.legal_moves(unplayed)
        if not moves:
            continue
        out.append(Position(layout.to_bytes(), hand, rng.choice(moves)))
    return out


Op = Callable[[Sequence[Any]], None]


def op_legal_moves(items: Sequence[Any]) -> None:
    for layout, hand, _tile, _on in items:
        layout.legal_moves(hand)


def op_end_sum(items: Sequence[Any]) -> None:
    for layout, _hand, _tile, _on in items:
        layout.end_sum()


def op_copy_place(items: Sequence[Any]) -> None:
    for layout, _hand, tile, on in items:
        layout.copy().place(tile, on)


def op_score_if(items: Sequence[Any]) -> None:
    for layout, _hand, tile, on in items:
        layout.score_if(tile, on)


OPS: list[tuple[str, Op]] = [
    ("legal_moves(hand)", op_legal_moves),
    ("end_sum()", op_end_sum),
    ("copy()+place()", op_copy_place),
    ("score_if()", op_score_if),
]


def best_time(op: Op, items: Sequence[Any], repeats: int) -> float:
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            start = time.perf_counter()
            op(items)
            best = min(best, time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best


def check_agreement(
    positions: Sequence[Position], py_items: list[Any], cy_items: list[Any]
) -> None:
    """The figures only mean something if both implementations answer the same."""
    for pos, (pl, hand, tile, on), (cl, _h, _t, _o) in zip(
        positions, py_items, cy_items, strict=True
    ):
        assert pl.to_bytes() == cl.to_bytes() == pos.data
        assert pl.legal_moves(hand) == cl.legal_moves(hand)
        assert pl.end_sum() == cl.end_sum()
        assert pl.score_if(tile, on) == cl.score_if(tile, on) == pl.copy().place(tile, on)
        assert cl.copy().place(tile, on) == pl.score_if(tile, on)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.core", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, for the test suite")
    args = parser.parse_args(argv)
    if args.smoke:
        args.positions, args.repeats = 40, 2

    py_cls = fiveup_core.PureLayout
    cy_cls = fiveup_core.CoreLayout
    if cy_cls is None:
        print("the Cython core is not built: run `make build`", file=sys.stderr)
        return 2

    positions = build_positions(args.positions, args.seed, cy_cls)
    py_items = [(py_cls.from_bytes(p.data), p.hand, p.move.tile, p.move.on) for p in positions]
    cy_items = [(cy_cls.from_bytes(p.data), p.hand, p.move.tile, p.move.on) for p in positions]
    check_agreement(positions, py_items, cy_items)

    sizes = [len(p.data) // 2 for p in positions]
    print(
        f"fiveup_core benchmark: {len(positions)} positions ({min(sizes)}..{max(sizes)} tiles, "
        f"mean {sum(sizes) / len(sizes):.1f}; 5-tile hands), seed {args.seed}, "
        f"best of {args.repeats}"
    )
    print(f"{'operation':<20} {'python ops/s':>14} {'cython ops/s':>14} {'speedup':>9}")
    total_py = total_cy = 0.0
    n = len(positions)
    for name, op in OPS:
        t_py = best_time(op, py_items, args.repeats)
        t_cy = best_time(op, cy_items, args.repeats)
        total_py += t_py
        total_cy += t_cy
        print(f"{name:<20} {n / t_py:>14,.0f} {n / t_cy:>14,.0f} {t_py / t_cy:>8.1f}x")
    combined = total_py / total_cy
    print(
        f"{'combined':<20} {4 * n / total_py:>14,.0f} {4 * n / total_cy:>14,.0f} {combined:>8.1f}x"
        "   (all four ops once per position)"
    )
    print(f"RESULT core_speedup={combined:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
