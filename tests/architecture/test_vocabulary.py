"""One vocabulary per concept: every domain error carries its status code (none falls
through to a default), the bot kinds of the service, the contract, the metrics and the
terminal client are one list, and so are the rejection reasons of the engine and the
metrics, and the happenings of the observer protocol and its implementations."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import grpc
import pytest

import fiveup
import fiveup_core
from fiveup.api import convert
from fiveup.api.errors import CORE_ERRORS, STATUS_BY_REASON, domain_error_classes, status_for
from fiveup.bots import BOT_KINDS
from fiveup.cli import play
from fiveup.engine.errors import MOVE_ERRORS, MatchError
from fiveup.match.observer import Contained, NullObserver, Observer
from fiveup.telemetry import game_metrics as metrics
from fiveup.v1 import match_pb2


def _import_everything() -> None:
    """Import every module of the service, so every error class it defines is known."""
    for info in pkgutil.walk_packages(fiveup.__path__, "fiveup."):
        if info.name.startswith("fiveup.v1"):
            continue
        importlib.import_module(info.name)


def _all_errors() -> list[type[MatchError]]:
    _import_everything()
    return domain_error_classes()


def test_the_error_walk_finds_the_errors() -> None:
    names = {cls.__name__ for cls in _all_errors()}
    assert {"NotYourTurn", "InvalidTile", "TooManyStreams", "ShuttingDown"} <= names


@pytest.mark.parametrize("error", _all_errors(), ids=lambda cls: cls.__name__)
def test_every_domain_error_carries_its_own_status_code(error: type[MatchError]) -> None:
    assert error.code in grpc.StatusCode.__members__, f"{error.__name__} names no status code"
    assert error.code not in ("OK", "UNKNOWN", "INTERNAL"), error.__name__
    assert error.reason != MatchError.reason, f"{error.__name__} has no reason of its own"
    code, message, _trailers = status_for(error("what went wrong"))
    assert code == grpc.StatusCode[error.code]
    assert message == "what went wrong"
    assert STATUS_BY_REASON[error.reason] == code  # one reason, one code


def test_an_error_naming_no_code_is_a_bug_not_a_guess() -> None:
    class Forgotten(MatchError):
        reason = "FORGOTTEN"

    with pytest.raises(TypeError):
        status_for(Forgotten("no code"))


def _core_errors() -> list[type[Exception]]:
    return [
        cls
        for cls in vars(fiveup_core).values()
        if isinstance(cls, type) and issubclass(cls, fiveup_core.FiveUpError)
    ]


@pytest.mark.parametrize("error", _core_errors(), ids=lambda cls: cls.__name__)
def test_every_core_error_is_reported_as_a_domain_error(error: type[Exception]) -> None:
    assert any(cls in CORE_ERRORS for cls in error.__mro__)
    instance = error.__new__(error)
    Exception.__init__(instance, "bad layout")
    code, _message, _trailers = status_for(instance)
    assert code == grpc.StatusCode.INVALID_ARGUMENT


def test_the_bot_kinds_are_one_list() -> None:
    contract = {
        v.name.removeprefix("BOT_KIND_").lower(): v.number
        for v in match_pb2.BotKind.DESCRIPTOR.values
        if v.number
    }
    assert set(BOT_KINDS) == set(contract)
    assert contract == convert.BOT_TO_PB
    assert contract == play.BOT_KINDS
    assert set(metrics.BOT_NAMES) == set(BOT_KINDS)


def test_every_move_error_has_a_rejection_label() -> None:
    assert MOVE_ERRORS
    for error in MOVE_ERRORS:
        assert error.reason in metrics.REJECTION_REASONS
    assert len(set(metrics.REJECTION_REASONS)) == len(metrics.REJECTION_REASONS)


def _happenings(cls: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if name[0] != "_"}


def test_every_observer_hears_every_happening() -> None:
    happenings = _happenings(Observer)
    assert "move" in happenings and "rules_checked" in happenings
    for implementation in (NullObserver, Contained, metrics.MatchObserver):
        assert happenings <= _happenings(implementation), implementation.__name__
        for name in happenings:
            assert inspect.signature(getattr(implementation, name)).parameters.keys() == (
                inspect.signature(getattr(Observer, name)).parameters.keys()
            ), (implementation.__name__, name)


def test_every_errors_module_feeds_the_status_table() -> None:
    """A context's errors module missing from ERROR_MODULES leaves its reasons out of
    STATUS_BY_REASON whenever nothing else happened to import it first (docs and the web
    app's messages were then checked against a table that depended on import order)."""
    from fiveup.api.errors import ERROR_MODULES

    _import_everything()
    listed = {module.__name__ for module in ERROR_MODULES}
    found = {
        info.name
        for info in pkgutil.walk_packages(fiveup.__path__, "fiveup.")
        if info.name.endswith(".errors") and not info.name.startswith(("fiveup.v1", "fiveup.api"))
    }
    assert found <= listed, f"errors modules not in ERROR_MODULES: {sorted(found - listed)}"
