#!/usr/bin/env bash
# Build the TypeScript side (clients/): `npm ci` when node_modules does not come from the
# committed lockfile, then the SDK (buf generate + protoc-gen-es + tsc; nothing generated
# is committed), the web app's static bundle (clients/web/dist) and the operators'
# console's (clients/console/dist, served at /console/).  `make web` runs it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../clients"
if ! command -v npm >/dev/null 2>&1; then
  echo "build-clients: npm not found: the web client needs Node.js >= 20 with npm" >&2
  exit 1
fi
wanted="$(cat package-lock.json package.json sdk/package.json node/package.json web/package.json \
  console/package.json | sha256sum | cut -d' ' -f1)"
stamp=node_modules/.fiveup-ci.sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  npm ci --ignore-scripts --no-audit --no-fund
  echo "$wanted" > "$stamp"
fi
# Rebuild only when a source changed (make run starts in seconds otherwise): the hash
# of every input of the SDK and the two bundles -- the protos, the sources, the configs,
# the lockfile -- against the one the last good build left; FORCE=1 builds anyway.
sources="$(find ../protos sdk web console package-lock.json -type f \
  -not -path '*/node_modules/*' -not -path '*/dist/*' -not -path 'sdk/src/gen/*' \
  -not -path 'web/test/*' -not -path 'console/test/*' 2>/dev/null | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)"
built=web/dist/.sources.sha256
if [ "${FORCE:-0}" != 1 ] && [ -f "$built" ] && [ "$(cat "$built")" = "$sources" ] \
  && [ -f sdk/dist/index.js ] && [ -f console/dist/index.html ]; then
  echo "build-clients: sources unchanged since the last build (FORCE=1 rebuilds)"
  exit 0
fi
npm run --silent build --workspace @fiveup/sdk
npm run --silent build --workspace fiveup-web
npm run --silent build --workspace fiveup-console
echo "$sources" > "$built"
