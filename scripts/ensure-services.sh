#!/usr/bin/env bash
# Start the local services the test-suite talks to, if they are installed and not running.
# PostgreSQL backs the multi-replica store tests; without it those tests skip (or fail
# under CI=true, where they must run).
set -u
pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
if command -v pg_isready >/dev/null 2>&1 && ! pg_up; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$version" ]; then
      echo "starting PostgreSQL $version"
      pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    fi
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if pg_up 2>/dev/null; then echo "PostgreSQL: up on 127.0.0.1:5432"; else echo "PostgreSQL: not available"; fi
exit 0
