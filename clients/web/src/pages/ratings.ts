// The leaderboard and the profile pages, on RatingsService (docs/ratings.md):
//   #/leaderboard/<2|3|4>/<all|30d>[/<page size>]   a category's board, a page at a time
//   #/player/<player id>                             a player's figures, rating and matches
//   #/me                                             the same for the signed-in player
import {
  LeaderboardWindow, MatchMode, RatingCategory, createFiveUpClients, errorReason, withToken,
  type CategoryStats, type GetLeaderboardResponse, type PlayerMatch, type Rating, type RatingPoint,
} from "@fiveup/sdk";
import { ratingChange, shownRating } from "../app/rating.js";
import { friendButton } from "./friends.js";
import { el } from "../dom.js";
import { type Key, countText, lang, reasonText, t } from "../i18n.js";
import { currentSession, signInAsGuest, signInRefused, signOut, withSession } from "../session.js";

type Clients = ReturnType<typeof createFiveUpClients>;

/** The categories as the URL names them, in the order the tabs show them. */
const CATEGORIES: readonly { slug: string; value: RatingCategory; key: Key }[] = [
  { slug: "2", value: RatingCategory.TWO_PLAYERS, key: "catTwo" },
  { slug: "3", value: RatingCategory.THREE_PLAYERS, key: "catThree" },
  { slug: "4", value: RatingCategory.FOUR_PARTNERSHIPS, key: "catFour" },
];
const WINDOWS: readonly { slug: string; value: LeaderboardWindow; key: Key }[] = [
  { slug: "all", value: LeaderboardWindow.ALL_TIME, key: "windowAll" },
  { slug: "30d", value: LeaderboardWindow.LAST_30_DAYS, key: "window30" },
];
const MODES: readonly { slug: string; value: MatchMode; key: Key }[] = [
  { slug: "rated", value: MatchMode.RATED, key: "modeRated" },
  { slug: "casual", value: MatchMode.CASUAL, key: "modeCasual" },
  { slug: "practice", value: MatchMode.PRACTICE, key: "modePractice" },
];
const PAGE_SIZE = 20;
const MATCHES_PAGE = 10;

const categoryKey = (value: RatingCategory): Key => CATEGORIES.find((c) => c.value === value)?.key ?? "catTwo";
const fixed = (x: number, digits: number) => x.toFixed(digits);
const percent = (x: number) => `${Math.round(x * 100)}%`;
const when = (seconds: bigint | undefined) => new Date(Number(seconds ?? 0n) * 1000).toLocaleString(
  lang() === "hi" ? "hi-IN" : "en-GB", { dateStyle: "medium", timeStyle: "short" },
);

/** Marks one more answer drawn on this page (which page: `at`, the route it drew). */
function loadedOnce(app: HTMLElement): void {
  app.dataset.at = location.hash;
  app.dataset.loaded = String(Number(app.dataset.loaded ?? "0") + 1);
}

function problem(host: HTMLElement, err: unknown): void {
  const reason = errorReason(err);
  host.append(el("p", { class: "error", role: "alert", "data-reason": reason, text: reasonText(reason) }));
  document.getElementById("app")!.dataset.error = reason;
}

function ratingText(rating: Rating): HTMLElement {
  return el("span", {
    class: rating.provisional ? "rating provisional" : "rating", "data-provisional": String(rating.provisional),
    title: t("ratingDetail", { dev: rating.displayDeviation, mu: fixed(rating.mu, 2), sigma: fixed(rating.sigma, 2) }),
    text: shownRating(rating),
  });
}

// ------------------------------------------------------------------ the leaderboard

export function leaderboardPage(main: HTMLElement, clients: Clients, params: string[]): void {
  const category = CATEGORIES.find((c) => c.slug === params[0]) ?? CATEGORIES[0];
  const period = WINDOWS.find((w) => w.slug === params[1]) ?? WINDOWS[0];
  const size = Math.min(100, Math.max(1, Number(params[2]) || PAGE_SIZE));
  const tail = params[2] ? `/${size}` : "";
  main.className = "boards";
  const tabs = (items: readonly { slug: string; key: Key }[], chosen: string, href: (slug: string) => string, label: Key) => {
    const nav = el("nav", { class: "tabs", "aria-label": t(label) });
    for (const item of items) {
      const a = el("a", { href: href(item.slug), class: item.slug === chosen ? "tab chosen" : "tab", text: t(item.key), "data-slug": item.slug });
      if (item.slug === chosen) a.setAttribute("aria-current", "page");
      nav.append(a);
    }
    return nav;
  };
  const note = el("p", { class: "note" });
  const table = el("table", { class: "board-table" });
  const pager = el("div", { class: "pager" });
  const card = el("section", { class: "card", "aria-labelledby": "board-title" },
    el("h2", { id: "board-title", text: t("leaderboard") }),
    tabs(CATEGORIES, category.slug, (s) => `#/leaderboard/${s}/${period.slug}${tail}`, "categoryLabel"),
    tabs(WINDOWS, period.slug, (s) => `#/leaderboard/${category.slug}/${s}${tail}`, "windowLabel"),
    note, el("div", { class: "table-wrap" }, table), pager);
  main.append(card);
  const app = document.getElementById("app")!;
  app.dataset.page = "leaderboard";

  const me = currentSession()?.playerId;
  const show = async (pageToken: string, around: string) => {
    let answer: GetLeaderboardResponse;
    try {
      answer = await clients.ratings.getLeaderboard({
        category: category.value, window: period.value, pageSize: size, pageToken, aroundPlayerId: around,
      });
    } catch (err) {
      if (!card.isConnected) return; // the reader has gone to another page meanwhile
      card.querySelector(".error")?.remove();
      problem(card, err);
      return;
    }
    if (!card.isConnected) return;
    card.querySelector(".error")?.remove();
    delete app.dataset.error;
    note.textContent = `${t("boardRule", { dev: answer.settledDeviation, days: answer.activeDays })} ${t("onBoard", { n: answer.totalPlayers })}`;
    table.replaceChildren();
    card.querySelector(".standing-note")?.remove();
    // Find me while off the board: the place the rating would hold, marked (a "?" row)
    const standing = answer.standing && !answer.standing.ranked ? answer.standing : undefined;
    if (standing) {
      const key: Key = standing.provisional ? "standingProvisional" : "standingInactive";
      note.after(el("p", { class: "standing-note", "data-standing": standing.provisional ? "provisional" : "inactive", text: t(key, { n: standing.entry!.rank }) }));
    }
    if (answer.entries.length === 0 && !standing) {
      table.append(el("caption", { text: t("boardEmpty") }));
    } else {
      const head = el("tr", {});
      for (const key of ["rank", "player", "rating", "matchesCol", "winsCol", "winRateCol"] as const) {
        head.append(el("th", { scope: "col", class: key === "player" ? "" : "num", text: t(key) }));
      }
      table.append(el("thead", {}, head));
      const body = el("tbody", {});
      const rows = answer.entries.map((entry) => ({ entry, off: false }));
      if (standing) {
        // before the first row ranked at or below its place (its place is one past those above)
        const at = rows.findIndex((r) => r.entry.rank >= standing.entry!.rank);
        rows.splice(at < 0 ? rows.length : at, 0, { entry: standing.entry!, off: true });
      }
      for (const { entry, off } of rows) {
        const name = el("a", { href: `#/player/${encodeURIComponent(entry.playerId)}`, text: entry.displayName });
        const who = el("td", {}, name);
        if (entry.playerId === me) who.append(el("span", { class: "you-badge", text: t("you") }));
        const classes = [entry.playerId === me ? "me" : "", off ? "off-board" : ""].filter(Boolean).join(" ");
        body.append(el("tr", { class: classes, "data-player": entry.playerId, "data-rank": String(entry.rank), ...(off ? { "data-off-board": "true" } : {}) },
          el("td", { class: "num", text: off ? `${entry.rank}?` : String(entry.rank) }), who,
          el("td", { class: "num" }, ratingText(entry.rating!)),
          el("td", { class: "num", text: String(entry.matches) }),
          el("td", { class: "num", text: String(entry.wins) }),
          el("td", { class: "num", text: entry.matches ? percent(entry.wins / entry.matches) : "–" })));
      }
      table.append(body);
    }
    pager.replaceChildren();
    const button = (key: Key, action: string, go: () => void, enabled: boolean) => {
      const b = el("button", { type: "button", "data-action": action, text: t(key) });
      b.disabled = !enabled;
      b.addEventListener("click", go);
      pager.append(b);
    };
    button("betterRanks", "previous", () => void show(answer.previousPageToken, ""), answer.previousPageToken !== "");
    button("worseRanks", "next", () => void show(answer.nextPageToken, ""), answer.nextPageToken !== "");
    if (me) button("findMe", "around-me", () => void show("", me), true);
    app.dataset.rows = String(answer.entries.length);
    loadedOnce(app);
  };
  app.dataset.loaded = "0";
  void show("", "");
}

// ------------------------------------------------------------------ the profile

export function profilePage(main: HTMLElement, clients: Clients, playerId: string | null, reload: () => void): void {
  main.className = "profile";
  const app = document.getElementById("app")!;
  app.dataset.page = "profile";
  const session = currentSession();
  if (playerId === null && !session) {
    main.append(signInCard(clients, reload));
    app.dataset.loaded = "signin";
    return;
  }
  void fillProfile(main, clients, playerId, session?.playerId ?? null, reload);
}

/** The sign-in form; `refusal`: why the stored session no longer works, shown inside the
 *  form (never instead of it), with a way to sign out when a session is still stored. */
export function signInCard(clients: Clients, done: () => void, refusal?: unknown): HTMLElement {
  const name = el("input", { type: "text", id: "guest-name", maxlength: "32", autocomplete: "nickname" });
  const submit = el("button", { type: "submit", class: "primary", text: t("signInGuest") });
  const form = el("form", { class: "card", "aria-labelledby": "signin-title" },
    el("h2", { id: "signin-title", text: t("signInTitle") }),
    el("p", { text: t("signInHint") }),
    el("label", { for: "guest-name", text: t("displayName") }), name, submit);
  if (refusal !== undefined) problem(form, refusal);
  if (currentSession()) form.append(signOutButton(clients, done));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      await signInAsGuest(clients, name.value.trim());
      done();
    } catch (err) {
      form.querySelector(".error")?.remove();
      problem(form, err);
      submit.disabled = false;
    }
  });
  return form;
}

function signOutButton(clients: Clients, done: () => void): HTMLElement {
  const out = el("button", { type: "button", class: "ghost", "data-action": "sign-out", text: t("signOut") });
  out.addEventListener("click", () => void signOut(clients).then(done));
  return out;
}

const NOBODY = new Error("nobody is signed in");

async function fillProfile(
  main: HTMLElement, clients: Clients, playerId: string | null, me: string | null, reload: () => void,
): Promise<void> {
  const app = document.getElementById("app")!;
  let access: string | null = null;
  let stats;
  try {
    // #/me asks as the signed-in player; a refused session is renewed once (session.ts).
    stats = await withSession(clients, (token) => {
      if (playerId === null && token === null) throw NOBODY;
      access = playerId === null ? token : null;
      // my own page (#/me) shows my practice too; nobody else's ever does (finding 5)
      return clients.ratings.getPlayerStats({ playerId: playerId ?? "", historyLimit: 50, includePractice: playerId === null }, withToken(access));
    });
  } catch (err) {
    if (!main.isConnected) return;
    if (playerId === null && (err === NOBODY || signInRefused(err))) {
      // the session is gone and could not be renewed: the form, with why inside it
      main.append(signInCard(clients, reload, err === NOBODY ? undefined : err));
      const nav = document.querySelector<HTMLElement>("[data-nav=me]");
      if (nav && !currentSession()) nav.textContent = t("signIn"); // the header drawn before
      app.dataset.loaded = "signin";
    } else {
      problem(main, err);
      if (playerId === null && currentSession()) main.append(el("p", { class: "account" }, signOutButton(clients, reload)));
    }
    return;
  }
  const options = withToken(access);
  if (!main.isConnected) return; // the reader has gone to another page meanwhile
  const mine = stats.playerId === me;
  app.dataset.player = stats.playerId;
  const title = el("h2", { text: stats.displayName });
  main.append(title);
  if (mine) {
    title.append(el("span", { class: "you-badge", text: t("you") }));
    main.append(el("p", { class: "account" }, el("span", { class: "note", text: t("guestNote") }), signOutButton(clients, reload)));
  } else {
    const friend = friendButton(clients, stats.playerId, stats.displayName);
    if (friend) main.append(friend);
  }
  // no figures yet: the recent matches' card below says so, once
  const cards = el("div", { class: "cat-cards" });
  for (const figures of stats.categories) cards.append(categoryCard(figures));
  main.append(cards);

  const recent = el("section", { class: "card recent", "aria-labelledby": "recent-title" }, el("h3", { id: "recent-title", text: t("recentMatches") }));
  const table = el("table", { class: "matches-table" });
  const head = el("tr", {});
  for (const key of ["endedCol", "categoryCol", "resultCol", "pointsCol", "deductedCol", "roundsCol", "ratingChangeCol", "recordCol"] as const) {
    const numeric = key === "pointsCol" || key === "deductedCol" || key === "roundsCol" || key === "ratingChangeCol";
    head.append(el("th", { scope: "col", class: numeric ? "num" : "", text: t(key) }));
  }
  const body = el("tbody", {});
  table.append(el("thead", {}, head), body);
  const more = el("button", { type: "button", "data-action": "more", text: t("moreMatches") });
  recent.append(table, more);
  main.append(recent);
  let token = "";
  const next = async () => {
    more.disabled = true;
    try {
      const page = await clients.ratings.listPlayerMatches({ playerId: stats.playerId, pageSize: MATCHES_PAGE, pageToken: token, includePractice: playerId === null }, options);
      if (!main.isConnected) return;
      for (const match of page.matches) body.append(matchRow(match));
      token = page.nextPageToken;
    } catch (err) {
      if (!main.isConnected) return;
      problem(recent, err);
    }
    more.hidden = token === "";
    more.disabled = false;
    if (!body.childElementCount) recent.append(el("p", { class: "note", text: t("noMatchesYet") }));
    app.dataset.matchRows = String(body.childElementCount);
    loadedOnce(app);
  };
  more.addEventListener("click", () => void next());
  app.dataset.loaded = "0";
  await next();
}

function categoryCard(figures: CategoryStats): HTMLElement {
  const card = el("section", { class: "card cat-card", "data-category": String(figures.category) });
  const title = el("h3", { text: t(categoryKey(figures.category)) });
  if (figures.rating && figures.provisional) {
    title.append(el("span", { class: "badge provisional", text: t("provisional") }));
  } else if (figures.rank !== undefined) {
    title.append(el("span", { class: "badge rank", text: t("rankBadge", { n: figures.rank }) }));
  } else if (figures.rating && figures.inactive) {
    title.append(el("span", { class: "badge inactive", text: t("inactiveBadge", { days: 30 }) }));
  }
  if (figures.rank === undefined && figures.place !== undefined) {
    title.append(el("span", { class: "badge place", text: t("placeBadge", { n: `${figures.place}?` }) }));
  }
  card.append(title);
  if (figures.rating) {
    card.append(el("p", { class: "big-rating" },
      el("span", { class: "label", text: t("rating") }), ratingText(figures.rating),
      el("span", { class: "detail", text: t("ratingDetail", { dev: figures.rating.displayDeviation, mu: fixed(figures.rating.mu, 2), sigma: fixed(figures.rating.sigma, 2) }) })));
    if (figures.history.length) card.append(historyChart(figures.history));
  } else {
    card.append(el("p", { class: "note", text: t("unratedOnly") }));
  }
  const interval = figures.winRateInterval!;
  const rows: [string, Key, string][] = [
    ["matches", "statMatches", String(figures.matches)],
    ["wins", "statWins", String(figures.wins)],
    ["win-rate", "statWinRate", t("winRateValue", { rate: percent(figures.winRate), lo: percent(interval.lower), hi: percent(interval.upper) })],
    ["points-per-round", "statPointsPerRound", fixed(figures.pointsPerRound, 2)],
    ["deduction-per-round", "statDeductionPerRound", fixed(figures.deductionPerRound, 2)],
    ["blocked-rounds", "statBlocked", String(figures.blockedRounds)],
    ["best-placement", "statBest", String(figures.bestPlacementPoints)],
    ["rated-matches", "statRated", String(figures.ratedMatches)],
  ];
  const list = el("dl", { class: "stats" });
  for (const [name, key, value] of rows) list.append(el("dt", { text: t(key) }), el("dd", { "data-stat": name, text: value }));
  card.append(list);
  // rated, casual and practice apart, each with its own interval
  const modes = el("dl", { class: "stats modes", "aria-label": t("byMode") });
  for (const m of figures.modes) {
    const mode = MODES.find((x) => x.value === m.mode);
    if (!mode) continue;
    const interval = m.winRateInterval!;
    const rate = t("winRateValue", { rate: percent(m.winRate), lo: percent(interval.lower), hi: percent(interval.upper) });
    modes.append(el("dt", { text: t(mode.key) }),
      el("dd", { "data-mode": mode.slug, text: countText(m.matches, "modeFiguresOne", "modeFigures", { w: m.wins, rate }) }));
  }
  card.append(el("h4", { text: t("byMode") }), modes);
  return card;
}

/** The displayed rating after each rated match, oldest first, as a line. */
function historyChart(points: RatingPoint[]): SVGSVGElement {
  const NS = "http://www.w3.org/2000/svg";
  const w = 380; // about a card's width: drawn at its own aspect (height: auto), not letterboxed
  const h = 70;
  const pad = 6;
  const values = points.map((p) => p.rating!.displayRating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i: number) => pad + (values.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (values.length - 1));
  const y = (v: number) => (hi === lo ? h / 2 : h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo));
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "history");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", countText(values.length, "historyLabelOne", "historyLabel", { from: shownRating(points[0].rating!), to: shownRating(points[points.length - 1].rating!) }));
  const line = document.createElementNS(NS, "polyline");
  line.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  svg.append(line);
  values.forEach((v, i) => {
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("cx", x(i).toFixed(1));
    dot.setAttribute("cy", y(v).toFixed(1));
    dot.setAttribute("r", "3");
    svg.append(dot);
  });
  return svg;
}

function matchRow(match: PlayerMatch): HTMLElement {
  const result = match.won ? t("won") : t("lost");
  let change = match.mode === MatchMode.PRACTICE ? t("practiceMatch") : t("unrated");
  if (match.rated && match.ratingBefore && match.ratingAfter) {
    change = `${ratingChange(match.ratingBefore, match.ratingAfter)} → ${shownRating(match.ratingAfter)}`;
  }
  const mode = MODES.find((x) => x.value === match.mode)?.slug ?? "";
  return el("tr", { "data-match": match.matchId, "data-mode": mode, class: match.won ? "won" : "lost" },
    el("td", { text: when(match.endedAt?.seconds) }),
    el("td", { text: t(categoryKey(match.category)) }),
    el("td", { text: `${result} · ${t("placeValue", { n: match.placement })}` }),
    el("td", { class: "num", text: String(match.points) }),
    el("td", { class: "num", text: String(match.deducted) }),
    el("td", { class: "num", text: String(match.rounds) }),
    el("td", { class: "num", "data-rated": String(match.rated), text: change }),
    el("td", {}, el("a", { href: `#/watch/${encodeURIComponent(match.matchId)}`, text: t("openMatch") })));
}
