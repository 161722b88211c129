"""The Node.js client (clients/node) plays whole matches against a real server and checks
the RulesService: `npm ci` (when needed) then `npm test`, which must pass."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .conftest import NODE_DIR, Server, require_tools

NPM_CI_TIMEOUT = 180  # seconds; only when node_modules is missing or the lock changed
NPM_TEST_TIMEOUT = 150
PLAYERS = "2,3,4:2"  # a 2-, a 3- and a 4-player match (the last with two human partners)
STAMP = NODE_DIR / "node_modules" / ".fiveup-lock.sha256"
REGISTRY = "https://registry.npmjs.org/"


def lock_digest() -> str:
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        digest.update((NODE_DIR / name).read_bytes())
    return digest.hexdigest()


def ensure_installed(npm: str) -> None:
    """`npm ci` unless node_modules was installed from this very lock."""
    wanted = lock_digest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    try:
        done = subprocess.run(
            [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
            cwd=NODE_DIR, capture_output=True, text=True, timeout=NPM_CI_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"npm ci took over {NPM_CI_TIMEOUT}s (no registry access?): {exc.stderr}")
    assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    STAMP.write_text(wanted + "\n")


def test_the_lock_pins_everything_to_the_npm_registry() -> None:
    lock = json.loads((NODE_DIR / "package-lock.json").read_text())
    assert lock["lockfileVersion"] >= 2
    packages = {k: v for k, v in lock["packages"].items() if k}
    assert {"node_modules/@grpc/grpc-js", "node_modules/@grpc/proto-loader"} <= packages.keys()
    for name, entry in packages.items():
        assert entry.get("integrity", "").startswith("sha512-"), f"{name} has no sha512 integrity"
        resolved = entry.get("resolved")
        assert resolved is None or resolved.startswith(REGISTRY), f"{name} resolves to {resolved}"
        assert not entry.get("link"), f"{name} is a link, not a registry package"

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
    manifest = json.loads((NODE_DIR / "package.json").read_text())
    for spec in manifest.get("dependencies", {}).values():
        assert re.fullmatch(r"[\^~]?\d+\.\d+\.\d+", spec), (
            f"dependency spec {spec!r} is not a registry version"
        )


def test_node_client_plays_matches_and_checks_the_rules(server: Server, tmp_path: Path) -> None:
    tools = require_tools("node", "npm")
    node_version = subprocess.run(
        [tools["node"], "--version"], capture_output=True, text=True
    ).stdout
    assert int(node_version.strip().lstrip("v").split(".")[0]) >= 20, f"node {node_version} < 20"
    ensure_installed(tools["npm"])
    env = dict(os.environ, FIVEUP_SERVER=server.address, FIVEUP_PLAYERS=PLAYERS, NO_COLOR="1")
    env.pop("NODE_OPTIONS", None)
    try:
        done = subprocess.run(
            [tools["npm"], "test"], cwd=NODE_DIR, env=env, capture_output=True, text=True,
            timeout=NPM_TEST_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"npm test took over {NPM_TEST_TIMEOUT}s:\n{exc.stdout}\n{server.log.read_text()[-3000:]}"
        )
    output = done.stdout + done.stderr
    (tmp_path / "npm-test.log").write_text(output)
    assert done.returncode == 0, f"npm test failed:\n{output[-6000:]}"
    passed = re.search(r"^\S* ?pass (\d+)$", output, re.M)
    failed = re.search(r"^\S* ?fail (\d+)$", output, re.M)
    assert passed and failed, f"no node test summary in:\n{output[-3000:]}"
    assert int(failed.group(1)) == 0
    assert int(passed.group(1)) >= 10, output[-3000:]
    for config in PLAYERS.split(","):
        assert re.search(rf"✔ plays a {re.escape(config)} match to the end", output), (
            f"the {config} match did not pass:\n{output[-3000:]}"
        )
    assert "✔ ValidateMoves (bidi, compact) answers batches in order" in output


def test_node_is_required_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without node, the Node tests skip locally but fail under CI=true."""
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="node, npm not found"):
        require_tools("node", "npm")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required when CI=true"):
        require_tools("node", "npm")
