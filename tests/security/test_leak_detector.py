"""The leak detector the security tests rely on finds each kind of secret, and does not
cry wolf on the framing of an ordinary error."""

from __future__ import annotations

import grpc

from fiveup.api.errors import rich_status
from fiveup.engine import Match, MatchConfig
from fiveup.engine.shuffle import new_seed
from fiveup_core import format_tile, tile_index

from .leaks import BONEYARD_WINDOW, leaks


def dealt() -> Match:
    match, _ = Match.start(MatchConfig(seats=("human", "human"), seed=new_seed()))
    assert match.round is not None and len(match.round.boneyard) >= BONEYARD_WINDOW
    return match


def test_each_kind_of_secret_is_found() -> None:
    match = dealt()
    r = match.round
    assert r is not None
    seed = match.config.seed
    assert leaks(b"x" + seed.hex().encode() + b"y", "", match, 0) == ["seed form 1"]
    order = bytes(tile_index(t) for t in r.boneyard)
    assert leaks(b"trailer" + order, "", match, 0) == ["boneyard order"]
    theirs = r.hands[1][0]
    text = f"you cannot play {format_tile(theirs)}"
    assert leaks(text.encode(), text, match, 0) == [f"hidden tile {theirs}"]
    assert leaks(text.encode(), text, match, 1) == []  # seat 1 holds it
    assert leaks(text.encode(), text, match, 0, named=[theirs]) == []  # the caller named it


def test_error_framing_alone_is_not_a_leak() -> None:
    for _ in range(200):
        match = dealt()
        for code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION):
            _, message, trailers = rich_status(code, "move is required", "INVALID_ARGUMENT",
                                               {"field": "move"})  # fmt: skip
            blob = message.encode() + b"".join(k.encode() + v for k, v in trailers)
            assert leaks(blob, message, match, None) == []
