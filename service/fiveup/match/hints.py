"""Hints: every legal move of the seat to move, ranked by the strongest bot's estimate.

``rank_moves(view, ...)`` is the whole computation, and it reads nothing but the seat's
own ``MatchView``: the ``master`` (``fiveup.bots.expert``, the top of the ladder) infers
what the seat knows from that view and samples deals of the tiles it cannot see.  The
sampling RNG is seeded from the view itself, so the same view always gets the same
answer (and a view cannot tell where the hidden tiles really are, so neither can the
answer).  Each move gets the master's estimate of the side's chance to win the match
(``Hint.win_chance``, the ranking key) and, in raw points over the rest of the round,
its margin and net (``Hint.expected_margin``, ``Hint.expected_net``).

``HintService`` is the use case behind ``SuggestMoves``: only in matches created with
hints allowed, only for the seat to move, computed in a worker thread (the event loop
keeps serving) with at most ``max_concurrent`` computations at once and a deadline the
caller may lower but not raise beyond ``max_deadline``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from dataclasses import dataclass

from fiveup_core import Layout
from fiveup_core.abstract import point_kind, tile_of

from ..bots import SearchBot, seeded_rng
from ..bots.expert import MASTER_SAMPLES, master_config
from ..bots.inference import infer
from ..engine import Action, MatchView, Place, score_actions, view_for
from ..engine.errors import NotYourTurn
from ..shared.errors import InvalidRequest
from .errors import HintsBusy, HintsNotAllowed
from .observer import Observer
from .repository import MatchRepository

# The sampled deals per hint request: the master's own budget (it is what a person is
# told the strongest bot would play); the deadline cuts it short if need be.
DEFAULT_SAMPLES = MASTER_SAMPLES


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    points: int  # raw points the placement scores now (0: draw or pass)
    end_sum: int  # the end sum it leaves
    # Raw points over the rest of the round, averaged over sampled deals (None for a
    # forced draw or pass): the side's net minus the other sides' average, with a bonus
    # for going out first, and the side's net alone.
    expected_margin: float | None
    expected_net: float | None
    # The side's chance to win the match after this move (None for a forced draw or
    # pass): what the master maximises, and the ranking key.
    win_chance: float | None = None


@dataclass(frozen=True, slots=True)
class Suggestions:
    hints: tuple[Hint, ...]  # every legal move, best first
    version: int
    samples: int  # deals sampled (0 when no estimate was needed)


def view_seed(view: MatchView, salt: str = "") -> bytes:
    """A digest of everything ``view`` shows (and nothing else): the hint's RNG seed."""
    material = {
        "salt": salt,
        "viewer": view.viewer,
        "version": view.version,
        "hand": view.hand,
        "layout": [str(p) for p in view.layout],
        "hand_sizes": view.hand_sizes,
        "boneyard_size": view.boneyard_size,
        "must_play": view.must_play,
        "scores": view.scores,
        "events": [e.to_dict() for e in view.round_events],
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True, default=str).encode()).digest()


def rank_moves(
    view: MatchView,
    *,
    samples: int = DEFAULT_SAMPLES,
    max_seconds: float | None = None,
    salt: str = "",
) -> Suggestions:
    """Every legal action of ``view``'s seat, best first, from that view alone."""
    actions = view.legal_actions
    if view.viewer is None or not actions:
        return Suggestions((), view.version, 0)
    layout = Layout()
    for placement in view.layout:
        layout.place(placement.tile, placement.on)
    scored = [(s.action, s.points, s.end_sum) for s in score_actions(layout, actions)]
    keys: dict[tuple[int, int, int], int] = {}
    for action, _, _ in scored:
        if isinstance(action, Place):
            keys.setdefault(_candidate(action), len(keys))
    if not keys:  # a forced draw or pass: nothing to estimate
        return Suggestions(tuple(Hint(a, p, e, None, None) for a, p, e in scored), view.version, 0)
    master = SearchBot(
        seeded_rng(view_seed(view, salt)), master_config(samples, max_seconds), "master"
    )
    found = master.estimate(view, infer(view), list(keys))
    chances = found.win_chances
    assert chances is not None  # the master's value knows the match
    hints, rank = [], []
    for action, points, end_sum in scored:
        i = keys[_candidate(action)]  # type: ignore[arg-type]
        hints.append(
            Hint(action, points, end_sum, found.margins[i], found.side_nets[i], chances[i])
        )
        rank.append(found.values[i])
    order = sorted(range(len(hints)), key=lambda j: (-rank[j], -hints[j].points, j))
    return Suggestions(tuple(hints[j] for j in order), view.version, found.samples)


def _candidate(action: Place) -> tuple[int, int, int]:
    """Placements the rules treat alike (same tile, same pip, same kind of connection
    point) share one estimate, as in the search bots."""
    return (tile_of(action.tile), *point_kind(action.on))


@dataclass
class HintsConfig:
    samples: int = DEFAULT_SAMPLES
    default_deadline: float = 0.5  # seconds, when the caller names none
    max_deadline: float = 2.0  # a caller may ask for less, never for more
    max_concurrent: int = 1  # computations at once per process (each holds a core)


class HintService:
    """``SuggestMoves``: ranked legal moves for the seat to move, in matches that allow
    hints."""

    def __init__(
        self,
        repository: MatchRepository,
        config: HintsConfig | None = None,
        *,
        observer: Observer | None = None,
    ) -> None:
        self.repository = repository
        self.config = config or HintsConfig()
        self.observer = observer
        self._slots = asyncio.Semaphore(max(1, self.config.max_concurrent))

    def deadline(self, requested_seconds: float) -> float:
        """The caller's deadline (0: the default), never above ``max_deadline``."""
        if requested_seconds < 0:
            raise InvalidRequest("deadline_ms must be >= 0", field="deadline_ms")
        if requested_seconds == 0:
            return min(self.config.default_deadline, self.config.max_deadline)
        return min(requested_seconds, self.config.max_deadline)

    async def suggest(
        self, match_id: str, seat: int, *, deadline: float = 0.0, min_version: int = 0
    ) -> Suggestions:
        if min_version < 0:
            raise InvalidRequest("min_version must be >= 0", field="min_version")
        budget = self.deadline(deadline)
        started = time.perf_counter()
        session = await self.repository.get(match_id)
        async with session.lock:
            await self.repository.refresh(session, for_read=True, seen=min_version)
            match = session.match
            if not match.hints_allowed:
                raise HintsNotAllowed("this match was created without hints")
            if match.to_move() != seat:
                raise NotYourTurn(f"hints are for the seat to move; it is not seat {seat}'s turn")
            view = view_for(match, seat)
        try:
            await asyncio.wait_for(self._slots.acquire(), timeout=budget)
        except TimeoutError:
            raise HintsBusy(
                "every hint worker is busy: try again shortly", retry_after=budget
            ) from None
        try:
            left = max(0.0, budget - (time.perf_counter() - started))
            found = await asyncio.to_thread(
                rank_moves, view, samples=self.config.samples, max_seconds=left
            )
        finally:
            self._slots.release()
        if self.observer is not None:
            self.observer.hint_given(time.perf_counter() - started, found.samples)
        return found
