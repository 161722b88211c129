// This browser's Web Push subscription, both sides of it: the service worker and the
// push manager here, SubscribeWebPush / UnsubscribeWebPush on the server.  No UI.
import { withToken } from "@fiveup/sdk";
import { withSession } from "../session.js";
import type { Clients } from "../app/api.js";

/** What the notifications control can say (the control's data-state). */
export type PushState = "on" | "off" | "blocked" | "unsupported" | "unavailable";

/** The worker's script, beside index.html: its scope is the folder the app is served
 *  from (the site's root in every deployment we ship). */
const WORKER = "sw.js";

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The application server key (URL-safe base64, no padding) as the bytes
 *  pushManager.subscribe takes. */
export function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (key.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The server's VAPID public key; empty when it sends no Web Push. */
async function serverKey(clients: Clients): Promise<string> {
  const answer = await withSession(clients, (token) =>
    clients.notifications.getWebPushKey({}, withToken(token)));
  return answer.applicationServerKey;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function sameKey(subscription: PushSubscription, key: string): boolean {
  const had = subscription.options?.applicationServerKey;
  if (!had) return true; // a browser that does not say: assume it is the one it was given
  const bytes = new Uint8Array(had);
  const wanted = keyBytes(key);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}

async function store(clients: Clients, subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  await withSession(clients, (token) => clients.notifications.subscribeWebPush(
    { endpoint: endpoint ?? "", keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } }, withToken(token)));
}

/** This browser's subscription for `key`: the one it has, or -- none yet, or one made
 *  with another key (the operator replaced it) -- a new one. */
async function subscribeWith(registration: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  const had = await registration.pushManager.getSubscription();
  if (had && sameKey(had, key)) return had;
  await had?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
}

/** The state as it is now, asking nothing of the person (never the permission).  A
 *  subscription this browser still has but the server forgot (a push service's 410, a
 *  new VAPID key: docs/operations.md) is made again and sent: the person said "on" and
 *  the permission still stands. */
export async function pushState(clients: Clients): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const key = await serverKey(clients);
  if (!key) return "unavailable";
  const had = Notification.permission === "granted" ? await currentSubscription() : null;
  if (!had) return "off";
  const { settings } = await withSession(clients, (token) =>
    clients.notifications.getNotificationSettings({}, withToken(token)));
  if (settings?.subscriptions.some((s) => s.endpoint === had.endpoint) && sameKey(had, key)) return "on";
  await store(clients, await subscribeWith(await navigator.serviceWorker.ready, key));
  return "on";
}

/** Asks the permission (call it from a click), registers the worker, subscribes with the
 *  server's key and stores the subscription on the server. */
export async function turnOn(clients: Clients): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off"; // the prompt was dismissed: ask again on a click
  const key = await serverKey(clients);
  if (!key) return "unavailable";
  await navigator.serviceWorker.register(WORKER);
  const registration = await navigator.serviceWorker.ready;
  await store(clients, await subscribeWith(registration, key));
  // a player who turned Web Push off elsewhere (another app, the API) meant that; this
  // click means "tell me here"
  await withSession(clients, (token) => clients.notifications.updateNotificationSettings({ webPush: true }, withToken(token)));
  return "on";
}

/** Forgets the subscription on the server first (so nothing more is sent to it), then
 *  in the browser. */
export async function turnOff(clients: Clients): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await withSession(clients, (token) => clients.notifications.unsubscribeWebPush(
      { endpoint: subscription.endpoint }, withToken(token)));
    await subscription.unsubscribe();
  }
  return "off";
}
