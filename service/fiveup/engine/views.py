"""What one seat -- or a spectator -- may see of a match.

A view never holds a tile its viewer may not see: other hands and the boneyard appear
only as counts, a tile drawn by someone else not at all.  Hands are revealed by the
round's reckoning (``last_round_end``), and the seed only in the finished match's record.
"""

from __future__ import annotations

from dataclasses import dataclass

from fiveup_core import CountedEnd, Layout, OpenPoint, Placement, Tile, format_placements

from .actions import Action, ScoredAction, score_actions
from .events import Event, Forfeited, RoundEnded, Turn, redact
from .match import Match


@dataclass(frozen=True, slots=True)
class MatchView:
    viewer: int | None  # seat, or None for a spectator
    version: int
    seats: tuple[str, ...]
    target_points: int
    commitment: str
    round_no: int
    scores: tuple[int, ...]  # raw, per side
    layout: tuple[Placement, ...]
    open_points: tuple[OpenPoint, ...]
    counted_ends: tuple[CountedEnd, ...]
    layout_compact: bytes
    end_sum: int
    hand: tuple[Tile, ...]  # the viewer's own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    turn: int | None
    current_turn: Turn | None  # the seat to move with its deadline (None: nobody)
    round_starter: int | None  # who led the current round (None before the first deal)
    round_by_lot: bool  # whether the fair lot chose the starter
    must_play: Tile | None  # only in the view of the seat that must play it
    legal_actions: tuple[Action, ...]  # only when it is the viewer's turn
    round_events: tuple[Event, ...]  # this round so far, as the viewer may see it
    last_round_end: RoundEnded | None
    finished: bool
    winner_side: int | None
    auto_seats: tuple[int, ...]
    cancelled: str | None = None  # why, when the match was cancelled (finished too)
    hints_allowed: bool = False  # SuggestMoves may be asked (chosen at creation)
    practice: bool = False  # one human with bots; the human may undo
    can_undo: bool = False  # the viewer may undo now (practice, and it has an action to take back)
    rated: bool = False  # created rated: rated at its end if every seat is a signed-in player
    forfeited: Forfeited | None = None  # the concession that ended the match, if one did
    play_started: bool = False  # every seat has moved: no more CancelMatch
    turn_clock_seconds: int | None = None  # a correspondence match's clock per turn

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def layout_text(self) -> str:
        """The layout in the readable notation (``Layout.to_text()``).  Computed when asked:
        the clients' views need it, the bots' (one per bot move) do not, and it is the
        costliest part of a view to build."""
        return format_placements(self.layout)

    @property
    def scored_legal_actions(self) -> tuple[ScoredAction, ...]:
        """``legal_actions`` with what each would score and the end sum it would leave.
        Computed when asked, by the rules core, like ``layout_text``."""
        if not self.legal_actions:
            return ()
        return score_actions(Layout.from_bytes(self.layout_compact), self.legal_actions)


def view_for(match: Match, viewer: int | None) -> MatchView:
    r = match.round
    own = viewer is not None and r is not None and 0 <= viewer < match.n_seats
    turn = match.to_move()
    return MatchView(
        viewer=viewer,
        version=match.version,
        seats=match.config.seats,
        target_points=match.config.target_points,
        commitment=match.config.commitment,
        round_no=r.round_no if r else 0,
        scores=tuple(match.scores),
        layout=tuple(r.layout.placements()) if r else (),
        open_points=tuple(r.layout.open_points()) if r else (),
        counted_ends=tuple(r.layout.counted_ends()) if r else (),
        layout_compact=r.layout.to_bytes() if r else b"",
        end_sum=r.layout.end_sum() if r else 0,
        hand=tuple(r.hands[viewer]) if own and r and viewer is not None else (),
        hand_sizes=tuple(len(h) for h in r.hands) if r else (),
        boneyard_size=len(r.boneyard) if r else 0,
        turn=turn,
        current_turn=match.current_turn(),
        round_starter=r.starter if r else None,
        round_by_lot=r.by_lot if r else False,
        must_play=r.must_play if r and turn is not None and turn == viewer else None,
        legal_actions=tuple(match.legal_actions(viewer)) if viewer is not None else (),
        round_events=tuple(redact(e, viewer) for e in r.events) if r else (),
        last_round_end=match.last_round_end,
        finished=match.finished,
        winner_side=match.winner_side,
        cancelled=match.cancelled,
        auto_seats=tuple(sorted(match.auto_seats)),
        hints_allowed=match.hints_allowed,
        practice=match.practice,
        rated=match.rated,
        forfeited=match.forfeited,
        play_started=match.play_started,
        turn_clock_seconds=match.turn_clock_seconds,
        can_undo=viewer is not None and match.undoable(viewer) is not None,
    )
