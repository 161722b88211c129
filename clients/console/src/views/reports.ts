// The chat report queue (ListReports: private -- the reported messages -- so it carries
// the case's reason): open reports oldest first, then resolved ones newest first.
import { call } from "../api.js";
import { caseBar } from "../case.js";
import { el, heading, uid } from "../dom.js";
import { t } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";
import { reportRows } from "./profile.js";

export function reportsView(params: URLSearchParams, focus: boolean): void {
  const host = view(t("navReports"), focus);
  const everyId = uid("every");
  const every = el("input", { id: everyId, name: "all", type: "checkbox" });
  every.checked = params.get("all") === "1";
  every.addEventListener("change", () => {
    location.hash = every.checked ? "#/reports?all=1" : "#/reports";
  });
  const list = el("div", { class: "results" });
  caseBar(host, (reason, asked) => void load(reason, asked));
  host.append(el("p", { class: "choice" }, every, el("label", { for: everyId, text: t("reportsAll") })), list);

  async function load(reason: string, asked: boolean): Promise<void> {
    list.replaceChildren(el("p", { class: "note", text: t("loading") }));
    try {
      const found = await call((c, o) => c.listReports({ openOnly: !every.checked, limit: 100, reason }, o));
      const title = heading(3, t(every.checked ? "reportsShownAll" : "reportsShownOpen", { n: found.reports.length }), { id: "reports-title" });
      list.replaceChildren(title, dataTable(t("reportsCaption"),
        [t("colReport"), t("colFiled"), t("colAuthor"), t("colWhy"), t("colMessage"), t("colState")],
        reportRows(found.reports, true), t("reportsNone"), { "data-list": "reports" }));
      if (asked) title.focus();
    } catch (err) {
      list.replaceChildren();
      showError(list, err);
    }
  }
}
