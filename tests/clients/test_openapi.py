"""The OpenAPI document of the REST API (scripts/openapi.py, generated at build time by
grpc-gateway's protoc-gen-swagger): it describes exactly the google.api.http rules of
the protos, is served by the local stack, and schemathesis fuzzes the live REST gateway
with it -- no answer is a 5xx and every 4xx carries an ErrorInfo reason."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from google.api import annotations_pb2
from hypothesis import HealthCheck, given, settings

from fiveup.app.services import SERVED_SERVICES
from fiveup.devstack.webstack import OPENAPI, static_server

from .conftest import ROOT, Stack, in_ci

ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
FUZZ_EXAMPLES = 6  # per operation (29 of them): a bounded run inside make test


def require_document() -> Path:
    if not OPENAPI.exists():
        message = f"{OPENAPI.relative_to(ROOT)} missing: `make openapi` generates it"
        if in_ci():
            pytest.fail(message + " -- required when CI=true", pytrace=False)
        pytest.skip(message)
    return OPENAPI


def http_rules() -> set[tuple[str, str]]:
    """(verb, path) of every google.api.http rule (additional bindings too)."""
    found = set()
    for service in SERVED_SERVICES:
        for method in service.methods:
            rule = method.GetOptions().Extensions[annotations_pb2.http]
            for each in (rule, *rule.additional_bindings):
                verb = each.WhichOneof("pattern")
                if verb:
                    found.add((verb, getattr(each, verb)))
    return found


def test_the_document_describes_every_rest_route_and_nothing_else() -> None:
    document = json.loads(require_document().read_text())
    assert document["swagger"] == "2.0"
    described = {(verb, path) for path, ops in document["paths"].items() for verb in ops}
    assert described == http_rules()
    for path, operations in document["paths"].items():
        for verb, operation in operations.items():
            assert operation.get("summary") or operation.get("description"), (verb, path)
            error = operation["responses"]["default"]["schema"]["$ref"]
            assert error == "#/definitions/rpcStatus"


def test_the_document_is_generated_from_the_current_protos(tmp_path: Path) -> None:
    """Regenerating gives the same document: what is served is what the protos say."""
    require_document()
    if shutil.which("protoc-gen-swagger") is None:
        pytest.skip("protoc-gen-swagger missing (scripts/install-openapi-tools.sh)")
    fresh = tmp_path / "fresh.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "openapi.py"), "-o", str(fresh)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    stale = json.loads(fresh.read_text()) != json.loads(OPENAPI.read_text())
    assert not stale, f"{OPENAPI.relative_to(ROOT)} is older than the protos: make openapi"


@pytest.fixture(scope="module")
def served(stack: Stack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The local stack's static server (as `make run` starts it): /openapi.json."""
    require_document()
    empty = tmp_path_factory.mktemp("no-web-app")
    with static_server(empty, stack.gateway.url) as url:
        yield url


def test_the_local_stack_serves_the_document_pointed_at_the_gateway(
    served: str, stack: Stack
) -> None:
    document = httpx.get(f"{served}/openapi.json").json()
    assert document["host"] == stack.gateway.url.split("://")[1]
    assert "/v1/matches/{match_id}/legalMoves" in document["paths"]


@pytest.fixture(scope="module")
def access_token(stack: Stack) -> str:
    answer = httpx.post(
        f"{stack.gateway.url}/v1/sessions:guest", json={"deviceId": "schemathesis-device-0001"}
    )
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["session"]["accessToken"]
    return token


@pytest.fixture(scope="module")
def rest_schema(served: str) -> Any:
    return schemathesis.openapi.from_url(f"{served}/openapi.json")


def check_answer(case: Any, base_url: str, access_token: str, problems: list[str]) -> None:
    # about half the operations signed in (so the signed-in paths are reached)
    signed_in = sum(map(ord, case.path)) % 2 == 1
    headers = {"authorization": f"Bearer {access_token}"} if signed_in else {}
    streaming = case.path.endswith("/events") or case.path.endswith(":find")
    if streaming:
        headers["grpc-timeout"] = "2S"  # a stream of a live match would stay open
    try:
        response = case.call(base_url=base_url, headers=headers, timeout=15)
    except requests.exceptions.ChunkedEncodingError:
        if streaming:
            # the stream had answered 200 and sent lines when our own deadline ended it:
            # a status after the headers cannot be told over HTTP/1.1, so Envoy resets
            # the body (seen on a loaded machine, where the 2 s pass mid-stream)
            return
        raise
    status = response.status_code
    where = f"{case.method} {case.formatted_path} {case.query or ''} {case.body or ''}"
    if status >= 500:
        problems.append(f"{where}: {status} {response.text[:300]}")
    elif status >= 400:
        try:
            details = response.json().get("details", [])
        except ValueError:
            details = []
        reasons = [d.get("reason") for d in details if d.get("@type") == ERROR_INFO]
        if not (reasons and reasons[0]):
            problems.append(f"{where}: {status} without a reason: {response.text[:300]}")


def test_rest_fuzz_no_5xx_and_every_4xx_has_a_reason(
    rest_schema: Any, access_token: str, stack: Stack
) -> None:
    """schemathesis makes requests the document allows (valid by its types: the
    transcoder refuses ill-typed ones itself, in plain text, before the service sees
    them), a bounded, derandomized number per operation, against the live gateway."""
    problems: list[str] = []
    operations = 0
    for result in rest_schema.get_all_operations():
        operation = result.ok()
        operations += 1
        strategy = operation.as_strategy(schemathesis.GenerationMode.POSITIVE)

        @settings(
            max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
            suppress_health_check=list(HealthCheck),
        )  # fmt: skip
        @given(case=strategy)
        def fuzz(case: Any) -> None:
            check_answer(case, stack.gateway.url, access_token, problems)

        fuzz()
    assert operations == len(http_rules())
    assert problems == [], "\n".join(problems[:20])


def test_docs_list_every_rest_route() -> None:
    """docs/api.md's REST table names exactly the routes of the protos."""
    text = (ROOT / "docs" / "api.md").read_text().split("## REST/JSON", 1)[1]
    listed = {
        (verb.lower(), path)
        for verb, path in re.findall(r"^\| `([A-Z]+)` \| `(/v1/[^`]+)` \|", text, re.M)
    }
    assert listed == http_rules()
