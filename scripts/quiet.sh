#!/usr/bin/env bash
# quiet.sh "what is happening" command...: says what it does in one line (none if empty), runs the command
# with its output kept aside, and shows that output only when the command fails (pip and
# setuptools print screens of warnings on success; a newcomer needs none of them).
set -uo pipefail
what=$1
shift
[[ -z "$what" ]] || echo "$what"
log=$(mktemp "${TMPDIR:-/tmp}/fiveup-make.XXXXXX")
if "$@" >"$log" 2>&1; then
    rm -f "$log"
    exit 0
fi
code=$?
cat "$log" >&2
echo "failed ($code): $*  (output above, kept in $log)" >&2
exit "$code"
