"""Provably fair deals: commit-reveal over a secret seed.

At match creation the server draws a 32-byte seed from the OS CSPRNG and publishes only
``commitment = SHA-256(seed)``.  Every random choice of the match -- each round's shuffle
and every fair lot for a starter -- is derived from the seed with HMAC-SHA256 in counter
mode, so it is fixed at creation, and anyone holding the revealed seed can recompute it
(``fiveup verify``).  Integers are drawn by rejection sampling, so a shuffle is an
unbiased Fisher-Yates permutation, not merely "looks random".
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import TypeVar

from fiveup_core import ALL_TILES, Tile

T = TypeVar("T")
SEED_BYTES = 32


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public commitment to a seed (hex SHA-256)."""
    return hashlib.sha256(seed).hexdigest()


class DerivedStream:
    """A deterministic stream of unbiased integers keyed by (seed, label)."""

    def __init__(self, seed: bytes, label: str) -> None:
        self._key = seed
        self._label = label.encode()
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hmac.new(
                self._key, self._label + b"/" + self._counter.to_bytes(8, "big"), hashlib.sha256
            ).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection sampling on 32-bit words."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = int.from_bytes(self._bytes(4), "big")
            if x < limit:
                return x % n

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates shuffle (Durstenfeld) of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def round_deck(seed: bytes, round_no: int) -> list[Tile]:
    """The shuffled 28-tile deck of round ``round_no`` (1-based)."""
    return DerivedStream(seed, f"deck/{round_no}").shuffled(ALL_TILES)


def fair_lot(seed: bytes, round_no: int, n_seats: int) -> int:
    """The starter drawn by lot for round ``round_no``: a uniform seat."""
    return DerivedStream(seed, f"lot/{round_no}").below(n_seats)
