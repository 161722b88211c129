"""The round state machine: one deal's hands, boneyard, layout and turn; which moves it
allows (``check_place`` / ``check_draw`` / ``check_pass`` turn an action into its event
or raise why not), when it is over (``ending``), and the fold of its events (``fold``).

The match around it (``match.Match``) keeps the scores, the seats' state and the
sequence of rounds; a round knows nothing of sides or of the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fiveup_core import FiveUpError, Layout, Tile, normalize_tile
from fiveup_core._types import CONNECTION_POINTS, coerce_point, point_code

from . import errors
from .actions import Place
from .events import Event, Passed, RoundEnded, TileDrawn, TilePlaced


@dataclass(slots=True)
class RoundState:
    round_no: int
    starter: int
    by_lot: bool  # the starter was chosen by the fair lot (first round, after a block)
    hands: list[list[Tile]]
    boneyard: list[Tile]
    turn: int
    layout: Layout = field(default_factory=Layout)
    must_play: Tile | None = None  # a just-drawn playable tile that must be placed now
    last_placer: int | None = None
    over: bool = False
    events: list[Event] = field(default_factory=list)  # this round's events, for bots' inference

    # ------------------------------------------------------------------ moves

    def check_place(self, seat: int, action: Place) -> TilePlaced:
        try:
            tile = normalize_tile(action.tile)
        except FiveUpError as exc:
            raise errors.IllegalMove(str(exc), core_reason=exc.reason) from None
        if self.must_play is not None and tile != self.must_play:
            raise errors.MustPlayDrawnTile(
                f"the drawn tile [{self.must_play[0]}|{self.must_play[1]}] must be placed now"
            )
        if tile not in self.hands[seat]:
            raise errors.TileNotInHand(f"[{tile[0]}|{tile[1]}] is not in seat {seat}'s hand")
        on = _normalize_point(action.on)
        trial = self.layout.copy()
        try:
            points = trial.place(tile, on)
        except FiveUpError as exc:
            raise errors.IllegalMove(str(exc), core_reason=exc.reason) from None
        return TilePlaced(seat, tile, on, points, trial.end_sum())  # type: ignore[arg-type]

    def check_draw(self, seat: int) -> TileDrawn:
        self._forbid_when_placement_exists(seat, "draw")
        if not self.boneyard:
            raise errors.BoneyardEmpty("the boneyard is empty: pass instead")
        tile = self.boneyard[0]
        return TileDrawn(seat, tile, bool(self.layout.legal_placements(tile)))

    def check_pass(self, seat: int) -> Passed:
        self._forbid_when_placement_exists(seat, "pass")
        if self.boneyard:
            raise errors.MustDrawNotPass(f"{len(self.boneyard)} tiles left in the boneyard: draw")
        return Passed(seat)

    def _forbid_when_placement_exists(self, seat: int, what: str) -> None:
        if self.must_play is not None:
            raise errors.MustPlayDrawnTile(
                f"cannot {what}: the drawn tile [{self.must_play[0]}|{self.must_play[1]}]"
                " must be placed"
            )
        if self.layout.has_legal_move(self.hands[seat]):
            raise errors.MustPlaceNotDraw(f"cannot {what}: seat {seat} holds a legal placement")

    # ------------------------------------------------------------------ the end

    def ending(self) -> tuple[int | None, bool] | None:
        """``(seat that went out, blocked)`` once the round is over by the state alone (a
        seat emptied its hand, or nobody can move and the boneyard is empty), else None."""
        went_out = next((s for s, h in enumerate(self.hands) if not h), None)
        blocked = (
            went_out is None
            and not self.boneyard
            and not any(self.layout.has_legal_move(h) for h in self.hands)
        )
        if went_out is None and not blocked:
            return None
        return went_out, blocked

    # ------------------------------------------------------------------ the fold

    def fold(self, event: Event, n_seats: int) -> None:
        """Fold one event of this round into it (the match folds the scores)."""
        self.events.append(event)
        if isinstance(event, TilePlaced):
            self.layout.place(event.tile, event.on)
            self.hands[event.seat].remove(event.tile)
            self.must_play = None
            self.last_placer = event.seat
            self.turn = (event.seat + 1) % n_seats
        elif isinstance(event, TileDrawn):
            assert event.tile is not None, "the authoritative log holds every drawn tile"
            drawn = self.boneyard.pop(0)
            if drawn != event.tile:
                raise ValueError(f"log says {event.tile} was drawn but the boneyard had {drawn}")
            self.hands[event.seat].append(drawn)
            self.must_play = drawn if event.playable else None
        elif isinstance(event, Passed):
            self.turn = (event.seat + 1) % n_seats
        elif isinstance(event, RoundEnded):
            self.over = True
        else:  # pragma: no cover
            raise TypeError(f"unknown event {event!r}")


def _normalize_point(on: object) -> object:
    """A connection point given as (tile, side) in any tile order, as the interned point.
    Anything unparseable is passed through for the core to reject with its own reason."""
    if on is None:
        return None
    try:
        pt, side = coerce_point(on)
    except Exception:
        return on
    return CONNECTION_POINTS[point_code(pt, side)]
