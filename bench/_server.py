"""A ``fiveup serve`` subprocess for the service benchmarks, with its CPU time and memory.

``ServerProcess`` starts the real server (the console entry point, a SQLite file in a
temporary folder, metrics HTTP off unless asked) optionally pinned to some CPUs, waits until every
worker says it is listening, and reads the workers' CPU time (``utime + stime`` of every
thread, from ``/proc/<pid>/stat``) and resident memory (``VmRSS``) from ``/proc``.
Settings go through ``FIVEUP_*`` environment variables, so a setting this checkout does
not know is ignored instead of failing the run.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

CLK_TCK = os.sysconf("SC_CLK_TCK")


# The abuse limits a crowd's worth of sign-ins and new tables from one address trips
# (docs/security.md): a benchmark's one load client is that crowd.
CROWD_LIMITS_OFF = {
    "FIVEUP_RATE_LIMIT_SIGN_IN": "0",
    "FIVEUP_RATE_LIMIT_CREATE": "0",
    "FIVEUP_RATE_LIMIT_INVITES": "0",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def split_cpus() -> tuple[set[int] | None, set[int] | None]:
    """(server CPUs, client CPUs): one core each when there are two or more, else no pinning."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None, None
    return {cpus[0]}, {cpus[1]}


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all its threads included."""
    return sum(proc_cpu_split(pid))


def proc_cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU time of a process, all its threads included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLK_TCK, int(fields[12]) / CLK_TCK  # utime, stime (14, 15)


def proc_rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(x) for x in text.split()]
    except OSError:  # no CONFIG_PROC_CHILDREN: scan /proc
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    if int(stat[1]) == pid:
                        found.append(int(entry.name))
        return found


class ServerProcess:
    """``fiveup serve`` on 127.0.0.1:<port> in a subprocess."""

    def __init__(
        self,
        workdir: Path,
        *,
        workers: int = 1,
        cpus: set[int] | None = None,
        env: dict[str, str] | None = None,
        port: int | None = None,
        metrics: bool = False,
    ) -> None:
        self.workdir = workdir
        # Prometheus /metrics of each worker (ports metrics_port + i), for figures only the
        # server can see (its collector's pauses); off unless asked.
        self.metrics_port = free_port() if metrics else -1
        self.workers = workers
        self.cpus = cpus
        self._auto_port = port is None
        self.port = port or free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.extra_env = dict(env or {})
        self.proc: subprocess.Popen[str] | None = None
        self._listening = 0
        self._lines: list[str] = []
        self._ready = threading.Event()
        self._stderr: TextIO | None = None

    def start(self, timeout: float = 60.0, attempts: int = 3) -> ServerProcess:
        """Start and wait until every worker listens.  A server that exits early (say the
        free port was taken meanwhile by someone else) is retried on another port."""
        for attempt in range(attempts):
            if self._launch(timeout):
                return self
            log = (self.workdir / f"server-{self.port}.log").read_text()[-2000:]
            self.stop()
            if attempt + 1 == attempts or not self._auto_port:
                raise RuntimeError(f"the server did not start: {self._lines} {log}")
            self.port = free_port()
            self.address = f"127.0.0.1:{self.port}"
        raise AssertionError("unreachable")

    def _launch(self, timeout: float) -> bool:
        env = dict(os.environ)
        env.update({
            "FIVEUP_ADDRESS": self.address,
            "FIVEUP_DB": str(self.workdir / "bench.sqlite3"),
            "FIVEUP_METRICS_PORT": str(self.metrics_port),
            "FIVEUP_WORKERS": str(self.workers),
            "FIVEUP_GRACE_SECONDS": "1",
            "PYTHONUNBUFFERED": "1",
            # A benchmark is one client making a crowd's sign-ins and tables: the abuse
            # limits on them (docs/security.md) would refuse its own load.  A benchmark
            # that measures them sets them back in ``env``.
            **CROWD_LIMITS_OFF,
        })  # fmt: skip
        env.update(self.extra_env)
        cpus = self.cpus
        self._listening = 0
        self._lines = []
        self._ready = threading.Event()
        self._stderr = open(self.workdir / f"server-{self.port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "import sys; from fiveup.cli import main; sys.exit(main(['serve']))"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
        )  # fmt: skip
        threading.Thread(
            target=self._read_stdout, args=(self.proc, self._ready), daemon=True
        ).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._ready.wait(0.1):
                return self.proc.poll() is None
            if self.proc.poll() is not None:
                return False
        return False

    def _read_stdout(self, proc: subprocess.Popen[str], ready: threading.Event) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self._lines.append(line.rstrip())
            if "gRPC listening" in line:
                self._listening += 1
                if self._listening >= self.workers:
                    ready.set()

    def pids(self) -> list[int]:
        """The processes that serve: the server itself, or its pre-forked workers."""
        assert self.proc is not None
        if self.workers <= 1:
            return [self.proc.pid]
        return _children(self.proc.pid)

    def cpu_seconds(self) -> float:
        return sum(proc_cpu_seconds(pid) for pid in self.pids())

    def cpu_by_process(self) -> dict[int, tuple[float, float]]:
        """(user, system) CPU seconds of every process of this server: the server itself
        and, with ``workers``, each pre-forked worker (the supervisor is a process too)."""
        assert self.proc is not None
        pids = [self.proc.pid] + (self.pids() if self.workers > 1 else [])
        return {pid: proc_cpu_split(pid) for pid in pids}

    def samples(self) -> list[tuple[str, str, float]]:
        """Every sample on the servers' /metrics (needs ``metrics``), of every worker:
        (name, labels as written between the braces, value)."""
        return [found for index in range(self.workers) for found in self.worker_samples(index)]

    def worker_samples(self, index: int) -> list[tuple[str, str, float]]:
        """Every sample on the /metrics of worker ``index`` alone (0 without workers)."""
        if self.metrics_port < 0:
            raise RuntimeError("started without metrics")
        found = []
        url = f"http://127.0.0.1:{self.metrics_port + index}/metrics"
        with urllib.request.urlopen(url, timeout=10) as response:
            for line in response.read().decode().splitlines():
                if line.startswith("#") or not line.strip():
                    continue
                sample, _, value = line.rpartition(" ")
                name, _, labels = sample.partition("{")
                found.append((name, labels.rstrip("}"), float(value)))
        return found

    def metric_sum(self, name: str, labels: str = "") -> float:
        """The sum over every worker and every label set of the sample ``name`` (e.g.
        ``fiveup_gc_pause_seconds_sum``) on the servers' /metrics (needs ``metrics``);
        ``labels``: only the samples whose labels contain it (``kind="match"``)."""
        return sum(v for n, ls, v in self.samples() if n == name and labels in ls)

    def rss_bytes(self) -> int:
        return sum(proc_rss_bytes(pid) for pid in self.pids())

    def stop(self, timeout: float = 15.0) -> None:
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def __enter__(self) -> ServerProcess:
        # Started already (``with ServerProcess(...).start() as s``): starting again would
        # launch a second server and lose the first one's process.
        if self.proc is not None and self.proc.poll() is None:
            return self
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def client_address(n: int) -> str:
    """The ``n``-th address of the benchmark range 198.18.0.0/15 (RFC 2544): the
    x-forwarded-for of the ``n``-th simulated person, so each is a client of its own to
    the per-client limits (a header only; nothing is ever sent there)."""
    n %= 1 << 17
    return f"198.{18 + (n >> 16)}.{(n >> 8) & 0xFF}.{n & 0xFF}"


# The settings that make a server started by a benchmark believe each simulated
# person's x-forwarded-for (``client_address``), as a deployment believes its gateway's.
TRUST_LOAD_ADDRESSES = {
    "client_address_header": "x-forwarded-for",
    "trusted_proxies": "127.0.0.1",
}


def key_directory() -> str:
    """A fresh access-token key directory (one key), for servers that must accept each
    other's tokens (replicas, workers)."""
    folder = tempfile.mkdtemp(prefix="fiveup-bench-keys-")
    with open(os.path.join(folder, "bench"), "w") as f:
        f.write(uuid.uuid4().hex * 2)
    return folder


def pg_problem(url: str) -> str | None:
    """Why PostgreSQL at ``url`` cannot be used (None: it can)."""
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=5) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return str(exc).strip() or type(exc).__name__
    return None


def nats_problem(url: str) -> str | None:
    """Why NATS at ``url`` (nats://HOST:PORT) cannot be used (None: it can): it must
    accept a connection and greet with its INFO line."""
    hostport = url.partition("://")[2].rpartition("@")[2]
    host, _, port = hostport.partition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port or 4222)), timeout=3) as sock:
            sock.settimeout(3)
            if not sock.recv(7).startswith(b"INFO"):
                return f"{url} is not a NATS server"
    except (OSError, ValueError) as exc:
        return str(exc).strip() or type(exc).__name__
    return None


@contextlib.contextmanager
def postgres_database(maintenance: str, prefix: str = "fiveup_bench") -> Iterator[str]:
    """A throwaway database on the server of ``maintenance`` (a postgresql:// URL),
    named ``<prefix>_<pid>_<random>``, dropped after."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(maintenance, autocommit=True, connect_timeout=5) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    info = conninfo_to_dict(maintenance)
    user = info.get("user", "postgres")
    password = info.get("password")
    creds = f"{user}:{password}" if password else f"{user}"
    host, port = info.get("host", "127.0.0.1"), info.get("port", 5432)
    try:
        yield f"postgresql://{creds}@{host}:{port}/{name}"
    finally:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
