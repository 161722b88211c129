"""The bus in Kubernetes: components/nats and components/nats-monitoring in the prod overlay.

Rendered-object checks: a 3-node NATS cluster from pinned official images, non-root on a
read-only root filesystem with no service-account token, resources on every container,
probes on the monitoring port, a lame-duck drain that fits the grace period, a
PodDisruptionBudget, NetworkPolicies that let only the fiveup server pods reach the
client port and only the NATS pods reach each other, the replicas' FIVEUP_BUS naming the
client Service (in prod only), and the exporter scraped as the server's metrics are.

Then the shipped nats.conf itself runs: three real nats-server processes on it (ports,
routes and the pid file moved by flags so they fit on one machine) form the cluster, two
of the service's own bus clients on different nodes wake each other, and the preStop
command drains a node: its client moves to another node and the node exits by itself.
(Debian's nats-server here may be older than the image's: the config uses nothing newer.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from fiveup.bus.nats_bus import NatsBus
from fiveup.bus.ports import EVERYTHING, MATCH

from ..nats_server import free_port
from ..postgres_db import in_ci
from .manifests import (
    ROOT,
    Obj,
    config_env,
    containers,
    named,
    of_kind,
    pod_labels,
    selects,
    server_deployment,
)

pytestmark = pytest.mark.timeout(900)

NATS = "fiveup-nats"
NATS_IMAGE = re.compile(r"^docker\.io/library/nats:\d+\.\d+\.\d+-(scratch|alpine)$")
EXPORTER_IMAGE = re.compile(r"^docker\.io/natsio/prometheus-nats-exporter:\d+\.\d+\.\d+$")
CLIENT_PORT, CLUSTER_PORT, MONITOR_PORT, EXPORTER_PORT = 4222, 6222, 8222, 7777


# --------------------------------------------------------------------------- reading


def statefulset(objs: list[Obj]) -> Obj:
    return named(objs, "StatefulSet", NATS)


def pod_spec(workload: Obj) -> Obj:
    return dict(workload["spec"]["template"]["spec"])


def container(workload: Obj, name: str) -> Obj:
    found = [c for c in pod_spec(workload)["containers"] if c["name"] == name]
    assert len(found) == 1, name
    return found[0]


def port_of(c: Obj, name: str) -> int:
    return int(next(p["containerPort"] for p in c["ports"] if p["name"] == name))


def nats_conf(objs: list[Obj]) -> str:
    volume = next(v for v in pod_spec(statefulset(objs))["volumes"] if v["name"] == "config")
    text = named(objs, "ConfigMap", volume["configMap"]["name"])["data"]["nats.conf"]
    assert isinstance(text, str)
    return text


def conf_values(text: str) -> dict[str, str]:
    """``key: value`` settings of nats.conf (comments dropped; the cluster block's keys
    prefixed ``cluster.``; ``routes`` a space-separated list)."""
    values: dict[str, str] = {}
    block = ""
    routes: list[str] | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if routes is not None:
            if line == "]":
                values[f"{block}routes"], routes = " ".join(routes), None
            else:
                routes.append(line)
        elif line.endswith("{"):
            block = line[:-1].strip() + "."
        elif line == "}":
            block = ""
        elif re.fullmatch(r"routes\s*[:=]\s*\[", line):
            routes = []
        else:
            key, _, value = re.split(r"\s*([:=])\s*", line, maxsplit=1)
            values[block + key] = value.strip('"')
    return values


def parts(pattern: str, text: str) -> tuple[str, ...]:
    found = re.fullmatch(pattern, str(text))
    assert found, f"{text!r} does not match {pattern}"
    return found.groups()


def seconds(duration: str) -> float:
    number, unit = parts(r"(\d+)([smh])", duration)
    return int(number) * {"s": 1, "m": 60, "h": 3600}[unit]


def quantity(value: str) -> float:
    """A Kubernetes or Go memory quantity (Mi, MiB, Gi...) or CPU (m) in base units."""
    number, unit = parts(r"([\d.]+)([A-Za-z]*)", value)
    scale = {"": 1, "m": 1e-3, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "KiB": 2**10,
             "MiB": 2**20, "GiB": 2**30}[unit]  # fmt: skip
    return float(number) * scale


def rules_allowing(policy: Obj, direction: str, port: int) -> list[Obj]:
    """The rules of a policy that let traffic through on ``port`` (a rule without ports
    covers every port)."""
    return [
        rule
        for rule in policy["spec"].get(direction, [])
        if not rule.get("ports") or any(p.get("port") == port for p in rule["ports"])
    ]


def peers(rule: Obj, direction: str) -> list[Obj]:
    key = "from" if direction == "ingress" else "to"
    found = rule.get(key)
    assert found, f"an {direction} rule open to everyone: {rule}"
    return list(found)


# --------------------------------------------------------------------------- rendered


def test_prod_runs_three_hardened_nats_nodes_from_pinned_official_images(
    objects: dict[str, list[Obj]],
) -> None:
    objs = objects["prod"]
    nats = statefulset(objs)
    spec = pod_spec(nats)
    labels = pod_labels(nats)
    server = server_deployment(objs)
    assert nats["spec"]["replicas"] == 3
    assert selects(nats["spec"]["selector"]["matchLabels"], labels)
    assert not selects(nats["spec"]["selector"]["matchLabels"], pod_labels(server))
    # core NATS only: nothing to persist, no claim, no JetStream
    assert "volumeClaimTemplates" not in nats["spec"]
    settings = [line.split("#", 1)[0] for line in nats_conf(objs).splitlines()]
    assert not any("jetstream" in line.lower() for line in settings)
    assert all("persistentVolumeClaim" not in v for v in spec["volumes"])
    # non-root, no token, no service links (a Service named fiveup-nats would otherwise
    # put FIVEUP_NATS_* variables, the server's settings namespace, into every pod)
    assert spec["automountServiceAccountToken"] is False
    account = named(objs, "ServiceAccount", spec["serviceAccountName"])
    assert account["automountServiceAccountToken"] is False
    for workload in (nats, server):
        assert pod_spec(workload)["enableServiceLinks"] is False
    pod_sc = spec["securityContext"]
    assert pod_sc["runAsNonRoot"] is True and pod_sc["runAsUser"] >= 10000
    assert pod_sc["seccompProfile"] == {"type": "RuntimeDefault"}
    assert pod_sc["runAsUser"] != pod_spec(server)["securityContext"]["runAsUser"]
    names = [c["name"] for c in containers(spec)]
    assert names == ["nats", "exporter"]  # nats first: the pod's default container
    for c in containers(spec):
        sc = c["securityContext"]
        assert sc["runAsNonRoot"] is True and sc["runAsUser"] == pod_sc["runAsUser"], c["name"]
        assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
        assert sc["capabilities"] == {"drop": ["ALL"]}
        assert sc["seccompProfile"] == {"type": "RuntimeDefault"}
        for resource in ("cpu", "memory"):
            request = quantity(c["resources"]["requests"][resource])
            assert 0 < request <= quantity(c["resources"]["limits"][resource]), c["name"]
        assert c["livenessProbe"] and c["readinessProbe"], c["name"]
    # pinned official images, pulled Always (the release pins digests)
    assert NATS_IMAGE.match(container(nats, "nats")["image"])
    assert EXPORTER_IMAGE.match(container(nats, "exporter")["image"])
    assert all(c["imagePullPolicy"] == "Always" for c in containers(spec))
    # Go's heap target under the memory limit
    server_c = container(nats, "nats")
    env = {e["name"]: e for e in server_c["env"]}
    assert quantity(env["GOMEMLIMIT"]["value"]) < quantity(
        server_c["resources"]["limits"]["memory"]
    )
    assert env["POD_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
    # a PodDisruptionBudget of its own: one node at a time
    pdb = named(objs, "PodDisruptionBudget", NATS)
    assert pdb["spec"]["maxUnavailable"] == 1
    assert selects(pdb["spec"]["selector"]["matchLabels"], labels)
    assert not selects(pdb["spec"]["selector"]["matchLabels"], pod_labels(server))


def test_probes_drain_and_routes_agree_with_nats_conf(objects: dict[str, list[Obj]]) -> None:
    objs = objects["prod"]
    nats = statefulset(objs)
    spec = pod_spec(nats)
    server_c = container(nats, "nats")
    conf = conf_values(nats_conf(objs))
    assert server_c["args"] == ["--config", "/etc/nats-config/nats.conf"]
    mounts = {m["name"]: m["mountPath"] for m in server_c["volumeMounts"]}
    assert mounts["config"] == "/etc/nats-config"
    # ports: the config's are the container's
    assert int(conf["port"]) == port_of(server_c, "client") == CLIENT_PORT
    assert int(conf["cluster.port"]) == port_of(server_c, "cluster") == CLUSTER_PORT
    assert int(conf["http_port"]) == port_of(server_c, "monitor") == MONITOR_PORT
    # liveness and readiness on the monitoring port's /healthz
    for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
        assert server_c[probe]["httpGet"] == {"path": "/healthz", "port": "monitor"}, probe
    # the drain: preStop signals lame duck through the pid file (on an emptyDir), and
    # grace + duration end before the kubelet's SIGKILL
    assert server_c["lifecycle"]["preStop"]["exec"]["command"] == [
        "/nats-server", "--signal", f"ldm={conf['pid_file']}"
    ]  # fmt: skip
    pid_dir = str(Path(conf["pid_file"]).parent)
    volume = next(name for name, path in mounts.items() if path == pid_dir)
    assert "emptyDir" in next(v for v in spec["volumes"] if v["name"] == volume)
    drain = seconds(conf["lame_duck_grace_period"]) + seconds(conf["lame_duck_duration"])
    assert drain + 10 <= spec["terminationGracePeriodSeconds"]
    # the server's name is the pod's
    assert conf["server_name"] == "$POD_NAME"
    # one route to every pod, by the headless Service's stable names
    headless = named(objs, "Service", nats["spec"]["serviceName"])
    assert headless["spec"]["clusterIP"] == "None"
    assert headless["spec"]["publishNotReadyAddresses"] is True
    assert selects(headless["spec"]["selector"], pod_labels(nats))
    assert {p["port"] for p in headless["spec"]["ports"]} >= {CLUSTER_PORT}
    expected = {
        f"nats://{NATS}-{i}.{headless['metadata']['name']}:{CLUSTER_PORT}"
        for i in range(nats["spec"]["replicas"])
    }
    assert set(conf["cluster.routes"].split()) == expected
    assert nats["spec"]["podManagementPolicy"] == "Parallel"


def test_only_the_replicas_reach_nats_and_only_nats_nodes_reach_each_other(
    objects: dict[str, list[Obj]],
) -> None:
    objs = objects["prod"]
    nats_labels = pod_labels(statefulset(objs))
    server_labels = pod_labels(server_deployment(objs))
    web_labels = pod_labels(named(objs, "Deployment", "fiveup-web"))
    policy = named(objs, "NetworkPolicy", NATS)
    assert selects(policy["spec"]["podSelector"]["matchLabels"], nats_labels)
    assert set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
    # every policy selecting the NATS pods is this one (policies add up: another could
    # open what this one closes)
    assert [
        p["metadata"]["name"]
        for p in of_kind(objs, "NetworkPolicy")
        if selects(p["spec"]["podSelector"].get("matchLabels", {}), nats_labels)
        or not p["spec"]["podSelector"]
    ] == [NATS]

    def sources(port: int, direction: str = "ingress") -> list[Obj]:
        return [peer for rule in rules_allowing(policy, direction, port) for peer in peers(rule, direction)]  # fmt: skip

    # the client port: the fiveup server pods of this namespace, nobody else
    client = sources(CLIENT_PORT)
    assert client and all(set(peer) == {"podSelector"} for peer in client)
    assert all(selects(peer["podSelector"]["matchLabels"], server_labels) for peer in client)
    for other in (web_labels, nats_labels):
        assert not any(selects(peer["podSelector"]["matchLabels"], other) for peer in client)
    # the cluster port: the NATS pods only, in and out
    for direction in ("ingress", "egress"):
        mesh = sources(CLUSTER_PORT, direction)
        assert mesh and all(set(peer) == {"podSelector"} for peer in mesh), direction
        assert all(selects(peer["podSelector"]["matchLabels"], nats_labels) for peer in mesh)
        assert not any(selects(peer["podSelector"]["matchLabels"], server_labels) for peer in mesh)
    # the monitoring port: no pod (the kubelet's probes and the sidecar need no rule)
    assert rules_allowing(policy, "ingress", MONITOR_PORT) == []
    # the exporter: from the monitoring namespace only
    exporter = sources(EXPORTER_PORT)
    assert exporter == [
        {"namespaceSelector": {"matchLabels": {"kubernetes.io/metadata.name": "monitoring"}}}
    ]
    # NATS calls nothing but its peers and DNS
    egress_ports = {p["port"] for r in policy["spec"]["egress"] for p in r["ports"]}
    assert egress_ports == {CLUSTER_PORT, 53}
    # and the replicas may call NATS: their own policy has egress to those pods on 4222
    replicas = named(objs, "NetworkPolicy", "fiveup")
    to_nats = [
        peer
        for rule in rules_allowing(replicas, "egress", CLIENT_PORT)
        for peer in peers(rule, "egress")
        if "podSelector" in peer and selects(peer["podSelector"]["matchLabels"], nats_labels)
    ]
    assert to_nats and all("namespaceSelector" not in peer for peer in to_nats)
    # no Service exposes the monitoring port, only NATS's own Services the others
    for service in of_kind(objs, "Service"):
        ports = {p["port"] for p in service["spec"]["ports"]}
        assert MONITOR_PORT not in ports
        if ports & {CLIENT_PORT, CLUSTER_PORT}:
            assert selects(service["spec"]["selector"], nats_labels), service["metadata"]["name"]


def test_the_replicas_bus_is_the_nats_client_service_in_prod_only(
    objects: dict[str, list[Obj]],
) -> None:
    objs = objects["prod"]
    env = config_env(objs, server_deployment(objs))
    url = urlsplit(env["FIVEUP_BUS"])
    assert (url.scheme, url.hostname, url.port) == ("nats", NATS, CLIENT_PORT)
    service = named(objs, "Service", url.hostname)
    assert service["spec"]["type"] == "ClusterIP"
    assert selects(service["spec"]["selector"], pod_labels(statefulset(objs)))
    port = next(p for p in service["spec"]["ports"] if p["port"] == url.port)
    assert port_of(container(statefulset(objs), "nats"), port["targetPort"]) == CLIENT_PORT
    # the base and dev know nothing of a bus (one replica, or LISTEN/NOTIFY)
    for name in ("base", "dev"):
        others = objects[name]
        assert "FIVEUP_BUS" not in config_env(others, server_deployment(others))
        assert of_kind(others, "StatefulSet") == []


def test_nats_is_scraped_and_alerted_on_like_the_server(objects: dict[str, list[Obj]]) -> None:
    objs = objects["prod"]
    nats = statefulset(objs)
    exporter = container(nats, "exporter")
    monitor = named(objs, "ServiceMonitor", NATS)
    scraped = [
        s
        for s in of_kind(objs, "Service")
        if selects(monitor["spec"]["selector"]["matchLabels"], s["metadata"]["labels"])
    ]
    assert [s["metadata"]["name"] for s in scraped] == [f"{NATS}-metrics"]
    service = scraped[0]
    assert service["spec"]["clusterIP"] == "None"  # every pod is scraped
    assert selects(service["spec"]["selector"], pod_labels(nats))
    endpoint = monitor["spec"]["endpoints"][0]
    port = next(p for p in service["spec"]["ports"] if p["name"] == endpoint["port"])
    assert port_of(exporter, port["targetPort"]) == EXPORTER_PORT
    assert f"-port={EXPORTER_PORT}" in exporter["args"]
    assert f"http://127.0.0.1:{MONITOR_PORT}/" in exporter["args"]  # inside the pod
    # the server's monitor does not pick up the NATS Service, nor the reverse
    server_monitor = named(objs, "ServiceMonitor", "fiveup")
    assert not selects(server_monitor["spec"]["selector"]["matchLabels"], service["metadata"]["labels"])  # fmt: skip
    # alerts: the replicas' side of the bus, and the NATS cluster's
    alerts = {
        r["alert"]: r
        for rule in of_kind(objs, "PrometheusRule")
        for g in rule["spec"]["groups"]
        for r in g["rules"]
        if "alert" in r
    }
    disconnected = alerts["FiveupBusDisconnected"]
    assert "fiveup_bus_connected" in disconnected["expr"] and disconnected["for"] == "1m"
    assert 'outcome="missed"' in alerts["FiveupBusWakeupsMissed"]["expr"]
    assert f'job="{NATS}-metrics"' in alerts["FiveupNatsClusterSplit"]["expr"]
    node_down = alerts["FiveupNatsNodeDown"]["expr"]
    assert node_down.rstrip().endswith(f"< {nats['spec']['replicas']}")


# --------------------------------------------------------------------------- running


@dataclass
class Node:
    name: str
    client: int
    cluster: int
    http: int
    pid_file: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.client}"

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.http}{path}", timeout=2) as answer:
            return json.loads(answer.read())


def until(condition: Any, what: str, timeout: float = 15.0) -> None:
    """Wait for ``condition()`` to hold (polling: servers started as processes)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if condition():
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@contextmanager
def cluster_on(conf: Path, tmp_path: Path, replicas: int) -> Iterator[list[Node]]:
    """``replicas`` nats-server processes on the shipped config, each told by flags to
    listen on free local ports and to route to the others there (what the pods' DNS names
    and fixed ports do in the cluster), its pid file moved off /var/run."""
    binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
    if not Path(binary).exists():
        why = "nats-server is not installed (Debian: apt-get install nats-server)"
        if in_ci():
            pytest.fail(why + " (CI=true: the bus tests must run)", pytrace=False)
        pytest.skip(why)
    nodes = [
        Node(f"{NATS}-{i}", free_port(), free_port(), free_port(), tmp_path / f"{i}.pid")
        for i in range(replicas)
    ]
    routes = ",".join(f"nats://127.0.0.1:{n.cluster}" for n in nodes)
    try:
        for n in nodes:
            with (tmp_path / f"{n.name}.log").open("ab") as log:
                n.proc = subprocess.Popen(
                    [binary, "--config", str(conf), "-a", "127.0.0.1", "-p", str(n.client),
                     "-m", str(n.http), "--cluster", f"nats://127.0.0.1:{n.cluster}",
                     "--routes", routes, "-P", str(n.pid_file)],
                    env={"POD_NAME": n.name}, stdout=log, stderr=subprocess.STDOUT,
                )  # fmt: skip
        yield nodes
    finally:
        for n in nodes:
            if n.proc is not None and n.proc.poll() is None:
                n.proc.kill()
                n.proc.wait()


async def test_the_shipped_config_runs_a_cluster_that_carries_wake_ups_and_drains(
    objects: dict[str, list[Obj]], tmp_path: Path
) -> None:
    objs = objects["prod"]
    nats = statefulset(objs)
    conf = tmp_path / "nats.conf"
    conf.write_text(nats_conf(objs))
    settings = conf_values(conf.read_text())
    pre_stop = container(nats, "nats")["lifecycle"]["preStop"]["exec"]["command"]
    with cluster_on(conf, tmp_path, nats["spec"]["replicas"]) as nodes:
        for n in nodes:
            until(lambda n=n: n.get("/healthz") == {"status": "ok"}, f"{n.name}'s /healthz")
        for n in nodes:  # the mesh: every node routed to every other
            until(
                lambda n=n: len({r["remote_id"] for r in n.get("/routez")["routes"]}) == 2,
                f"{n.name}'s routes",
            )
            varz = n.get("/varz")
            assert varz["server_name"] == n.name
            assert varz["cluster"]["name"] == settings["cluster.name"]
        # every NATS metric the alerts and the dashboard name is a number /varz reports
        dashboard = (ROOT / "deploy" / "monitoring" / "grafana-dashboard.json").read_text()
        rules = json.dumps(of_kind(objs, "PrometheusRule"))
        used = set(re.findall(r"\bnats_varz_([a-z_]+)\b", dashboard + rules))
        assert used >= {"routes", "connections", "slow_consumers"}
        assert all(isinstance(varz[field], int) for field in used), used - set(varz)

        # two replicas' buses on different nodes wake each other through the routes
        first, last = NatsBus(nodes[0].url), NatsBus(nodes[-1].url)
        drained = NatsBus(nodes[1].url)
        heard: asyncio.Queue[str] = asyncio.Queue()
        woken: asyncio.Queue[str] = asyncio.Queue()
        try:
            for bus in (first, last, drained):
                await bus.open()
            await last.subscribe(MATCH, heard.put_nowait)
            await drained.subscribe(MATCH, woken.put_nowait)
            await published_until_heard(first, "m-1", heard)

            # the preStop command drains the middle node: its client moves to another
            # node (learnt from the cluster) and wakes everything once, and the node
            # exits by itself within the pod's grace period
            binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
            signal = [binary, *pre_stop[1:-1], f"ldm={nodes[1].pid_file}"]
            subprocess.run(signal, check=True, timeout=10, capture_output=True)
            assert nodes[1].proc is not None
            grace = nats["spec"]["template"]["spec"]["terminationGracePeriodSeconds"]
            exited = await asyncio.to_thread(nodes[1].proc.wait, grace)
            assert exited == 0
            await asyncio.wait_for(heard_key(woken, EVERYTHING), 10)
            assert drained.connected and drained.reconnects == 1
            assert drained.counts[MATCH, "missed"] == 1
            await published_until_heard(drained, "m-2", heard)
        finally:
            for bus in (first, last, drained):
                await bus.close()


async def published_until_heard(bus: NatsBus, key: str, heard: asyncio.Queue[str]) -> None:
    """Publish ``key`` until the other side hears it: a subscription reaches the other
    nodes a moment after it is made, and NATS core drops what nobody is subscribed to
    yet (the service never relies on any one wake-up: the store is the truth)."""
    deadline = asyncio.get_running_loop().time() + 10
    while asyncio.get_running_loop().time() < deadline:
        bus.publish(MATCH, key)
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(heard_key(heard, key), 0.1)
    raise AssertionError(f"{key} was never heard")


async def heard_key(heard: asyncio.Queue[str], key: str) -> None:
    while await heard.get() != key:
        pass  # another wake-up (an earlier key's repeat)
