#!/usr/bin/env bash
# Start the local services the test-suite talks to, if they are installed and not running.
# PostgreSQL backs the multi-replica store tests, NATS the bus tests (tests/bus); without
# them those tests skip (or fail under CI=true, where they must run).
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

# NATS (Debian's nats-server) with JetStream, as a background daemon on 127.0.0.1:4222.
nats_up() { (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; }
NATS=$(command -v nats-server || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; } || true)
if [ -n "$NATS" ] && ! nats_up; then
  echo "starting NATS"
  store=/var/lib/nats-server log=/var/log/nats-server.log
  if ! { mkdir -p "$store" && touch "$log"; } 2>/dev/null; then  # not root: the user's own
    store="${TMPDIR:-/tmp}/fiveup-nats" log="${TMPDIR:-/tmp}/fiveup-nats.log"
    mkdir -p "$store"
  fi
  if command -v start-stop-daemon >/dev/null 2>&1; then
    start-stop-daemon --start --oknodo --background --make-pidfile \
      --pidfile "$store/fiveup-nats.pid" --exec "$NATS" -- \
      -a 127.0.0.1 -p 4222 -js -sd "$store" -l "$log" || true
  else
    nohup "$NATS" -a 127.0.0.1 -p 4222 -js -sd "$store" -l "$log" >/dev/null 2>&1 &
  fi
  for _ in $(seq 1 30); do nats_up && break; sleep 1; done
fi
if nats_up; then echo "NATS: up on 127.0.0.1:4222"; else echo "NATS: not available"; fi
exit 0
