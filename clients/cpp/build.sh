#!/usr/bin/env bash
# Builds the C++ client (grpc++, Debian's libgrpc++-dev) into build/clients/cpp with CMake
# (clients/cpp/CMakeLists.txt runs protoc and grpc_cpp_plugin at build time), on both
# cores.  Skipped when nothing it reads has changed (scripts/client-build-common.sh); after
# a change, CMake rebuilds only what depends on it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/client-build-common.sh"
client_build_init cpp
need_tools "C++" protoc grpc_cpp_plugin cmake g++ make
HERE="$ROOT/clients/cpp"
key="$(inputs_key "echo build type ${FIVEUP_CPP_BUILD_TYPE:-None}; cmake --version; g++ --version; protoc --version; dpkg-query -W libgrpc++-dev libprotobuf-dev" \
  "$HERE/build.sh" "$HERE/CMakeLists.txt" "$ROOT/scripts/client-build-common.sh" \
  $(find "$HERE/src" -name '*.cc' -o -name '*.h' | sort))"
if up_to_date "$key" && [ -x "$OUT/fiveup-cpp-play" ]; then
  exit 0
fi
# No optimisation by default: the generated code is most of the build, and the tests need
# none (FIVEUP_CPP_BUILD_TYPE=RelWithDebInfo for an optimised build).
cmake -S "$HERE" -B "$OUT" -DFIVEUP_PYTHON="$PY" -DCMAKE_BUILD_TYPE="${FIVEUP_CPP_BUILD_TYPE:-None}" >"$OUT/configure.log" 2>&1 \
  || { cat "$OUT/configure.log" >&2; exit 1; }
cmake --build "$OUT" --parallel "${FIVEUP_BUILD_JOBS:-2}" >"$OUT/build.log" 2>&1 \
  || { tail -60 "$OUT/build.log" >&2; exit 1; }
mkdir -p "$OUT/bin"
for program in "$OUT"/fiveup-cpp-*; do
  [ -x "$program" ] && [ -f "$program" ] && ln -sf "$program" "$OUT/bin/"
done
mark_built "$key"
echo "build: C++ client in $OUT/bin ($(ls "$OUT/bin" | tr '\n' ' '))"
