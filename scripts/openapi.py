"""The OpenAPI (Swagger 2.0) document of the REST/JSON API, generated from the protos at
build time by grpc-gateway's protoc-gen-swagger (Debian's golang-grpc-gateway, installed
by scripts/install-openapi-tools.sh).  `make openapi` runs it; nothing it writes is
committed.

    python scripts/openapi.py [--descriptors service/fiveup/v1/fiveup.binpb] [-o build/openapi/fiveup.swagger.json]

Why a driver instead of `protoc --swagger_out`: the plugin Debian bookworm ships (1.6.4)
predates proto3 `optional` and does not declare support for it, so protoc refuses to run
it on these protos.  The plugin protocol is plain protobuf on stdin/stdout, so this
script hands the plugin the same CodeGeneratorRequest protoc would (from the descriptor
set built with the stubs, comments included) and writes what it answers; an `optional`
field reaches it as the plain field it is in JSON.

Then it fills in what the protos cannot say without the generator's own annotations
(which every client would then have to import): the title, the version, the bearer
scheme, and the error body Envoy's transcoder really sends (google.rpc.Status).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from google.protobuf import descriptor_pb2
from google.protobuf.compiler import plugin_pb2

ROOT = Path(__file__).resolve().parents[1]
DESCRIPTORS = ROOT / "service" / "fiveup" / "v1" / "fiveup.binpb"
OUTPUT = ROOT / "build" / "openapi" / "fiveup.swagger.json"
PLUGIN = "protoc-gen-swagger"
# One file at a time: with allow_merge this old plugin loses the comments of every file
# but the first; the per-file documents are merged below (paths and definitions are
# disjoint but for the shared messages, which come out the same from each file).
OPTIONS = "json_names_for_fields=true"
INFO = {
    "title": "Five Up REST/JSON API",
    "version": "v1",
    "description": (
        "REST/JSON through Envoy's gRPC-JSON transcoder, generated from the same protos as "
        "the gRPC API (fiveup.v1; docs/api.md). Send tokens as `authorization: Bearer "
        "<token>`. Errors are a google.rpc.Status: `code`, `message` and `details`, whose "
        "google.rpc.ErrorInfo carries the machine-readable `reason`. Server streams "
        "(WatchMatch, FindMatch) answer newline-delimited JSON, one message a line."
    ),
}


class OpenApiError(RuntimeError):
    pass


def plugin_path() -> str:
    found = shutil.which(PLUGIN)
    if found is None:
        raise OpenApiError(
            f"{PLUGIN} not found: scripts/install-openapi-tools.sh installs Debian's "
            "golang-grpc-gateway"
        )
    return found


def run_plugin(files: list[descriptor_pb2.FileDescriptorProto], name: str) -> dict[str, Any]:
    """The plugin's document for the one file ``name`` (``files``: it and its imports)."""
    asked = plugin_pb2.CodeGeneratorRequest(file_to_generate=[name], parameter=OPTIONS,
                                            proto_file=files)  # fmt: skip
    done = subprocess.run(
        [plugin_path()], input=asked.SerializeToString(), capture_output=True, timeout=120,
        check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise OpenApiError(f"{PLUGIN} failed on {name}: {done.stderr.decode()[-2000:]}")
    answer = plugin_pb2.CodeGeneratorResponse.FromString(done.stdout)
    if answer.error:
        raise OpenApiError(f"{PLUGIN}: {name}: {answer.error}")
    documents = [f for f in answer.file if f.name.endswith(".json")]
    if len(documents) != 1:
        raise OpenApiError(f"{PLUGIN} wrote {[f.name for f in answer.file]} for {name}")
    document: dict[str, Any] = json.loads(documents[0].content)
    return document


def generate(descriptors: Path = DESCRIPTORS) -> dict[str, Any]:
    """The document, as the plugin writes it plus INFO, security and the error body."""
    if not descriptors.exists():
        raise OpenApiError(f"{descriptors} is missing: `make build` generates it")
    files = list(descriptor_pb2.FileDescriptorSet.FromString(descriptors.read_bytes()).file)
    services = [f.name for f in files if f.name.startswith("fiveup/") and f.service]
    if not services:
        raise OpenApiError(f"{descriptors} holds no fiveup/ service")
    merged: dict[str, Any] = {}
    for name in services:
        part = run_plugin(files, name)
        if not merged:
            merged = part
            continue
        for key in ("paths", "definitions"):
            merged.setdefault(key, {}).update(part.get(key, {}))
    return complete(merged)


def complete(document: dict[str, Any]) -> dict[str, Any]:
    document["info"] = INFO
    document["securityDefinitions"] = {
        "bearer": {
            "type": "apiKey",
            "name": "authorization",
            "in": "header",
            "description": "`Bearer <access token>` (PlayerService), `Bearer <seat token>`"
            " (JoinMatch), or an operator's token (AdminService: an operator credential or"
            " an ID token with the operator role)",
        }
    }
    document["security"] = [{}, {"bearer": []}]  # optional: many calls work without one
    definitions = document.setdefault("definitions", {})
    # The transcoder answers an error with the google.rpc.Status itself (no `error` field
    # of grpc-gateway's own runtime error); its details hold the ErrorInfo.
    status = {
        "type": "object",
        "description": "google.rpc.Status: the gRPC code, a message for humans, and details "
        "(google.rpc.ErrorInfo with `reason`, RetryInfo...)",
        "properties": {
            "code": {"type": "integer", "format": "int32"},
            "message": {"type": "string"},
            "details": {"type": "array", "items": {"$ref": "#/definitions/protobufAny"}},
        },
    }
    definitions["rpcStatus"] = status
    for path in document.get("paths", {}).values():
        for operation in path.values():
            operation.setdefault("responses", {})["default"] = {
                "description": "An error: its HTTP status and the google.rpc.Status.",
                "schema": {"$ref": "#/definitions/rpcStatus"},
            }
    definitions.pop("runtimeError", None)
    return document


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/openapi.py", description=__doc__.split("\n")[0])
    parser.add_argument("--descriptors", type=Path, default=DESCRIPTORS)
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        document = generate(args.descriptors)
    except OpenApiError as exc:
        print(f"openapi: {exc}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n")
    print(f"openapi: {args.output} ({len(document.get('paths', {}))} paths)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
