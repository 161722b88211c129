"""The service tests' fixtures; their servers come from tests/harness.py."""

from __future__ import annotations

from ..harness import server_fixture

# a server over a fresh SQLite file of its own, for each test that asks for ``server``
server = server_fixture()
