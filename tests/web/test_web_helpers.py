"""The web app's pure helpers, run in Node (bundled with esbuild, as the app is):

* a correspondence deadline in words (clients/web/src/app/deadline.ts: the "My matches"
  list and the table's status line both use it) at its boundaries, in English and Hindi:
  overdue at zero, "under a minute", minutes rounded down, hours and minutes under a day,
  a day and its hours, then days only (clients/web/test/deadline.test.mjs);
* where a notification leads (clients/web/src/notify/payload.ts): an invitation to the
  table's join page (the invitee takes a seat as themself), every other notice to the
  player's table (clients/web/test/payload.test.mjs);
* placements in a player's words (clients/web/src/table/moves.ts): a spinner's points
  named "end" and "side", never the engine's "chain A", and the placements a player
  cannot tell apart (a lone lead double's two ends) offered once
  (clients/web/test/moves.test.mjs)."""

from __future__ import annotations

import os
import subprocess

import pytest

from ..clients.conftest import CLIENTS_DIR, ensure_clients_built


@pytest.mark.parametrize("script", ["deadline.test.mjs", "payload.test.mjs", "moves.test.mjs"])
def test_the_web_helpers_in_node(script: str) -> None:
    tools = ensure_clients_built()
    done = subprocess.run(
        [tools["node"], "--test", "--test-reporter=spec", f"test/{script}"],
        cwd=CLIENTS_DIR / "web", env=dict(os.environ, NO_COLOR="1"), capture_output=True,
        text=True, timeout=120,
    )  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-5000:]
    assert "pass 2" in output and "fail 0" in output, output[-3000:]
