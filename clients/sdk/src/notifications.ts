// NotificationService for apps: the player's notifications as one stream that outlives
// its connections.  WatchNotifications numbers each player's notifications (seq 1, 2,
// 3... in commit order) and resumes after a cursor, as WatchMatch does with
// after_version; `watchNotifications` reconnects with the last seq it handed out, so an
// app that keeps that number (`lastSeq`) across restarts is told every notification once.
// Another channel (Web Push, the webhook) can deliver the same notification too: keep
// them by notification_id.
import type { Client } from "@connectrpc/connect";
import {
  NotificationKind,
  type Notification,
  NotificationService,
} from "./gen/fiveup/v1/notifications_pb.js";
import { currentToken, resumable, type ResumeOptions, type TokenSource } from "./resume.js";

export interface WatchNotificationsOptions extends ResumeOptions {
  /** Resume after this seq (the last one the app saw; 0 or unset: from the first kept). */
  afterSeq?: bigint | number;
}

/** The caller's notifications after `afterSeq`, then live, across reconnects (see
 *  ResumeOptions).  `token`: the player's access token, or a function that returns a
 *  fresh one (it is asked again on every reconnect). */
export function watchNotifications(
  client: Client<typeof NotificationService>,
  token: TokenSource,
  options: WatchNotificationsOptions = {},
): AsyncGenerator<Notification, void, undefined> {
  const start = BigInt(options.afterSeq ?? 0);
  return resumable(
    async function* (afterSeq, signal) {
      const auth = await currentToken(token);
      const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {};
      for await (const message of client.watchNotifications({ afterSeq }, { headers, signal })) {
        if (message.notification) yield message.notification;
      }
    },
    (n) => n.seq,
    start,
    { refreshes: typeof token === "function", ...options },
  );
}

/** The new match of a REMATCH_STARTED notification (facts.new_match_id), else null. */
export function rematchStartedIn(n: Notification, previousMatchId?: string): string | null {
  if (n.kind !== NotificationKind.REMATCH_STARTED) return null;
  const facts = n.facts ?? {};
  if (previousMatchId !== undefined && facts.previous_match_id !== previousMatchId) return null;
  return typeof facts.new_match_id === "string" && facts.new_match_id ? facts.new_match_id : null;
}
