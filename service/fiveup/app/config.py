"""Server configuration: the one seam for every setting of ``fiveup serve``, gathered
from the settings groups that each package declares in its own ``settings.py``.

Each field of a group is a setting: its built-in default, overridden by the environment
variable ``FIVEUP_<FIELD NAME>``, overridden by the flag ``--<field-name>``.  ``fiveup
serve --help`` lists them all, group by group, with their variables (docs/operations.md
too, and a test keeps the three in step).  ``ServerConfig`` inherits every group, so
the whole configuration is one flat object (``config.cache_size``) and is each group at
once: a package's config function takes its own group and is handed the server's
configuration.  A new setting goes in the group of the package that uses it; a new
group is one more base of ``ServerConfig``.  ``ENVIRONMENT_ONLY`` lists the few
variables read elsewhere (before a server exists).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..admin.integrity_settings import IntegritySettings
from ..admin.settings import AdminSettings
from ..api.settings import LimitsSettings
from ..bus.settings import BusSettings
from ..chat.settings import ChatSettings
from ..egress.settings import EgressSettings
from ..friends.settings import FriendSettings
from ..identity.settings import IdentitySettings
from ..lobby.settings import LobbySettings
from ..match.settings import MatchSettings
from ..notifications.settings import NotificationSettings
from ..ratings.settings import RatingsSettings
from ..shared.settings import ConfigError, SettingsGroup, setting
from ..store.backends import is_postgres
from ..store.settings import StoreSettings
from ..telemetry.settings import TelemetrySettings
from ..tournaments.settings import TournamentSettings

__all__ = ["ENVIRONMENT_ONLY", "GROUPS", "ConfigError", "ServerConfig", "ServerSettings"]

# Variables read outside ServerConfig: they select the compiled rules core, or the build,
# before any configuration is parsed.
ENVIRONMENT_ONLY: dict[str, str] = {
    "FIVEUP_PURE_PYTHON": "1: use the pure-Python rules core instead of the compiled one",
    "FIVEUP_REQUIRE_CYTHON": "1 (or CI=true): fail the build when the core does not compile",
}


@dataclass
class ServerSettings(SettingsGroup):
    """The gRPC server's own settings: where it listens, how it drains, its transport."""

    TITLE = "the gRPC server"

    address: str = setting("127.0.0.1:50051", "host:port to serve gRPC on (port 0: any free one)")
    grace_seconds: float = setting(
        10.0, "drain time on SIGTERM (keep it below the pod's termination grace period)"
    )
    drain_seconds: float = setting(
        1.0, "first part of the drain: NOT_SERVING but still serving (at most half the grace)"
    )
    max_receive_bytes: int = setting(256 * 1024, "largest request message accepted")
    max_send_bytes: int = setting(4 * 1024 * 1024, "largest response message sent")
    max_concurrent_rpcs: int = setting(
        2_000, "calls in progress at once, beyond which gRPC refuses (public port)"
    )
    probe_address: str = setting(
        "", "a second, health-only gRPC server for the orchestrator's probes, e.g. "
        "0.0.0.0:8081 (empty: none)",
    )  # fmt: skip
    keepalive_time_ms: int = setting(60_000, "ping idle clients this often")
    keepalive_timeout_ms: int = setting(20_000, "drop a client that does not answer a ping by then")
    min_client_ping_ms: int = setting(
        10_000, "clients (phones) may ping this often without being sent away"
    )
    workers: int = setting(1, "processes sharing the port (SO_REUSEPORT); one per core")
    bench_echo: bool = setting(
        False, "benchmarks only: serve the raw-bytes echo stream bench.rules_rpc compares with"
    )


@dataclass
class ServerConfig(
    ServerSettings, StoreSettings, TelemetrySettings, LimitsSettings, IdentitySettings,
    RatingsSettings, MatchSettings, LobbySettings, ChatSettings, NotificationSettings,
    EgressSettings, BusSettings, AdminSettings, IntegritySettings, TournamentSettings,
    FriendSettings,
):  # fmt: skip
    """Every settings group, gathered: the one list of them is this class's bases."""

    def problems(self) -> list[str]:
        """Settings that cannot work together, each as one sentence (empty when fine):
        each group's own, then those across groups."""
        found = [problem for group in GROUPS for problem in group.problems(self)]
        if self.bus and self.workers <= 1 and not is_postgres(self.db):
            found.append(
                "bus needs a postgresql:// database or --workers 2 or more: one process on "
                "SQLite wakes its own watchers"
            )
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
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerConfig:
        """The defaults overridden by every FIVEUP_<NAME> variable set (ConfigError for a
        value the setting cannot take)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            name = env_name(f.name)
            raw = env.get(name)
            if raw is not None:
                values[f.name] = _parse(f, raw, name)
        return cls(**values)

    def with_args(self, args: argparse.Namespace) -> ServerConfig:
        changes = {
            f.name: getattr(args, f.name)
            for f in fields(self)
            if getattr(args, f.name, None) is not None
        }
        return dataclasses.replace(self, **changes)


def env_name(field_name: str) -> str:
    return "FIVEUP_" + field_name.upper()


# The settings groups, in the order ``fiveup serve --help`` shows them.
GROUPS: tuple[type[SettingsGroup], ...] = ServerConfig.__bases__


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags for every field, group by group (each defaults to the environment, then the
    built-in value)."""
    for group in GROUPS:
        _add_group(parser.add_argument_group(f"{group.TITLE}"), group)


def _add_group(parser: argparse._ArgumentGroup, group: type[SettingsGroup]) -> None:
    for f in fields(group):  # type: ignore[arg-type]  # every group is a dataclass
        flag = "--" + f.name.replace("_", "-")
        kind = _TYPES.get(str(f.type), str)
        choices = f.metadata.get("choices")
        text = f"{f.metadata.get('help', '')} (env {env_name(f.name)}; default {f.default!r})"
        if kind is bool:
            parser.add_argument(
                flag, action=argparse.BooleanOptionalAction, default=None, help=text
            )
        elif f.metadata.get("repeatable"):
            parser.add_argument(flag, action=_JoinAction, default=None, help=text)
        elif choices is not None:
            parser.add_argument(
                flag, type=_one_of(choices), default=None, metavar="{" + ",".join(choices) + "}",
                help=text,
            )  # fmt: skip
        else:
            parser.add_argument(flag, type=kind, default=None, help=text)


class _JoinAction(argparse.Action):
    """A repeated flag's values, joined by commas (the environment's form of the list)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
        values: Any, option_string: str | None = None,
    ) -> None:  # fmt: skip
        earlier = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, f"{earlier},{values}" if earlier else str(values))


def environment_help() -> str:
    """The --help epilog: the variables read outside ServerConfig."""
    lines = ["Also read from the environment (not flags):"]
    lines += [f"  {name}  {meaning}" for name, meaning in ENVIRONMENT_ONLY.items()]
    return "\n".join(lines)


_TYPES: dict[str, type] = {"int": int, "float": float, "str": str, "bool": bool}
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def _parse(f: dataclasses.Field[Any], raw: str, name: str) -> Any:
    kind = _TYPES.get(str(f.type), str)
    text = raw.strip()
    if kind is bool:
        if text.lower() not in (*_TRUE, *_FALSE):
            raise ConfigError(f"{name}={raw!r}: expected one of {', '.join(_TRUE + _FALSE[:-1])}")
        return text.lower() in _TRUE
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"{name}={raw!r}: expected {kind.__name__}") from None
    choices = f.metadata.get("choices")
    if choices is not None:
        try:
            return _one_of(choices)(text)
        except argparse.ArgumentTypeError as exc:
            raise ConfigError(f"{name}={raw!r}: {exc}") from None
    return value


def _one_of(choices: tuple[str, ...]) -> Any:
    """An argparse type: one of ``choices``, in any case, answered as spelt there."""

    def parse(text: str) -> str:
        for choice in choices:
            if text.strip().lower() == choice.lower():
                return choice
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(choices)}")

    return parse
