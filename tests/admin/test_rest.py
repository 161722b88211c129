"""AdminService over REST/JSON through the Envoy gateway (deploy/envoy/envoy.yaml's
transcoder lists it): /v1/admin/... answers an operator, and refuses a player or
nobody with the HTTP status of the gRPC code and the ErrorInfo reason."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import httpx
import pytest

from fiveup.admin.operators import OperatorCredentials
from fiveup.devstack.gateway import Gateway
from fiveup.identity.keys import AccessTokenKeys, ensure_local_key

from ..harness import running_server

ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"


@dataclass
class Stack:
    gateway: Gateway
    credential: str


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    folder = tmp_path_factory.mktemp("admin-rest")
    keys = ensure_local_key(folder / "keys")
    with running_server(folder, extra=("--access-token-keys", str(keys))) as server:
        credential = OperatorCredentials(AccessTokenKeys.from_directory(str(keys))).issue("ada")
        with Gateway(server.address, log=folder / "envoy.log") as gateway:
            yield Stack(gateway, credential.token)


def _reason(answer: httpx.Response) -> str:
    details = answer.json().get("details", [])
    return next(d["reason"] for d in details if d.get("@type") == ERROR_INFO)


def test_an_operator_reads_over_rest(stack: Stack) -> None:
    bearer = {"authorization": f"Bearer {stack.credential}"}
    me = httpx.get(f"{stack.gateway.url}/v1/admin/operator", headers=bearer)
    assert me.status_code == 200, me.text
    assert me.json()["operatorId"] == "local:ada"
    log = httpx.get(f"{stack.gateway.url}/v1/admin/audit", params={"limit": 5}, headers=bearer)
    assert log.status_code == 200 and log.json()["entries"] == [], log.text


def test_a_player_and_nobody_are_refused_over_rest(stack: Stack) -> None:
    guest = httpx.post(
        f"{stack.gateway.url}/v1/sessions:guest", json={"deviceId": "admin-rest-device-0001"}
    )
    assert guest.status_code == 200, guest.text
    player = {"authorization": f"Bearer {guest.json()['session']['accessToken']}"}
    for path in ("/v1/admin/operator", "/v1/admin/audit", "/v1/admin/players?query=ab"):
        refused = httpx.get(stack.gateway.url + path, headers=player)
        assert (refused.status_code, _reason(refused)) == (403, "NOT_AN_OPERATOR"), path
        nobody = httpx.get(stack.gateway.url + path)
        assert (nobody.status_code, _reason(nobody)) == (401, "UNAUTHENTICATED"), path
