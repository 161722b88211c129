// A deadline in words, relative to the clock: "3 h 20 min left", "2 days left",
// "overdue".  The one formatting of a correspondence turn clock: the "My matches" list
// and the table's status line both show it, from the server's deadline (a timestamp),
// never from a count the client keeps.
import { countText, type Key, t } from "../i18n.js";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** From this many days on, the hours are noise: "3 days left". */
const DAYS_ONLY_FROM = 2;

/** How long until `deadlineMs` (epoch milliseconds), in words, as seen at `nowMs`. */
export function timeLeftText(deadlineMs: number, nowMs: number = Date.now()): string {
  const left = deadlineMs - nowMs;
  if (left <= 0) return t("timeOverdue");
  if (left < MINUTE_MS) return t("timeUnderMinute");
  // Rounded down: a player told "20 min" must not find 19 and a half.
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  const counts: number[] = [];
  const parts: string[] = [];
  const add = (n: number, one: Key, many: Key) => {
    counts.push(n);
    parts.push(countText(n, one, many));
  };
  if (days > 0) add(days, "timeOneDay", "timeDays");
  if (days < DAYS_ONLY_FROM && hours > 0) add(hours, "timeOneHour", "timeHours");
  if (days === 0 && minutes > 0) add(minutes, "timeOneMinute", "timeMinutes");
  // Hindi's verb agrees: "1 घंटा बचा", but "2 घंटे बचे" and "1 दिन 3 घंटे बचे".
  const single = counts.length === 1 && counts[0] === 1;
  return t(single ? "timeLeftOne" : "timeLeft", { time: parts.join(" ") });
}

/** A server timestamp's seconds as epoch milliseconds. */
export function timestampMs(at: { seconds: bigint; nanos?: number }): number {
  return Number(at.seconds) * 1000 + Math.floor((at.nanos ?? 0) / 1e6);
}

/** How often a relative deadline is redrawn: its smallest unit is the minute. */
export const DEADLINE_REFRESH_MS = MINUTE_MS;
