// The season boards and the league, on SeasonService (docs/seasons.md):
//   #/seasons[/<season id>]   a season's board, a page at a time (the current weekly one
//                             first), my row marked; the current seasons as tabs and the
//                             archived ones listed under it
//   #/league                  my league: tier, my group's table with its promotion and
//                             relegation zones, when the season ends, and my league history
import {
  LeagueChangeKind, LeagueTier, LeagueZone, SeasonKind, type GetSeasonBoardResponse, type Season, type SeasonRow,
  withToken,
} from "@fiveup/sdk";
import type { Clients } from "../app/api.js";
import { showError } from "../app/shell.js";
import { el } from "../dom.js";
import { type Key, lang, t } from "../i18n.js";
import { currentSession, withSession } from "../session.js";

const PAGE_SIZE = 20;
const TIERS: Record<number, Key> = {
  [LeagueTier.BRONZE]: "tierBronze", [LeagueTier.SILVER]: "tierSilver", [LeagueTier.GOLD]: "tierGold",
  [LeagueTier.PLATINUM]: "tierPlatinum", [LeagueTier.DIAMOND]: "tierDiamond",
};
const ZONES: Record<number, { slug: string; key: Key }> = {
  [LeagueZone.PROMOTION]: { slug: "promotion", key: "zonePromotion" },
  [LeagueZone.SAFE]: { slug: "safe", key: "zoneSafe" },
  [LeagueZone.RELEGATION]: { slug: "relegation", key: "zoneRelegation" },
};
const CHANGES: Record<number, Key> = {
  [LeagueChangeKind.PROMOTED]: "changePromoted", [LeagueChangeKind.RELEGATED]: "changeRelegated", [LeagueChangeKind.STAYED]: "changeStayed",
};
const KINDS: Record<number, Key> = { [SeasonKind.WEEKLY]: "seasonWeekly", [SeasonKind.MONTHLY]: "seasonMonthly", [SeasonKind.NAMED]: "seasonNamed" };

const dateText = (seconds: bigint | undefined) => new Date(Number(seconds ?? 0n) * 1000).toLocaleString(
  lang() === "hi" ? "hi-IN" : "en-GB", { dateStyle: "medium", timeStyle: "short" },
);
const tierText = (tier: LeagueTier) => t(TIERS[tier] ?? "tierBronze");

function loadedOnce(app: HTMLElement): void {
  app.dataset.at = location.hash;
  app.dataset.loaded = String(Number(app.dataset.loaded ?? "0") + 1);
}

function seasonNav(active: string): HTMLElement {
  const nav = el("nav", { class: "tabs", "aria-label": t("seasonsNav") });
  for (const [href, key, slug] of [["#/seasons", "seasonBoards", "seasons"], ["#/league", "leagueTitle", "league"]] as const) {
    const a = el("a", { href, class: slug === active ? "tab chosen" : "tab", text: t(key), "data-slug": slug });
    if (slug === active) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  return nav;
}

const rowCells = (row: SeasonRow, me: string | undefined, extra: HTMLElement[] = []) => {
  const who = el("td", {}, el("a", { href: `#/player/${encodeURIComponent(row.playerId)}`, text: row.displayName }));
  if (row.playerId === me) who.append(el("span", { class: "you-badge", text: t("you") }));
  return [el("td", { class: "num", text: String(row.rank) }), who,
    el("td", { class: "num", text: String(row.points) }), el("td", { class: "num", text: String(row.wins) }),
    el("td", { class: "num", text: String(row.matches) }), ...extra];
};
const headRow = (extra: Key[] = []) => {
  const head = el("tr", {});
  for (const key of ["rank", "player", "seasonPoints", "winsCol", "matchesCol", ...extra] as Key[]) {
    head.append(el("th", { scope: "col", class: key === "player" || key === "zoneCol" ? "" : "num", text: t(key) }));
  }
  return el("thead", {}, head);
};

// ------------------------------------------------------------------ season boards

export function seasonsPage(main: HTMLElement, clients: Clients, params: string[]): void {
  main.className = "boards seasons";
  const app = document.getElementById("app")!;
  app.dataset.page = "seasons";
  const card = el("section", { class: "card", "aria-labelledby": "season-title" });
  const title = el("h2", { id: "season-title", text: t("seasonBoards") });
  const tabs = el("nav", { class: "tabs", "aria-label": t("currentSeasons") });
  const note = el("p", { class: "note" });
  const table = el("table", { class: "board-table season-table" });
  const pager = el("div", { class: "pager" });
  const past = el("ul", { class: "past-seasons" });
  card.append(title, seasonNav("seasons"), tabs, note, el("div", { class: "table-wrap" }, table), pager);
  const archive = el("section", { class: "card", "aria-labelledby": "past-title" }, el("h3", { id: "past-title", text: t("pastSeasons") }), past);
  main.append(card, archive);
  const me = currentSession()?.playerId;
  const tokens: string[] = [""]; // the page tokens of the pages seen, for "back"
  let seasonId = params[0] ?? "";

  const show = async (at: number) => {
    let answer: GetSeasonBoardResponse;
    try {
      answer = await withSession(clients, (token) => clients.seasons.getSeasonBoard({ seasonId, pageSize: PAGE_SIZE, pageToken: tokens[at] }, withToken(token)));
    } catch (err) {
      if (card.isConnected) showError(card, err);
      return;
    }
    if (!card.isConnected) return;
    card.querySelector(".error")?.remove();
    const season = answer.season!;
    title.textContent = `${t("seasonBoards")}: ${season.name}`;
    note.textContent = t(season.state === 1 ? "seasonEnds" : "seasonEnded", { when: dateText(season.endsAt?.seconds), n: answer.totalPlayers });
    table.replaceChildren();
    if (!answer.rows.length) table.append(el("caption", { text: t("seasonEmpty") }));
    else {
      const body = el("tbody", {});
      for (const row of answer.rows) {
        body.append(el("tr", { class: row.playerId === me ? "me" : "", "data-player": row.playerId, "data-rank": String(row.rank) }, ...rowCells(row, me)));
      }
      table.append(headRow(), body);
    }
    card.querySelector(".my-row")?.remove();
    const mine = answer.myRow;
    if (mine && mine.rank > 0 && !answer.rows.some((r) => r.playerId === mine.playerId)) {
      pager.before(el("p", { class: "my-row note", "data-rank": String(mine.rank), text: t("yourSeasonPlace", { n: mine.rank, points: mine.points }) }));
    }
    pager.replaceChildren();
    const button = (key: Key, action: string, go: () => void, enabled: boolean) => {
      const b = el("button", { type: "button", "data-action": action, text: t(key) });
      b.disabled = !enabled;
      b.addEventListener("click", go);
      pager.append(b);
    };
    tokens.length = at + 1;
    if (answer.nextPageToken) tokens.push(answer.nextPageToken);
    button("betterRanks", "previous", () => void show(at - 1), at > 0);
    button("worseRanks", "next", () => void show(at + 1), answer.nextPageToken !== "");
    app.dataset.season = season.seasonId;
    app.dataset.rows = String(answer.rows.length);
    loadedOnce(app);
  };

  app.dataset.loaded = "0";
  void (async () => {
    try {
      const list = await clients.seasons.listSeasons({ pageSize: 20 });
      if (!card.isConnected) return;
      const current = list.current;
      if (!seasonId) seasonId = (current.find((s) => s.kind === SeasonKind.WEEKLY) ?? current[0])?.seasonId ?? "";
      const tab = (s: Season) => {
        const a = el("a", { href: `#/seasons/${encodeURIComponent(s.seasonId)}`, class: s.seasonId === seasonId ? "tab chosen" : "tab", "data-slug": s.seasonId, text: t(KINDS[s.kind] ?? "seasonNamed") });
        if (s.seasonId === seasonId) a.setAttribute("aria-current", "page");
        return a;
      };
      tabs.replaceChildren(...current.map(tab));
      past.replaceChildren(...(list.archived.length ? list.archived.map((s) => el("li", {},
        el("a", { href: `#/seasons/${encodeURIComponent(s.seasonId)}`, text: s.name }), " ",
        el("span", { class: "note", text: t("seasonPlayers", { n: s.players, when: dateText(s.endsAt?.seconds) }) })))
        : [el("li", { class: "note", text: t("noPastSeasons") })]));
    } catch (err) {
      showError(card, err);
    }
    if (seasonId) await show(0);
    else {
      table.append(el("caption", { text: t("seasonEmpty") }));
      loadedOnce(app);
    }
  })();
}

// ------------------------------------------------------------------ the league

export function leaguePage(main: HTMLElement, clients: Clients): void {
  main.className = "boards league";
  const app = document.getElementById("app")!;
  app.dataset.page = "league";
  const card = el("section", { class: "card", "aria-labelledby": "league-title" },
    el("h2", { id: "league-title", text: t("leagueTitle") }), seasonNav("league"));
  main.append(card);
  if (!currentSession()) {
    card.append(el("p", {}, el("span", { text: t("leagueSignIn") }), " ", el("a", { href: "#/me", text: t("signIn") })));
    app.dataset.loaded = "signin";
    return;
  }
  const me = currentSession()?.playerId;
  app.dataset.loaded = "0";
  void (async () => {
    try {
      const [league, changes] = await withSession(clients, (token) => Promise.all([
        clients.seasons.getLeague({}, withToken(token)),
        clients.seasons.listLeagueChanges({ pageSize: 20 }, withToken(token)),
      ]));
      if (!card.isConnected) return;
      const season = league.season;
      app.dataset.tier = String(league.tier);
      app.dataset.joined = String(league.joined);
      card.append(el("p", { class: "tier", "data-tier": String(league.tier) },
        el("span", { class: "label", text: t("yourTier") }), " ", el("strong", { class: `badge tier-${league.tier}`, text: tierText(league.tier) })));
      if (season) card.append(el("p", { class: "note", text: t("leagueSeason", { name: season.name, when: dateText(season.endsAt?.seconds) }) }));
      if (!league.joined) card.append(el("p", { class: "note", "data-joined": "false", text: t("leagueNotJoined") }));
      else {
        app.dataset.group = league.groupId;
        const zones = [t("leagueRank", { rank: league.myRank, n: league.table.length }),
          league.promotionPlaces ? t("leagueUp", { up: league.promotionPlaces }) : t("leagueNoUp"),
          league.relegationPlaces ? t("leagueDown", { down: league.relegationPlaces }) : t("leagueNoDown")];
        card.append(el("p", { class: "note zones", text: zones.join(" ") }));
        const table = el("table", { class: "board-table league-table", "aria-label": t("leagueGroup") });
        const body = el("tbody", {});
        for (const entry of league.table) {
          const row = entry.row!;
          const zone = ZONES[entry.zone] ?? ZONES[LeagueZone.SAFE];
          const zoneCell = el("td", { text: t(zone.key) });
          if (entry.suspended) zoneCell.append(" ", el("span", { class: "note", text: t("suspended") }));
          body.append(el("tr", { class: [row.playerId === me ? "me" : "", `zone-${zone.slug}`].filter(Boolean).join(" "), "data-player": row.playerId, "data-rank": String(row.rank), "data-zone": zone.slug },
            ...rowCells(row, me, [zoneCell])));
        }
        table.append(headRow(["zoneCol"]), body);
        card.append(el("div", { class: "table-wrap" }, table));
      }
      const history = el("section", { class: "card", "aria-labelledby": "league-history-title" }, el("h3", { id: "league-history-title", text: t("leagueHistory") }));
      if (!changes.changes.length) history.append(el("p", { class: "note", text: t("noLeagueHistory") }));
      else {
        const list = el("ul", { class: "league-history" });
        for (const c of changes.changes) {
          list.append(el("li", { "data-kind": String(c.kind) }, el("strong", { text: c.seasonName }), " ",
            el("span", { text: t(CHANGES[c.kind] ?? "changeStayed", { from: tierText(c.fromTier), to: tierText(c.toTier), rank: c.rank, n: c.groupPlayers, points: c.points }) })));
        }
        history.append(list);
      }
      main.append(history);
    } catch (err) {
      if (card.isConnected) showError(card, err);
    }
    loadedOnce(app);
  })();
}
