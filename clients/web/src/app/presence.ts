// The signed-in player's live notification stream, held open on every page while the app
// is open: it is what makes the player "online" to their friends (FriendService presence
// counts a live WatchNotifications stream), and it shows the friend notices (a new friend
// request, a request accepted) as a dismissable notice at the top of the page, with a
// link to the friends page.  Only notices after the newest one the server had when the
// stream started are shown: opening the app does not replay old ones.  Friends pages
// listen for "fiveup:friends" to redraw when one arrives.
import { NotificationKind, watchNotifications, withToken, type Notification } from "@fiveup/sdk";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { accessToken, currentSession } from "../session.js";
import { api } from "./api.js";

let streaming: { player: string; stop: AbortController } | null = null;

/** Starts the stream for the signed-in player (once; a new one after a sign-in as
 *  someone else), stops it after a sign-out.  Called on every route. */
export function keepPresence(): void {
  const session = currentSession();
  const player = session?.playerId ?? null;
  if (streaming && streaming.player === player) return;
  streaming?.stop.abort();
  streaming = null;
  // Not with an expired access token: renewing a session is the pages' business (a
  // session the server no longer takes must lead to the sign-in form, not be renewed
  // behind the reader's back); the next route after a page renewed it starts the stream.
  if (!session || session.accessExpiresMs <= Date.now()) return;
  const stop = new AbortController();
  streaming = { player: session.playerId, stop };
  void run(session.playerId, stop.signal);
}

async function run(player: string, signal: AbortSignal): Promise<void> {
  const clients = await api();
  try {
    const token = () => accessToken(clients);
    const latest = await clients.notifications.listNotifications({ afterSeq: 0n, pageSize: 1 }, withToken(await token()));
    for await (const notice of watchNotifications(clients.notifications, token, { afterSeq: latest.latestSeq, signal })) {
      if (signal.aborted || currentSession()?.playerId !== player) return;
      if (notice.kind === NotificationKind.FRIEND_REQUEST || notice.kind === NotificationKind.FRIEND_ACCEPTED) {
        show(notice);
        window.dispatchEvent(new CustomEvent("fiveup:friends"));
      }
    }
  } catch {
    // signed out, or the stream refused for good: the app works without it (offline to
    // friends); the next route after a sign-in starts a new one
    if (streaming?.player === player && !signal.aborted) streaming = null;
  }
}

/** The notices' shelf: outside #app, so a page change keeps what it shows. */
function shelf(): HTMLElement {
  let box = document.getElementById("notices");
  if (!box) {
    box = el("div", { id: "notices", class: "notices", role: "status", "aria-live": "polite" });
    document.body.prepend(box);
  }
  return box;
}

function show(notice: Notification): void {
  const facts = notice.facts ?? {};
  const by = typeof facts.by === "string" ? facts.by : "";
  const request = notice.kind === NotificationKind.FRIEND_REQUEST;
  const text = t(request ? "noticeFriendRequest" : "noticeFriendAccepted", { name: by });
  const close = el("button", { type: "button", class: "ghost", "data-action": "dismiss", text: t("dismiss") });
  const from = typeof facts.from === "string" ? facts.from : typeof facts.friend === "string" ? facts.friend : "";
  const item = el("p", { class: "notice", "data-kind": request ? "friend_request" : "friend_accepted", "data-notice": notice.notificationId, "data-from": from },
    el("span", { text }), " ", el("a", { href: "#/friends", text: t("openFriends") }), " ", close);
  close.addEventListener("click", () => item.remove());
  shelf().append(item);
}

/** Takes down the friend notices the friends page now shows: every accepted one, and the
 *  requests no longer waiting (`pending`: the senders of the requests still listed). */
export function settleFriendNotices(pending: ReadonlySet<string>): void {
  for (const item of document.querySelectorAll<HTMLElement>("#notices .notice")) {
    if (item.dataset.kind === "friend_accepted" || (item.dataset.kind === "friend_request" && !pending.has(item.dataset.from ?? ""))) item.remove();
  }
}
