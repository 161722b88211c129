"""No module of the service grows past 600 lines: past that a file has several jobs, and
its parts want names of their own (a store split by job, a use case split from its
streaming).  The protobuf stubs are generated, not written, and do not count."""

from __future__ import annotations

from pathlib import Path

SERVICE = Path(__file__).resolve().parents[2] / "service" / "fiveup"
MOST_LINES = 600


def test_no_service_module_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(SERVICE)): lines
        for path in SERVICE.rglob("*.py")
        if "v1" not in path.relative_to(SERVICE).parts
        and (lines := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert long == {}, f"split these by job: {long}"
