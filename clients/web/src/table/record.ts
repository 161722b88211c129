// The match's own record as this viewer may see it, folded from WatchMatch from version 0:
// the history (one list for players, spectators, reloads and finished tables), the names
// the seats were claimed under, the current round's layout (so that a round's final
// layout can still be shown after the next deal), each round's end with that layout and
// the points each side scored in it, and the last score (who scored what, for the badge).
import type { MatchEndedEvent, MatchEvent, Placement, RoundEndedEvent } from "@fiveup/sdk";
import { pointsText, t } from "../i18n.js";
import { tileText } from "./moves.js";

/** One line of the history; `text` is read when drawn (a name claimed later shows). */
export interface HistoryEntry {
  readonly version: number;
  readonly round: number;
  readonly kind: "round" | "move" | "end" | "note";
  readonly text: () => string;
}

/** A round's end as the table shows it: the event, the layout it ended on, the points
 *  each side scored by placements in it (raw). */
export interface RoundEnd {
  readonly version: number;
  readonly event: RoundEndedEvent;
  readonly layout: Placement[];
  readonly scored: number[];
}

/** The last placement that scored: who, how much (raw), the end sum, when (ms). */
export interface ScoreNote {
  readonly version: number;
  readonly seat: number;
  readonly points: number;
  readonly endSum: number;
  readonly at: number;
}

/** Who sits at a seat, in words: "You", the name it was claimed under, "Bot (seat 2)"... */
export type SeatNamer = (seat: number) => string;

export class MatchRecord {
  readonly names = new Map<number, string>();
  readonly entries: HistoryEntry[] = [];
  readonly rounds: RoundEnd[] = [];
  layout: Placement[] = [];
  lastScore: ScoreNote | null = null;
  ended: MatchEndedEvent | null = null;
  version = 0;
  private round = 0;
  private scored: number[] = [];
  // the current round's layout and points after each of its events (an undo goes back to one)
  private readonly snapshots = new Map<number, { layout: Placement[]; scored: number[] }>();

  constructor(private readonly who: SeatNamer, private readonly sides: (seat: number) => number) {}

  /** Folds one event in (events at or below the version already folded are skipped). */
  fold(event: MatchEvent, mine: number | undefined): void {
    const version = Number(event.version);
    if (version <= this.version) return; // a resumed stream repeats nothing
    this.version = version;
    const { kind } = event;
    const add = (kindOf: HistoryEntry["kind"], text: () => string) =>
      this.entries.push({ version, round: this.round, kind: kindOf, text });
    const who = this.who;
    switch (kind.case) {
      case "matchStarted":
        add("note", () => t("evStarted"));
        break;
      case "seatClaimed": {
        const { seat, displayName } = kind.value;
        if (displayName) this.names.set(seat, displayName);
        add("note", () => t("evJoined", { s: who(seat) }));
        break;
      }
      case "roundDealt": {
        const { roundNumber, starter } = kind.value;
        this.round = roundNumber;
        this.layout = [];
        this.scored = [];
        this.snapshots.clear();
        this.lastScore = null;
        add("round", () => t("evDealt", { n: roundNumber, s: who(starter) }));
        break;
      }
      case "tilePlaced": {
        const p = kind.value;
        this.layout = [...this.layout, p.placement!];
        const tile = tileText(p.placement!.tile!);
        if (p.points) {
          const side = this.sides(p.seat);
          this.scored = [...this.scored];
          this.scored[side] = (this.scored[side] ?? 0) + p.points;
          this.lastScore = { version, seat: p.seat, points: p.points, endSum: p.endSum, at: Date.now() };
          add("move", () => t("evPlaced", { s: who(p.seat), tile, points: pointsText(p.points / 5), sum: p.endSum }));
        } else {
          add("move", () => t("evPlacedNone", { s: who(p.seat), tile, sum: p.endSum }));
        }
        break;
      }
      case "tileDrawn": {
        const { seat, tile } = kind.value;
        add("move", () => (seat === mine && tile ? t("evDrewYou", { tile: tileText(tile) }) : t("evDrew", { s: who(seat) })));
        break;
      }
      case "passed":
        add("move", () => t("evPassed", { s: who(kind.value.seat) }));
        break;
      case "roundEnded": {
        const e = kind.value;
        this.rounds.push({ version, event: e, layout: this.layout, scored: this.scored });
        this.lastScore = null;
        add("end", () => roundEndLine(e, who));
        break;
      }
      case "matchEnded":
        this.ended = kind.value;
        add("end", () => t("evMatchEnded"));
        break;
      case "seatAutoPlayed": {
        const { seat, active } = kind.value;
        add("note", () => (active ? t("evAuto", { s: who(seat) }) : t("evBack", { s: who(seat) })));
        break;
      }
      case "moveUndone": {
        // The match is again as it was after to_version: so is the layout.
        const { seat, toVersion } = kind.value;
        const back = this.snapshots.get(Number(toVersion));
        if (back) ({ layout: this.layout, scored: this.scored } = back);
        this.lastScore = null;
        add("note", () => t("evUndone", { s: who(seat) }));
        break;
      }
      default:
        break;
    }
    this.snapshots.set(version, { layout: this.layout, scored: this.scored });
  }
}

/** "Round 3 is over: Asha went out; −2 for Bot." */
export function roundEndLine(e: RoundEndedEvent, who: SeatNamer): string {
  const head = e.blocked ? t("evRoundBlocked", { n: e.roundNumber }) : t("evRoundEnded", { n: e.roundNumber, s: who(e.winnerSeat ?? 0) });
  const costs = e.deductions
    .map((d, seat) => (d ? t("evCost", { s: who(seat), points: pointsText(d / 5) }) : ""))
    .filter(Boolean);
  return costs.length ? `${head} ${costs.join(", ")}.` : head;
}
