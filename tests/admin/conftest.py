"""AdminService tests' fixtures; their servers come from tests/harness.py, their
operator and player tokens from tests/admin/operators.py."""

from __future__ import annotations

from ..harness import server_fixture

# a server over a fresh SQLite file of its own, for each test that asks for ``server``
server = server_fixture()
