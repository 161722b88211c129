"""Play-outs (``fiveup_core.playout``): the rules of a round exactly as the engine plays
them, and the compiled play-outs, sampler and search give the twin's answers exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fiveup.bots.inference import infer
from fiveup.engine import Draw, Match, MatchConfig, Pass, Place, RoundEnded, TilePlaced
from fiveup_core import playout
from fiveup_core._types import GREEDY_WEIGHTS, PlayOut, Weights
from fiveup_core.abstract import END, LEAD, PIP_MASK, AbstractLayout, point_kind, reckon, tile_of
from tests.bots.helpers import positions, seed_bytes

try:
    from fiveup_core import _playout as compiled
except ImportError:  # pragma: no cover - make build compiles it; CI requires it
    compiled = None  # type: ignore[assignment]

needs_compiled = pytest.mark.skipif(compiled is None, reason="play-outs not compiled (make build)")

POLICIES = [GREEDY_WEIGHTS, Weights(64, 2, 1, 64), Weights(1, 0, 0, 0), Weights(5, -3, 2, 17)]


def _random_state(rng: random.Random) -> tuple[AbstractLayout, list[list[int]], list[int], int]:
    """A layout of a few random placements, hands of 1-5 tiles, a random boneyard."""
    n = rng.choice([2, 3, 4])
    tiles = list(range(28))
    rng.shuffle(tiles)
    table = AbstractLayout()
    for _ in range(rng.randrange(0, 9)):
        for i, t in enumerate(tiles):
            moves = playout.options(table, (t,))
            if moves:
                t, kind, pip, _ = moves[rng.randrange(len(moves))]
                table.place(t, kind, pip)
                del tiles[i]
                break
    hands = [[tiles.pop() for _ in range(rng.randrange(1, 6))] for _ in range(n)]
    return table, hands, tiles[: rng.randrange(0, len(tiles) + 1)], rng.randrange(n)


def _engine_round(label: str, moves: int, rng: random.Random) -> Match:
    """A real match some random moves into a round (still in it)."""
    match, _ = Match.start(
        MatchConfig(seats=("human",) * rng.choice([2, 3, 4]), seed=seed_bytes(label))
    )
    for _ in range(moves):
        seat = match.to_move()
        assert seat is not None
        actions = match.legal_actions(seat)
        before = match.round
        match.act(seat, actions[rng.randrange(len(actions))])
        if match.round is not before or match.round is None or match.round.over:
            break  # the round ended: start from the new one's beginning
    return match


@pytest.mark.parametrize("case", range(60))
def test_a_play_out_is_the_round_the_engine_plays(case: int) -> None:
    """Replay the twin's moves through the engine from a real position: every move is
    legal there, and the engine ends the round the same way (same seat out or blocked)
    with the same points scored and the same reckoning for every seat."""
    rng = random.Random(case)
    match = _engine_round(f"playout/{case}", rng.randrange(0, 12), rng)
    r = match.round
    assert r is not None and not r.over
    if r.must_play is not None:  # the play-out starts at a turn, not in the middle of one
        match.act(r.turn, Place(r.must_play, match.legal_placements(r.turn)[0].on))
        r = match.round
        assert r is not None
        if r.over:
            return
    n = match.n_seats
    table = AbstractLayout.from_placements(r.layout.placements())
    hands = [[tile_of(t) for t in h] for h in r.hands]
    boneyard = [tile_of(t) for t in reversed(r.boneyard)]  # the engine draws from the front
    weights = POLICIES[case % len(POLICIES)]
    trace: playout.Trace = []
    result = playout.play_out_py(table, hands, boneyard, r.turn, weights, trace=trace)
    points = [0] * n
    ended: RoundEnded | None = None
    for seat, what, t, kind, pip in trace:
        if ended is not None:
            assert what == "pass"  # the engine stops asking once the round is blocked
            continue
        assert match.to_move() == seat
        legal = match.legal_actions(seat)
        if what == "place":
            action = next(
                a
                for a in legal
                if isinstance(a, Place) and tile_of(a.tile) == t and point_kind(a.on) == (kind, pip)
            )
        else:
            action = Draw() if what == "draw" else Pass()
            assert legal == [action]
        for event in match.act(seat, action):
            if isinstance(event, TilePlaced):
                points[event.seat] += event.points
            elif isinstance(event, RoundEnded):
                ended = event
    assert ended is not None
    assert result.winner == (-1 if ended.winner is None else ended.winner)
    assert ended.blocked == (result.winner == -1)
    assert list(result.net) == [points[s] - ended.deductions[s] for s in range(n)]


def test_the_policy_plays_the_best_key_and_looks_at_the_reply() -> None:
    """A lone [1|4] (sum 5) and a hand of [0|1] and [0|4], neither scoring: greedy sheds
    the heavier [0|4] on the 4 (ends 1 and 0), which lets a next hand's [1|5] score 5 on
    the 1; with the reply term the play-out plays [0|1] on the 1 instead (ends 0 and 4),
    where [1|5] does not even fit."""
    table = AbstractLayout()
    table.place(tile_of((1, 4)), LEAD, -1)
    moves = playout.options(table, [tile_of((0, 1)), tile_of((0, 4))])
    assert [m[3] for m in moves] == [0, 0]
    nxt = [tile_of((1, 5))]
    assert playout.choose(table, moves, nxt, GREEDY_WEIGHTS) == (tile_of((0, 4)), END, 4, 0)
    assert playout.choose(table, moves, nxt, Weights(64, 2, 1, 64)) == (tile_of((0, 1)), END, 1, 0)
    # equal keys: the first in enumeration order
    assert playout.choose(table, moves, nxt, Weights(1, 0, 0, 0)) == moves[0]


def test_play_outs_put_the_candidate_first_and_count_it() -> None:
    rng = random.Random(7)
    for _ in range(200):
        table, hands, boneyard, seat = _random_state(rng)
        candidates = [(t, k, p) for t, k, p, _ in playout.options(table, hands[seat])]
        for cand, result in zip(
            candidates, playout.play_outs_py(table, hands, boneyard, seat, candidates), strict=True
        ):
            after = table.copy()
            points = after.place(*cand)
            rest = [list(h) for h in hands]
            rest[seat].remove(cand[0])
            if rest[seat]:
                then = playout.play_out_py(after, rest, boneyard, (seat + 1) % len(hands))
            else:
                then = PlayOut(tuple(-reckon(h) for h in rest), seat)
            expect = list(then.net)
            expect[seat] += points
            assert result == PlayOut(tuple(expect), then.winner)


def test_the_twin_leaves_its_arguments_alone() -> None:
    rng = random.Random(8)
    table, hands, boneyard, turn = _random_state(rng)
    snapshot = (table.nd[:], table.ch[:], table.br[:], table.end_sum, table.empty)
    held, left = [h[:] for h in hands], boneyard[:]
    playout.play_out_py(table, hands, boneyard, turn, Weights(64, 2, 1, 64))
    playout.play_outs_py(table, hands, boneyard, turn, [], GREEDY_WEIGHTS)
    assert (table.nd, table.ch, table.br, table.end_sum, table.empty) == snapshot
    assert (hands, boneyard) == (held, left)


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(POLICIES))
def test_compiled_play_outs_agree_with_the_twin(seed: int, weights: Weights) -> None:
    rng = random.Random(seed)
    table, hands, boneyard, turn = _random_state(rng)
    assert compiled.play_out(table, hands, boneyard, turn, weights) == playout.play_out_py(
        table, hands, boneyard, turn, weights
    )
    candidates = [(t, k, p) for t, k, p, _ in playout.options(table, hands[turn])]
    assert compiled.play_outs(
        table, hands, boneyard, turn, candidates, weights
    ) == playout.play_outs_py(table, hands, boneyard, turn, candidates, weights)


@needs_compiled
def test_compiled_play_outs_refuse_what_the_twin_refuses() -> None:
    table = AbstractLayout()
    table.place(tile_of((1, 4)), 3, -1)
    hands = [[tile_of((4, 6))], [tile_of((2, 2))]]
    for bad in [(tile_of((2, 2)), 0, 2), (tile_of((4, 6)), 0, 6), (tile_of((4, 6)), 1, 4)]:
        for impl in (compiled.play_outs, playout.play_outs_py):
            with pytest.raises(ValueError):
                impl(table, hands, [], 0, [bad], GREEDY_WEIGHTS)
    with pytest.raises(ValueError):
        compiled.play_out(table, [[99], []], [], 0, GREEDY_WEIGHTS)


def _specs(
    n_seats: int, label: str
) -> list[tuple[AbstractLayout, playout.DealSpec, list[tuple[int, int, int]]]]:
    out = []
    rng = random.Random(label)
    for _match, _seat, view in positions(n_seats, label, rng):
        know = infer(view)
        candidates = sorted({(t, k, p) for t, k, p, _ in playout.options(know.table, know.hand)})
        if candidates and view.must_play is None:
            out.append((know.table, know.deal_spec(), candidates))
    return out


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_sampled_deals_are_consistent_with_the_spec(n_seats: int) -> None:
    rng = playout.SplitMix64(n_seats)
    gave_up = 0
    for _table, spec, _ in _specs(n_seats, f"spec/{n_seats}"):
        deal = playout.sample_py(spec, rng)
        if deal is None:
            gave_up += 1
            continue
        hands, boneyard = deal
        assert hands[spec.seat] == list(spec.hand)
        dealt = [t for s, h in enumerate(hands) if s != spec.seat for t in h] + boneyard
        assert sorted(dealt) == sorted(spec.unseen)
        assert len(boneyard) == spec.boneyard_size
        per_seat: dict[int, list[int]] = {}
        for mask, seat in spec.slots:
            per_seat.setdefault(seat, []).append(mask)
        for seat, masks in per_seat.items():
            assert len(hands[seat]) == len(masks)
            # the i-th tile dealt to a seat fills its i-th slot in fill order
            assert all(not PIP_MASK[t] & m for t, m in zip(hands[seat], masks, strict=True))
    assert gave_up < 5


def test_splitmix64_is_the_reference_stream() -> None:
    # SplitMix64 seeded with 0 (the reference implementation's first outputs)
    rng = playout.SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@needs_compiled
@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_compiled_search_agrees_with_the_twin(n_seats: int) -> None:
    rng = random.Random(n_seats)
    cases = _specs(n_seats, f"search/{n_seats}")
    assert len(cases) > 50
    for table, spec, candidates in cases:
        weights = POLICIES[rng.randrange(len(POLICIES))]
        seed = rng.getrandbits(64)
        assert compiled.search(table, spec, candidates, weights, 6, seed) == playout.search_py(
            table, spec, candidates, weights, 6, seed
        )
