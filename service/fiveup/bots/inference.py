"""What a seat can infer about the tiles it cannot see, and deals consistent with it.

Everything comes from the seat's own ``MatchView``: its hand, the layout, hand sizes, the
boneyard size and this round's events as that seat may see them (others' draws show no
tile).  The one real inference is about *voids*:

* when a player draws or passes, none of the tiles then in their hand matches any pip
  showing at a connection point;
* a drawn tile that is not placed at once was unplayable too, so it matches none of those
  pips either (the layout does not change while someone is drawing);
* a drawn tile that *is* placed at once is the tile that was placed.

Hidden tiles are tracked as *slots*, one per tile in a player's hand, each carrying the
pips it is known not to show (a bitmask).  A slot gains a pip mask at every draw or pass
of its holder while it is held, so a player's slots are nested: an older slot's mask is a
superset of a newer one's.  When a player places a tile that was not just drawn, the
slot it came from is taken to be the *oldest* (most restricted) slot the tile fits, which
keeps exactly the set of hands still possible for the other slots.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fiveup.engine.events import Passed, RoundDealt, TileDrawn, TilePlaced
from fiveup.engine.views import MatchView
from fiveup_core import N_TILES
from fiveup_core.abstract import PIP_MASK, AbstractLayout, point_kind, tile_of
from fiveup_core.playout import DealSpec


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge of the current round."""

    seat: int
    n_seats: int
    hand: list[int]  # own tiles (indices)
    table: AbstractLayout  # the layout, abstracted
    layout_tiles: list[int]
    unseen: list[int]  # every tile not in own hand and not on the table
    slots: list[list[int]]  # per seat: forbidden-pip masks of its hidden tiles (own: empty)
    boneyard_size: int

    def fill_order(self) -> list[tuple[int, int]]:
        """The other seats' hidden tiles as (forbidden-pip mask, seat), most restricted
        first: the order in which a deal fills them."""
        slots = [(m, s) for s in range(self.n_seats) if s != self.seat for m in self.slots[s]]
        slots.sort(key=lambda ms: -bin(ms[0]).count("1"))
        return slots

    def deal_spec(self) -> DealSpec:
        """This knowledge as the compiled sampler takes it (``fiveup_core.playout``)."""
        return DealSpec(
            seat=self.seat,
            n_seats=self.n_seats,
            hand=tuple(self.hand),
            slots=tuple(self.fill_order()),
            unseen=tuple(self.unseen),
            boneyard_size=self.boneyard_size,
        )

    def forbidden(self, seat: int) -> int:
        """Pips ``seat`` is known not to hold in *any* of its tiles (0 if none known)."""
        masks = self.slots[seat]
        out = 0x7F
        for m in masks:
            out &= m
        return out if masks else 0


def infer(view: MatchView) -> Knowledge:
    """Replay this round's events as ``view.viewer`` saw them."""
    if view.viewer is None:
        raise ValueError("a spectator has no hand to reason from")
    me = view.viewer
    n = view.n_seats
    table = AbstractLayout()
    slots: list[list[int]] = [[] for _ in range(n)]
    prev: object = None
    for event in view.round_events:
        if isinstance(event, RoundDealt):
            slots = [[0] * size if s != me else [] for s, size in enumerate(event.hand_sizes)]
        elif isinstance(event, TilePlaced):
            t = tile_of(event.tile)
            s = event.seat
            if s != me and slots[s]:
                if isinstance(prev, TileDrawn) and prev.seat == s:
                    slots[s].pop()  # the tile just drawn, placed at once
                else:
                    _remove_slot_for(slots[s], t)
            kind, pip = point_kind(event.on)
            table.place(t, kind, pip)
        elif isinstance(event, TileDrawn) and event.seat != me:
            mask = table.open_mask()
            held = slots[event.seat]
            held[:] = [m | mask for m in held]
            held.append(mask)  # unplayable unless the next event places it
        elif isinstance(event, Passed) and event.seat != me:
            mask = table.open_mask()
            held = slots[event.seat]
            held[:] = [m | mask for m in held]
        prev = event
    # the counts the view states are authoritative; fix up if an event was missed
    for s in range(n):
        if s == me:
            continue
        size = view.hand_sizes[s] if s < len(view.hand_sizes) else 0
        while len(slots[s]) > size:
            slots[s].pop()
        while len(slots[s]) < size:
            slots[s].append(0)
    hand = [tile_of(t) for t in view.hand]
    layout_tiles = [tile_of(p.tile) for p in view.layout]
    known = set(hand) | set(layout_tiles)
    unseen = [t for t in range(N_TILES) if t not in known]
    return Knowledge(
        seat=me,
        n_seats=n,
        hand=hand,
        table=table,
        layout_tiles=layout_tiles,
        unseen=unseen,
        slots=slots,
        boneyard_size=view.boneyard_size,
    )


def _remove_slot_for(held: list[int], t: int) -> None:
    pm = PIP_MASK[t]
    for i, m in enumerate(held):  # oldest first: the most restricted slot that fits
        if not m & pm:
            del held[i]
            return
    held.pop()  # inconsistent history (cannot happen with a correct engine): drop newest


def sample_deal(
    k: Knowledge, rng: random.Random, tries: int = 6
) -> tuple[list[list[int]], list[int]]:
    """A deal of the unseen tiles to the other hands and the boneyard, consistent with
    ``k``: returns (hands per seat -- own hand included as a copy, boneyard in draw order).

    Most restricted slots are filled first, each with a uniformly chosen tile that fits;
    if that paints itself into a corner (rare) it starts over, and after ``tries`` such
    attempts a randomised bipartite matching finds a consistent deal (one always exists:
    the real one)."""
    slots = k.fill_order()
    for _ in range(tries):
        pool = k.unseen[:]
        rng.shuffle(pool)
        assigned: list[int] = []
        for mask, _seat in slots:
            if not mask:
                if not pool:
                    break
                assigned.append(pool.pop())
                continue
            fits = [i for i, t in enumerate(pool) if not PIP_MASK[t] & mask]
            if not fits:
                break
            i = fits[rng.randrange(len(fits))]
            pool[i], pool[-1] = pool[-1], pool[i]
            assigned.append(pool.pop())
        else:
            return _build(k, slots, assigned, pool, rng)
    assigned, pool = _matching(k, slots, rng)
    return _build(k, slots, assigned, pool, rng)


def _build(
    k: Knowledge,
    slots: list[tuple[int, int]],
    assigned: list[int],
    pool: list[int],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    hands: list[list[int]] = [[] for _ in range(k.n_seats)]
    hands[k.seat] = k.hand[:]
    for (_mask, seat), t in zip(slots, assigned, strict=True):
        hands[seat].append(t)
    rng.shuffle(pool)
    return hands, pool


def _matching(
    k: Knowledge, slots: list[tuple[int, int]], rng: random.Random
) -> tuple[list[int], list[int]]:
    """Kuhn's augmenting paths over (slot -> fitting tile), tiles tried in random order."""
    tiles = k.unseen[:]
    rng.shuffle(tiles)
    owner: dict[int, int] = {}  # tile -> slot index

    def augment(si: int, seen: set[int]) -> bool:
        mask = slots[si][0]
        for t in tiles:
            if PIP_MASK[t] & mask or t in seen:
                continue
            seen.add(t)
            if t not in owner or augment(owner[t], seen):
                owner[t] = si
                return True
        return False

    for si in range(len(slots)):
        if not augment(si, set()):
            raise ValueError("no deal is consistent with what this seat has seen")
    assigned = [0] * len(slots)
    for t, si in owner.items():
        assigned[si] = t
    pool = [t for t in tiles if t not in owner]
    return assigned, pool
