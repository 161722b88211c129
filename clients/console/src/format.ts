// How the console writes times, enums and ids, in the operator's language.
import { IntegrityDecision, IntegritySignalKind, IntegrityStatus, SanctionKind, timestampDate, type Sanction, type Timestamp } from "@fiveup/sdk/admin";
import { MatchStatus } from "@fiveup/sdk";
import { el } from "./dom.js";
import { lang, t, type Key } from "./i18n.js";

function locale(): string {
  return lang() === "hi" ? "hi-IN" : "en-GB";
}

/** A time in the operator's zone ("—" when unset). */
export function when(ts: Timestamp | undefined): string {
  if (!ts || (ts.seconds === 0n && ts.nanos === 0)) return "—";
  return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(timestampDate(ts));
}

/** A <time> element for a table cell. */
export function timeCell(ts: Timestamp | undefined): Node {
  if (!ts || ts.seconds === 0n) return document.createTextNode("—");
  return el("time", { datetime: timestampDate(ts).toISOString(), text: when(ts) });
}

export function number(n: number | bigint, digits = 0): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(n);
}

export function seconds(s: number): string {
  if (s < 120) return t("ageSeconds", { n: number(s) });
  if (s < 7200) return t("ageMinutes", { n: number(s / 60) });
  return t("ageHours", { n: number(s / 3600, 1) });
}

export function yesNo(value: boolean): string {
  return t(value ? "yes" : "no");
}

/** `<input type=datetime-local>`'s value for a moment, in the browser's zone. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const SANCTIONS: Record<number, Key> = {
  [SanctionKind.CHAT_SILENCE]: "kindChatSilence",
  [SanctionKind.RATED_PLAY_SUSPENSION]: "kindRatedPlay",
  [SanctionKind.SIGN_IN_SUSPENSION]: "kindSignIn",
};

export function sanctionKind(kind: SanctionKind): string {
  return SANCTIONS[kind] ? t(SANCTIONS[kind]) : String(kind);
}

/** Whether a sanction is in force now (not lifted, not over). */
export function inForce(s: Sanction): boolean {
  if (s.liftedAt && s.liftedAt.seconds !== 0n) return false;
  return !s.endsAt || timestampDate(s.endsAt).getTime() > Date.now();
}

const STATUSES: Record<number, Key> = {
  [MatchStatus.IN_PROGRESS]: "statusInProgress",
  [MatchStatus.FINISHED]: "statusFinished",
  [MatchStatus.CANCELLED]: "statusCancelled",
};

export function matchStatus(status: MatchStatus, voided = false): string {
  const text = STATUSES[status] ? t(STATUSES[status]) : t("statusWaiting");
  return voided ? `${text} · ${t("voided")}` : text;
}

const SIGNALS: Record<number, Key> = {
  [IntegritySignalKind.REPEATED_PAIR]: "signalRepeatedPair",
  [IntegritySignalKind.EARLY_ENDINGS]: "signalEarlyEndings",
  [IntegritySignalKind.SHARED_ADDRESS]: "signalSharedAddress",
  [IntegritySignalKind.FEW_OWN_MOVES]: "signalFewOwnMoves",
  [IntegritySignalKind.SUDDEN_CLIMB]: "signalSuddenClimb",
};

export function signalKind(kind: IntegritySignalKind): string {
  return SIGNALS[kind] ? t(SIGNALS[kind]) : String(kind);
}

export const SIGNAL_KINDS = Object.keys(SIGNALS).map(Number) as IntegritySignalKind[];

const SIGNAL_STATUSES: Record<number, Key> = {
  [IntegrityStatus.OPEN]: "signalOpen",
  [IntegrityStatus.CONFIRMED]: "signalConfirmed",
  [IntegrityStatus.DISMISSED]: "signalDismissed",
};

export function signalStatus(status: IntegrityStatus): string {
  return SIGNAL_STATUSES[status] ? t(SIGNAL_STATUSES[status]) : String(status);
}

export const DECISIONS: Record<number, Key> = {
  [IntegrityDecision.DISMISS]: "decisionDismiss",
  [IntegrityDecision.VOID_MATCHES]: "decisionVoid",
  [IntegrityDecision.VOID_AND_SUSPEND]: "decisionVoidSuspend",
};

/** An id as code (ids are long: they may break anywhere). */
export function code(text: string): HTMLElement {
  return el("code", { class: "id", text });
}

/** A link to a player's profile (the id when the name is not known). */
export function playerLink(playerId: string, name = ""): Node {
  if (!playerId) return document.createTextNode(t("anonymous"));
  return el("a", { href: `#/players/${encodeURIComponent(playerId)}`, class: "id-link" }, name || el("code", { class: "id", text: playerId }));
}

export function matchLink(matchId: string): Node {
  return el("a", { href: `#/matches/${encodeURIComponent(matchId)}`, class: "id-link" }, el("code", { class: "id", text: matchId }));
}

/** A definition list of label/value pairs. */
export function facts(pairs: [string, Node | string][]): HTMLDListElement {
  const list = el("dl", { class: "facts" });
  for (const [label, value] of pairs) list.append(el("div", {}, el("dt", { text: label }), el("dd", {}, value)));
  return list;
}
