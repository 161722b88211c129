"""A correspondence deadline in words (clients/web/src/app/deadline.ts: the "My matches"
list and the table's status line both use it) at its boundaries, in English and Hindi:
overdue at zero, "under a minute", minutes rounded down, hours and minutes under a day,
a day and its hours, then days only.  clients/web/test/deadline.test.mjs runs it in Node
(bundled with esbuild, as the app is)."""

from __future__ import annotations

import os
import subprocess

from ..clients.conftest import CLIENTS_DIR, ensure_clients_built


def test_deadline_words_at_each_boundary() -> None:
    tools = ensure_clients_built()
    done = subprocess.run(
        [tools["node"], "--test", "--test-reporter=spec", "test/deadline.test.mjs"],
        cwd=CLIENTS_DIR / "web", env=dict(os.environ, NO_COLOR="1"), capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-5000:]
    assert "pass 2" in output and "fail 0" in output, output[-3000:]
