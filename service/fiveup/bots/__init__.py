"""Bots that play Five Up from a seat's ``MatchView``.

``make_bot(kind, rng)`` builds one; ``BOT_KINDS`` lists the kinds:

* ``random``: uniform among the legal actions;
* ``greedy``: the placement scoring the most raw points now (ties: heaviest tile, doubles
  first);
* ``novice``: greedy, except that half its moves are random;
* ``adept``, ``expert``, ``master``: determinized search (``search``) -- sample deals of
  the unseen tiles consistent with what the seat has seen and play each candidate out
  to the reckoning; they differ in budget, play-out policy and value (``expert``).

``ladder.LADDER`` orders them from the weakest to the strongest, with their budgets and
measured ratings.

Bots take a ``random.Random`` (production seeds it from ``secrets``); they are the one
part of the service allowed to use the ``random`` module.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
from collections.abc import Callable

from .base import Bot, check_view
from .expert import ExpertBot, adept, master
from .search import SearchBot, SearchConfig
from .simple import GreedyBot, NoviceBot, RandomBot

BotFactory = Callable[[random.Random], Bot]

BOT_KINDS: dict[str, BotFactory] = {
    "random": RandomBot,
    "novice": NoviceBot,
    "greedy": GreedyBot,
    "adept": adept,
    "expert": ExpertBot,
    "master": master,
}


def make_bot(kind: str, rng: random.Random, max_seconds: float | None = None) -> Bot:
    """A bot of ``kind`` drawing its randomness from ``rng``.  ``max_seconds`` caps a
    searching bot's think time (live play: a loaded server answers a little weaker rather
    than late); without it a bot is reproducible for its RNG."""
    try:
        factory = BOT_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r}; kinds are {', '.join(BOT_KINDS)}") from None
    bot = factory(rng)
    if max_seconds is not None and isinstance(bot, SearchBot):
        bot.config = dataclasses.replace(bot.config, max_seconds=max_seconds)
    return bot


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
    "NoviceBot",
    "RandomBot",
    "SearchBot",
    "SearchConfig",
    "check_view",
    "fresh_rng",
    "make_bot",
    "seeded_rng",
]
