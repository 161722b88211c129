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

/** The app's page for a notice: the match's table (#/play/<match>: the seat this
 *  player holds there), or the start page when it names no match. */
export function notificationUrl(scope: string, notice: PushNotice): string {
  return notice.match_id ? `${scope}#/play/${encodeURIComponent(notice.match_id)}` : scope;
}
