#!/usr/bin/env bash
# buf for the public contract in protos/ (rules in protos/buf.yaml: STANDARD + COMMENTS
# lint, FILE breaking).  buf comes from npm, pinned (needs node/npx; cached after the
# first run in ~/.npm/_npx).
#
#   scripts/buf.sh lint        lint protos/
#   scripts/buf.sh breaking    no breaking change against the baseline below
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

buf() {
    if ! command -v npx >/dev/null 2>&1; then
        echo "buf.sh: npx (node/npm) is needed to run buf" >&2
        return 127
    fi
    (cd "$PROTOS" && npx --yes "@bufbuild/buf@${BUF_VERSION}" "$@")
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
        gitdir="$(git -C "$ROOT" rev-parse --path-format=absolute --git-common-dir)"
        echo "buf breaking against $ref ($commit)"
        buf breaking --against "${gitdir}#ref=${commit},subdir=protos"
        ;;
    *)
        echo "usage: $0 lint|breaking" >&2
        exit 2
        ;;
esac
