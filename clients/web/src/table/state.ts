// What the table's panels are drawn from: the match as this viewer may see it (GetMatch's
// view), this tab's seat, and the table's own state (the selected tile, a call in
// flight, the hints asked for).  Every panel is a function of this and the actions.
import { MatchStatus, type Hint, type MatchView, type Move } from "@fiveup/sdk";
import type { SeatSession } from "./seat-store.js";

export interface TableState {
  readonly view: MatchView;
  readonly seat: SeatSession | null;
  /** The selected hand tile, "low-high". */
  readonly selected: string | null;
  /** A move, undo or hint request is on its way: the controls wait. */
  readonly busy: boolean;
  /** The ranked moves SuggestMoves gave for one version (shown while the match is at it). */
  readonly hints: { version: bigint; list: Hint[]; samples: number } | null;
  readonly hintsPending: boolean;
  /** The finished match's rating line for a signed-in player (null: not looked up yet). */
  readonly ratingLine: string | null;
  readonly lastPoints: string;
}

/** What the panels' controls do (the table controller implements them). */
export interface TableActions {
  select(tile: string | null): void;
  submit(move: Move): void;
  askHints(): void;
  undo(): void;
}

/** Whether this tab's seat is to move now. */
export function myTurn(state: TableState): boolean {
  const mine = state.seat?.seat;
  return mine !== undefined && state.view.turnSeat === mine && !finished(state);
}

export function finished(state: TableState): boolean {
  return state.view.status === MatchStatus.FINISHED;
}
