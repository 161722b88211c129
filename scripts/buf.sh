#!/usr/bin/env bash
# buf for the public contract in protos/ (rules in protos/buf.yaml: STANDARD + COMMENTS
# lint, FILE breaking), on a workspace that adds the google/api protos of the installed
# googleapis-common-protos (see workspace() below).  buf comes from npm, pinned (needs node/npx; cached after the
# first run in ~/.npm/_npx).
#
#   scripts/buf.sh lint        lint protos/
#   scripts/buf.sh breaking    no breaking change against the baseline below
#   scripts/buf.sh generate TEMPLATE OUT   buf generate (the TypeScript SDK uses it)
#
# The baseline of `breaking` is main's last commit: the first of $BUF_AGAINST_REF, the
# local branch `main`, `origin/main`, HEAD that git can resolve, pinned to its commit
# id.  On a feature branch (or a PR checkout with origin/main) that catches whatever
# breaks clients relative to main; on main itself it compares the working tree with the
# last commit, i.e. catches a breaking edit before it is committed.  When the baseline
# has no protos/ yet there is nothing to break: it says so and succeeds.
#
# Environment: BUF_VERSION (default below), BUF_AGAINST_REF (a git ref), BUF_AGAINST (a
# whole buf input, overrides the baseline), BUF_PROTOS_DIR (the module to check; default
# protos/ of this checkout -- tests point it at a modified copy).
set -euo pipefail

BUF_VERSION="${BUF_VERSION:-1.75.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROTOS="${BUF_PROTOS_DIR:-$ROOT/protos}"

# The protos import google/api/annotations.proto (the REST rules).  buf cannot fetch it
# (no registry here), so each run lays out a workspace: the module to check, and the
# google/api protos that the PyPI package googleapis-common-protos ships (installed in the
# venv with the project), as a second module that is imported, never linted.
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
[[ -x "$PYTHON" ]] || PYTHON=python3
WORK="$(mktemp -d "${TMPDIR:-/tmp}/fiveup-buf.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

googleapis() {
    "$PYTHON" -c 'import google.api, pathlib; print(pathlib.Path(next(iter(google.api.__path__))).parent)' 2>/dev/null || {
        echo "buf.sh: googleapis-common-protos is not installed for $PYTHON (make build installs it)" >&2
        return 1
    }
}

# workspace DIR MODULE: DIR/buf.yaml with MODULE (a copy of a protos/ folder, its lint and
# breaking rules kept) beside the google/api protos.
workspace() {
    local dir="$1" module="$2" google
    google="$(googleapis)" || return 1
    mkdir -p "$dir/googleapis/google/api"
    cp "$google/api/annotations.proto" "$google/api/http.proto" "$dir/googleapis/google/api/"
    # the module's own buf.yaml, with the second module added to its list
    sed -e 's#^  - path: \.$#  - path: fiveup\n  - path: googleapis\n    lint:\n      use: [MINIMAL]\n      ignore: [googleapis]\n    breaking:\n      ignore: [googleapis]#' \
        "$module/buf.yaml" > "$dir/buf.yaml"
    mkdir -p "$dir/fiveup"
    (cd "$module" && find . -name '*.proto' -exec cp --parents {} "$dir/fiveup/" \;)
}

buf() {
    if ! command -v npx >/dev/null 2>&1; then
        echo "buf.sh: npx (node/npm) is needed to run buf" >&2
        return 127
    fi
    workspace "$WORK/current" "$PROTOS" || return 1
    (cd "$WORK/current" && npx --yes "@bufbuild/buf@${BUF_VERSION}" "$@")
}

baseline() {
    local ref
    for ref in ${BUF_AGAINST_REF:-} main origin/main HEAD; do
        if git -C "$ROOT" rev-parse --verify --quiet "${ref}^{commit}" >/dev/null; then
            echo "$ref"
            return 0
        fi
    done
    return 1
}

case "${1:-}" in
    lint)
        buf lint
        ;;
    breaking)
        if [[ -n "${BUF_AGAINST:-}" ]]; then
            echo "buf breaking against $BUF_AGAINST"
            buf breaking --against "$BUF_AGAINST"
            exit
        fi
        if ! ref="$(baseline)"; then
            echo "buf.sh: no git baseline (not a git checkout, or no commits): nothing to compare" >&2
            exit 0
        fi
        commit="$(git -C "$ROOT" rev-parse "${ref}^{commit}")"
        if ! git -C "$ROOT" cat-file -e "${commit}:protos/buf.yaml" 2>/dev/null; then
            echo "buf.sh: $ref ($commit) has no protos/ yet: nothing to break, skipped"
            exit 0
        fi
        echo "buf breaking against $ref ($commit)"
        mkdir -p "$WORK/baseline"
        git -C "$ROOT" archive "$commit" protos | tar -x -C "$WORK/baseline"
        workspace "$WORK/against" "$WORK/baseline/protos" || exit 1
        buf breaking --against "$WORK/against"
        ;;
    generate)
        # generate TEMPLATE OUT: code from protos/ with a buf.gen.yaml, into OUT (the
        # google/api files the protos import are generated too; well-known types are not)
        template="$(realpath "$2")" out="$(realpath "$3")"
        buf generate --template "$template" --output "$out" --include-imports
        ;;
    *)
        echo "usage: $0 lint|breaking|generate TEMPLATE OUT" >&2
        exit 2
        ;;
esac
