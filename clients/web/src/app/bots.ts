// The bots a seat can be, from the contract's enum (every value but UNSPECIFIED, in its
// order): a level the server adds appears here with no change to this list.
import { BotKind, type Rating } from "@fiveup/sdk";
import type { Key } from "../i18n.js";

export interface BotChoice {
  value: string; // as the seat's <select> names it: "greedy", "master", ...
  kind: BotKind;
  label: Key;
}

export const BOTS: readonly BotChoice[] = Object.entries(BotKind)
  .filter((e): e is [string, BotKind] => typeof e[1] === "number" && e[1] !== BotKind.UNSPECIFIED)
  .map(([name, kind]) => ({
    value: name.toLowerCase(), kind, label: `bot${name[0]}${name.slice(1).toLowerCase()}` as Key,
  }));

/** The label of a bot seat's kind. */
export function botLabel(kind: BotKind | undefined): Key {
  return BOTS.find((b) => b.kind === kind)?.label ?? "bot";
}

/** Each rated level's rating on the players' two-player scale (ListBotLevels), by kind:
 * what a seat's choice shows beside the level, so a person can pick a bot about their
 * strength.  Asked once per page load; empty if the server could not say. */
let rated: Promise<Map<BotKind, Rating>> | null = null;

export function botRatings(load: () => Promise<{ levels: { kind: BotKind; rating?: Rating }[] }>): Promise<Map<BotKind, Rating>> {
  rated ??= load().then(
    (r) => new Map(r.levels.flatMap((lv) => (lv.rating ? [[lv.kind, lv.rating] as const] : []))),
    () => new Map(),
  );
  return rated;
}
