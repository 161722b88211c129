"""The databases the last released server wrote (tests/data/upgrade/, made by
scripts/make_upgrade_fixture.sh through that release's own gRPC API), copied or loaded
fresh for each test: the SQLite file copied into the test's folder, the PostgreSQL dump
loaded into a new database.  The committed files are never opened in place."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..postgres_db import fresh_database

DATA = Path(__file__).resolve().parent.parent / "data" / "upgrade"
SQLITE_FILE = DATA / "release.sqlite3"
PG_DUMP = DATA / "release.pg.sql"
MANIFESTS = {"sqlite": DATA / "release.sqlite3.json", "postgres": DATA / "release.pg.json"}


@dataclass(frozen=True)
class OldMatch:
    """One match the release made, as its generator recorded it."""

    name: str
    match_id: str
    seats: int
    finished: bool
    seat_tokens: dict[int, str]  # the people's seats the release handed a token for


@dataclass(frozen=True)
class Release:
    """A copy of a release's database (its URL) and what the release put in it."""

    url: str
    commit: str
    matches: tuple[OldMatch, ...]

    def named(self, name: str) -> OldMatch:
        (found,) = [m for m in self.matches if m.name == name]
        return found

    @property
    def finished(self) -> tuple[OldMatch, ...]:
        return tuple(m for m in self.matches if m.finished)

    @property
    def unfinished(self) -> tuple[OldMatch, ...]:
        return tuple(m for m in self.matches if not m.finished)


def manifest(backend: str, url: str) -> Release:
    """What the release's generator made in the ``backend`` fixture; ``url``: a copy."""
    raw: dict[str, Any] = json.loads(MANIFESTS[backend].read_text())
    matches = tuple(
        OldMatch(
            name,
            m["match_id"],
            m["seats"],
            m["finished"],
            {int(seat): token for seat, token in m["seat_tokens"].items()},
        )
        for name, m in sorted(raw["matches"].items())
    )
    return Release(url, raw["release"], matches)


def dump_statements(dump: str) -> str:
    """The dump without psql's own commands (``\\restrict`` and the like, which only psql
    understands): plain SQL one simple-query round trip can run."""
    return "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))


@contextmanager
def release_database(backend: str, folder: Path) -> Iterator[Release]:
    """A fresh copy of the release's database of ``backend``."""
    if backend == "sqlite":
        copy = folder / "release.sqlite3"
        shutil.copyfile(SQLITE_FILE, copy)
        yield manifest(backend, str(copy))
        return
    import psycopg

    with fresh_database("fiveup_upgrade") as url:
        # Its own connection: the dump empties search_path for the session it runs in.
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(dump_statements(PG_DUMP.read_text()).encode())
        yield manifest(backend, url)
