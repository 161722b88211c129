#!/usr/bin/env bash
# Regenerate the upgrade fixtures (tests/data/upgrade/): databases written by the last
# RELEASED server, which tests/store/test_upgrade.py opens with the current code.
#
#   scripts/make_upgrade_fixture.sh [RELEASE]     (default: the release below)
#
# Checks RELEASE out in a throwaway worktree, builds it there (`make build`: its own .venv,
# Cython core and stubs), and runs scripts/make_upgrade_fixture.py (this checkout's) with
# that build's interpreter, so every row is the release's own, written through its gRPC API:
#   release.sqlite3 (+ release.sqlite3.json)  SQLite, its WAL folded in, repacked in 1 KiB
#                                             pages (the file's page size only: the rows
#                                             are the release's) to stay small
#   release.pg.sql (+ release.pg.json)        PostgreSQL, a plain
#                                             `pg_dump --no-owner --no-privileges --inserts`
#                                             of a scratch database (created and dropped
#                                             here; no COPY blocks: the tests load it
#                                             with psycopg)
# The .json beside each is the generator's manifest: match ids, which finished, and the
# people's seat tokens (the store keeps only their hashes).
# Needs PostgreSQL at $FIVEUP_TEST_POSTGRES_URL (default
# postgresql://postgres@127.0.0.1:5432/postgres) and pg_dump.  RELEASE_TREE=DIR uses a
# checkout of RELEASE already built there instead of a new worktree.
# After each release: run this with the new release, commit the files, and only then land
# the next schema change, so the tests keep opening what production has.
set -euo pipefail

RELEASE="${1:-82e8198486b8aafd493a2888f0f95d114771ae67}"
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
(cd "$tree" && make build >/dev/null)
py="$tree/.venv/bin/python"
gen="$ROOT/scripts/make_upgrade_fixture.py"
mkdir -p "$OUT"

# SQLite
"$py" "$gen" --db "$work/release.sqlite3" --manifest "$work/release.sqlite3.json" --release "$commit"
"$py" - "$work/release.sqlite3" <<'EOF'
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
conn.execute("PRAGMA journal_mode=DELETE")
conn.execute("PRAGMA page_size=1024")
conn.execute("VACUUM")
conn.execute("PRAGMA journal_mode=WAL")  # as the release left it
conn.close()
EOF
cp "$work/release.sqlite3" "$work/release.sqlite3.json" "$OUT/"

# PostgreSQL
psql "$MAINTENANCE" -qc "CREATE DATABASE $db_name" >/dev/null
url="${MAINTENANCE%/*}/$db_name"
"$py" "$gen" --db "$url" --manifest "$OUT/release.pg.json" --release "$commit"
pg_dump --no-owner --no-privileges --inserts "$url" > "$OUT/release.pg.sql"

ls -l "$OUT"
