#!/usr/bin/env bash
# Regenerate the upgrade fixtures (tests/data/upgrade/): databases written by a RELEASED
# server, which tests/store/test_upgrade.py opens with the current code.
#
#   scripts/make_upgrade_fixture.sh [RELEASE [NAME]]   (defaults: the release below, "release")
#
# Checks RELEASE out in a throwaway worktree, installs its runtime in the worktree's own
# .venv (`make` of the serve install: the Cython core and its stubs), and runs
# scripts/make_upgrade_fixture.py (this checkout's) with that interpreter, so the rows are
# the release's own, written through its gRPC API:
#   NAME.sqlite3 (+ .json manifest)      SQLite, its WAL folded in, repacked in 1 KiB pages
#                                        (the file format's page size only: the rows are
#                                        the release's) to stay small
#   NAME.pg.sql (+ .pg.json)             PostgreSQL, a plain `pg_dump --no-owner --inserts`
#                                        (no COPY blocks: the tests load it with psycopg)
# Needs PostgreSQL at $FIVEUP_TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/postgres)
# and pg_dump.  RELEASE_TREE=DIR uses a checkout of RELEASE already built there instead.
# After a release, point RELEASE at it and run this before the next schema
# change lands, so the tests keep opening what production has.
set -euo pipefail

RELEASE="${1:-8a10796ceeb5bb3971bebfbd9798d8b94af1e67a}"
NAME="${2:-release}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/tests/data/upgrade"
MAINTENANCE="${FIVEUP_TEST_POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
commit="$(git -C "$ROOT" rev-parse "${RELEASE}^{commit}")"
work="$(mktemp -d)"
tree="${RELEASE_TREE:-$work/release}"
db_name="fiveup_upgrade_fixture_$$"

cleanup() {
    psql "$MAINTENANCE" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" >/dev/null 2>&1 || true
    [[ -n "${RELEASE_TREE:-}" ]] || git -C "$ROOT" worktree remove --force "$tree" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

if [[ -n "${RELEASE_TREE:-}" ]]; then
    [[ "$(git -C "$tree" rev-parse HEAD)" == "$commit" ]] || { echo "$tree is not at $commit" >&2; exit 1; }
else
    git -C "$ROOT" worktree add --detach "$tree" "$commit" >/dev/null
fi
(cd "$tree" && make .venv/.fiveup-serve >/dev/null)
py="$tree/.venv/bin/python"
gen="$ROOT/scripts/make_upgrade_fixture.py"
mkdir -p "$OUT"

# SQLite
"$py" "$gen" --db "$work/$NAME.sqlite3" --manifest "$work/$NAME.sqlite3.json" --release "$commit"
"$py" - "$work/$NAME.sqlite3" <<'EOF'
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
conn.execute("PRAGMA journal_mode=DELETE")
conn.execute("PRAGMA page_size=1024")
conn.execute("VACUUM")
conn.execute("PRAGMA journal_mode=WAL")  # as the release left it
conn.close()
EOF
cp "$work/$NAME.sqlite3" "$work/$NAME.sqlite3.json" "$OUT/"

# PostgreSQL
psql "$MAINTENANCE" -qc "CREATE DATABASE $db_name" >/dev/null
url="${MAINTENANCE%/*}/$db_name"
"$py" "$gen" --db "$url" --manifest "$OUT/$NAME.pg.json" --release "$commit"
pg_dump --no-owner --no-privileges --inserts "$url" > "$OUT/$NAME.pg.sql"

ls -l "$OUT"
