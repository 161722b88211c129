"""Server configuration: defaults, overridden by FIVEUP_* environment variables,
overridden by command-line flags (``fiveup serve --help``)."""

from __future__ import annotations

import argparse
import dataclasses
import os
from dataclasses import dataclass, fields
from typing import Any

from .usererror import UserError


class ConfigError(UserError, ValueError):
    """Settings the server cannot start with; the message says which and why."""


@dataclass
class ServerConfig:
    address: str = "127.0.0.1:50051"
    db: str = "fiveup.sqlite3"  # a SQLite path, or a postgresql:// URL
    metrics_port: int = 9464  # -1 disables; 0 picks a free port
    metrics_address: str = "127.0.0.1"
    grace_seconds: float = 10.0  # drain time on SIGTERM (keep below the pod's grace period)
    # The first part of the drain: NOT_SERVING, still serving (at most half the grace).
    drain_seconds: float = 1.0
    max_receive_bytes: int = 256 * 1024  # well below gRPC's 4 MiB default
    max_send_bytes: int = 4 * 1024 * 1024
    max_concurrent_rpcs: int = 2_000  # gRPC's own cap on calls in flight (public port)
    # Streaming calls (WatchMatch, ValidateMoves, Health.Watch) open per client address and
    # in all; the total must stay below max_concurrent_rpcs so idle streams never take the
    # slots of unary calls and health checks (docs/security.md).  0 = no cap (the
    # server-wide one only when max_concurrent_rpcs is 0, unlimited, too).
    max_client_streams: int = 100
    max_server_streams: int = 1_000
    # A second, health-only gRPC server for the orchestrator's probes (e.g. 0.0.0.0:8081),
    # out of reach of public load: its own port, its own concurrency.  "" = none.
    probe_address: str = ""
    keepalive_time_ms: int = 60_000  # ping idle clients; tolerant of phones that sleep
    keepalive_timeout_ms: int = 20_000
    min_client_ping_ms: int = 10_000  # mobile clients may ping this often without a GOAWAY
    bot_delay: float = 0.0
    sqlite_synchronous: str = "normal"
    cache_size: int = 10_000
    log_json: bool = False
    log_level: str = "INFO"
    workers: int = 1
    # Benchmarks only: serve the trivial raw-bytes bidi stream /fiveup.bench.v1.Echo/Stream
    # (fiveup.api.bench_echo), the floor `python -m bench.rules_rpc` compares against.
    bench_echo: bool = False
    # Abuse limits, per process (docs/security.md).  The rates are off (0) by default:
    # automated clients (tests, benchmarks) play far faster than people; a deployment
    # facing the public sets them (suggested: 20 per peer, 5 per seat).
    rate_limit_peer: float = 0.0  # CreateMatch+JoinMatch+SubmitMove a second per client address
    rate_limit_peer_burst: int = 100
    rate_limit_seat: float = 0.0  # SubmitMove a second per seat
    rate_limit_seat_burst: int = 20
    max_watchers_per_match: int = 64  # open WatchMatch streams on one match; 0 = no cap
    client_address_header: str = ""  # e.g. x-forwarded-for, set by the gateway (Envoy)
    # Comma-separated addresses/networks of the gateways whose client_address_header is
    # believed (e.g. 127.0.0.1 for Envoy in the same pod); from anyone else it is ignored.
    trusted_proxies: str = ""
    # Abandoned seats: a joined human seat that has not moved for this long is played by a
    # stand-in bot until its owner moves again (0 = never); the stand-in waits
    # stand_in_delay_seconds on each of its turns, the owner's window to take the seat back.
    turn_timeout_seconds: float = 120.0
    stand_in_delay_seconds: float = 3.0
    # Bots never starve people (docs/security.md): matches of bots only run one move at a
    # time, off the event loop, within a share of the process's time, and at most so many
    # per client address and per process; every match ends (cancelled: length_limit)
    # past a number of rounds or events.
    bot_only_cpu_share: float = 0.25
    bot_only_min_delay: float = 0.01
    max_client_bot_matches: int = 4  # deploy/k8s sets 2
    max_bot_matches: int = 32  # deploy/k8s sets 8
    max_match_rounds: int = 500
    max_match_events: int = 20_000
    # Retention (fiveup.retention): a match still missing a player is deleted this long
    # after its creation; a finished (or cancelled) one this long after a sweep first saw
    # it finished (its record stays verifiable until then).  0 = keep forever.
    retention_unjoined_seconds: float = 86_400.0
    retention_finished_seconds: float = 30 * 86_400.0
    retention_sweep_seconds: float = 300.0

    # Players and sessions (docs/players.md).  The access-token keys: a directory with one
    # file per key id (a mounted Kubernetes Secret); empty = an ephemeral key, for a
    # single development process only.  With several keys, say which one signs.
    access_token_keys: str = ""
    access_token_signing_kid: str = ""
    access_token_ttl_seconds: float = 900.0
    access_token_issuer: str = "fiveup"
    refresh_token_ttl_seconds: float = 30 * 24 * 3600.0
    # How long a replica trusts that a session it has seen alive is still not revoked.
    session_check_seconds: float = 5.0
    # An external identity provider (all three set, or none): SignInWithIdToken.
    id_token_issuer: str = ""
    id_token_audience: str = ""
    id_token_jwks_url: str = ""
    id_token_algorithms: str = "RS256,ES256"  # public-key algorithms only
    id_token_clock_skew_seconds: float = 60.0
    jwks_cache_seconds: float = 300.0
    jwks_min_refresh_seconds: float = 30.0  # unknown key ids refetch at most this often

    def problems(self) -> list[str]:
        """Settings that cannot work together, each as one sentence (empty when fine)."""
        found = []
        if self.max_concurrent_rpcs > 0 and not (
            0 < self.max_server_streams < self.max_concurrent_rpcs
        ):
            found.append(
                f"max_server_streams ({self.max_server_streams}) must be between 1 and "
                f"max_concurrent_rpcs - 1 ({self.max_concurrent_rpcs - 1}): streams must "
                "leave room for unary calls and health checks"
            )
        return found

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> ServerConfig:
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get("FIVEUP_" + f.name.upper())
            if raw is not None:
                values[f.name] = _parse(f.type, raw)
        return cls(**values)

    def with_args(self, args: argparse.Namespace) -> ServerConfig:
        changes = {
            f.name: getattr(args, f.name)
            for f in fields(self)
            if getattr(args, f.name, None) is not None
        }
        return dataclasses.replace(self, **changes)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags for every field (each defaults to the environment, then the built-in value)."""
    for f in fields(ServerConfig):
        flag = "--" + f.name.replace("_", "-")
        kind = _TYPES.get(str(f.type), str)
        if kind is bool:
            parser.add_argument(
                flag,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=f"(env FIVEUP_{f.name.upper()}; default {f.default})",
            )
        else:
            parser.add_argument(
                flag,
                type=kind,
                default=None,
                help=f"(env FIVEUP_{f.name.upper()}; default {f.default})",
            )


_TYPES: dict[str, type] = {"int": int, "float": float, "str": str, "bool": bool}


def _parse(type_name: object, raw: str) -> Any:
    kind = _TYPES.get(str(type_name), str)
    if kind is bool:
        return raw.strip().lower() in ("1", "true", "yes", "on")
    return kind(raw)
