"""The gRPC server: the composition root's entry, with health, reflection, limits and
graceful shutdown.

``create_server(config)`` opens the stores, builds every context (``fiveup.app.contexts``)
and the servicers over them (``fiveup.app.services``) and starts listening;
it returns the running ``FiveUpServer`` and the bound port.  ``serve(config)`` runs one
until SIGTERM/SIGINT, then drains: readiness goes NOT_SERVING, streams end with
UNAVAILABLE (reconnect elsewhere), in-flight calls get ``grace_seconds`` to finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NoReturn

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from ..admin.deliveries import EdgeViews
from ..admin.operators import OPERATOR_CREDENTIAL_LINE
from ..api import bench_echo
from ..api.admin_auth import AdminAuthInterceptor
from ..api.guard import GuardInterceptor
from ..api.health import DrainingHealthServicer
from ..api.limits import Limits
from ..api.settings import limits_config
from ..api.stream_limits import Identify, StreamLimitInterceptor
from ..identity import Players
from ..identity.keys import shared_ephemeral_keys
from ..match.matches import Matches
from ..match.ports import EventStore
from ..match.retention import Retention
from ..shared.redact import redact_url
from ..shared.usererror import AddressInUse
from ..telemetry.collector import freeze_startup_heap, set_young_threshold, watch_pauses
from ..telemetry.edge_views import CounterEdgeRefusals, LimitsPoolsView
from ..telemetry.game_metrics import MatchObserver
from ..telemetry.interceptors import ServerInterceptor
from ..telemetry.logs import configure_logging, quiet_grpc_decode_errors
from ..telemetry.metrics import start_metrics_server
from ..telemetry.pool_metrics import report_stream_pools
from ..telemetry.runtime import Runtime
from ..telemetry.runtime import watch as watch_runtime
from .config import ConfigError, ServerConfig
from .contexts import Contexts, build_contexts, open_stores
from .services import HEALTH_SERVICE, SERVED_SERVICES, add_services

log = logging.getLogger(__name__)

LIVENESS = "fiveup.liveness"  # SERVING while the process is healthy, even when draining
READINESS = "fiveup.readiness"  # NOT_SERVING while starting or draining
STREAM_POOL_HEALTH = "fiveup.streams."  # + pool: NOT_SERVING while that stream pool is full
READY_SERVICES = ("", READINESS, *(service.full_name for service in SERVED_SERVICES))
# The probe server answers only the kubelet (a few checks every few seconds).
PROBE_CONCURRENT_RPCS = 64

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@dataclass
class FiveUpServer:
    config: ServerConfig
    server: grpc.aio.Server
    store: EventStore
    matches: Matches
    health: DrainingHealthServicer
    port: int = 0
    metrics_port: int | None = None
    limits: Limits | None = None
    observer: MatchObserver | None = None
    probe_server: grpc.aio.Server | None = None  # health only (config.probe_address)
    probe_port: int | None = None
    retention: Retention | None = None  # None when the store cannot forget
    contexts: Contexts | None = None  # every context, and their stores
    runtime: Runtime | None = None  # event-loop lag, store pools, stream slots (metrics)
    _stopped: asyncio.Event = field(default_factory=asyncio.Event)

    async def stop(self, grace: float | None = None, settle: float = 0.0) -> None:
        """Drain and stop (idempotent), within ``grace`` seconds in all:

        1. readiness goes NOT_SERVING;
        2. for ``settle`` seconds everything is still served: health watchers and pollers
           (load balancers) hear NOT_SERVING while calls already queued run normally;
        3. WatchMatch and health Watch streams end with UNAVAILABLE (SHUTTING_DOWN:
           reconnect elsewhere), bots stop;
        4. gRPC stops accepting calls and gives those in flight the rest of the grace;
        5. the store closes, after the last append.
        """
        if self._stopped.is_set():
            return
        self._stopped.set()
        grace = self.config.grace_seconds if grace is None else grace
        loop = asyncio.get_running_loop()
        # Every step is bounded by what is left of the grace, whatever clients do (a
        # stream whose client never reads blocks its write forever); a reserve at the end
        # is for closing the store and the process's own exit.
        deadline = loop.time() + grace - min(1.0, grace / 10)

        def left() -> float:
            return max(0.0, deadline - loop.time())

        for name in READY_SERVICES:
            await self.health.set(name, NOT_SERVING)
        settle = max(0.0, min(settle, grace / 2))
        await asyncio.sleep(settle)
        if self.retention is not None:
            await self.retention.close()
        with contextlib.suppress(TimeoutError):  # streams end with UNAVAILABLE, bots stop
            await asyncio.wait_for(self.matches.close(), left())
            if self.contexts is not None:  # chat, notification and tournament streams too
                await asyncio.wait_for(self.contexts.chat.close(), left())
                await asyncio.wait_for(self.contexts.notifications.outbox.close(), left())
                await asyncio.wait_for(self.contexts.tournaments.close(), left())
        await self.health.end_watches()
        await self.server.stop(left())
        if self.limits is not None:
            report_stream_pools(self.limits, stop=True)
        if self.probe_server is not None:  # liveness answered until the very end
            await self.probe_server.stop(0)
        if self.runtime is not None:
            await self.runtime.stop()
        if self.contexts is not None:
            await self.contexts.close()  # the event store last, after the last append
        else:
            await self.store.close()
        log.info("server stopped")

    async def wait_closed(self) -> None:
        await self.server.wait_for_termination()


def server_options(config: ServerConfig) -> list[tuple[str, int]]:
    return [
        ("grpc.max_receive_message_length", config.max_receive_bytes),
        ("grpc.max_send_message_length", config.max_send_bytes),
        ("grpc.keepalive_time_ms", config.keepalive_time_ms),
        ("grpc.keepalive_timeout_ms", config.keepalive_timeout_ms),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_ping_interval_without_data_ms", config.min_client_ping_ms),
        ("grpc.http2.max_pings_without_data", 0),
        ("grpc.so_reuseport", 1 if config.workers > 1 else 0),
    ]


async def create_server(
    config: ServerConfig, *, clock: Callable[[], float] = time.time
) -> tuple[FiveUpServer, int]:
    """Open the stores, build the contexts, wire the servicers and start serving (``clock``: wall-clock time
    for the application layer, e.g. the turn timer; tests inject a fake one)."""
    problems = config.problems()
    if problems:
        raise ConfigError("; ".join(problems))
    quiet_grpc_decode_errors()
    if config.workers <= 1:  # workers share their port on purpose (SO_REUSEPORT)
        for address in (config.address, config.probe_address):
            _check_free(address)
    stores = await open_stores(config)
    store = stores.events
    observer = MatchObserver(store)
    limits = Limits(limits_config(config), observer=observer)
    try:
        contexts = build_contexts(
            config, stores, observer=observer, clock=clock, edges=_edge_views(config, limits)
        )
    except BaseException:
        await stores.close()
        raise
    matches = contexts.match.matches
    report_stream_pools(limits)
    server = grpc.aio.server(
        interceptors=[
            ServerInterceptor(_descriptors(), client_address=limits.config.client_address),
            StreamLimitInterceptor(limits, identify=_identify(contexts.players)),
            GuardInterceptor(),
            AdminAuthInterceptor(contexts.admin.operators.authenticate),
        ],
        options=server_options(config),
        maximum_concurrent_rpcs=config.max_concurrent_rpcs or None,
    )
    add_services(server, contexts, limits, observer)
    health = DrainingHealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    if config.bench_echo:  # benchmarks only (docs/performance.md); off by default
        server.add_generic_rpc_handlers((bench_echo.handler(),))
    reflection.enable_server_reflection(
        (
            *(service.full_name for service in SERVED_SERVICES),
            HEALTH_SERVICE.full_name,
            reflection.SERVICE_NAME,
        ),
        server,
    )
    port = _bind(server, config.address)
    probe_server, probe_port = None, None
    if config.probe_address:
        probe_server = grpc.aio.server(
            options=server_options(config), maximum_concurrent_rpcs=PROBE_CONCURRENT_RPCS
        )
        health_pb2_grpc.add_HealthServicer_to_server(health, probe_server)
        probe_port = _bind(probe_server, config.probe_address)
    if port == 0 or probe_port == 0:
        await contexts.close()
        failed = config.address if port == 0 else config.probe_address
        raise AddressInUse(f"cannot listen on {failed}: check the address (and that it is free)")
    await health.set(LIVENESS, SERVING)
    for name in READY_SERVICES:
        await health.set(name, NOT_SERVING)
    await matches.start()  # listen for other replicas before the first call can arrive
    retention = contexts.match.retention
    if retention is not None:
        retention.start()
    if probe_server is not None:
        await probe_server.start()
    await contexts.start()
    await server.start()
    for name in READY_SERVICES:
        await health.set(name, SERVING)
    await _report_pool_health(limits, health)
    app = FiveUpServer(
        config, server, store, matches, health, port, limits=limits, observer=observer,
        probe_server=probe_server, probe_port=probe_port, retention=retention,
        contexts=contexts, runtime=watch_runtime(limits, stores.each()),
    )  # fmt: skip
    return app, port


def _edge_views(config: ServerConfig, limits: Limits) -> EdgeViews:
    """The operators' deliveries view's edges: the refusals the metrics count, this
    server's stream pools, and its name (with several worker processes, each counts its
    own: the answering one is named)."""
    replica = socket.gethostname()
    if config.workers > 1:
        replica += f" (worker pid {os.getpid()})"
    return EdgeViews(CounterEdgeRefusals(), LimitsPoolsView(limits), replica)


async def _report_pool_health(limits: Limits, health: DrainingHealthServicer) -> None:
    """Health names ``fiveup.streams.<pool>``: SERVING while the pool has room,
    NOT_SERVING while it is full (a probe or autoscaler sees hoarded streams; readiness
    is untouched, the server still serves).  Updated on every change of fullness."""
    loop = asyncio.get_running_loop()
    pending: set[asyncio.Task[None]] = set()

    async def update() -> None:
        for fill in limits.pools.pool_fill():
            await health.set(STREAM_POOL_HEALTH + fill.pool, NOT_SERVING if fill.full else SERVING)

    def changed() -> None:
        task = loop.create_task(update())
        pending.add(task)  # held until done: a task nobody references may be collected
        task.add_done_callback(pending.discard)

    limits.on_pools_changed = changed
    await update()


def _identify(players: Players) -> Identify:
    """The player an access token speaks for: the stream pools count a signed-in
    player's notification and chat streams against them (fiveup.api.stream_limits)."""

    async def identify(token: str | None) -> str:
        return (await players.authenticate(token)).player_id

    return identify


def _check_free(address: str) -> None:
    """Refuse an address in use in one sentence before gRPC tries it (gRPC would log a
    core error line of its own and answer port 0)."""
    import errno
    import socket

    host, _, port = address.rpartition(":")
    if not port.isdigit() or int(port) == 0:
        return
    host = host.strip("[]") or "0.0.0.0"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # as gRPC does: connections in TIME_WAIT do not count, a listener does
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, int(port)))
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise AddressInUse(
                f"cannot listen on {address}: the port is in use (another fiveup serve?): "
                "stop it or pass another --address"
            ) from None
        # anything else (a host name, no IPv6...): left to gRPC, which knows more


def _bind(server: grpc.aio.Server, address: str) -> int:
    """The bound port, or 0 when the address cannot be bound (gRPC raises or answers 0)."""
    try:
        return int(server.add_insecure_port(address))
    except RuntimeError:
        return 0


def _descriptors() -> list[object]:
    """The services whose metric series are created up front."""
    return [*SERVED_SERVICES, HEALTH_SERVICE]


async def serve(
    config: ServerConfig,
    ready: asyncio.Event | None = None,
    *,
    watchdog: bool = False,
) -> None:
    """Run until SIGTERM or SIGINT, then drain within the grace period.  ``watchdog``
    (the ``fiveup serve`` process, never a caller that lives on): end the process when
    the grace is over, whatever is still running (``GraceWatchdog``)."""
    configure_logging(config.log_level, config.log_json)
    metrics_port = start_metrics_server(config)  # first: a port in use fails before serving
    app, port = await create_server(config)
    host = config.address.rsplit(":", 1)[0]
    app.metrics_port = metrics_port
    watch_pauses()
    set_young_threshold(config.gc_young_threshold)
    if config.gc_freeze:
        heap = freeze_startup_heap()
        log.debug(  # an operator's figure, not news at every start
            "froze the startup heap: %d objects out of the collector's way (a full "
            "collection of them took %.0f ms)", heap.frozen_objects,
            heap.full_collection_seconds * 1000,
        )  # fmt: skip
    if config.print_operator_credential and app.contexts is not None:
        # Before the "listening" line, which the local stack waits for: it has read this
        # one by then (fiveup.devstack.webstack prints it once, with the console's URL).
        issued = app.contexts.admin.operators.credentials.issue(config.print_operator_credential)
        print(f"{OPERATOR_CREDENTIAL_LINE}{issued.token}", flush=True)
    print(
        f"fiveup: gRPC listening on {host}:{port} (store: {redact_url(app.store.url)})", flush=True
    )
    if metrics_port is not None:
        print(
            f"fiveup: metrics on http://{config.metrics_address}:{metrics_port}/metrics", flush=True
        )
    if app.contexts is not None and app.contexts.players.access.keys.ephemeral_key:
        print(
            "fiveup: access tokens are signed with an ephemeral key (sessions end with this"
            " process); set --access-token-keys for restarts and replicas",
            flush=True,
        )
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready.set()
    await stop.wait()
    log.info("signal received: draining for up to %.1fs", config.grace_seconds)
    guard = GraceWatchdog(config.grace_seconds) if watchdog else None
    await app.stop(settle=config.drain_seconds)
    if guard is not None:
        guard.stopped()


class GraceWatchdog:
    """Ends the process when the grace period is over, whatever is still running: a
    thread deep in a bot's search, a client that never reads its stream, a slow
    interpreter teardown.  The orchestrator's SIGKILL comes soon after the grace anyway;
    this makes the exit ours, logged, and on time.  Nothing acknowledged is lost: every
    acknowledged move was committed before it was acknowledged."""

    def __init__(self, grace: float) -> None:
        import threading

        self._done = False
        self._timer = threading.Timer(grace, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def stopped(self) -> None:
        """The drain finished: what is left is the process's own teardown."""
        self._done = True

    def _expire(self) -> None:
        import os
        import sys

        print(
            "fiveup: the grace period is over; exiting now"
            + ("" if self._done else " (the drain had not finished)"),
            file=sys.stderr, flush=True,
        )  # fmt: skip
        os._exit(0 if self._done else 1)


def _exit_now(code: int) -> NoReturn:
    """End the ``fiveup serve`` process once drained: the store is closed and nothing is
    left to tidy, while the interpreter's own finalization (garbage-collecting gRPC's
    objects) took most of a second on its own, past the grace, and cannot be cut short by
    the watchdog (no other thread runs during it)."""
    import os
    import sys

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def run(config: ServerConfig) -> int:
    """Run the server in this process, or pre-fork ``config.workers`` processes that share
    the port with SO_REUSEPORT (the gRPC stack is GIL-bound: one process per core).

    Worker i serves metrics on ``metrics_port + i``.  The parent forwards SIGTERM/SIGINT
    and exits when every worker has drained."""
    if config.workers <= 1:
        asyncio.run(serve(config, watchdog=True))
        _exit_now(0)
    import dataclasses
    import os

    if config.address.endswith(":0"):
        raise SystemExit("--workers needs a fixed port: workers share it with SO_REUSEPORT")
    if not config.access_token_keys:
        # The workers must accept each other's access tokens: one ephemeral key for all,
        # made before they fork, gone with the server (set --access-token-keys to keep
        # sessions across restarts).
        config = dataclasses.replace(config, access_token_keys=shared_ephemeral_keys())
        print("fiveup: the workers sign access tokens with one ephemeral key", flush=True)
    children: list[int] = []
    for index in range(config.workers):
        worker_config = dataclasses.replace(
            config,
            metrics_port=config.metrics_port + index
            if config.metrics_port > 0
            else config.metrics_port,
        )
        pid = os.fork()  # before any gRPC object exists in this process
        if pid == 0:
            code = 0
            try:
                asyncio.run(serve(worker_config, watchdog=True))
            except BaseException:
                log.exception("worker %d failed", index)
                code = 1
            os._exit(code)
        children.append(pid)
    print(f"fiveup: {config.workers} workers on {config.address}", flush=True)

    def forward(signum: int, _frame: object) -> None:
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    worst = 0
    for pid in children:
        _, status = os.waitpid(pid, 0)
        worst = max(worst, os.waitstatus_to_exitcode(status))
    return worst
