"""The Node.js client (clients/node) on the generated SDK (clients/sdk) plays whole
matches against a real server, plays as a signed-in guest (FindMatch, then a second
process resumes the seat through ListMyMatches) and checks the RulesService: `npm ci` and the SDK's build
(when needed), then `npm test` twice -- over native gRPC straight to the server, and over
gRPC-Web through the Envoy gateway, as a browser calls."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from ..harness import Server
from .conftest import (
    CLIENTS_DIR,
    NODE_DIR,
    SDK_DIR,
    Stack,
    ensure_clients_built,
    require_tools,
)

NPM_TEST_TIMEOUT = 150
PLAYERS = "2,3,4:2"  # a 2-, a 3- and a 4-player match (the last with two human partners)
WEB_PLAYERS = "2,4:2"  # through the gateway: one 2-player and one partnership match
GUEST_TEST = "✔ queues, plays, and resumes the same seat from a second process"
# The SDK's chat, notification and rematch helpers (clients/node/test/social.test.js).
SOCIAL_TEST = "✔ two players chat, are told of every turn across dropped streams, and rematch"
REGISTRY = "https://registry.npmjs.org/"
# the workspace's own packages, as clients/package.json names them
WORKSPACES = set(json.loads((CLIENTS_DIR / "package.json").read_text())["workspaces"])


def test_the_lock_pins_everything_to_the_npm_registry() -> None:
    lock = json.loads((CLIENTS_DIR / "package-lock.json").read_text())
    assert lock["lockfileVersion"] >= 2
    packages = {k: v for k, v in lock["packages"].items() if k}
    wanted = {
        "node_modules/@connectrpc/connect", "node_modules/@connectrpc/connect-node",
        "node_modules/@connectrpc/connect-web", "node_modules/@bufbuild/protobuf",
        "node_modules/@bufbuild/protoc-gen-es", "node_modules/@bufbuild/buf",
    }  # fmt: skip
    assert wanted <= packages.keys()
    assert not any("grpc-js" in name or "proto-loader" in name for name in packages)
    for name, entry in packages.items():
        if entry.get("link") or name in WORKSPACES:
            # the workspace's own packages (node_modules/@fiveup/sdk -> sdk), nothing else
            target = entry.get("resolved", name)
            assert target in WORKSPACES, f"{name} links to {target}, not a workspace"
            continue
        assert entry.get("integrity", "").startswith("sha512-"), f"{name} has no sha512 integrity"
        resolved = entry.get("resolved")
        assert resolved is None or resolved.startswith(REGISTRY), f"{name} resolves to {resolved}"

    def urls(value: Any, where: str) -> list[tuple[str, str]]:
        if isinstance(value, dict):
            return [u for k, v in value.items() for u in urls(v, f"{where}/{k}")]
        if isinstance(value, list):
            return [u for v in value for u in urls(v, where)]
        return [(where, value)] if isinstance(value, str) and "://" in value else []

    # Only the registry fetches anything; `funding` links are metadata npm never fetches.
    foreign = [
        (w, u) for w, u in urls(lock, "") if not u.startswith(REGISTRY) and "/funding" not in w
    ]
    assert foreign == []
    for folder in WORKSPACES:
        manifest = json.loads((CLIENTS_DIR / folder / "package.json").read_text())
        for kind in ("dependencies", "devDependencies"):
            for spec in manifest.get(kind, {}).values():
                assert re.fullmatch(r"\d+\.\d+\.\d+", spec), (
                    f"{folder}: dependency spec {spec!r} is not an exact registry version"
                )


def test_nothing_generated_is_committed_and_nothing_loads_protos_at_run_time() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "clients"], cwd=CLIENTS_DIR.parent, capture_output=True, text=True
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    assert not [f for f in tracked if "/gen/" in f or "/dist/" in f or "_pb." in f]
    for path in (NODE_DIR / "src").glob("*.js"):
        text = path.read_text()
        assert ".proto" not in text and "proto-loader" not in text, path


def run_npm_test(env: dict[str, str], tmp_path: Path, name: str) -> str:
    tools = ensure_clients_built()
    node_version = subprocess.run(
        [tools["node"], "--version"], capture_output=True, text=True
    ).stdout
    assert int(node_version.strip().lstrip("v").split(".")[0]) >= 20, f"node {node_version} < 20"
    env = dict(os.environ, NO_COLOR="1", **env)
    env.pop("NODE_OPTIONS", None)
    try:
        done = subprocess.run(
            [tools["npm"], "test"], cwd=NODE_DIR, env=env, capture_output=True, text=True,
            timeout=NPM_TEST_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"npm test took over {NPM_TEST_TIMEOUT}s:\n{exc.stdout}")
    output = done.stdout + done.stderr
    (tmp_path / f"npm-test-{name}.log").write_text(output)
    assert done.returncode == 0, f"npm test failed:\n{output[-6000:]}"
    passed = re.search(r"^\S* ?pass (\d+)$", output, re.M)
    failed = re.search(r"^\S* ?fail (\d+)$", output, re.M)
    assert passed and failed, f"no node test summary in:\n{output[-3000:]}"
    assert int(failed.group(1)) == 0
    return output


def test_node_client_plays_matches_over_grpc(server: Server, tmp_path: Path) -> None:
    output = run_npm_test(
        {"FIVEUP_SERVER": server.address, "FIVEUP_PLAYERS": PLAYERS}, tmp_path, "grpc"
    )
    assert int(re.search(r"^\S* ?pass (\d+)$", output, re.M).group(1)) >= 12  # type: ignore[union-attr]
    for config in PLAYERS.split(","):
        assert re.search(rf"✔ plays a {re.escape(config)} match to the end", output), (
            f"the {config} match did not pass:\n{output[-3000:]}"
        )
    assert "✔ ValidateMoves (bidi, compact) answers batches in order" in output
    assert "✔ ValidateMoveBatch (unary, compact) answers like the stream" in output
    assert GUEST_TEST in output, f"the guest player did not pass:\n{output[-3000:]}"
    assert SOCIAL_TEST in output, f"chat, notifications, rematch did not pass:\n{output[-3000:]}"


def test_node_client_plays_matches_over_grpc_web_through_envoy(
    stack: Stack, tmp_path: Path
) -> None:
    output = run_npm_test(
        {"FIVEUP_GATEWAY": stack.gateway.url, "FIVEUP_PLAYERS": WEB_PLAYERS}, tmp_path, "web"
    )
    for config in WEB_PLAYERS.split(","):
        assert re.search(rf"✔ plays a {re.escape(config)} match to the end", output), (
            f"the {config} match did not pass through the gateway:\n{output[-3000:]}"
        )
    assert "gRPC-Web 2:" in output  # the diagnostics name the transport really used
    assert GUEST_TEST in output, f"the guest player did not pass the gateway:\n{output[-3000:]}"
    assert SOCIAL_TEST in output, (
        f"chat, notifications, rematch failed the gateway:\n{output[-3000:]}"
    )
    assert "✔ ValidateMoveBatch (unary, compact) answers like the stream" in output
    assert "ValidateMoves (bidi, compact) answers batches in order" in output  # skipped: no bidi
    assert "✔ ValidateMoveBatch refuses more than 1,000 checks with BATCH_TOO_LARGE" in output


def test_the_sdk_is_generated_from_the_protos() -> None:
    ensure_clients_built()
    generated = SDK_DIR / "src" / "gen" / "fiveup" / "v1" / "rules_pb.ts"
    assert "ValidateMoveBatch" in generated.read_text()
    assert (SDK_DIR / "dist" / "index.js").exists()


def test_node_is_required_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without node, the Node tests skip locally but fail under CI=true."""
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="node, npm not found"):
        require_tools("node", "npm")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required when CI=true"):
        require_tools("node", "npm")
