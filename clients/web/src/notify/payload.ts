// The shape of a Web Push's data (webpush.py push_payload) and where its notification
// leads: shared by the service worker and the page (no DOM or worker types here).

export interface PushNotice {
  id?: string;
  kind?: string;
  match_id?: string;
  title?: string;
  body?: string;
  created_at?: number;
  facts?: Record<string, unknown>;
}

/** The app's page for a notice: for an invitation, the table's join page (#/join/<match>:
 *  the invitee takes a free seat as themself); otherwise the match's table (#/play/<match>:
 *  the seat this player holds there); the start page when it names no match. */
export function notificationUrl(scope: string, notice: PushNotice): string {
  if (!notice.match_id) return scope;
  const match = encodeURIComponent(notice.match_id);
  return notice.kind === "invited" ? `${scope}#/join/${match}` : `${scope}#/play/${match}`;
}
