#!/usr/bin/env bash
# The OpenAPI generator (scripts/openapi.py runs it): protoc-gen-swagger of grpc-gateway,
# from Debian's golang-grpc-gateway.  Called by `make openapi` (and so by `make test` and
# CI on a fresh machine); quick when it is already there.  Needs root or sudo for apt-get;
# without them it says so and the OpenAPI checks skip locally (fail under CI=true).
set -u
if command -v protoc-gen-swagger >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-openapi-tools: no apt-get here: install grpc-gateway's protoc-gen-swagger yourself" >&2
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
    echo "install-openapi-tools: not root: run 'apt-get install golang-grpc-gateway' for the OpenAPI document" >&2
    exit 0
  fi
fi
echo "install-openapi-tools: installing Debian's golang-grpc-gateway (protoc-gen-swagger: the REST API's OpenAPI document)"
export DEBIAN_FRONTEND=noninteractive
if ! $sudo apt-get install -y -qq --no-install-recommends golang-grpc-gateway >/dev/null 2>&1; then
  $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends golang-grpc-gateway >/dev/null
fi
command -v protoc-gen-swagger >/dev/null && echo "install-openapi-tools: $(dpkg-query -W -f '${Package} ${Version}' golang-grpc-gateway)"
exit 0
