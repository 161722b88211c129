"""The collector of a serving process (fiveup.telemetry.collector): its startup heap frozen,
its young generation collected less often, every pause on /metrics."""

from __future__ import annotations

import gc
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from bench._server import ServerProcess
from fiveup.app.config import ServerConfig
from fiveup.telemetry.collector import (
    freeze_startup_heap,
    set_young_threshold,
    watch_pauses,
)


@pytest.fixture
def collector_state() -> Iterator[None]:
    """Whatever a test does to this process's collector is undone after it."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def _sample(name: str, generation: str) -> float:
    value = REGISTRY.get_sample_value(f"fiveup_gc_pause_seconds_{name}", {"generation": generation})
    return float(value or 0.0)


def test_freezing_takes_the_live_heap_out_of_later_collections(collector_state: None) -> None:
    alive = [[i] for i in range(5_000)]  # reachable: must survive and be frozen
    heap = freeze_startup_heap()
    assert heap.frozen_objects >= len(alive)
    assert gc.get_freeze_count() == heap.frozen_objects
    assert not any(o is alive for o in gc.get_objects())  # no generation holds it now
    assert alive[4_999] == [4_999]


def test_cyclic_garbage_made_after_the_freeze_is_still_collected(collector_state: None) -> None:
    freeze_startup_heap()

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a  # type: ignore[attr-defined]
    del a, b
    assert gc.collect() >= 2


def test_every_collection_is_timed_by_generation() -> None:
    watch_pauses()
    watch_pauses()  # once only: the second call adds no second timer
    assert sum(1 for cb in gc.callbacks if type(cb).__name__ == "_PauseTimer") == 1
    before = {g: (_sample("count", g), _sample("sum", g)) for g in ("0", "2")}
    gc.collect(0)
    gc.collect()
    for generation, (count, paused) in before.items():
        assert _sample("count", generation) >= count + 1, generation
        assert _sample("sum", generation) > paused, generation


def test_the_young_threshold_changes_only_the_young_generation(collector_state: None) -> None:
    _, older, oldest = gc.get_threshold()
    set_young_threshold(12_345)
    assert gc.get_threshold() == (12_345, older, oldest)
    with pytest.raises(ValueError, match="at least 1, not 0"):
        set_young_threshold(0)
    assert gc.get_threshold() == (12_345, older, oldest)


def test_a_threshold_that_would_turn_the_collector_off_is_refused() -> None:
    problems = ServerConfig(gc_young_threshold=0).problems()
    assert any("gc_young_threshold (0)" in p for p in problems), problems
    assert ServerConfig().problems() == []


def test_a_served_process_freezes_its_startup_and_reports_its_pauses() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        debug = {"FIVEUP_LOG_LEVEL": "DEBUG"}  # the freeze's figure is logged at DEBUG
        server = ServerProcess(Path(tmp), metrics=True, env=debug).start()
        try:
            assert server.metric_sum("fiveup_gc_pause_seconds_count") >= 1  # the freeze's own
            log = next(Path(tmp).glob("server-*.log")).read_text()
            assert "froze the startup heap" in log, log[-2000:]
        finally:
            server.stop()
        unfrozen = ServerProcess(
            Path(tmp), metrics=True, env={**debug, "FIVEUP_GC_FREEZE": "false"}
        )
        unfrozen.start()
        try:
            log = (Path(tmp) / f"server-{unfrozen.port}.log").read_text()
            assert "froze the startup heap" not in log
        finally:
            unfrozen.stop()
