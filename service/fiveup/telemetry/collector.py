"""The garbage collector of a serving process: its pauses measured, its startup heap frozen.

CPython's cyclic collector stops the event loop while it runs, and a full (generation 2)
collection walks every tracked object the process holds.  A ``fiveup serve`` process holds
some 85,000 of them before its first call -- modules, protobuf descriptors, gRPC's and
the stores' machinery, none of which ever becomes garbage -- and walking them is most of
what a full collection of a busy replica costs (docs/performance.md, "The collector").
Every call and every stream event in flight waits that long.

``freeze_startup_heap`` collects once and moves what survives into the permanent
generation (``gc.freeze``), where no later collection looks: the live matches and
players that remain to be walked are the replica's real working set.  Nothing is lost:
frozen objects are the ones that were reachable at startup, and objects created after
it are collected as before.

``set_young_threshold`` collects the young generation less often than Python's default,
so fewer call objects still in flight are promoted to the generations that are walked
again and again.

``watch_pauses`` times every collection (``gc.callbacks``) into

    fiveup_gc_pause_seconds{generation}   (histogram; generation 0, 1 or 2)

so an operator sees the pauses that p99 latency hides among the calls; with
``fiveup_event_loop_lag_seconds`` (``fiveup.telemetry.runtime``) it tells whether the loop is
late because of the collector or because of work.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import Any

from prometheus_client import Histogram

GC_PAUSE = Histogram(
    "fiveup_gc_pause_seconds",
    "How long each garbage collection stopped the process, by generation.",
    ["generation"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
GENERATIONS = ("0", "1", "2")


@dataclass(frozen=True, slots=True)
class FrozenHeap:
    """What ``freeze_startup_heap`` did: the objects it moved out of the collector's way,
    and how long the last full collection that still walked them took."""

    frozen_objects: int
    full_collection_seconds: float


def freeze_startup_heap() -> FrozenHeap:
    """Collect the startup garbage, then freeze what survives.  Call it once the process
    has started serving (every import done, the stores open), before the load comes."""
    started = time.perf_counter()
    gc.collect()
    took = time.perf_counter() - started
    gc.freeze()
    return FrozenHeap(gc.get_freeze_count(), took)


def set_young_threshold(allocations: int) -> None:
    """Collect the young generation every ``allocations`` net allocations of tracked
    objects (the older generations' thresholds unchanged).  Python's 700 suits a
    script; a server allocating request and response objects by the thousand a second
    collects every few milliseconds with it, and every call object alive at that instant
    survives into an older generation that later collections walk again."""
    if allocations < 1:
        raise ValueError(f"a young-generation threshold must be at least 1, not {allocations}")
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(allocations, older, oldest)


class _PauseTimer:
    """The ``gc.callbacks`` entry: the start of a collection, then its end, on the thread
    that triggered it (collections never overlap: the collector holds the GIL)."""

    def __init__(self) -> None:
        self._started = 0.0
        self._children = {g: GC_PAUSE.labels(g) for g in GENERATIONS}

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started:
            self._children[str(info["generation"])].observe(time.perf_counter() - self._started)
            self._started = 0.0


_TIMER = _PauseTimer()


def watch_pauses() -> None:
    """Time every collection of this process from now on (once: repeated calls add
    nothing)."""
    if _TIMER not in gc.callbacks:
        gc.callbacks.append(_TIMER)
