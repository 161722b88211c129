"""Bots that play Five Up from a seat's ``MatchView``.

``make_bot(kind, rng)`` builds one; ``BOT_KINDS`` lists the kinds:

* ``random``: uniform among the legal actions;
* ``greedy``: the placement scoring the most raw points now (ties: heaviest tile, doubles
  first);
* ``expert``: determinized Monte Carlo -- samples deals of the unseen tiles consistent
  with what the seat has seen and plays each candidate out greedily to the reckoning.

Bots take a ``random.Random`` (production seeds it from ``secrets``); they are the one
part of the service allowed to use the ``random`` module.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable

from .base import Bot, check_view
from .expert import ExpertBot
from .simple import GreedyBot, RandomBot

BotFactory = Callable[[random.Random], Bot]

BOT_KINDS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "expert": ExpertBot,
}


def make_bot(kind: str, rng: random.Random) -> Bot:
    """A bot of ``kind`` drawing its randomness from ``rng``."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r}; kinds are {', '.join(BOT_KINDS)}") from None
    return factory(rng)


def seeded_rng(material: bytes | str) -> random.Random:
    """A reproducible RNG for a bot (simulations, tests), keyed by ``material``."""
    data = material.encode() if isinstance(material, str) else material
    return random.Random(int.from_bytes(hashlib.sha256(data).digest(), "big"))


def fresh_rng() -> random.Random:
    """An RNG for a bot in production: seeded from the OS CSPRNG."""
    return random.Random(secrets.randbits(256))


__all__ = [
    "BOT_KINDS",
    "Bot",
    "BotFactory",
    "ExpertBot",
    "GreedyBot",
    "RandomBot",
    "check_view",
    "fresh_rng",
    "make_bot",
    "seeded_rng",
]
