#!/usr/bin/env bash
# Builds the Go client (grpc-go, Debian's golang-google-grpc-dev) into build/clients/go/bin:
# protoc with protoc-gen-go and protoc-gen-go-grpc generates package fiveupv1 from protos/,
# then `go build` compiles the library (fiveup/client) and its commands.  Skipped when
# nothing it reads has changed (scripts/client-build-common.sh).
#
# Why GOPATH mode: Debian installs its Go libraries as a GOPATH tree (/usr/share/gocode/src),
# not as modules, and this machine reaches no module proxy.  Module mode works only with a
# replace directive for each of the 7 libraries and a stub go.mod for 12 more modules that
# grpc-go 1.33's go.mod (go 1.11, so an unpruned graph) names but Debian does not ship;
# GOPATH mode needs none of that.  A team on the module proxy uses a go.mod instead (see
# docs/clients.md); the import paths stay the same.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/client-build-common.sh"
client_build_init go
need_tools go protoc go protoc-gen-go protoc-gen-go-grpc
HERE="$ROOT/clients/go"
GEN_IMPORT=fiveup/gen/fiveupv1  # the generated package's import path

key="$(inputs_key "go version; protoc --version; protoc-gen-go --version; protoc-gen-go-grpc --version; dpkg-query -W golang-google-grpc-dev golang-google-protobuf-dev golang-google-genproto-dev" \
  "$HERE/build.sh" "$ROOT/scripts/client-build-common.sh" $(find "$HERE" -name '*.go' | sort))"
if up_to_date "$key" && [ -x "$OUT/bin/fiveup-go-play" ]; then
  exit 0
fi

GOPATH_DIR="$OUT/gopath"
rm -rf "$GOPATH_DIR/src" "$OUT/bin"
mkdir -p "$GOPATH_DIR/src/fiveup" "$OUT/bin"
ln -s "$HERE" "$GOPATH_DIR/src/fiveup/client"

# Only the contract is generated: googleapis' types (google.rpc.*, google.api.*) are
# Debian's genproto packages, found through their own go_package options.
mapping=()
for proto in "${PROTO_FILES[@]}"; do
  case "$proto" in fiveup/*) mapping+=("M$proto=$GEN_IMPORT;fiveupv1") ;; esac
done
contract=()
for proto in "${PROTO_FILES[@]}"; do
  case "$proto" in fiveup/*) contract+=("$proto") ;; esac
done
opts="$(IFS=,; echo "${mapping[*]}")"
protoc "${PROTO_INCLUDES[@]}" \
  --go_out="$GOPATH_DIR/src" --go_opt="$opts" \
  --go-grpc_out="$GOPATH_DIR/src" --go-grpc_opt="$opts" \
  "${contract[@]}"

export GO111MODULE=off GOPATH="$GOPATH_DIR:/usr/share/gocode" GOPROXY=off GOFLAGS=
# Go's own build cache (GOCACHE, by default ~/.cache/go-build) is content-addressed and
# shared by every checkout on the machine: a fresh clone reuses the compiled grpc-go.
# Package by package: the go tool's ./... patterns do not follow the symlink.
commands=()
for dir in "$HERE"/cmd/*/; do commands+=("fiveup/client/cmd/$(basename "$dir")"); done
cd "$GOPATH_DIR/src/fiveup/client"
go vet fiveup/client "${commands[@]}"
go build -o "$OUT/bin/" "${commands[@]}"
mark_built "$key"
echo "build: Go client in $OUT/bin ($(ls "$OUT/bin" | tr '\n' ' '))"
