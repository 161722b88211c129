"""The match state machine: rounds, turns, drawing, passing, blocking, reckoning, 61.

``Match`` is a fold over events.  ``act`` validates an action of the seat to move, turns
it into events (plus the events that follow automatically: the round's end, the
reckoning, the next deal, the end of the match) and applies them.  ``replay`` rebuilds
the very same state from the stored events, so the event log is the only source of truth.

A match is made from its creation record (``config.MatchConfig``); each round is a
``rounds.RoundState`` (its moves, its end and its fold), and the match keeps the
scores, the seats' state and the sequence of rounds.  No I/O, no clock and no global
randomness: every random choice comes from the ``dealing.Dealer`` (by default derived
from the match's secret seed, see ``shuffle``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from fiveup_core import Placement, pip_total, reckon_pips, tile_index

from . import errors
from .actions import Action, Draw, Pass, Place
from .config import HUMAN, MatchConfig
from .dealing import Dealer, SeededDealer, split_deck
from .events import (
    CANCEL_REASONS,
    FORFEIT_REASONS,
    Event,
    Forfeited,
    MatchCancelled,
    MatchEnded,
    MatchStarted,
    MoveUndone,
    Passed,
    RoundDealt,
    RoundEnded,
    SeatAutoPlayed,
    SeatClaimed,
    TileDrawn,
    TilePlaced,
    Turn,
)
from .rounds import RoundState
from .scoring import RAW_PER_POINT, n_sides, side_of


class Match:
    """One match: its configuration and the state folded from its events."""

    def __init__(self, config: MatchConfig, dealer: Dealer | None = None) -> None:
        self.config = config
        self.dealer: Dealer = dealer if dealer is not None else SeededDealer(config.seed)
        self.version = 0
        self.scores = [0] * n_sides(config.n_seats)
        self.round: RoundState | None = None
        self.finished = False
        self.winner_side: int | None = None
        self.last_round_end: RoundEnded | None = None
        self.auto_seats: set[int] = set()
        self.cancelled: str | None = None  # why, once cancelled (then finished too)
        self.claimed_seats: set[int] = set()  # seats with a SeatClaimed event
        self.announced_turn: Turn | None = None  # the newest event's Turn, while current
        self.hints_allowed = False
        self.practice = False
        self.rated = False
        self.turn_clock_seconds: int | None = None  # set: a correspondence match
        self.seat_players: dict[int, str] = {}  # seat -> the signed-in player its claim names
        self.seat_names: dict[int, str] = {}  # seat -> the display name its claim gave
        self.forfeited: Forfeited | None = None  # the concession that ended the match
        # Seats that have made a move (placed, drawn or passed; a stand-in's moves count):
        # once every seat has, play has really started and CancelMatch is refused.
        self.moved_seats: set[int] = set()
        # A stand-in's seat: the turns it has finished for it (a placement or a pass) and
        # when it took over, since it last did (an abandoned seat's forfeit counts these).
        self.stand_in_turns: dict[int, int] = {}
        self.stand_in_since: dict[int, float | None] = {}
        # Practice matches only: the (version, event) pairs that make up the current
        # state -- the log without undone events and without the undo events themselves.
        self._line: list[tuple[int, Event]] = []

    # ------------------------------------------------------------------ creation & replay

    @classmethod
    def start(cls, config: MatchConfig, dealer: Dealer | None = None) -> tuple[Match, list[Event]]:
        """A new match and its first events (the public start and the first deal)."""
        match = cls(config, dealer)
        first = MatchStarted(
            config.seats,
            config.target_points,
            config.commitment,
            hints=config.hints or config.practice,
            practice=config.practice,
            rated=config.rated,
            turn_clock_seconds=config.turn_clock_seconds,
        )
        match.apply(first)
        events = [first, *match._deal(1, starter=None)]
        return match, match._announce(events)

    @classmethod
    def replay(
        cls, config: MatchConfig, events: Iterable[Event], dealer: Dealer | None = None
    ) -> Match:
        match = cls(config, dealer)
        for event in events:
            match.apply(event)
        return match

    # ------------------------------------------------------------------ queries

    @property
    def n_seats(self) -> int:
        return self.config.n_seats

    @property
    def target_raw(self) -> int:
        return self.config.target_points * RAW_PER_POINT

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.n_seats)

    def to_move(self) -> int | None:
        """The seat whose turn it is, or None when the match is over."""
        if self.finished or self.round is None or self.round.over:
            return None
        return self.round.turn

    def current_turn(self) -> Turn | None:
        """Whose turn it is, with the deadline the newest step announced (None when nobody
        is to move).  A log from before turns were announced gives the seat alone."""
        seat = self.to_move()
        if seat is None:
            return None
        stand_in = seat in self.auto_seats
        announced = self.announced_turn
        if announced is not None and announced.seat == seat and announced.stand_in == stand_in:
            return announced
        return Turn(seat, None, stand_in)

    def is_bot_turn(self) -> bool:
        seat = self.to_move()
        return seat is not None and (self.config.seats[seat] != HUMAN or seat in self.auto_seats)

    def legal_placements(self, seat: int) -> list[Placement]:
        r = self._round()
        if r.must_play is not None:
            return r.layout.legal_placements(r.must_play)
        return r.layout.legal_moves(r.hands[seat])

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty when it is not its turn)."""
        if self.to_move() != seat:
            return []
        placements = self.legal_placements(seat)
        if placements:
            return [Place(p.tile, p.on) for p in placements]
        if self._round().boneyard:
            return [Draw()]
        return [Pass()]

    # ------------------------------------------------------------------ commands

    def act(self, seat: int, action: Action) -> list[Event]:
        """Validate ``action`` by ``seat``, apply it and everything that follows from it,
        and return the new events.  A rejected action raises and changes nothing."""
        if self.finished:
            raise errors.MatchFinished(
                "the match was cancelled" if self.cancelled else "the match is over"
            )
        r = self._round()
        if not 0 <= seat < self.n_seats:
            raise errors.NotYourTurn(f"seat {seat} is not in this match")
        if seat != r.turn:
            raise errors.NotYourTurn(f"it is seat {r.turn}'s turn, not seat {seat}'s")
        if isinstance(action, Place):
            first: Event = r.check_place(seat, action)
        elif isinstance(action, Draw):
            first = r.check_draw(seat)
        elif isinstance(action, Pass):
            first = r.check_pass(seat)
        else:  # pragma: no cover - typing guards this
            raise TypeError(f"not an action: {action!r}")
        self.apply(first)
        return self._announce([first, *self._consequences()])

    def cancel(self, reason: str) -> list[Event]:
        """End the match without a winner (nothing to do once it is over)."""
        if reason not in CANCEL_REASONS:
            raise ValueError(f"cancel reason must be one of {CANCEL_REASONS}, not {reason!r}")
        if self.finished:
            return []
        event = MatchCancelled(reason)
        self.apply(event)
        return [event]

    @property
    def play_started(self) -> bool:
        """Whether every seat has made a move: from then on the match has a result at
        stake and may only end by play or by a side's forfeit, not be cancelled."""
        return len(self.moved_seats) == self.n_seats

    def forfeit(self, seat: int, reason: str) -> list[Event]:
        """``seat`` concedes the match for its side (``reason``: one of FORFEIT_REASONS):
        a Forfeited event and the MatchEnded that ranks the side last.  The winner is the
        other side with the highest score (the lower side number on a tie: with 2 sides,
        and with partnerships, there is one other side)."""
        if reason not in FORFEIT_REASONS:
            raise ValueError(f"forfeit reason must be one of {FORFEIT_REASONS}, not {reason!r}")
        if self.finished:
            raise errors.MatchFinished(
                "the match was cancelled" if self.cancelled else "the match is over"
            )
        if not 0 <= seat < self.n_seats or self.config.seats[seat] != HUMAN:
            raise errors.MatchError(f"seat {seat} is not a human seat of this match")
        side = self.side_of(seat)
        others = [s for s in range(len(self.scores)) if s != side]
        winner = max(others, key=lambda s: (self.scores[s], -s))
        conceded = Forfeited(seat, reason)
        self.apply(conceded)
        ended = MatchEnded(winner, tuple(self.scores), forfeited_side=side)
        self.apply(ended)
        return [conceded, ended]

    def set_auto(self, seat: int, active: bool, since: float | None = None) -> list[Event]:
        """Record that a stand-in bot starts (or stops) playing for ``seat`` (``since``:
        when it took over, by the application's clock).  Taking over announces the
        stand-in's turn; the owner takes the seat back only by moving, and that move's
        step announces the next turn."""
        if (seat in self.auto_seats) == active or self.finished:
            return []
        event = SeatAutoPlayed(seat, active, since if active else None)
        self.apply(event)
        return self._announce([event]) if active else [event]

    def claim_seat(self, seat: int, display_name: str = "", player_id: str = "") -> list[Event]:
        """Record that a human seat was claimed (the application checks the seat is a free
        human one; the fold only remembers it).  Nothing after the match's end: the log of
        a finished match ends with ``MatchEnded``."""
        if not 0 <= seat < self.n_seats or self.config.seats[seat] != HUMAN:
            raise errors.MatchError(f"seat {seat} is not a human seat of this match")
        if self.finished:
            return []
        event = SeatClaimed(seat, display_name, player_id)
        self.apply(event)
        return self._announce([event])

    def _announce(self, events: list[Event]) -> list[Event]:
        """``events`` (just applied) with the seat to move announced on the last one."""
        turn = self.current_turn()
        if turn is None or not events:
            return events
        turn = Turn(turn.seat, None, turn.stand_in)  # the application stamps the deadline
        self.announced_turn = turn
        _annotate(events[-1], turn)
        return events

    def stamp_deadline(self, events: list[Event], deadline: float | None) -> list[Event]:
        """``events`` (the newest step, announced by ``_announce``) with the turn's deadline
        set: the application's turn timer decides it, the match remembers it."""
        last = events[-1] if events else None
        if last is None or last.turn is None or last.turn.deadline == deadline:
            return events
        turn = dataclasses.replace(last.turn, deadline=deadline)
        self.announced_turn = turn
        _annotate(last, turn)
        return events

    def undoable(self, seat: int) -> int | None:
        """The version the match goes back to if ``seat`` undoes now (its last own action
        and everything after it are taken back), or None when there is nothing to undo."""
        if not self.practice or self.finished or not 0 <= seat < self.n_seats:
            return None
        if self.config.seats[seat] != HUMAN:
            return None
        line = self._line
        for i in range(len(line) - 1, 0, -1):
            event = line[i][1]
            if isinstance(event, TilePlaced | TileDrawn | Passed) and event.seat == seat:
                return line[i - 1][0]
        return None

    def undo(self, seat: int) -> list[Event]:
        """Take back ``seat``'s last own action and every event after it (the bots'
        replies, a round's end and the next deal): practice matches only, for the human
        seat, while the match is on.  The deals cannot change: they come from the seed."""
        if not self.practice:
            raise errors.UndoNotAllowed("only a practice match can take moves back")
        if not 0 <= seat < self.n_seats or self.config.seats[seat] != HUMAN:
            raise errors.UndoNotAllowed(f"seat {seat} is not the practice match's human seat")
        if self.finished:
            raise errors.MatchFinished("the match is over")
        to_version = self.undoable(seat)
        if to_version is None:
            raise errors.NothingToUndo(f"seat {seat} has no action of its own to take back")
        event = MoveUndone(seat, to_version)
        self.apply(event)
        return self._announce([event])  # whose turn it is again (the human's, as a rule)

    # ------------------------------------------------------------------ automatic events

    def _consequences(self) -> list[Event]:
        """Events that follow from the state alone: the round's end, the match's end or
        the next deal."""
        r = self._round()
        ending = r.ending()
        if ending is None:
            return []
        went_out, blocked = ending
        deductions = tuple(reckon_pips(pip_total(h)) for h in r.hands)
        scores = list(self.scores)
        for seat, deduction in enumerate(deductions):
            scores[self.side_of(seat)] -= deduction
        ended = RoundEnded(
            round_no=r.round_no,
            blocked=blocked,
            winner=went_out,
            hands=tuple(tuple(h) for h in r.hands),
            deductions=deductions,
            scores=tuple(scores),
        )
        self.apply(ended)
        top = max(scores)
        if top >= self.target_raw and scores.count(top) == 1:
            done = MatchEnded(scores.index(top), tuple(scores))
            self.apply(done)
            return [ended, done]
        return [ended, *self._deal(r.round_no + 1, starter=went_out)]

    def _deal(self, round_no: int, starter: int | None) -> list[Event]:
        deck = list(self.dealer.deck(round_no))
        if sorted(map(tile_index, deck)) != list(range(28)):
            raise ValueError("a dealer must return each of the 28 tiles exactly once")
        n = self.n_seats
        by_lot = starter is None
        if starter is None:
            starter = self.dealer.lot(round_no, n)
        hands, boneyard = split_deck(deck, n)
        dealt = RoundDealt(
            round_no=round_no,
            starter=starter,
            by_lot=by_lot,
            hand_sizes=tuple(len(h) for h in hands),
            boneyard_size=len(boneyard),
            hands=hands,
            boneyard=boneyard,
        )
        self.apply(dealt)
        return [dealt]

    # ------------------------------------------------------------------ the fold

    def apply(self, event: Event) -> None:
        """Fold one event into the state.  Events come from ``act`` or from the store."""
        if isinstance(event, MoveUndone):
            self._restore(event.to_version)
            self.version += 1
            if event.turn is not None:  # the undo's own announcement, not the stale one
                self.announced_turn = event.turn
            return
        self._fold(event)
        if self.practice:
            self._line.append((self.version, event))

    def _restore(self, to_version: int) -> None:
        """Become the match as it was right after the event at ``to_version`` of the
        current line (a fresh fold of the line up to there)."""
        line = self._line
        index = next((i for i, (v, _) in enumerate(line) if v == to_version), None)
        if index is None or not self.practice:
            raise ValueError(f"an undo back to version {to_version}, which is not on the line")
        earlier = Match(self.config, self.dealer)
        for _, event in line[: index + 1]:
            earlier._fold(event)
        # Every piece of folded state (whatever later work adds to the fold) comes from
        # the earlier match; the log's version and the line stay this match's own.
        keep = {"version", "config", "dealer", "_line"}
        vars(self).update({k: v for k, v in vars(earlier).items() if k not in keep})
        self._line = line[: index + 1]

    def _fold(self, event: Event) -> None:
        self.version += 1
        if event.turn is not None:
            self.announced_turn = event.turn
        elif isinstance(event, (RoundEnded, MatchEnded)):
            self.announced_turn = None
        if isinstance(event, MatchStarted):
            self.hints_allowed = event.hints
            self.practice = event.practice
            self.rated = event.rated
            self.turn_clock_seconds = event.turn_clock_seconds
            return
        if isinstance(event, SeatClaimed):
            self.claimed_seats.add(event.seat)
            if event.player_id:
                self.seat_players[event.seat] = event.player_id
            if event.display_name:
                self.seat_names[event.seat] = event.display_name
            return
        if isinstance(event, RoundDealt):
            self.round = RoundState(
                round_no=event.round_no,
                starter=event.starter,
                by_lot=event.by_lot,
                hands=[list(h) for h in event.hands],
                boneyard=list(event.boneyard),
                turn=event.starter,
            )
            self.round.events.append(event)
            return
        if isinstance(event, SeatAutoPlayed):
            (self.auto_seats.add if event.active else self.auto_seats.discard)(event.seat)
            if event.active:
                self.stand_in_turns[event.seat] = 0
                self.stand_in_since[event.seat] = event.since
            else:
                self.stand_in_turns.pop(event.seat, None)
                self.stand_in_since.pop(event.seat, None)
            return
        if isinstance(event, Forfeited):
            self.forfeited = event
            return
        if isinstance(event, MatchEnded):
            self.finished = True
            self.winner_side = event.winner_side
            self.scores = list(event.scores)
            return
        if isinstance(event, MatchCancelled):
            self.finished = True  # over for every purpose: no moves, no bots, a record
            self.cancelled = event.reason
            return
        r = self._round()
        if isinstance(event, (TilePlaced, TileDrawn, Passed)):
            self.moved_seats.add(event.seat)
            if event.seat in self.auto_seats and not isinstance(event, TileDrawn):
                self.stand_in_turns[event.seat] = self.stand_in_turns.get(event.seat, 0) + 1
        r.fold(event, self.n_seats)
        if isinstance(event, TilePlaced):
            self.scores[self.side_of(event.seat)] += event.points
        elif isinstance(event, RoundEnded):
            self.scores = list(event.scores)
            self.last_round_end = event

    def _round(self) -> RoundState:
        if self.round is None:
            raise errors.MatchError("no round has been dealt")
        return self.round


def _annotate(event: Event, turn: Turn) -> None:
    """Set the ``turn`` of an event of the step being made.  Events are immutable once
    published; this one is not yet (not stored, not returned), so it is set in place
    rather than copied: a copy per step cost a tenth of the bots' self-play speed."""
    object.__setattr__(event, "turn", turn)
