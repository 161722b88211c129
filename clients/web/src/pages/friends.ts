// The friends page and the friend button, on FriendService (docs/api.md, "Friends"):
//   #/friends[/<2|3|4>]   requests sent to me (accept, decline), mine (withdraw), my
//                         friends with their presence (remove), and the friends' board
// `friendButton` is the "Add friend" control a player's profile shows (#/player/<id>).
// The page redraws when a friend notice arrives (app/presence.ts) and asks again every
// few seconds while it is shown, so presence stays current.
import {
  FriendState, LeaderboardWindow, RatingCategory, withToken, type Friend, type FriendRequest, type PlayerStanding,
} from "@fiveup/sdk";
import type { Clients } from "../app/api.js";
import { settleFriendNotices } from "../app/presence.js";
import { setLive, showError } from "../app/shell.js";
import { shownRating } from "../app/rating.js";
import { el } from "../dom.js";
import { type Key, lang, t } from "../i18n.js";
import { currentSession, withSession } from "../session.js";

const CATEGORIES: readonly { slug: string; value: RatingCategory; key: Key }[] = [
  { slug: "2", value: RatingCategory.TWO_PLAYERS, key: "catTwo" },
  { slug: "3", value: RatingCategory.THREE_PLAYERS, key: "catThree" },
  { slug: "4", value: RatingCategory.FOUR_PARTNERSHIPS, key: "catFour" },
];
const REFRESH_MS = 5000;

const dateText = (seconds: bigint | undefined) => new Date(Number(seconds ?? 0n) * 1000).toLocaleString(
  lang() === "hi" ? "hi-IN" : "en-GB", { dateStyle: "medium", timeStyle: "short" },
);

/** What a friend's presence says, as the API gives it. */
export function presenceText(friend: Friend): { state: string; text: string } {
  const p = friend.presence;
  if (p?.inMatch) return { state: "in-match", text: t("presenceInMatch") };
  if (p?.online) return { state: "online", text: t("presenceOnline") };
  if (p?.lastSeen && p.lastSeen.seconds > 0n) return { state: "offline", text: t("presenceLastSeen", { when: dateText(p.lastSeen.seconds) }) };
  return { state: "offline", text: t("presenceOffline") };
}

function signInNote(main: HTMLElement): void {
  main.append(el("section", { class: "card" },
    el("h2", { text: t("friendsTitle") }),
    el("p", {}, el("span", { text: t("friendsSignIn") }), " ", el("a", { href: "#/me", text: t("signIn") }))));
  document.getElementById("app")!.dataset.loaded = "signin";
}

export function friendsPage(main: HTMLElement, clients: Clients, params: string[]): void {
  main.className = "boards friends";
  const app = document.getElementById("app")!;
  app.dataset.page = "friends";
  if (!currentSession()) return signInNote(main);
  const category = CATEGORIES.find((c) => c.slug === params[0]) ?? CATEGORIES[0];

  const incoming = el("ul", { id: "incoming", class: "people", "aria-labelledby": "incoming-title" });
  const outgoing = el("ul", { id: "outgoing", class: "people", "aria-labelledby": "outgoing-title" });
  const friends = el("ul", { id: "friend-list", class: "people", "aria-labelledby": "friends-list-title" });
  const board = el("table", { class: "board-table friends-board" });
  const status = el("p", { class: "visually-hidden", role: "status", "aria-live": "polite" });
  const tabs = el("nav", { class: "tabs", "aria-label": t("categoryLabel") });
  for (const c of CATEGORIES) {
    const a = el("a", { href: `#/friends/${c.slug}`, class: c === category ? "tab chosen" : "tab", text: t(c.key), "data-slug": c.slug });
    if (c === category) a.setAttribute("aria-current", "page");
    tabs.append(a);
  }
  const requestsCard = el("section", { class: "card", "aria-labelledby": "friends-title" },
    el("h2", { id: "friends-title", text: t("friendsTitle") }), status,
    el("h3", { id: "incoming-title", text: t("incomingRequests") }), incoming,
    el("h3", { id: "outgoing-title", text: t("outgoingRequests") }), outgoing,
    el("p", { class: "note", text: t("friendsHowTo") }));
  const friendsCard = el("section", { class: "card", "aria-labelledby": "friends-list-title" },
    el("h3", { id: "friends-list-title", text: t("yourFriends") }), friends);
  const boardCard = el("section", { class: "card", "aria-labelledby": "friends-board-title" },
    el("h3", { id: "friends-board-title", text: t("friendsBoard") }), tabs, el("div", { class: "table-wrap" }, board));
  main.append(requestsCard, friendsCard, boardCard);

  const act = async (button: HTMLButtonElement, done: Key, name: string, call: (token: string | null) => Promise<unknown>) => {
    button.disabled = true;
    try {
      await withSession(clients, call);
      status.textContent = t(done, { name });
    } catch (err) {
      showError(requestsCard, err);
    }
    await draw();
  };
  const person = (id: string, name: string, ...extra: (Node | string)[]) => el("li", { "data-player": id },
    el("a", { href: `#/player/${encodeURIComponent(id)}`, class: "name", text: name }), ...extra);
  const action = (key: Key, name: string, what: string, run: (b: HTMLButtonElement) => void) => {
    const b = el("button", { type: "button", class: key === "accept" ? "primary" : "ghost", "data-action": what, text: t(key), "aria-label": t(`${key}Label` as Key, { name }) });
    b.addEventListener("click", () => run(b));
    return b;
  };
  const requestRow = (r: FriendRequest, mine: boolean) => {
    const sent = el("span", { class: "note", text: t("requestSent", { when: dateText(r.sentAt?.seconds) }) });
    if (mine) {
      return person(r.playerId, r.displayName, " ", sent, " ", action("withdraw", r.displayName, "withdraw", (b) => void act(b, "withdrawn", r.displayName,
        (token) => clients.friends.removeFriend({ playerId: r.playerId }, withToken(token)))));
    }
    return person(r.playerId, r.displayName, " ", sent, " ",
      action("accept", r.displayName, "accept", (b) => void act(b, "accepted", r.displayName,
        (token) => clients.friends.respondToFriendRequest({ playerId: r.playerId, accept: true }, withToken(token)))), " ",
      action("decline", r.displayName, "decline", (b) => void act(b, "declined", r.displayName,
        (token) => clients.friends.respondToFriendRequest({ playerId: r.playerId, accept: false }, withToken(token)))));
  };
  const friendRow = (f: Friend) => {
    const p = presenceText(f);
    const row = person(f.playerId, f.displayName, " ",
      el("span", { class: `presence ${p.state}`, "data-presence": p.state, text: p.text }), " ",
      action("removeFriend", f.displayName, "remove", (b) => {
        if (!window.confirm(t("removeConfirm", { name: f.displayName }))) return;
        void act(b, "removed", f.displayName, (token) => clients.friends.removeFriend({ playerId: f.playerId }, withToken(token)));
      }));
    return row;
  };
  const boardRows = (standings: PlayerStanding[]) => {
    board.replaceChildren();
    if (!standings.length) {
      board.append(el("caption", { text: t("friendsBoardEmpty") }));
      return;
    }
    const head = el("tr", {});
    for (const key of ["rank", "player", "rating", "matchesCol", "winsCol"] as const) {
      head.append(el("th", { scope: "col", class: key === "player" ? "" : "num", text: t(key) }));
    }
    const body = el("tbody", {});
    const me = currentSession()?.playerId;
    for (const s of standings) {
      const entry = s.entry!;
      const who = el("td", {}, el("a", { href: `#/player/${encodeURIComponent(entry.playerId)}`, text: entry.displayName }));
      if (entry.playerId === me) who.append(el("span", { class: "you-badge", text: t("you") }));
      body.append(el("tr", { class: entry.playerId === me ? "me" : "", "data-player": entry.playerId, "data-rank": String(entry.rank) },
        el("td", { class: "num", text: s.ranked ? String(entry.rank) : `${entry.rank}?` }), who,
        el("td", { class: "num", text: entry.rating ? shownRating(entry.rating) : "–" }),
        el("td", { class: "num", text: String(entry.matches) }),
        el("td", { class: "num", text: String(entry.wins) })));
    }
    board.append(el("thead", {}, head), body);
  };

  let drawing = false;
  const draw = async () => {
    if (drawing || !main.isConnected) return;
    drawing = true;
    try {
      const [inc, out, list, standings] = await withSession(clients, (token) => Promise.all([
        clients.friends.listFriendRequests({ outgoing: false }, withToken(token)),
        clients.friends.listFriendRequests({ outgoing: true }, withToken(token)),
        clients.friends.listFriends({}, withToken(token)),
        clients.friends.getFriendsBoard({ category: category.value, window: LeaderboardWindow.ALL_TIME }, withToken(token)),
      ]));
      if (!main.isConnected) return;
      requestsCard.querySelector(".error")?.remove();
      const fill = (host: HTMLElement, rows: HTMLElement[], empty: Key) => host.replaceChildren(...(rows.length ? rows : [el("li", { class: "note", text: t(empty) })]));
      fill(incoming, inc.requests.map((r) => requestRow(r, false)), "noIncoming");
      fill(outgoing, out.requests.map((r) => requestRow(r, true)), "noOutgoing");
      fill(friends, list.friends.map(friendRow), "noFriends");
      boardRows(standings.standings);
      settleFriendNotices(new Set(inc.requests.map((r) => r.playerId)));
      app.dataset.friends = String(list.friends.length);
      app.dataset.loaded = String(Number(app.dataset.loaded ?? "0") + 1);
      app.dataset.at = location.hash;
    } catch (err) {
      if (main.isConnected) showError(requestsCard, err);
    } finally {
      drawing = false;
    }
  };
  const onNotice = () => void draw();
  window.addEventListener("fiveup:friends", onNotice);
  const timer = window.setInterval(() => void draw(), REFRESH_MS);
  setLive({ stop: () => { window.clearInterval(timer); window.removeEventListener("fiveup:friends", onNotice); } });
  app.dataset.loaded = "0";
  void draw();
}

/** The friend control of another player's profile: "Add friend", "Request sent" (withdraw),
 *  "Accept their request", or "Friends"; nothing for a visitor or on one's own profile. */
export function friendButton(clients: Clients, playerId: string, name: string): HTMLElement | null {
  const me = currentSession()?.playerId;
  if (!me || me === playerId) return null;
  const box = el("p", { class: "friend-control", "data-friend": "unknown" });
  const status = el("span", { class: "visually-hidden", role: "status", "aria-live": "polite" });
  const draw = (state: FriendState) => {
    box.replaceChildren(status);
    const button = (key: Key, what: string, call: (token: string | null) => Promise<{ state?: FriendState }>) => {
      const b = el("button", { type: "button", class: key === "addFriend" || key === "accept" ? "primary" : "ghost", "data-action": what, text: t(key) });
      b.addEventListener("click", async () => {
        b.disabled = true;
        try {
          const answer = await withSession(clients, call);
          const next = answer.state ?? FriendState.NONE;
          status.textContent = t(next === FriendState.FRIENDS ? "nowFriends" : next === FriendState.REQUEST_SENT ? "requestSentTo" : "requestGone", { name });
          draw(next);
        } catch (err) {
          b.disabled = false;
          showError(box, err);
        }
      });
      box.append(" ", b);
    };
    box.dataset.friend = { [FriendState.FRIENDS]: "friends", [FriendState.REQUEST_SENT]: "sent", [FriendState.REQUEST_RECEIVED]: "received" }[state as number] ?? "none";
    if (state === FriendState.FRIENDS) {
      box.append(el("span", { class: "badge", text: t("friendBadge") }), " ", el("a", { href: "#/friends", text: t("openFriends") }));
    } else if (state === FriendState.REQUEST_SENT) {
      box.append(el("span", { class: "note", text: t("requestPending") }));
      button("withdraw", "withdraw", async (token) => {
        await clients.friends.removeFriend({ playerId }, withToken(token));
        return { state: FriendState.NONE };
      });
    } else if (state === FriendState.REQUEST_RECEIVED) {
      button("accept", "accept", (token) => clients.friends.respondToFriendRequest({ playerId, accept: true }, withToken(token)));
    } else {
      button("addFriend", "add-friend", (token) => clients.friends.sendFriendRequest({ playerId }, withToken(token)));
    }
  };
  void (async () => {
    try {
      const [list, inc, out] = await withSession(clients, (token) => Promise.all([
        clients.friends.listFriends({}, withToken(token)),
        clients.friends.listFriendRequests({ outgoing: false }, withToken(token)),
        clients.friends.listFriendRequests({ outgoing: true }, withToken(token)),
      ]));
      const has = (xs: { playerId: string }[]) => xs.some((x) => x.playerId === playerId);
      draw(has(list.friends) ? FriendState.FRIENDS : has(inc.requests) ? FriendState.REQUEST_RECEIVED
        : has(out.requests) ? FriendState.REQUEST_SENT : FriendState.NONE);
    } catch (err) {
      showError(box, err);
    }
  })();
  return box;
}
