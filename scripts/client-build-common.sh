# Sourced by clients/{java,cpp,go}/build.sh: where a client's build goes and when it can be
# skipped.  A build lands in build/clients/<lang>/ and is keyed on everything it reads: the
# .proto files it compiles, the client's own sources and build files, and the toolchain's
# versions; an unchanged key skips the build (the tests call build.sh once per session).
#
# Sets: ROOT, PY (the project's interpreter), OUT (build/clients/<lang>), PROTO_INCLUDES
# (-I flags), PROTO_FILES (the files to generate, relative to an include root).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${FIVEUP_PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PY" ] || PY="$(command -v python3)"

client_build_init() {  # client_build_init <lang>
  OUT="${FIVEUP_CLIENTS_BUILD:-$ROOT/build/clients}/$1"
  mkdir -p "$OUT"
  PROTO_INCLUDES=()
  local root
  while read -r root; do PROTO_INCLUDES+=("-I$root"); done < <("$PY" "$ROOT/scripts/client_protos.py" includes)
  mapfile -t PROTO_FILES < <("$PY" "$ROOT/scripts/client_protos.py" "${PROTO_SET:-files}")
}

need_tools() {  # need_tools <lang> <tool>...: one clear line when a tool is missing
  local lang="$1" tool
  shift
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "build: $tool not found: the $lang client needs it (scripts/install-client-toolchains.sh $lang)" >&2
      exit 3
    fi
  done
}

# The key: the proto files (each as protoc would find it), the given source files and
# the output of the given version commands.
inputs_key() {  # inputs_key "<version commands>" <files>...
  local versions="$1" name root
  shift
  {
    for name in "${PROTO_FILES[@]}"; do
      for root in "${PROTO_INCLUDES[@]}"; do
        if [ -f "${root#-I}/$name" ]; then echo "$name"; cat "${root#-I}/$name"; break; fi
      done
    done
    for name in "$@"; do echo "$name"; cat "$name"; done
    bash -c "$versions" 2>&1
  } | sha256sum | cut -d' ' -f1
}

up_to_date() {  # up_to_date <key>: the last build had this key and finished
  [ -f "$OUT/.build-key" ] && [ "$(cat "$OUT/.build-key")" = "$1" ]
}

mark_built() {  # mark_built <key>
  echo "$1" > "$OUT/.build-key"
}
