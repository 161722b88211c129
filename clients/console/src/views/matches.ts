// Matches: live, ended or stuck ones, newest first, with filters (ListMatches: public
// facts, no reason asked), a page at a time ("More matches" appends the next page).
// The filters are in the address (#/matches?filter=stuck&player=…&rated=1).
import { MatchFilter, type AdminMatchSummary } from "@fiveup/sdk/admin";
import { call } from "../api.js";
import { el, heading, uid, type Child } from "../dom.js";
import { matchLink, matchStatus, number, playerLink, timeCell, yesNo } from "../format.js";
import { t, type Key } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";

const FILTERS: { value: string; filter: MatchFilter; key: Key }[] = [
  { value: "all", filter: MatchFilter.UNSPECIFIED, key: "filterAll" },
  { value: "live", filter: MatchFilter.LIVE, key: "filterLive" },
  { value: "ended", filter: MatchFilter.ENDED, key: "filterEnded" },
  { value: "stuck", filter: MatchFilter.STUCK, key: "filterStuck" },
];

export function matchRow(m: AdminMatchSummary): Child[] {
  const players = el("ul", { class: "plain" }, ...m.playerIds.map((id) => el("li", {}, id ? playerLink(id) : t("botOrEmpty"))));
  return [matchLink(m.matchId), matchStatus(m.status, m.voided), yesNo(m.rated), players, timeCell(m.createdAt), timeCell(m.lastEventAt), number(m.version)];
}

export const MATCH_COLUMNS = (): string[] => [t("colMatch"), t("colStatus"), t("colRated"), t("colPlayers"), t("colCreated"), t("colLastEvent"), t("colVersion")];

export function matchesView(params: URLSearchParams, focus: boolean): void {
  const host = view(t("navMatches"), focus);
  const chosen = FILTERS.find((f) => f.value === params.get("filter")) ?? FILTERS[1];
  const radios = el("fieldset", { class: "choices" }, el("legend", { text: t("matchesWhich") }));
  for (const f of FILTERS) {
    const id = uid("filter");
    const radio = el("input", { type: "radio", name: "filter", id, value: f.value });
    radio.checked = f === chosen;
    radios.append(el("span", { class: "choice" }, radio, el("label", { for: id, text: t(f.key) })));
  }
  const playerId = uid("player");
  const player = el("input", { id: playerId, name: "player", type: "text", value: params.get("player") ?? "", autocomplete: "off" });
  const ratedId = uid("rated");
  const rated = el("input", { id: ratedId, name: "rated", type: "checkbox" });
  rated.checked = params.get("rated") === "1";
  const form = el("form", { class: "card filters", "aria-label": t("filtersLabel") }, radios,
    el("div", { class: "row wrap" },
      el("span", { class: "field" }, el("label", { for: playerId, text: t("matchesPlayer") }), player),
      el("span", { class: "choice" }, rated, el("label", { for: ratedId, text: t("matchesRatedOnly") })),
      el("button", { type: "submit", class: "primary", text: t("show") })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams({ filter: (form.querySelector("input[name=filter]:checked") as HTMLInputElement).value });
    if (player.value.trim()) query.set("player", player.value.trim());
    if (rated.checked) query.set("rated", "1");
    location.hash = `#/matches?${query}`;
  });
  const results = el("div", { class: "results" });
  host.append(form, results);
  const rows: Child[][] = [];
  // `landAt`: after "More matches", the keyboard goes to the first new row's link
  const load = async (pageToken: string, landAt = -1): Promise<void> => {
    try {
      const page = await call((c, o) => c.listMatches({
        filter: chosen.filter, playerId: player.value.trim(), ratedOnly: rated.checked, limit: 50, pageToken,
      }, o));
      const first = rows.length;
      rows.push(...page.matches.map(matchRow));
      const title = heading(3, t("matchesShown", { n: rows.length, which: t(chosen.key) }), { id: "matches-title" });
      results.replaceChildren(title, dataTable(t("matchesCaption"), MATCH_COLUMNS(), rows, t("matchesNone")));
      if (page.nextPageToken) {
        const more = el("button", { type: "button", "data-action": "more", text: t("more") });
        more.addEventListener("click", () => void load(page.nextPageToken, first + page.matches.length));
        results.append(more);
      }
      if (landAt >= 0) results.querySelectorAll("tbody tr")[landAt]?.querySelector("a")?.focus();
      else if (focus && params.has("filter")) title.focus();
    } catch (err) {
      showError(results, err);
    }
  };
  void load("");
}
