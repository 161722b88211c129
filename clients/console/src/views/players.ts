// Players: find by id or by part of a name (FindPlayers: public facts, no reason asked).
// The query is in the address (#/players?q=…), so Back returns to the same results.
import type { AdminPlayerSummary } from "@fiveup/sdk/admin";
import { call } from "../api.js";
import { el, heading, uid } from "../dom.js";
import { code, playerLink, sanctionKind, timeCell, yesNo } from "../format.js";
import { t } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";

export function sanctionBadges(player: AdminPlayerSummary): Node {
  if (player.activeSanctions.length === 0) return document.createTextNode("—");
  return el("ul", { class: "badges" }, ...player.activeSanctions.map((s) => el("li", { class: "badge bad", text: sanctionKind(s.kind) })));
}

export function playersView(params: URLSearchParams, focus: boolean): void {
  const host = view(t("navPlayers"), focus);
  const query = params.get("q") ?? "";
  const id = uid("query");
  const input = el("input", { id, name: "q", type: "search", required: "", minlength: "2", value: query, autocomplete: "off" });
  const form = el("form", { class: "card search", role: "search", "aria-label": t("playersSearch") },
    el("label", { for: id, text: t("playersQuery") }),
    el("div", { class: "row" }, input, el("button", { type: "submit", class: "primary", text: t("search") })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const q = input.value.trim();
    if (q.length < 2) return void input.focus();
    location.hash = `#/players?${new URLSearchParams({ q })}`;
  });
  const results = el("div", { class: "results" });
  host.append(form, results);
  if (query.length < 2) return;
  void (async () => {
    try {
      const found = await call((c, o) => c.findPlayers({ query, limit: 50 }, o));
      const title = heading(3, t("playersFound", { n: found.players.length, query }), { id: "results-title" });
      results.replaceChildren(title, dataTable(t("playersFoundCaption"),
        [t("colName"), t("colPlayerId"), t("colGuest"), t("colLastSeen"), t("colSanctions")],
        found.players.map((p) => [playerLink(p.playerId, p.displayName), code(p.playerId), yesNo(p.guest), timeCell(p.lastSeenAt), sanctionBadges(p)]),
        t("playersNone")));
      if (focus) title.focus();
    } catch (err) {
      showError(results, err);
    }
  })();
}
