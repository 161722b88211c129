"""The service tests' fixtures; the server they start comes from tests/harness.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from ..harness import Running, start, stop


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Running]:
    running = await start(tmp_path / "matches.sqlite3")
    try:
        yield running
    finally:
        await stop(running)
