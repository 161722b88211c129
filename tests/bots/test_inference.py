"""The expert's knowledge: deals it samples respect everything the seat has seen."""

from __future__ import annotations

import random

import pytest

from fiveup.bots.inference import Knowledge, infer, sample_deal
from fiveup.engine import MatchView, Passed, TileDrawn, TilePlaced
from fiveup_core import ALL_TILES, N_TILES, Layout
from fiveup_core.abstract import PIP_MASK, AbstractLayout, tile_of

from .helpers import positions


def void_pips(view: MatchView, seat: int) -> int:
    """An independent oracle: pips that *no* tile of ``seat``'s current hand can show.

    Drawing or passing shows that every tile then held misses the open pips; a drawn tile
    kept (not placed at once) misses only the pips open at that draw."""
    layout = Layout()
    void = 0
    events = view.round_events
    for i, event in enumerate(events):
        if isinstance(event, TilePlaced):
            layout.place(event.tile, event.on)
        elif isinstance(event, (TileDrawn, Passed)) and event.seat == seat:
            mask = layout.open_pip_mask() & 0x7F
            void |= mask
            if isinstance(event, TileDrawn):
                nxt = events[i + 1] if i + 1 < len(events) else None
                if not (isinstance(nxt, TilePlaced) and nxt.seat == seat):
                    void = mask  # a kept tile only misses the pips open now
    return void


def _check_deal(know: Knowledge, view: MatchView, hands: list[list[int]], bone: list[int]) -> None:
    me = know.seat
    own = {tile_of(t) for t in view.hand}
    table = {tile_of(p.tile) for p in view.layout}
    assert sorted(hands[me]) == sorted(own)
    dealt = [t for s, h in enumerate(hands) if s != me for t in h] + bone
    assert len(dealt) == len(set(dealt))
    assert not set(dealt) & own, "a sampled deal gave away the bot's own tile"
    assert not set(dealt) & table, "a sampled deal used a tile on the table"
    assert set(dealt) | own | table == set(range(N_TILES))
    assert [len(h) for h in hands] == list(view.hand_sizes)
    assert len(bone) == view.boneyard_size


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_sampled_deals_respect_voids_and_known_tiles(n_seats: int) -> None:
    rng = random.Random(100 + n_seats)
    with_voids = 0
    for game in range(4):
        for match, seat, view in positions(n_seats, f"infer/{n_seats}/{game}", rng):
            know = infer(view)
            voids = {s: void_pips(view, s) for s in range(n_seats) if s != seat}
            # the oracle agrees with the real hands, and with what the bot worked out
            assert match.round is not None
            for s, void in voids.items():
                assert all(not PIP_MASK[tile_of(t)] & void for t in match.round.hands[s])
                assert know.forbidden(s) == void
            if not any(voids.values()):
                continue
            with_voids += 1
            for _ in range(5):
                hands, bone = sample_deal(know, rng)
                _check_deal(know, view, hands, bone)
                for s, void in voids.items():
                    bad = [ALL_TILES[t] for t in hands[s] if PIP_MASK[t] & void]
                    assert not bad, f"seat {s} was shown void in {void:07b} but got {bad}"
    assert with_voids > 20


def test_real_hands_always_fit_the_slots() -> None:
    """The inference never rules out the truth: the real hidden hands can be matched to
    the slots (each tile to a slot whose forbidden pips it avoids)."""
    rng = random.Random(7)
    for game in range(6):
        for match, seat, view in positions(3, f"truth/{game}", rng):
            know = infer(view)
            assert match.round is not None
            for s in range(3):
                if s == seat:
                    continue
                real = [tile_of(t) for t in match.round.hands[s]]
                masks = sorted(know.slots[s], key=lambda m: -bin(m).count("1"))
                assert len(masks) == len(real)
                assert _fits(real, masks), (s, real, masks)


def _fits(tiles: list[int], masks: list[int]) -> bool:
    if not masks:
        return not tiles
    first, rest = masks[0], masks[1:]
    return any(
        not PIP_MASK[t] & first and _fits(tiles[:i] + tiles[i + 1 :], rest)
        for i, t in enumerate(tiles)
    )


def test_sampling_falls_back_to_a_matching_under_tight_constraints() -> None:
    # seat 1 holds 3 tiles that must avoid pips 0-4 (so: [5|5] [5|6] [6|6] exactly);
    # seat 0 (the bot) holds nothing relevant; the rest are unconstrained in the boneyard.
    tight = 0b0011111
    unseen = [t for t in range(N_TILES) if t not in (0, 1)]
    know = Knowledge(
        seat=0, n_seats=2, hand=[0, 1], table=AbstractLayout(), layout_tiles=[], unseen=unseen,
        slots=[[], [tight, tight, tight]], boneyard_size=len(unseen) - 3,
    )  # fmt: skip
    rng = random.Random(1)
    for _ in range(50):
        hands, bone = sample_deal(know, rng, tries=0)  # straight to the matching
        assert sorted(ALL_TILES[t] for t in hands[1]) == [(5, 5), (5, 6), (6, 6)]
        assert len(bone) == know.boneyard_size
        hands, bone = sample_deal(know, rng)
        assert sorted(ALL_TILES[t] for t in hands[1]) == [(5, 5), (5, 6), (6, 6)]
