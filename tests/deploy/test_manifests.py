"""deploy/k8s renders, validates and passes the security checks, offline.

* every kustomization (base and overlays) builds with ``kubectl kustomize``;
* the rendered objects pass ``kubernetes-validate --strict`` (Kubernetes' schemas);
* they and the Dockerfile pass ``checkov --skip-download`` with zero failed checks, and
  every skipped check is justified in the manifest (``checkov.io/skipN: ID=reason``);
* project rules: distinct liveness/readiness probes, no ``latest``, resources everywhere,
  the restricted security context, prod's PDB/NetworkPolicy/HPA, no shipped secrets, and
  alert rules and the dashboard only name metrics the server exports.

checkov and kubernetes-validate live in a venv of their own, made (once, then reused) by
scripts/install-deploy-tools.sh; kubectl comes with the machine image (the script tries
Debian's packages when it is missing).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .manifests import (
    K8S,
    KUSTOMIZATIONS,
    ROOT,
    Obj,
    config_env,
    containers,
    named,
    of_kind,
    one,
    pod_labels,
    pod_specs,
    selects,
    server_deployment,
)

OVERLAYS = ("dev", "prod")
LIVENESS, READINESS = "fiveup.liveness", "fiveup.readiness"

# The first run on a new machine installs checkov (about a minute, more on a slow network).
pytestmark = pytest.mark.timeout(900)


# --------------------------------------------------------------------------- tools


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_renders_and_passes_strict_schema_validation(
    tools: Path, rendered: dict[str, Path], name: str
) -> None:
    for version in ("1.37.0", "1.30.0"):  # the newest schemas, and the oldest supported
        done = subprocess.run(
            [str(tools / "kubernetes-validate"), "--strict", "-k", version, str(rendered[name])],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        output = done.stdout + done.stderr
        assert done.returncode == 0, output
        for line in output.splitlines():
            if line.startswith("WARN"):
                # only the Prometheus Operator's CRDs have no schema here
                assert "monitoring.coreos.com/v1" in line, line
            assert not line.startswith("ERROR"), line


def test_checkov_finds_nothing_and_every_skip_is_justified(
    tools: Path, rendered: dict[str, Path], tmp_path: Path
) -> None:
    for name, path in rendered.items():
        shutil.copy(path, tmp_path / f"{name}.yaml")
    shutil.copy(ROOT / "deploy" / "docker" / "Dockerfile", tmp_path / "Dockerfile")
    web = tmp_path / "web"  # checkov reads files named Dockerfile
    web.mkdir()
    shutil.copy(ROOT / "deploy" / "docker" / "Dockerfile.web", web / "Dockerfile")
    env = {**os.environ, "LOG_LEVEL": "ERROR", "CHECKOV_RUN_SCA_PACKAGE_SCAN_V2": "false"}
    done = subprocess.run(
        [
            str(tools / "checkov"), "--skip-download", "--output", "json",
            "--framework", "kubernetes", "dockerfile", "--directory", str(tmp_path),
        ],
        capture_output=True, text=True, timeout=600, check=False, env=env,
    )  # fmt: skip
    reports = json.loads(done.stdout)
    reports = reports if isinstance(reports, list) else [reports]
    assert {r["check_type"] for r in reports} == {"kubernetes", "dockerfile"}
    failures = [
        f"{c['check_id']} {c['resource']} ({c['file_path']}): {c['check_name']}"
        for r in reports
        for c in r["results"]["failed_checks"]
    ]
    assert not failures, "\n".join(failures)
    assert done.returncode == 0, done.stderr[-2000:]
    passed = sum(r["summary"]["passed"] for r in reports)
    assert passed > 100
    for r in reports:
        assert r["summary"]["parsing_errors"] == 0
        for c in r["results"]["skipped_checks"]:
            reason = (c.get("check_result") or {}).get("suppress_comment") or ""
            assert len(reason) > 20, f"{c['check_id']} is skipped without a reason"


# --------------------------------------------------------------------------- project rules


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_workloads_are_hardened(objects: dict[str, list[Obj]], name: str) -> None:
    objs = objects[name]
    deployment = server_deployment(objs)
    assert deployment["metadata"]["namespace"] not in ("", "default")
    for workload, spec in pod_specs(objs):
        where = f"{name}: {workload['kind']}/{workload['metadata']['name']}"
        pod_sc = spec["securityContext"]
        assert pod_sc["runAsNonRoot"] is True, where
        assert isinstance(pod_sc["runAsUser"], int) and pod_sc["runAsUser"] >= 10000, where
        assert isinstance(pod_sc["runAsGroup"], int) and pod_sc["runAsGroup"] > 0, where
        assert pod_sc["seccompProfile"]["type"] == "RuntimeDefault", where
        assert spec["automountServiceAccountToken"] is False, where
        assert not spec.get("hostNetwork") and not spec.get("hostPID") and not spec.get("hostIPC")
        volumes = {v["name"]: v for v in spec.get("volumes", [])}
        for c in containers(spec):
            sc = c["securityContext"]
            assert sc["allowPrivilegeEscalation"] is False, where
            assert sc["readOnlyRootFilesystem"] is True, where
            assert sc.get("privileged", False) is False, where
            assert sc["capabilities"]["drop"] == ["ALL"] and not sc["capabilities"].get("add"), (
                where
            )
            assert sc.get("runAsNonRoot", True) is True and sc.get("runAsUser", 10001) != 0, where
            assert sc["seccompProfile"]["type"] == "RuntimeDefault", where
            # a writable /tmp on an emptyDir (the root filesystem is read-only)
            tmp = [m for m in c.get("volumeMounts", []) if m["mountPath"] == "/tmp"]
            assert tmp and "emptyDir" in volumes[tmp[0]["name"]], where
            # resources on every container
            for kind in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    assert c["resources"][kind][resource], f"{where}: {kind}.{resource}"
            # pinned image
            image = c["image"]
            assert "@sha256:" in image or re.search(r":[\w][\w.-]*$", image.rsplit("/", 1)[-1]), (
                image
            )
            assert not image.endswith(":latest"), image
            assert "@sha256:" in image or c["imagePullPolicy"] == "Always", image
    for account in of_kind(objs, "ServiceAccount"):
        assert account["automountServiceAccountToken"] is False


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_probes_and_drain(objects: dict[str, list[Obj]], name: str) -> None:
    objs = objects[name]
    deployment = server_deployment(objs)
    spec = deployment["spec"]["template"]["spec"]
    server = spec["containers"][0]
    port = next(p["containerPort"] for p in server["ports"] if p["name"] == "grpc")
    # probes go to the health-only probe server, out of reach of public load
    probes = next(p["containerPort"] for p in server["ports"] if p["name"] == "probes")
    assert probes != port
    live, ready = server["livenessProbe"], server["readinessProbe"]
    assert live != ready
    assert live["grpc"] == {"port": probes, "service": LIVENESS}
    assert ready["grpc"] == {"port": probes, "service": READINESS}
    assert server["startupProbe"]["grpc"] == {"port": probes, "service": LIVENESS}
    # the drain fits in the termination grace period
    env = config_env(objs, deployment)
    grace = float(env["FIVEUP_GRACE_SECONDS"])
    command = server["lifecycle"]["preStop"]["exec"]["command"]
    assert command[0] == "sleep"
    pre_stop = float(command[1])
    assert pre_stop + grace + 5 <= spec["terminationGracePeriodSeconds"]
    # the server listens on every interface, on the ports the manifests name
    assert env["FIVEUP_ADDRESS"] == f"0.0.0.0:{port}"
    assert env["FIVEUP_PROBE_ADDRESS"] == f"0.0.0.0:{probes}"
    # no Service exposes the probe port, and a network policy (where there is one) does
    # not open it: only the kubelet reaches it
    for service in of_kind(objs, "Service"):
        for service_port in service["spec"]["ports"]:
            assert service_port.get("targetPort") not in ("probes", probes)
            assert service_port["port"] != probes
    for policy in of_kind(objs, "NetworkPolicy"):
        for rule in policy["spec"].get("ingress", []):
            assert all(p.get("port") not in (probes, "probes") for p in rule.get("ports", []))
    metrics_port = next(p["containerPort"] for p in server["ports"] if p["name"] == "metrics")
    assert int(env["FIVEUP_METRICS_PORT"]) == metrics_port
    # services: a normal one and a headless one for client-side balancing, both on grpc
    labels = pod_labels(deployment)
    services = {s["metadata"]["name"]: s for s in of_kind(objs, "Service")}
    headless = [
        s for s in services.values() if s["spec"].get("clusterIP") == "None"
        and any(p["name"] == "grpc" for p in s["spec"]["ports"])
    ]  # fmt: skip
    assert len(headless) == 1 and selects(headless[0]["spec"]["selector"], labels)
    assert headless[0]["spec"].get("publishNotReadyAddresses", False) is False
    assert selects(services["fiveup"]["spec"]["selector"], labels)
    assert selects(deployment["spec"]["selector"]["matchLabels"], labels)


def test_dev_is_one_replica_on_sqlite_on_a_volume(objects: dict[str, list[Obj]]) -> None:
    objs = objects["dev"]
    deployment = server_deployment(objs)
    assert deployment["spec"]["replicas"] == 1
    assert deployment["spec"]["strategy"] == {"type": "Recreate"}
    spec = deployment["spec"]["template"]["spec"]
    claim = one(objs, "PersistentVolumeClaim")["metadata"]["name"]
    data = [
        v for v in spec["volumes"] if v.get("persistentVolumeClaim", {}).get("claimName") == claim
    ]
    assert len(data) == 1 and "emptyDir" not in data[0]
    mount = next(m for m in spec["containers"][0]["volumeMounts"] if m["name"] == data[0]["name"])
    db = config_env(objs, deployment)["FIVEUP_DB"]
    assert db.startswith(mount["mountPath"] + "/") and db.endswith(".sqlite3")
    assert of_kind(objs, "HorizontalPodAutoscaler") == []
    assert one(objs, "Namespace")["metadata"]["name"] == deployment["metadata"]["namespace"]


def test_prod_is_replicated_on_postgres_with_pdb_network_policy_hpa_and_monitoring(
    objects: dict[str, list[Obj]],
) -> None:
    objs = objects["prod"]
    deployment = server_deployment(objs)
    labels = pod_labels(deployment)
    assert deployment["spec"].get("replicas", 3) >= 3
    hpa = one(objs, "HorizontalPodAutoscaler")
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "fiveup",
    }
    assert (
        hpa["spec"]["minReplicas"] >= 3 and hpa["spec"]["maxReplicas"] > hpa["spec"]["minReplicas"]
    )
    pdb = named(objs, "PodDisruptionBudget", "fiveup")
    assert selects(pdb["spec"]["selector"]["matchLabels"], labels)
    assert pdb["spec"].get("maxUnavailable", 0) == 1 or pdb["spec"].get("minAvailable", 0) >= 2
    policy = named(objs, "NetworkPolicy", "fiveup")
    assert selects(policy["spec"]["podSelector"]["matchLabels"], labels)
    assert set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
    # PostgreSQL from a Secret, and no Secret shipped
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    db = [e for e in container["env"] if e["name"] == "FIVEUP_DB"]
    assert len(db) == 1 and "value" not in db[0]
    assert db[0]["valueFrom"]["secretKeyRef"] == {"name": "fiveup-db", "key": "url"}
    assert deployment["spec"]["strategy"]["type"] == "RollingUpdate"
    # monitoring
    monitor = named(objs, "ServiceMonitor", "fiveup")
    metrics_services = [
        s
        for s in of_kind(objs, "Service")
        if selects(monitor["spec"]["selector"]["matchLabels"], s["metadata"]["labels"])
    ]
    assert len(metrics_services) == 1
    assert (
        metrics_services[0]["spec"]["ports"][0]["name"]
        == monitor["spec"]["endpoints"][0]["port"]
        == "metrics"
    )
    alerts = [
        r["alert"]
        for g in named(objs, "PrometheusRule", "fiveup")["spec"]["groups"]
        for r in g["rules"]
        if "alert" in r
    ]
    assert {"FiveupHighErrorRate", "FiveupHighLatency", "FiveupStoreConflicts"} <= set(alerts)


@pytest.mark.parametrize("name", list(KUSTOMIZATIONS))
def test_no_secret_is_shipped(
    objects: dict[str, list[Obj]], rendered: dict[str, Path], name: str
) -> None:
    assert of_kind(objects[name], "Secret") == []
    assert "postgresql://" not in rendered[name].read_text()
    example = (K8S / "components" / "postgres" / "secret.example.yaml").read_text()
    assert "CHANGE-ME" in example


SUFFIXES = {
    "counter": ("_total",),
    "histogram": ("_bucket", "_sum", "_count"),
    "summary": ("", "_sum", "_count"),
    "info": ("_info",),
}


def exported_metric_names() -> set[str]:
    """Every sample name the server's registry can expose (counters' _total, histograms'
    _bucket/_sum/_count...), whether or not a series exists yet.  Asked of a process of its
    own: the bus's metrics are registered only when a server opens a bus, and registering
    them here would show them in every later in-process server's /metrics."""
    code = (
        "import json\n"
        "from prometheus_client import REGISTRY\n"
        "import fiveup.telemetry.metrics, fiveup.telemetry.runtime, fiveup.telemetry.collector\n"
        "from fiveup.bus.observer import PrometheusBusObserver\n"
        "PrometheusBusObserver()\n"
        "print(json.dumps([(f.name, f.type) for f in REGISTRY.collect()]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = set()
    for name, kind in json.loads(done.stdout):
        for suffix in SUFFIXES.get(kind, ("",)):
            names.add(name + suffix)
    return names


def referenced_metrics(text: str) -> set[str]:
    return set(re.findall(r"\b((?:grpc_server|fiveup)_[a-z_]+)\b(?=\s*[{\[)])", text))


def test_alerts_and_dashboard_only_use_exported_metrics(objects: dict[str, list[Obj]]) -> None:
    exported = exported_metric_names()
    rules = named(objects["prod"], "PrometheusRule", "fiveup")
    expressions = " ".join(r["expr"] for g in rules["spec"]["groups"] for r in g["rules"])
    dashboard = json.loads((ROOT / "deploy" / "monitoring" / "grafana-dashboard.json").read_text())
    queries = " ".join(t["expr"] for p in dashboard["panels"] for t in p.get("targets", []))
    for source, text in (("PrometheusRule", expressions), ("dashboard", queries)):
        used = referenced_metrics(text)
        assert used, source
        assert used <= exported, f"{source} names unknown metrics: {sorted(used - exported)}"
    shown = referenced_metrics(queries)
    for needed in (
        "grpc_server_handled_total", "grpc_server_handling_seconds_bucket", "fiveup_moves_total",
        "fiveup_matches", "fiveup_store_append_seconds_bucket", "fiveup_store_conflicts_total",
        "fiveup_bot_thinking_seconds_bucket", "fiveup_grpc_streams_active",
        "fiveup_bus_connected", "fiveup_bus_wakeups_total", "fiveup_bus_reconnects_total",
    ):  # fmt: skip
        assert needed in shown, needed
    assert len({p["id"] for p in dashboard["panels"]}) == len(dashboard["panels"])


def test_prod_serves_browsers_through_the_shared_envoy_config(
    objects: dict[str, list[Obj]], tmp_path: Path
) -> None:
    """The web component: Envoy beside the server on the very config of deploy/envoy (only
    the allowed origins differ, and never a match-all), the server believing
    x-forwarded-for from that sidecar only, and the static bundle on unprivileged nginx."""
    from fiveup.devstack import gateway

    objs = objects["prod"]
    deployment = server_deployment(objs)
    spec = deployment["spec"]["template"]["spec"]
    sidecar = next(c for c in spec["containers"] if c["name"] == "grpc-web")
    assert sidecar["args"][:2] == ["-c", "/etc/envoy/envoy.yaml"]
    volume = next(v for v in spec["volumes"] if v["name"] == "envoy-config")
    config_map = named(objs, "ConfigMap", volume["configMap"]["name"])
    rendered = config_map["data"]["envoy.yaml"]
    shipped = gateway.CONFIG.read_text()
    origin = gateway.origin_regex(rendered)
    assert origin == r"^https://fiveup\.example\.com$"
    assert rendered == gateway.render(shipped, origin=origin)  # the same file otherwise
    config = tmp_path / "envoy.yaml"
    config.write_text(rendered)
    gateway.validate(config)
    # REST: the descriptor set comes from the server's own image, where the config says
    descriptors = next(c for c in spec["initContainers"] if c["name"] == "descriptors")
    assert descriptors["image"] == spec["containers"][0]["image"]
    assert "fiveup.binpb" in " ".join(descriptors["command"])
    mounted = {m["name"]: m["mountPath"] for m in sidecar["volumeMounts"]}
    assert f"proto_descriptor: {mounted['gateway-descriptors']}/fiveup.binpb" in rendered
    env = config_env(objs, deployment)
    assert env["FIVEUP_CLIENT_ADDRESS_HEADER"] == "x-forwarded-for"
    assert env["FIVEUP_TRUSTED_PROXIES"] == "127.0.0.1"
    policy = named(objs, "NetworkPolicy", "fiveup")
    assert {"port": 8080, "protocol": "TCP"} in [
        p for r in policy["spec"]["ingress"] for p in r["ports"]
    ]
    web = named(objs, "Deployment", "fiveup-web")
    assert web["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] == 8080
    services = {s["metadata"]["name"]: s for s in of_kind(objs, "Service")}
    assert selects(services["fiveup-web"]["spec"]["selector"], pod_labels(web))
    assert selects(services["fiveup-grpc-web"]["spec"]["selector"], pod_labels(deployment))
    # the origin settings are build-time inputs, not deployed objects
    assert not [c for c in of_kind(objs, "ConfigMap") if "origins" in c["metadata"]["name"]]
