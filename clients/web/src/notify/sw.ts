// The service worker (built to dist/sw.js, served from the site's root so its scope is
// the whole app): it shows the server's Web Push notifications while no tab is open,
// and a click on one opens (or focuses) the match it is about.
//
// A push's data is the JSON the server encrypts for this browser
// (service/fiveup/notifications/webpush.py push_payload): id, kind, match_id, title,
// body, created_at, facts.  The notice id is the notification's tag: a push the push
// service delivers twice (at-least-once) replaces itself instead of showing twice.
import { notificationUrl, type PushNotice } from "./payload.js";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("install", () => {
  // a new version takes over at once: it only shows notifications, no cached pages
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let notice: PushNotice;
  try {
    notice = (event.data?.json() ?? {}) as PushNotice;
  } catch {
    notice = { title: "Five Up", body: event.data?.text() ?? "" };
  }
  event.waitUntil(self.registration.showNotification(notice.title || "Five Up", {
    body: notice.body ?? "",
    tag: notice.id || undefined,
    data: { url: notificationUrl(self.registration.scope, notice), kind: notice.kind ?? "", matchId: notice.match_id ?? "" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? self.registration.scope;
  event.waitUntil((async () => {
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    // a tab of the app already open goes to the match instead of a second tab opening
    const open = tabs.find((tab) => tab.url.startsWith(self.registration.scope));
    if (open) {
      await open.focus();
      await open.navigate(url).catch(() => undefined);
      return;
    }
    await self.clients.openWindow(url);
  })());
});
