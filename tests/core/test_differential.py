"""The compiled core and the pure-Python twin agree on every observable, at every step.

Hypothesis plays random games (random hands, leads of doubles included, up to all 28
tiles) and after every placement compares everything the two implementations can say
about the layout, then checks the layout invariants on the twin's answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fiveup_core
from fiveup_core import ALL_TILES, DOUBLES, SIDES, ConnectionPoint, Placement

pytestmark = pytest.mark.skipif(
    fiveup_core.CoreLayout is None, reason="Cython core not built (run `make build`)"
)

Pure = fiveup_core.PureLayout
Core = fiveup_core.CoreLayout

# Arguments that are not tiles or not points, in the shapes callers get wrong.
ODD_TILES: list[object] = [
    (7, 1),
    (-1, 2),
    "ab",
    (1, 2, 3),
    (1.0, 2),
    (True, 1),
    None,
    [1, 2],
    (2, 1),
]
ODD_POINTS: list[object] = [
    "xyz",
    42,
    ((1, 4),),
    ((1, 4), "middle"),
    ((1, 4), 3),
    ((9, 9), "low"),
    ([4, 1], "high"),
    ("ab", "low"),
    ((1, 4), "low", "x"),
]


def outcome(fn: Callable[[], Any]) -> tuple[Any, ...]:
    """What a call did: its value, or everything observable about the exception."""
    try:
        return ("ok", fn())
    except Exception as exc:
        return (
            type(exc),
            str(exc),
            getattr(exc, "index", None),
            getattr(exc, "tile", None),
            getattr(exc, "on", None),
        )


def assert_same_state(core: Any, pure: Any, hands: list[list[object]]) -> None:
    """Every read-only observable, compared between the two implementations."""
    assert core.to_bytes() == pure.to_bytes()
    assert core.to_text() == pure.to_text()
    assert repr(core) == repr(pure)
    assert core.placements() == pure.placements()
    assert all(a is b for a, b in zip(core.placements(), pure.placements(), strict=True))
    assert core.tiles() == pure.tiles()
    assert len(core) == len(pure)
    assert core.is_empty() == pure.is_empty()
    assert core == pure and pure == core and not (core != pure)  # noqa: SIM202 (tests __ne__)
    assert hash(core) == hash(pure)

    ops, opp = core.open_points(), pure.open_points()
    assert ops == opp
    assert all(a is b for a, b in zip(ops, opp, strict=True))  # interned objects
    ce, pe = core.counted_ends(), pure.counted_ends()
    assert ce == pe
    assert all(a is b for a, b in zip(ce, pe, strict=True))
    assert core.end_sum() == pure.end_sum()
    assert core.open_pip_mask() == pure.open_pip_mask()

    for tile in ALL_TILES:
        assert (tile in core) == (tile in pure)
        cl, pl = core.legal_placements(tile), pure.legal_placements(tile)
        assert cl == pl
        assert all(a is b for a, b in zip(cl, pl, strict=True))
    for odd in ODD_TILES:
        assert (odd in core) == (odd in pure)
        assert outcome(lambda o=odd: core.legal_placements(o)) == outcome(
            lambda o=odd: pure.legal_placements(o)
        )
    for hand in hands:
        assert core.legal_moves(hand) == pure.legal_moves(hand)
        assert core.has_legal_move(hand) == pure.has_legal_move(hand)


def assert_invariants(layout: Any) -> None:
    counted = layout.counted_ends()
    assert layout.end_sum() == sum(end.value for end in counted)
    tiles = layout.tiles()
    assert len(set(tiles)) == len(tiles), "a tile appears twice"
    placements = layout.placements()
    covered = {(p.on.tile, p.on.side) for p in placements if p.on is not None}
    covered |= {
        (p.tile, "chain_a") for p in placements if p.on is not None and p.tile[0] == p.tile[1]
    }
    for point in layout.open_points():
        assert point.pip in point.tile, f"{point} shows a pip its tile does not have"
        assert point.tile in layout
        assert (point.tile, point.side) not in covered
        if point.side.startswith("branch"):
            assert (point.tile, "chain_a") in covered and (point.tile, "chain_b") in covered, (
                f"branch {point} open before both chains are covered"
            )
    if not tiles:
        assert layout.open_pip_mask() == 0x80
    else:
        mask = 0
        for point in layout.open_points():
            mask |= 1 << point.pip
        assert layout.open_pip_mask() == mask
    cls = type(layout)
    assert cls.from_bytes(layout.to_bytes()) == layout
    assert cls.from_bytes(layout.to_bytes()).to_bytes() == layout.to_bytes()
    assert cls.from_text(layout.to_text()) == layout
    assert cls.from_placements(placements) == layout


def random_hand(rng: random.Random, layout: Any) -> list[object]:
    """Mostly tiles not yet played, sometimes one already on the table or a swapped pair."""
    size = rng.randint(0, 7)
    hand: list[object] = []
    for _ in range(size):
        tile = rng.choice(ALL_TILES)
        if tile in layout and rng.random() < 0.7:
            continue
        hand.append(tile[::-1] if rng.random() < 0.2 else tile)
    return hand


def random_point(rng: random.Random, layout: Any) -> object:
    """A connection point that is sometimes legal, often not, occasionally garbage."""
    roll = rng.random()
    if roll < 0.1:
        return None
    if roll < 0.2:
        return rng.choice(ODD_POINTS)
    placed = layout.tiles()
    tile = rng.choice(placed) if placed and roll < 0.8 else rng.choice(ALL_TILES)
    side = rng.choice(SIDES)
    return ConnectionPoint(tile, side) if rng.random() < 0.5 else (tile, side)


def compare_probe(core: Any, pure: Any, tile: object, on: object) -> None:
    """is_legal / score_if / place agree, legal or not, and rejected placements change nothing."""
    before = core.to_bytes()
    # is_legal answers False for an illegal placement but lets InvalidTile through: same in both
    assert outcome(lambda: core.is_legal(tile, on)) == outcome(lambda: pure.is_legal(tile, on))
    assert outcome(lambda: core.score_if(tile, on)) == outcome(lambda: pure.score_if(tile, on))
    c2, p2 = core.copy(), pure.copy()
    assert outcome(lambda: c2.place(tile, on)) == outcome(lambda: p2.place(tile, on))
    assert c2.to_bytes() == p2.to_bytes()
    assert core.to_bytes() == before


def play_game(rng: random.Random, max_tiles: int, lead_double: bool, probes: int) -> None:
    core, pure = Core(), Pure()  # type: ignore[misc]
    assert_same_state(core, pure, [[]])
    while len(pure) < max_tiles:
        hands = [random_hand(rng, pure) for _ in range(3)]
        hand = hands[0]
        if pure.is_empty() and lead_double:
            hand = [*hand, rng.choice(DOUBLES)]
        moves = pure.legal_moves(hand)
        assert core.legal_moves(hand) == moves
        if not moves:  # "draw from the boneyard": any unplayed tile that fits
            moves = pure.legal_moves([t for t in ALL_TILES if t not in pure])
            if not moves:
                break  # blocked: nothing fits anywhere
        if pure.is_empty() and lead_double:
            moves = [m for m in moves if m.tile[0] == m.tile[1]] or moves

        # score_if on every candidate matches place on a copy, and never mutates
        before_c, before_p = core.to_bytes(), pure.to_bytes()
        for move in moves:
            expect = pure.copy().place(move.tile, move.on)
            assert core.score_if(move.tile, move.on) == expect
            assert pure.score_if(move.tile, move.on) == expect
            assert core.is_legal(move.tile, move.on) and pure.is_legal(move.tile, move.on)
        assert core.to_bytes() == before_c and pure.to_bytes() == before_p

        for _ in range(probes):
            tile: object = rng.choice(ALL_TILES) if rng.random() < 0.9 else rng.choice(ODD_TILES)
            compare_probe(core, pure, tile, random_point(rng, pure))

        move = rng.choice(moves)
        on = move.on if rng.random() < 0.7 else (None if move.on is None else tuple(move.on))
        assert core.place(move.tile, on) == pure.place(move.tile, on)
        assert_same_state(core, pure, hands)
        assert_invariants(pure)
        assert_invariants(core)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    max_tiles=st.integers(1, 28),
    lead_double=st.booleans(),
)
def test_random_games_agree(seed: int, max_tiles: int, lead_double: bool) -> None:
    play_game(random.Random(seed), max_tiles, lead_double, probes=4)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_arbitrary_probes_agree(data: st.DataObject) -> None:
    """Placements drawn freely (mostly illegal) on a random position: same verdicts."""
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    pure = Pure()
    for _ in range(data.draw(st.integers(0, 28), label="tiles")):
        moves = pure.legal_moves([t for t in ALL_TILES if t not in pure])
        if not moves:
            break
        pure.place(*rng.choice(moves))
    core = Core.from_bytes(pure.to_bytes())  # type: ignore[union-attr]
    for _ in range(30):
        tile = data.draw(
            st.one_of(st.sampled_from(ALL_TILES), st.sampled_from(ODD_TILES)), label="tile"
        )
        on = data.draw(
            st.one_of(
                st.none(),
                st.tuples(st.sampled_from(ALL_TILES), st.sampled_from(SIDES)),
                st.builds(ConnectionPoint, st.sampled_from(ALL_TILES), st.sampled_from(SIDES)),
                st.sampled_from(ODD_POINTS),
            ),
            label="on",
        )
        compare_probe(core, pure, tile, on)


def test_many_complete_games_agree() -> None:
    """A cheap deterministic sweep: 300 full games, compared on the hot-path answers."""
    rng = random.Random(20240611)
    for _ in range(300):
        core, pure = Core(), Pure()  # type: ignore[misc]
        while True:
            hand = [t for t in ALL_TILES if t not in pure]
            rng.shuffle(hand)
            hand = hand[:5]
            moves = pure.legal_moves(hand)
            assert core.legal_moves(hand) == moves
            if not moves:
                moves = pure.legal_moves([t for t in ALL_TILES if t not in pure])
                if not moves:
                    break
            move = rng.choice(moves)
            assert core.score_if(*move) == pure.score_if(*move)
            assert core.place(*move) == pure.place(*move)
            assert core.end_sum() == pure.end_sum()
            assert core.open_points() == pure.open_points()
        assert core.to_bytes() == pure.to_bytes()
        assert core.counted_ends() == pure.counted_ends()


def test_is_legal_errors_agree_on_odd_tiles() -> None:
    """is_legal only swallows IllegalPlacement: an invalid tile raises in both."""
    core, pure = Core(), Pure()  # type: ignore[misc]
    for layout in (core, pure):
        layout.place((1, 4))
    for odd in ODD_TILES:
        assert outcome(lambda o=odd: core.is_legal(o, ((1, 4), "low"))) == outcome(
            lambda o=odd: pure.is_legal(o, ((1, 4), "low"))
        )
    for point in ODD_POINTS:
        assert outcome(lambda p=point: core.is_legal((1, 2), p)) == outcome(
            lambda p=point: pure.is_legal((1, 2), p)
        )


def test_placement_objects_are_interned() -> None:
    core, pure = Core(), Pure()  # type: ignore[misc]
    for layout in (core, pure):
        layout.place((3, 3))
    (cm,) = core.legal_placements((3, 5))[:1]
    (pm,) = pure.legal_placements((3, 5))[:1]
    assert cm is pm
    assert isinstance(cm, Placement)
