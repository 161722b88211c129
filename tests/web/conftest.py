"""The real stack the browser tests drive: `fiveup serve`, the Envoy gRPC-Web gateway and
the static bundle (each script launches Debian's Chromium through playwright-core and
writes a JSON report).  The bundle is built once per session; each test module gets a
stack of its own, so no module sees another's players or matches (on one shared stack,
other modules' rated matches joined the leaderboard a module checked, in CI only)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fiveup.devstack.gateway import Gateway
from fiveup.devstack.webstack import static_server

from ..clients.conftest import (
    BEHIND_GATEWAY,
    CLIENTS_DIR,
    ROOT,
    ensure_clients_built,
    in_ci,
)
from ..harness import Server, running_server

WEB_DIR = CLIENTS_DIR / "web"
CONSOLE_DIR = CLIENTS_DIR / "console"  # the operators' console: its own page and bundle
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "build" / "test-artifacts" / "web"
BROWSER_TIMEOUT = 300
# Ratings settle at sigma 7.9 (two rated matches against newcomers, not five): fewer
# matches to seed.
RATINGS = ("--rating-settled-sigma", "7.9")


@dataclass(frozen=True)
class WebStack:
    """The running stack: the server (its address and log), the gateway's URL, the web
    app's URL, and the tools a browser script needs."""

    server: Server
    gateway_url: str
    url: str
    chromium: str
    node: str


@dataclass(frozen=True)
class BrowserRun:
    """What one browser script left: its report and where its artifacts are."""

    report: dict[str, Any]
    artifacts: Path


def require_chromium() -> str:
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    message = f"{CHROMIUM} not found: scripts/install-browser.sh installs Debian's chromium"
    if in_ci():
        pytest.fail(message + " -- required when CI=true", pytrace=False)
    pytest.skip(message)


def build_web(npm: str) -> None:
    """The players' app and the operators' console (served at /console/ beside it)."""
    for workspace in ("fiveup-web", "fiveup-console"):
        done = subprocess.run(
            [npm, "run", "build", "--workspace", workspace], cwd=CLIENTS_DIR,
            capture_output=True, text=True, timeout=180,
        )  # fmt: skip
        assert done.returncode == 0, f"building {workspace} failed:\n{done.stdout}\n{done.stderr}"


@dataclass(frozen=True)
class WebTools:
    """Chromium found, the SDK and the web app built: what every stack needs."""

    chromium: str
    node: str


@pytest.fixture(scope="session")
def web_tools() -> WebTools:
    chromium = require_chromium()
    tools = ensure_clients_built()
    build_web(tools["npm"])
    if ARTIFACTS.exists():
        shutil.rmtree(ARTIFACTS)
    ARTIFACTS.mkdir(parents=True)
    return WebTools(chromium, tools["node"])


@pytest.fixture(scope="module")
def web_stack(web_tools: WebTools, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebStack]:
    with open_stack(
        tmp_path_factory.mktemp("web-stack"), web_tools.chromium, web_tools.node
    ) as stack:
        yield stack


@contextmanager
def open_stack(folder: Path, chromium: str, node: str) -> Iterator[WebStack]:
    """A server with its own database, its gateway and the built bundle."""
    with (
        running_server(folder, extra=(*BEHIND_GATEWAY, *RATINGS)) as server,
        Gateway(server.address, log=folder / "envoy.log") as gateway,
        static_server(WEB_DIR / "dist", gateway.url) as url,
    ):
        yield WebStack(server, gateway.url, url, chromium, node)


def run_browser(
    stack: WebStack, script: str, artifacts: Path, env: dict[str, str] | None = None,
    app: Path = WEB_DIR,
) -> BrowserRun:  # fmt: skip
    """Runs <app>/test/<script> (the players' app's scripts, or the console's) against the
    stack; fails with its error and the server's log tail unless its report says ok."""
    artifacts.mkdir(parents=True, exist_ok=True)
    full_env = dict(
        os.environ, FIVEUP_WEB_URL=stack.url, FIVEUP_ARTIFACTS=str(artifacts),
        CHROMIUM=stack.chromium, NO_COLOR="1", **(env or {}),
    )  # fmt: skip
    try:
        done = subprocess.run(
            [stack.node, f"test/{script}"], cwd=app, env=full_env, capture_output=True,
            text=True, timeout=BROWSER_TIMEOUT,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{script} took over {BROWSER_TIMEOUT}s:\n{exc.stdout!r}")
    (artifacts / f"{Path(script).stem}.log").write_text(done.stdout + done.stderr)
    report_file = artifacts / "report.json"
    assert report_file.exists(), f"{script} wrote no report:\n{done.stdout}\n{done.stderr}"
    report: dict[str, Any] = json.loads(report_file.read_text())
    assert done.returncode == 0 and report["ok"], (
        f"{report.get('error')}\n{done.stdout[-3000:]}\n{stack.server.log.read_text()[-2000:]}"
    )
    return BrowserRun(report, artifacts)


def step(report: dict[str, Any], name: str) -> dict[str, Any]:
    """The named step of a browser report."""
    steps = report["steps"]
    found = [s for s in steps if s["name"] == name]
    assert found, f"no step {name!r} in {[s['name'] for s in steps]}"
    return found[0]  # type: ignore[no-any-return]
