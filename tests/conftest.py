"""Shared fixtures.  Core tests take ``layout_cls`` and run once per implementation."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

import fiveup_core

from .rated_play import RELAXED_RATED_PLAY
from .service.receivers import PushService, WebhookReceiver

for _name, _value in RELAXED_RATED_PLAY.items():  # for the servers tests start as programs
    os.environ.setdefault(f"FIVEUP_{_name.upper()}", str(_value))
# Servers the tests start (`fiveup serve` subprocesses inherit this) play their bots at
# once: the pace for people (bot_delay, on by default) would only make the suite slower.
os.environ.setdefault("FIVEUP_BOT_DELAY", "0")

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
RULES_DATA = TESTS / "data"

# The long tests, by path under tests/: marked ``slow`` so that ``make test-fast`` (``-m 'not
# slow'``) leaves them out; ``make test`` runs them.  Browsers drive the whole stack, the
# benchmarks' smoke runs start their own servers and bots, the native clients and the wheel
# are compiled, and the deploy checks install and run checkov.  (test_bench_full_start.py
# marks its full-size starts itself: its check of the Makefile's list is quick.)
SLOW = (
    "web/*",
    "test_bench_*_smoke.py",
    "bots/test_bench_*.py",
    "clients/test_native_clients.py",
    "deploy/*",
    "test_make_run.py",
)
# the web app's and the console's message tables, read as text
NOT_SLOW = ("web/test_web_text.py", "web/test_console_text.py")


def _require_compiled() -> bool:
    return (
        os.environ.get("CI", "").lower() == "true" or os.environ.get("FIVEUP_REQUIRE_CYTHON") == "1"
    )


def pytest_report_header(config: pytest.Config) -> str:
    return f"fiveup_core: active={fiveup_core.IMPLEMENTATION} available={sorted(fiveup_core.IMPLEMENTATIONS)}"


def pytest_sessionstart(session: pytest.Session) -> None:
    if _require_compiled() and fiveup_core.CoreLayout is None:
        raise pytest.UsageError(
            "CI requires the compiled Cython core, but fiveup_core._core is missing"
        )
    from fiveup_core import playout

    if _require_compiled() and playout._compiled is None:
        raise pytest.UsageError(
            "CI requires the compiled play-outs, but fiveup_core._playout is missing"
        )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        where = item.path.relative_to(TESTS).as_posix()
        if any(fnmatch(where, p) for p in SLOW) and not any(fnmatch(where, p) for p in NOT_SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(params=["python", "cython"])
def layout_cls(request: pytest.FixtureRequest) -> type:
    impl = fiveup_core.IMPLEMENTATIONS.get(request.param)
    if impl is None:
        pytest.skip("Cython core not built (run `make build`)")
    return impl


def load_seed_examples() -> dict[str, Any]:
    """The worked examples of the rules (docs/rules.md shows them as tables)."""
    return json.loads((RULES_DATA / "seed-examples.json").read_text())


# Loopback stand-ins for what the server sends to (tests/service/receivers.py): the app
# backend's webhook and a browser push service, for any test that needs one.
@pytest.fixture
async def hooks() -> AsyncIterator[WebhookReceiver]:
    receiver = await WebhookReceiver().start()
    try:
        yield receiver
    finally:
        await receiver.close()


@pytest.fixture
async def pushes() -> AsyncIterator[PushService]:
    service = await PushService().start()
    try:
        yield service
    finally:
        await service.close()
