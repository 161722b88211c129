"""The local stack's signing key beside its database: made once (0600 in a 0700 folder),
kept by every later start, and refused with one line when others may read it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fiveup.identity.keys import (
    AccessTokenKeys,
    KeyConfigError,
    ensure_local_key,
    local_key_directory,
)

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_key_sits_beside_the_database(tmp_path: Path) -> None:
    assert local_key_directory(str(tmp_path / "fiveup.sqlite3")) == tmp_path / "fiveup.sqlite3.keys"
    assert local_key_directory("postgresql://postgres@127.0.0.1/fiveup") == Path(
        "fiveup-token-keys"
    )


def test_made_once_private_and_kept(tmp_path: Path) -> None:
    folder = tmp_path / "db.sqlite3.keys"
    assert ensure_local_key(folder) == folder
    key = folder / "local"
    assert (mode(folder), mode(key)) == (0o700, 0o600)
    first = key.read_bytes()
    ensure_local_key(folder)  # the next start: the same key, nothing else left behind
    assert key.read_bytes() == first and sorted(os.listdir(folder)) == ["local"]
    keys = AccessTokenKeys.from_directory(str(folder))
    assert keys.signing.kid == "local" and not keys.ephemeral_key


@pytest.mark.parametrize("bits", [0o640, 0o604, 0o620])
def test_a_key_others_may_read_or_write_is_refused(tmp_path: Path, bits: int) -> None:
    folder = ensure_local_key(tmp_path / "keys")
    (folder / "local").chmod(bits)
    with pytest.raises(KeyConfigError, match="chmod 600") as refused:
        ensure_local_key(folder)
    assert "\n" not in str(refused.value) and f"{bits:04o}" in str(refused.value)


def test_the_local_stack_refuses_it_in_one_line(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html>")
    db = tmp_path / "fiveup.sqlite3"
    folder = ensure_local_key(local_key_directory(str(db)))
    (folder / "local").chmod(0o644)
    env = {k: v for k, v in os.environ.items() if k != "FIVEUP_ACCESS_TOKEN_KEYS"}
    done = subprocess.run(
        [sys.executable, "-m", "fiveup.devstack.webstack", "--db", str(db), "--web-dir", str(web),
         "--port", "0", "--gateway-port", "0", "--address", "127.0.0.1:0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "chmod 600" in lines[0], done.stderr
    assert lines[0].startswith("fiveup.devstack.webstack: ") and "Traceback" not in done.stderr
