#!/usr/bin/env bash
# The Java, C++ and Go clients' toolchains (clients/java, clients/cpp, clients/go), all from
# Debian bookworm's packages: protoc and each language's gRPC plugin and runtime.
# Idempotent and quick when everything is there (one dpkg query); installs only what is
# missing, without prompts (CI runs with no stdin).  `make test` and `make clients` call it.
#
#   scripts/install-client-toolchains.sh [java] [cpp] [go]     (default: all three)
#
# Not root and no apt-get: says what to install and exits 0; the client tests then skip
# (and fail under CI=true, where every runner must run).
set -euo pipefail

# One list per language: what its build (clients/<lang>/build.sh) and its program need.
java_packages=(
  protobuf-compiler                    # protoc
  protobuf-compiler-grpc-java-plugin   # protoc-gen-grpc-java (grpc_java_plugin)
  libgrpc-java                         # grpc-api, -core, -stub, -protobuf-lite, -netty
  libprotobuf-java                     # the runtime; build.sh keeps only its lite classes
  libnetty-java libperfmark-java libgoogle-gson-java libguava-java  # grpc-java's own deps
  libgeronimo-annotation-1.3-spec-java # javax.annotation.Generated in the generated stubs
  default-jdk-headless                 # javac, jar
)
cpp_packages=(
  protobuf-compiler protobuf-compiler-grpc  # protoc, grpc_cpp_plugin
  libgrpc++-dev libprotobuf-dev             # grpc++ and protobuf, with their CMake configs
  cmake g++ make pkg-config
)
go_packages=(
  protobuf-compiler
  golang-go                                 # go 1.19
  golang-google-grpc-dev                    # grpc-go, in /usr/share/gocode (a GOPATH tree)
  golang-google-genproto-dev                # google.rpc.Status and ErrorInfo for Go
  golang-google-protobuf-dev                # google.golang.org/protobuf (APIv2)
  golang-github-golang-protobuf-1-5-dev     # github.com/golang/protobuf 1.5 (grpc-go needs
                                            # >= 1.4: golang-goprotobuf-dev is the 1.3 line)
  protoc-gen-go                             # APIv2 generator (not protoc-gen-go-1-3)
  protoc-gen-go-grpc
)

languages=("$@")
[ ${#languages[@]} -eq 0 ] && languages=(java cpp go)
wanted=()
for language in "${languages[@]}"; do
  case "$language" in
    java) wanted+=("${java_packages[@]}") ;;
    cpp) wanted+=("${cpp_packages[@]}") ;;
    go) wanted+=("${go_packages[@]}") ;;
    *) echo "install-client-toolchains: unknown language '$language' (java, cpp, go)" >&2; exit 2 ;;
  esac
done

missing=()
for package in $(printf '%s\n' "${wanted[@]}" | sort -u); do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
  echo "install-client-toolchains: missing ${missing[*]}: run 'apt-get install ${missing[*]}' as root" >&2
  echo "  to build the ${languages[*]} clients (their tests skip without them, and fail under CI=true)" >&2
  exit 0
fi
echo "install-client-toolchains: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# golang-github-golang-protobuf-1-5-dev replaces the 1.3 line (a conflict apt resolves).
apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null >/dev/null
echo "install-client-toolchains: done"
