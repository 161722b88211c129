// Five Up in the browser: create a match, share links, join a seat or watch, and play
// over gRPC-Web through the Envoy gateway, with the generated SDK (@fiveup/sdk).
// This file boots the app (where the gateway is, the language) and routes; the pages are
// in pages/, the table in table/ (see ../README.md for where each part lives).
//
// Routes (in the URL's fragment, so a static server is enough):
//   #/                        the start page (create a match, open a link)
//   #/share/<match>           the invitation links of a match just created
//   #/join/<match>/<seat>     take that seat (JoinMatch), then play
//   #/play/<match>            the table, as the seat this tab holds
//   #/watch/<match>           the table as a spectator
//   #/leaderboard/…, #/player/<id>, #/me   ratings pages (pages/ratings.ts)
//   #/tournaments/…, #/tournament/<id>     the schedule and a tournament (pages/tournaments.ts)
//   #/friends/…               friends, requests, presence, the friends' board (pages/friends.ts)
//   #/seasons/…, #/league     season boards and the league (pages/seasons.ts)
// A seat token lives only in this tab's sessionStorage, never in a URL.  A signed-in
// player (session.ts) joins with their access token instead: the seat is bound to them
// (their matches count in their statistics, and rated matches in their rating).
import { setLang } from "./i18n.js";
import { api, setGateway } from "./app/api.js";
import { app, onRedraw, page, setLive } from "./app/shell.js";
import { el } from "./dom.js";
import { joinPage } from "./pages/join.js";
import { leaderboardPage, profilePage } from "./pages/ratings.js";
import { friendsPage } from "./pages/friends.js";
import { leaguePage, seasonsPage } from "./pages/seasons.js";
import { keepPresence } from "./app/presence.js";
import { sharePage } from "./pages/share.js";
import { startPage } from "./pages/start.js";
import { keepFollowing, schedulePage, tournamentPage } from "./pages/tournaments.js";
import { loadSeat } from "./table/seat-store.js";

/** A ratings page under the header; the pages are in pages/ratings.ts. */
async function ratingsPage(fill: (main: HTMLElement, clients: Awaited<ReturnType<typeof api>>) => void): Promise<void> {
  setLive(null);
  const clients = await api();
  fill(page(el("main", {})), clients);
}

/** The table, loaded on first use (its own chunk: the landing page never needs it). */
async function openTable(matchId: string, play: boolean): Promise<void> {
  const hash = location.hash;
  const { Game } = await import("./table/game.js");
  if (location.hash !== hash) return; // the person went elsewhere meanwhile
  const game = new Game(matchId, play ? loadSeat(matchId) : null);
  setLive(game);
  void game.start();
}

function route(): void {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  for (const key of Object.keys(app.dataset)) delete app.dataset[key]; // each page sets its own
  const [name, matchId, extra] = parts;
  keepFollowing(parts); // a tournament's stream stays up on its page and at the tables
  if (name === "tournaments") return void ratingsPage((main, clients) => schedulePage(main, clients, parts.slice(1)));
  if (name === "tournament" && matchId) return void ratingsPage((main, clients) => tournamentPage(main, clients, matchId, route));
  if (name === "join" && matchId) return void joinPage(matchId, extra);
  if (name === "share" && matchId) return void sharePage(matchId);
  keepPresence(); // the signed-in player's live stream: online to their friends
  if (name === "friends") return void ratingsPage((main, clients) => friendsPage(main, clients, parts.slice(1)));
  if (name === "seasons") return void ratingsPage((main, clients) => seasonsPage(main, clients, parts.slice(1)));
  if (name === "league") return void ratingsPage((main, clients) => leaguePage(main, clients));
  if (name === "leaderboard") return void ratingsPage((main, clients) => leaderboardPage(main, clients, parts.slice(1)));
  if ((name === "player" && matchId) || name === "me") {
    return void ratingsPage((main, clients) => profilePage(main, clients, name === "me" ? null : matchId, route));
  }
  if ((name === "play" || name === "watch") && matchId) {
    void openTable(matchId, name === "play");
    return;
  }
  startPage();
}

async function boot(): Promise<void> {
  let gateway = location.origin;
  try {
    const config = (await (await fetch("config.json", { cache: "no-store" })).json()) as { gateway?: string };
    if (config.gateway) gateway = config.gateway;
  } catch {
    // no config.json: the gateway is this page's own origin (same-origin deployments)
  }
  setGateway(gateway);
  const saved = localStorage.getItem("fiveup:lang");
  setLang(saved === "hi" ? "hi" : "en");
  onRedraw(route);
  window.addEventListener("hashchange", route);
  route();
}

void boot();
