#!/usr/bin/env bash
# Build the TypeScript side (clients/): `npm ci` when node_modules does not come from the
# committed lockfile, then the SDK (buf generate + protoc-gen-es + tsc; nothing generated
# is committed) and the web app's static bundle (clients/web/dist).  `make web` runs it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../clients"
if ! command -v npm >/dev/null 2>&1; then
  echo "build-clients: npm not found: the web client needs Node.js >= 20 with npm" >&2
  exit 1
fi
wanted="$(cat package-lock.json package.json sdk/package.json node/package.json web/package.json | sha256sum | cut -d' ' -f1)"
stamp=node_modules/.fiveup-ci.sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  npm ci --ignore-scripts --no-audit --no-fund
  echo "$wanted" > "$stamp"
fi
npm run --silent build --workspace @fiveup/sdk
npm run --silent build --workspace fiveup-web
