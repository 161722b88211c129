"""The tests start their in-process servers in one place, tests/harness.py.

Its defaults isolate each server (a free port, a database of the test's own, the suite's
settings); a test module that called ``create_server`` itself would choose its own, and a
server shared by tests is how failures seen only on a loaded CI machine came about (a
leaderboard counted other modules' matches).  An ``ast`` walk finds every call of
``create_server`` under tests/; only the harness and the listed files, whose subject is
that call itself, may make one.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
HARNESS = "harness.py"
# file (under tests/) -> why it calls create_server itself
OWN_CALL = {
    "security/test_stream_caps.py": "create_server's refusal of a bad stream cap, and its "
    "probe port while the server drains, are what it tests",
}


def calls_create_server(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "create_server":
                return True
    return False


def test_only_the_harness_starts_servers_in_process() -> None:
    callers = {
        path.relative_to(TESTS).as_posix()
        for path in TESTS.rglob("*.py")
        if calls_create_server(path)
    }
    assert HARNESS in callers, "the harness no longer starts servers: update this test"
    assert callers - {HARNESS} <= set(OWN_CALL), (
        f"start servers with tests/harness.py (start, serving, server_fixture), not "
        f"create_server: {sorted(callers - {HARNESS} - set(OWN_CALL))}"
    )


def test_every_listed_exception_still_calls_it() -> None:
    stale = [name for name in OWN_CALL if not calls_create_server(TESTS / name)]
    assert not stale, f"no longer call create_server (drop them from OWN_CALL): {stale}"
