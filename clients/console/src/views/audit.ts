// The audit log, newest first (ListAuditLog): who did what to what, when and why.  It
// has no way to edit or delete an entry, here or in the API.  Filters by operator,
// target and action are in the address (#/audit?target=…), a page at a time.
import type { AuditEntry } from "@fiveup/sdk/admin";
import { call } from "../api.js";
import { el, heading, uid, type Child } from "../dom.js";
import { code, timeCell } from "../format.js";
import { t } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";

const ACTIONS = [
  "GetPlayerProfile", "RevokePlayerSessions", "ImposeSanction", "LiftSanction", "ResetPlayerName",
  "InspectMatch", "EndMatch", "VoidResult", "ListReports", "GetReport", "ResolveReport",
  "ListIntegritySignals", "ResolveIntegritySignal",
];
const TARGET_ROUTES: Record<string, string> = { player: "players", match: "matches", report: "reports" };

function target(e: AuditEntry): Node {
  const route = TARGET_ROUTES[e.targetKind];
  const label = `${e.targetKind}${e.targetId ? ` ${e.targetId}` : ""}`;
  if (!route || !e.targetId) return el("span", { text: label || "—" });
  return el("a", { href: `#/${route}/${encodeURIComponent(e.targetId)}`, class: "id-link" }, `${e.targetKind} `, el("code", { class: "id", text: e.targetId }));
}

function details(json: string): Node {
  if (!json || json === "{}") return document.createTextNode("—");
  return el("code", { class: "details", text: json });
}

export function auditView(params: URLSearchParams, focus: boolean): void {
  const host = view(t("navAudit"), focus);
  const inputs: Record<string, HTMLInputElement> = {};
  const row = el("div", { class: "row wrap" });
  const listId = uid("actions");
  for (const [name, key] of [["operator", "auditOperator"], ["target", "auditTarget"], ["action", "auditAction"]] as const) {
    const id = uid(name);
    const input = el("input", { id, name, type: "text", value: params.get(name) ?? "", autocomplete: "off" });
    if (name === "action") input.setAttribute("list", listId);
    inputs[name] = input;
    row.append(el("span", { class: "field" }, el("label", { for: id, text: t(key) }), input));
  }
  row.append(el("button", { type: "submit", class: "primary", text: t("show") }));
  const form = el("form", { class: "card filters", "aria-label": t("filtersLabel") }, row,
    el("datalist", { id: listId }, ...ACTIONS.map((a) => el("option", { value: a }))));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, input] of Object.entries(inputs)) if (input.value.trim()) query.set(name, input.value.trim());
    query.set("at", String(Date.now())); // the same filters again still reads afresh
    location.hash = `#/audit?${query}`;
  });
  const list = el("div", { class: "results" });
  host.append(el("p", { class: "note", text: t("auditNote") }), form, list);
  const rows: Child[][] = [];
  const load = async (pageToken: string, landAt = -1): Promise<void> => {
    try {
      const page = await call((c, o) => c.listAuditLog({
        operatorId: params.get("operator") ?? "", targetId: params.get("target") ?? "", action: params.get("action") ?? "",
        limit: 50, pageToken,
      }, o));
      const first = rows.length;
      rows.push(...page.entries.map((e) => [timeCell(e.at), code(e.operatorId), e.action, target(e), el("span", { class: "reason", text: e.reason || "—" }), details(e.detailsJson)]));
      const title = heading(3, t("auditShown", { n: rows.length }), { id: "audit-title" });
      list.replaceChildren(title, dataTable(t("auditCaption"),
        [t("colWhen"), t("colOperator"), t("colAction"), t("colTarget"), t("colWhy"), t("colDetails")], rows, t("auditNone"), { "data-list": "audit" }));
      if (page.nextPageToken) {
        const more = el("button", { type: "button", "data-action": "more", text: t("older") });
        more.addEventListener("click", () => void load(page.nextPageToken, first + page.entries.length));
        list.append(more);
      }
      const landing = landAt >= 0 ? list.querySelectorAll("tbody tr")[landAt]?.querySelector("td") : null;
      if (landing) {
        landing.tabIndex = -1; // the first new entry, for the keyboard after "Older entries"
        landing.focus();
      } else if (focus && params.has("at")) title.focus();
    } catch (err) {
      showError(list, err);
    }
  };
  void load("");
}
