"""The plain-HTTP runner of the conformance cases: REST/JSON with httpx (HTTP/1.1) through
the Envoy gateway's JSON transcoder -- what a Godot game or any backend without gRPC
does.  Each call's method and path come from its google.api.http rule in the protos (read
from the generated descriptors), the body is the request's proto3 JSON, the token goes in
the same `authorization: Bearer` header, and an error is the google.rpc.Status as JSON
(its `details` carry the ErrorInfo).

    .venv/bin/python clients/conformance/python/run_rest.py clients/conformance/cases.json http://127.0.0.1:8080
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from google.api import annotations_pb2, http_pb2
from google.protobuf import descriptor

sys.path.insert(0, str(Path(__file__).resolve().parent))
from engine import Answer, Watched, main

from fiveup.v1 import lobby_pb2, match_pb2, players_pb2, ratings_pb2, rules_pb2

FILES = (match_pb2, players_pb2, lobby_pb2, ratings_pb2, rules_pb2)
ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
# google.rpc.Code numbers (the JSON Status carries the number) and the HTTP status each
# maps to (google/rpc/code.proto; Envoy's transcoder uses the same table).
CODES = {
    0: ("OK", 200), 1: ("CANCELLED", 499), 2: ("UNKNOWN", 500), 3: ("INVALID_ARGUMENT", 400),
    4: ("DEADLINE_EXCEEDED", 504), 5: ("NOT_FOUND", 404), 6: ("ALREADY_EXISTS", 409),
    7: ("PERMISSION_DENIED", 403), 8: ("RESOURCE_EXHAUSTED", 429),
    9: ("FAILED_PRECONDITION", 400), 10: ("ABORTED", 409), 11: ("OUT_OF_RANGE", 400),
    12: ("UNIMPLEMENTED", 501), 13: ("INTERNAL", 500), 14: ("UNAVAILABLE", 503),
    15: ("DATA_LOSS", 500), 16: ("UNAUTHENTICATED", 401),
}  # fmt: skip
TEMPLATE_FIELD = re.compile(r"\{(\w+)\}")


def http_rule(method: str) -> tuple[str, str, str, descriptor.Descriptor]:
    """(HTTP verb, path template, body selector, request type) of ``Service.Method``."""
    service, _, name = method.partition(".")
    for module in FILES:
        found = module.DESCRIPTOR.services_by_name.get(service)
        if found is not None:
            described = found.methods_by_name[name]
            rule: http_pb2.HttpRule = described.GetOptions().Extensions[annotations_pb2.http]
            verb = rule.WhichOneof("pattern")
            if verb is None:
                raise KeyError(f"{method} has no google.api.http rule (gRPC only)")
            return verb.upper(), getattr(rule, verb), rule.body, described.input_type
    raise KeyError(f"no service {service}")


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def build(method: str, request: dict[str, Any]) -> tuple[str, str, dict[str, str], Any]:
    """(verb, path, query, JSON body or None) for ``request`` (proto3 JSON names)."""
    verb, template, body, kind = http_rule(method)
    json_name = {f.name: f.json_name for f in kind.fields}
    remaining = dict(request)

    def fill(found: re.Match[str]) -> str:
        name = json_name[found.group(1)]
        value = remaining.pop(name, remaining.pop(found.group(1), ""))
        return str(httpx.URL("/" + str(value)).raw_path.decode())[1:]

    path = TEMPLATE_FIELD.sub(fill, template)
    if body == "*":
        return verb, path, {}, remaining
    return verb, path, {k: _query_value(v) for k, v in remaining.items()}, None


class RestTransport:
    name = "rest"

    def __init__(self, base_url: str) -> None:
        self.client = httpx.Client(base_url=base_url, timeout=30)

    def _headers(self, auth: str | None) -> dict[str, str]:
        headers = {"accept": "application/json"}
        if auth is not None:
            headers["authorization"] = f"Bearer {auth}"
        return headers

    @staticmethod
    def _status(status: int, body: dict[str, Any], text: str) -> Answer:
        code, http_status = CODES.get(int(body.get("code", 2)), ("UNKNOWN", 500))
        if http_status != status:
            code = f"{code} (but HTTP {status}, expected {http_status})"
        reason = next((d.get("reason", "") for d in body.get("details", [])
                       if d.get("@type") == ERROR_INFO), "")  # fmt: skip
        return Answer(code, {}, reason, body.get("message", text[:200]))

    def call(self, method: str, request: dict[str, Any], auth: str | None) -> Answer:
        verb, path, query, body = build(method, request)
        answer = self.client.request(verb, path, params=query, json=body,
                                     headers=self._headers(auth))  # fmt: skip
        try:
            parsed = answer.json()
        except json.JSONDecodeError:
            return Answer(f"HTTP {answer.status_code}", {}, "", answer.text[:300])
        if answer.status_code != 200:
            return self._status(answer.status_code, parsed, answer.text)
        return Answer("OK", parsed, raw=answer.content)

    def watch(self, request: dict[str, Any], auth: str | None, take: int | None,
              deadline: float) -> Watched:  # fmt: skip
        verb, path, query, _ = build("MatchService.WatchMatch", request)
        seen = Watched([], [], ended=False)
        started = time.monotonic()
        with self.client.stream(verb, path, params=query, headers=self._headers(auth),
                                timeout=httpx.Timeout(deadline)) as stream:  # fmt: skip
            if stream.status_code != 200:
                failed = self._status(stream.status_code, json.loads(stream.read()), "")
                seen.code, seen.reason = failed.code, failed.reason
                return seen
            # newline-delimited JSON: one WatchMatchResponse a line (a google.rpc.Status
            # instead when the call fails before its first message)
            for line in stream.iter_lines():
                if not line.strip():
                    continue
                message = json.loads(line)
                if "code" in message and "event" not in message:
                    failed = self._status(200, message, line)
                    seen.code, seen.reason = failed.code.split(" ")[0], failed.reason
                    return seen
                seen.raws.append(line.encode())
                seen.messages.append(message)
                if take is not None and len(seen.messages) >= take:
                    return seen  # leaving the block closes the connection: the stream drops
                if time.monotonic() - started > deadline:
                    return seen
            seen.ended = True
        return seen

    def leaks(self, hand: list[dict[str, Any]], raw: bytes) -> bool:
        """Before any move no tile belongs in a spectator's JSON at all; only Tile has a
        "high" key, so any "high" is a tile that should not be there."""
        del hand
        return b'"high"' in raw


if __name__ == "__main__":
    raise SystemExit(main(RestTransport))
