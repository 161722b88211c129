"""Provably fair deals: commit-reveal, determinism, and a statistical check of the shuffle."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import pytest

from fiveup.engine import Match, MatchConfig, SeededDealer
from fiveup.engine.shuffle import (
    SEED_BYTES,
    DerivedStream,
    commitment,
    fair_lot,
    new_seed,
    round_deck,
)
from fiveup_core import ALL_TILES, Tile

SEED = bytes(range(32))


def seed_no(i: int) -> bytes:
    return hashlib.sha256(b"test seed %d" % i).digest()


# --------------------------------------------------------------------------- the deal


def test_a_deck_is_a_permutation_of_the_28_tiles() -> None:
    for i in range(50):
        deck = round_deck(seed_no(i), 1 + i % 7)
        assert len(deck) == 28
        assert sorted(deck) == sorted(ALL_TILES)


def test_the_deck_is_fixed_by_seed_and_round() -> None:
    assert round_deck(SEED, 3) == round_deck(SEED, 3)
    assert SeededDealer(SEED).deck(3) == round_deck(SEED, 3)
    assert SeededDealer(SEED).lot(3, 4) == fair_lot(SEED, 3, 4)


def test_rounds_and_seeds_get_different_decks() -> None:
    rounds = {tuple(round_deck(SEED, r)) for r in range(1, 21)}
    assert len(rounds) == 20
    seeds = {tuple(round_deck(seed_no(i), 1)) for i in range(20)}
    assert len(seeds) == 20
    # not merely a rotation or a fixed reordering: first tiles vary too
    assert len({deck[0] for deck in rounds}) > 5


def test_a_match_deals_its_rounds_from_its_seed() -> None:
    config = MatchConfig(seats=("human",) * 3, seed=SEED)
    _, events = Match.start(config)
    dealt = events[1]
    deck = round_deck(SEED, 1)
    assert dealt.hands == (tuple(deck[0:5]), tuple(deck[5:10]), tuple(deck[10:15]))  # type: ignore[attr-defined]
    assert dealt.boneyard == tuple(deck[15:])  # type: ignore[attr-defined]
    assert dealt.starter == fair_lot(SEED, 1, 3)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- commit-reveal


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    config = MatchConfig(seats=("human", "human"), seed=SEED)
    assert config.commitment == hashlib.sha256(SEED).hexdigest()
    _, events = Match.start(config)
    assert events[0].commitment == hashlib.sha256(SEED).hexdigest()  # type: ignore[attr-defined]
    # the public start event does not carry the seed itself
    assert SEED.hex() not in repr(events[0].to_dict())


def test_new_seeds_are_fresh_and_full_length() -> None:
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(s) == SEED_BYTES == 32 for s in seeds)


# --------------------------------------------------------------------------- the stream


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 28, 100, 2**31 + 1])
def test_below_stays_in_range(n: int) -> None:
    stream = DerivedStream(SEED, f"range/{n}")
    values = [stream.below(n) for _ in range(300)]
    assert all(0 <= v < n for v in values)
    if 1 < n <= 7:
        assert set(values) == set(range(n))  # 300 draws reach every value


def test_below_rejects_an_empty_range() -> None:
    with pytest.raises(ValueError):
        DerivedStream(SEED, "x").below(0)


def test_streams_are_deterministic_per_seed_and_label() -> None:
    def draws(seed: bytes, label: str) -> list[int]:
        stream = DerivedStream(seed, label)
        return [stream.below(1000) for _ in range(50)]

    assert draws(SEED, "a") == draws(SEED, "a")
    assert draws(SEED, "a") != draws(SEED, "b")
    assert draws(SEED, "a") != draws(seed_no(1), "a")


class _Scripted(DerivedStream):
    """A stream whose 32-bit words are given by the test."""

    def __init__(self, words: Sequence[int]) -> None:
        super().__init__(b"", "scripted")
        self._words = list(words)

    def _bytes(self, n: int) -> bytes:
        assert n == 4
        return self._words.pop(0).to_bytes(4, "big")


def test_below_rejects_words_that_would_bias_the_result() -> None:
    # 2**32 = 3 * 1431655765 + 1: the single word 2**32 - 1 would favour 0, so it is skipped
    assert _Scripted([2**32 - 1, 5]).below(3) == 5 % 3
    assert _Scripted([2**32 - 2]).below(3) == (2**32 - 2) % 3
    # for a power of two nothing is rejected
    assert _Scripted([2**32 - 1]).below(4) == 3


# --------------------------------------------------------------------------- statistics

N_DECKS = 2000
# Critical values of the chi-square distribution (upper tail), as scipy.stats.chi2.isf
# would give them; computed once and written down so the test does not need scipy.
#   chi2.isf(0.01 / 28, df=27)  = 58.99   one position of 28, Bonferroni-corrected 1 %
#   chi2.isf(0.001, df=729)     = 852.72  the whole 28 x 28 table ((28-1)^2 df)
#   chi2.isf(0.001, df=1, 2, 3) = 10.83, 13.82, 16.27
CHI2_POSITION = 58.99
CHI2_TABLE = 852.72
CHI2_LOT = {2: 10.83, 3: 13.82, 4: 16.27}


def _position_table(decks: Sequence[Sequence[Tile]]) -> list[list[int]]:
    """counts[position][tile index]."""
    index = {t: i for i, t in enumerate(ALL_TILES)}
    counts = [[0] * 28 for _ in range(28)]
    for deck in decks:
        for position, t in enumerate(deck):
            counts[position][index[t]] += 1
    return counts


def _chi2(observed: Sequence[int], expected: float) -> float:
    return sum((o - expected) ** 2 / expected for o in observed)


def _position_statistics(deal: Callable[[int], Sequence[Tile]]) -> tuple[float, float]:
    """(largest per-position chi-square, chi-square of the whole table) over N_DECKS."""
    table = _position_table([deal(i) for i in range(N_DECKS)])
    per_position = [_chi2(row, N_DECKS / 28) for row in table]
    return max(per_position), sum(per_position)


def _engine_deal(i: int) -> list[Tile]:
    # four seeds, 500 rounds each: the way decks are really derived
    return round_deck(seed_no(i // 500), 1 + i % 500)


def test_every_tile_is_equally_likely_at_every_position() -> None:
    worst, whole = _position_statistics(_engine_deal)
    assert worst < CHI2_POSITION
    assert whole < CHI2_TABLE


def test_the_statistics_would_catch_a_biased_shuffle() -> None:
    # the classic mistake: swapping each position with any position (n^n paths onto n!
    # permutations) -- the same statistics must reject it, or they prove nothing
    def naive(i: int) -> list[Tile]:
        stream = DerivedStream(seed_no(i), "naive")
        out = list(ALL_TILES)
        for k in range(len(out)):
            j = stream.below(len(out))
            out[k], out[j] = out[j], out[k]
        return out

    worst, whole = _position_statistics(naive)
    assert worst > CHI2_POSITION
    assert whole > CHI2_TABLE


@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_the_lot_picks_every_seat_equally_often(n_seats: int) -> None:
    draws = 3000
    counts = [0] * n_seats
    for i in range(draws):
        counts[fair_lot(seed_no(i), 1 + i % 5, n_seats)] += 1
    assert _chi2(counts, draws / n_seats) < CHI2_LOT[n_seats]
