"""The configuration seam: every setting is a flag, an environment variable, a line of
``fiveup serve --help`` and a row of docs/operations.md, under one name all the way down
to the part that uses it; a value a setting cannot take stops the server with one line."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fiveup.api.limits import LimitsConfig
from fiveup.api.settings import limits_config
from fiveup.app.config import (
    ENVIRONMENT_ONLY,
    GROUPS,
    ConfigError,
    ServerConfig,
    ServerSettings,
    env_name,
)
from fiveup.match.autoplay import AutoplayConfig
from fiveup.match.settings import matches_config
from fiveup.store import open_store
from fiveup.store.settings import store_options

ROOT = Path(__file__).resolve().parents[2]
FIVEUP = [sys.executable, "-m", "fiveup.cli"]
SETTINGS = [f.name for f in dataclasses.fields(ServerConfig)]


@pytest.fixture(scope="module")
def help_text() -> str:
    done = subprocess.run(
        [*FIVEUP, "serve", "--help"], capture_output=True, text=True, timeout=60, check=True
    )
    return re.sub(r"\s+", " ", done.stdout)


@pytest.mark.parametrize("name", SETTINGS)
def test_every_setting_is_a_flag_a_variable_and_documented(name: str, help_text: str) -> None:
    field = {f.name: f for f in dataclasses.fields(ServerConfig)}[name]
    assert field.metadata.get("help"), f"{name} has no help text"
    flag, variable = "--" + name.replace("_", "-"), env_name(name)
    assert f"{flag} " in help_text and variable in help_text
    rows = (ROOT / "docs" / "operations.md").read_text()
    assert f"| `{flag}` | `{variable}` |" in rows, f"{variable} is not in docs/operations.md"


@pytest.mark.parametrize("variable", sorted(ENVIRONMENT_ONLY))
def test_variables_read_elsewhere_are_listed_too(variable: str, help_text: str) -> None:
    assert variable in help_text
    assert f"| `{variable}` |" in (ROOT / "docs" / "operations.md").read_text()


def test_the_environment_overrides_the_defaults() -> None:
    config = ServerConfig.from_env(
        {
            "FIVEUP_PG_NOTIFY": "after_commit",
            "FIVEUP_WORKERS": "3",
            "FIVEUP_LOG_JSON": "yes",
            "FIVEUP_LOG_LEVEL": "debug",
            "FIVEUP_TURN_TIMEOUT_SECONDS": "7.5",
        }
    )
    assert (config.pg_notify, config.workers, config.log_json) == ("after_commit", 3, True)
    assert (config.log_level, config.turn_timeout_seconds) == ("DEBUG", 7.5)
    assert ServerConfig.from_env({}) == ServerConfig()


@pytest.mark.parametrize(
    "variable, value",
    [
        ("FIVEUP_PG_NOTIFY", "sometimes"),
        ("FIVEUP_WORKERS", "two"),
        ("FIVEUP_LOG_JSON", "perhaps"),
        ("FIVEUP_SQLITE_SYNCHRONOUS", "fast"),
    ],
)
def test_a_bad_value_is_one_clear_line(variable: str, value: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        ServerConfig.from_env({variable: value})
    done = subprocess.run(
        [*FIVEUP, "serve"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", variable: value},
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and variable in done.stderr
    assert "Traceback" not in done.stderr


def test_settings_keep_their_names_on_their_way_down() -> None:
    """Each part's config names a setting the way ServerConfig does, and gets its value."""
    config = ServerConfig(
        rate_limit_peer=2.0, rate_limit_peer_burst=5, rate_limit_seat=1.5,
        rate_limit_seat_burst=4, max_watchers_per_match=9, client_address_header="X-Real-Ip",
        bot_delay=0.25, cache_size=77, turn_timeout_seconds=30.0, stand_in_delay_seconds=2.0,
    )  # fmt: skip
    limits = limits_config(config)
    shared = {f.name for f in dataclasses.fields(LimitsConfig)} & set(SETTINGS)
    assert shared >= {"rate_limit_peer", "rate_limit_seat", "max_watchers_per_match"}
    # The header is matched lower-cased, the proxies are split into a tuple.
    for name in shared - {"client_address_header", "trusted_proxies"}:
        assert getattr(limits, name) == getattr(config, name), name
    assert limits.client_address_header == "x-real-ip"
    matches = matches_config(config, open_store(":memory:"))
    autoplay = {f.name for f in dataclasses.fields(AutoplayConfig)} & set(SETTINGS)
    assert autoplay >= {"bot_delay", "turn_timeout_seconds", "stand_in_delay_seconds"}
    for name in autoplay | {"cache_size"}:
        assert getattr(matches, name) == getattr(config, name), name


def test_the_store_options_come_from_the_settings() -> None:
    pg = ServerConfig(db="postgresql://db/fiveup", pg_notify="after_commit")
    assert store_options(pg).notify == "after_commit"
    sqlite = ServerConfig(db="x.sqlite3", sqlite_synchronous="full")
    assert store_options(sqlite).synchronous == "full"


def test_every_setting_is_declared_once_by_its_packages_group() -> None:
    """ServerConfig only gathers: each setting is a field of exactly one group, and each
    group lives in its own package's ``settings`` module (the server's own in app/), or
    in a ``<part>_settings`` module beside it when a package's part has a group of its
    own (the operators' ratings integrity: ``admin/integrity_settings.py``)."""
    declared = [f.name for group in GROUPS for f in dataclasses.fields(group)]  # type: ignore[arg-type]
    assert sorted(declared) == sorted(SETTINGS) and len(declared) == len(set(declared))
    for group in GROUPS:
        module = group.__module__.rsplit(".", 1)[-1]
        assert module == "settings" or module.endswith("_settings") or group is ServerSettings, (
            group
        )
        assert group.TITLE, f"{group.__name__} has no title for --help"
