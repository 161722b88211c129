#!/usr/bin/env bash
# Install the tools that validate deploy/ offline, in a venv of their own (checkov is heavy
# and pins many packages: it must not share the project's .venv).
#
#   kubectl              renders the kustomize overlays (`kubectl kustomize`, kustomize v5+)
#   kubernetes-validate  validates the rendered objects against the Kubernetes schemas
#   checkov              static security checks of the manifests and the Dockerfile
#
# Idempotent and quick when everything is there.  Prints the tools venv's bin directory on
# its last line.  FIVEUP_TOOLS_DIR overrides where the venv lives (default: a user cache,
# so a fresh clone on the same machine reuses it).
set -euo pipefail

CHECKOV_VERSION="3.3.30"
KUBERNETES_VALIDATE_VERSION="1.37.0"
TOOLS_DIR="${FIVEUP_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fiveup/deploy-tools}"
PYTHON="${PYTHON:-python3}"
STAMP="$TOOLS_DIR/.installed-checkov-$CHECKOV_VERSION-kv-$KUBERNETES_VALIDATE_VERSION"

log() { echo "install-deploy-tools: $*" >&2; }

if [ ! -f "$STAMP" ]; then
  log "creating $TOOLS_DIR (checkov $CHECKOV_VERSION, kubernetes-validate $KUBERNETES_VALIDATE_VERSION)"
  rm -rf "$TOOLS_DIR"
  mkdir -p "$(dirname "$TOOLS_DIR")"
  "$PYTHON" -m venv "$TOOLS_DIR"
  "$TOOLS_DIR/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip >&2
  "$TOOLS_DIR/bin/python" -m pip install -q --disable-pip-version-check \
    "checkov==$CHECKOV_VERSION" "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
  touch "$STAMP"
fi

# kubectl with a kustomize that knows `kind: Component` (kustomize >= 3.7, kubectl >= 1.21).
kubectl_ok() {
  command -v kubectl >/dev/null 2>&1 &&
    kubectl version --client 2>/dev/null | grep -qE 'Kustomize Version: v([4-9]|[1-9][0-9])\.'
}
if ! kubectl_ok; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    log "kubectl missing (or too old): trying Debian's packages"
    apt-get update -qq >&2 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubectl >&2 ||
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kubernetes-client >&2 || true
  fi
fi
if ! kubectl_ok; then
  log "WARNING: no kubectl with kustomize >= 4 on PATH: the manifest tests will fail"
fi

echo "$TOOLS_DIR/bin"
