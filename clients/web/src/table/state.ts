// What the table's panels are drawn from: the match as this viewer may see it (GetMatch's
// view), the match's record folded from its stream (names, history, round ends), this
// tab's seat, and the table's own state (the selected tile, a call in flight, the hints
// asked for, the connection).  Every panel is a function of this and the actions.
import { MatchStatus, SeatKind, type Hint, type MatchView, type Move } from "@fiveup/sdk";
import { t } from "../i18n.js";
import type { MatchRecord, RoundEnd } from "./record.js";
import type { RematchState } from "./rematch.js";
import type { SeatSession } from "./seat-store.js";

export interface TableState {
  readonly view: MatchView;
  readonly record: MatchRecord;
  readonly seat: SeatSession | null;
  /** The selected hand tile, "low-high". */
  readonly selected: string | null;
  /** A move, undo or hint request is on its way: the controls wait. */
  readonly busy: boolean;
  /** The stream is down: the controls wait, one line says so. */
  readonly offline: boolean;
  /** The ranked moves SuggestMoves gave for one version (shown while the match is at it). */
  readonly hints: { version: bigint; list: Hint[]; samples: number } | null;
  readonly hintsPending: boolean;
  /** The finished match's rating line for a signed-in player (null: not looked up yet). */
  readonly ratingLine: string | null;
  /** A round end the viewer has not dismissed yet, and the seconds before it closes. */
  readonly roundEnd: { end: RoundEnd; secondsLeft: number } | null;
  /** The finished match's rematch, for a seat bound to a signed-in player (null: none). */
  readonly rematch: RematchState | null;
}

/** What the panels' controls do (the table controller implements them). */
export interface TableActions {
  select(tile: string | null): void;
  submit(move: Move): void;
  askHints(): void;
  undo(): void;
  dismissRoundEnd(): void;
  offerRematch(): void;
  declineRematch(): void;
}

/** Whether this tab's seat is to move now. */
export function myTurn(state: TableState): boolean {
  const mine = state.seat?.seat;
  return mine !== undefined && state.view.turnSeat === mine && !finished(state);
}

export function finished(state: TableState): boolean {
  return state.view.status === MatchStatus.FINISHED;
}

/** The controls may be used: nothing in flight and the connection up. */
export function idle(state: TableState): boolean {
  return !state.busy && !state.offline;
}

/** Who sits at a seat, in words: the one rule every panel, the history, the badges and
 *  the scores use.  The viewer's own seat is "You"; a seat claimed under a name is that
 *  name; a bot is "Bot (seat 2)"; anyone else (a person not named, an open seat) is
 *  "Seat 2".  Seats are numbered from 1, as in every client (the API counts from 0). */
export function seatName(
  view: { readonly seats: readonly { readonly kind: SeatKind }[] },
  record: Pick<MatchRecord, "names">,
  mine: number | undefined,
  seat: number,
): string {
  if (seat === mine) return t("you");
  const named = record.names.get(seat);
  if (named) return named;
  if (view.seats[seat]?.kind === SeatKind.BOT) return t("botSeat", { n: seat + 1 });
  return t("seat", { n: seat + 1 });
}

/** The score side a seat plays for (partners share one in a 4-seat match). */
export function sideOf(view: MatchView, seat: number): number {
  return view.seats[seat]?.side ?? (view.seats.length === 4 ? seat % 2 : seat);
}

/** A seat's partner in a 4-seat match (the other seat of its side), or undefined. */
export function partnerOf(view: MatchView, seat: number): number | undefined {
  if (view.seats.length !== 4) return undefined;
  const side = sideOf(view, seat);
  const other = view.seats.map((_, i) => i).find((i) => i !== seat && sideOf(view, i) === side);
  return other;
}

/** A side in words: the seat's name, or both partners' names. */
export function sideName(state: TableState, side: number): string {
  const { view, record } = state;
  const mine = state.seat?.seat;
  const seats = view.seats.map((_, i) => i).filter((i) => sideOf(view, i) === side);
  const names = seats.map((i) => seatName(view, record, mine, i));
  return names.length === 2 ? t("pair", { a: names[0], b: names[1] }) : names[0] ?? t("side", { n: side + 1 });
}

/** Whether a side is this tab's. */
export function ours(state: TableState, side: number): boolean {
  const mine = state.seat?.seat;
  return mine !== undefined && sideOf(state.view, mine) === side;
}

export const nameOf = (state: TableState, seat: number) => seatName(state.view, state.record, state.seat?.seat, seat);
