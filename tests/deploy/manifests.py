"""What the deploy tests share: where the kustomizations are, and how to find things in the
objects they render (the fixtures that render them are in conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "deploy" / "k8s"
KUSTOMIZATIONS = {
    "base": K8S / "base",
    "dev": K8S / "overlays" / "dev",
    "prod": K8S / "overlays" / "prod",
}
WORKLOADS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}

Obj = dict[str, Any]


def of_kind(objs: list[Obj], kind: str) -> list[Obj]:
    return [o for o in objs if o["kind"] == kind]


def one(objs: list[Obj], kind: str) -> Obj:
    found = of_kind(objs, kind)
    assert len(found) == 1, f"expected one {kind}, found {len(found)}"
    return found[0]


def named(objs: list[Obj], kind: str, name: str) -> Obj:
    found = [o for o in of_kind(objs, kind) if o["metadata"]["name"] == name]
    assert len(found) == 1, f"expected one {kind} {name}, found {len(found)}"
    return found[0]


def server_deployment(objs: list[Obj]) -> Obj:
    """The server's Deployment (the web component adds fiveup-web beside it)."""
    return named(objs, "Deployment", "fiveup")


def pod_specs(objs: list[Obj]) -> Iterator[tuple[Obj, Obj]]:
    for o in objs:
        if o["kind"] in WORKLOADS:
            spec = o["spec"]
            if o["kind"] == "CronJob":
                spec = spec["jobTemplate"]["spec"]
            if o["kind"] != "Pod":
                spec = spec["template"]["spec"]
            yield o, spec


def containers(spec: Obj) -> list[Obj]:
    return [*spec.get("initContainers", []), *spec["containers"]]


def pod_labels(deployment: Obj) -> dict[str, str]:
    return dict(deployment["spec"]["template"]["metadata"]["labels"])


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def config_env(objs: list[Obj], deployment: Obj) -> dict[str, str]:
    """What the container's environment holds from its ConfigMaps and plain env values."""
    env: dict[str, str] = {}
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    maps = {c["metadata"]["name"]: c.get("data", {}) for c in of_kind(objs, "ConfigMap")}
    for source in container.get("envFrom", []):
        name = source["configMapRef"]["name"]
        assert name in maps, f"ConfigMap {name} is not rendered"
        env.update(maps[name])
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = item["value"]
    return env
