"""The server code of another git revision, for a benchmark's before-and-after in one run.

``code_at(rev)`` exports ``service/`` of revision ``rev`` of this checkout into a
temporary folder and answers the ``PYTHONPATH`` that makes ``fiveup serve`` run that code
(``ServerProcess(env={"PYTHONPATH": ...})``): the exported service first, then this
checkout's ``core_ext`` (the compiled rules core) and root.  The generated stubs
(``service/fiveup/v1``, never committed) are this checkout's too, so the revision must
have the same protos; a difference in the rules core is not seen either.  That is what a
change to the server's own Python code needs: the same load, the same machine, the same
minutes, both sides.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def short(rev: str) -> str:
    """The revision as git abbreviates it (what a configuration's name carries)."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return found.stdout.strip()


@contextlib.contextmanager
def code_at(rev: str) -> Iterator[str]:
    """A ``PYTHONPATH`` running the server code of ``rev`` (see the module's docstring);
    the export is removed after."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "service"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="fiveup-baseline-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        stubs = ROOT / "service" / "fiveup" / "v1"
        shutil.copytree(stubs, Path(tmp) / "service" / "fiveup" / "v1", dirs_exist_ok=True)
        yield os.pathsep.join((str(Path(tmp) / "service"), str(ROOT / "core_ext"), str(ROOT)))
