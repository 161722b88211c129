// The reason for a case.  Reading private data (a player's profile, a match's hidden
// record, the report queue, a report, the integrity signals) needs a reason the audit
// log records with every read.  The console asks for it once per case, in a form at the
// top of each private view, and every request of the case carries it: following a link
// inside a case (the report -> its author's profile -> their match) keeps it, picking a
// section from the navigation starts a new case (the form asks again).  Kept in this
// tab's sessionStorage, so a reload keeps the case.
import { el, uid } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "fiveup:console:case";
const MAX_REASON = 500;

export function caseReason(): string {
  return sessionStorage.getItem(KEY) ?? "";
}

export function newCase(): void {
  sessionStorage.removeItem(KEY);
}

/** The case's reason form at the top of `host`.  With a reason already given, `load`
 *  runs at once (`asked` false); otherwise, and whenever the operator changes it, when
 *  they submit it (`asked` true: the view moves the keyboard to what it loaded). */
export function caseBar(host: HTMLElement, load: (reason: string, asked: boolean) => void): void {
  const bar = el("section", { class: "case", "aria-label": t("caseTitle") });
  host.append(bar);
  const draw = (editing: boolean): void => {
    const reason = caseReason();
    if (!editing && reason) {
      const change = el("button", { type: "button", class: "ghost", "data-action": "change-case", text: t("caseChange") });
      change.addEventListener("click", () => {
        draw(true);
        bar.querySelector("input")?.focus();
      });
      bar.replaceChildren(el("p", { class: "case-now" }, `${t("caseNow")} `, el("q", { class: "case-reason", text: reason })), change);
      return;
    }
    const id = uid("case");
    const hint = uid("case-hint");
    const input = el("input", {
      id, name: "case-reason", type: "text", required: "", maxlength: String(MAX_REASON),
      autocomplete: "off", "aria-describedby": hint, value: reason,
    });
    const form = el("form", { class: "case-form" },
      el("label", { for: id, text: t("caseLabel") }),
      el("p", { class: "note", id: hint, text: t("caseHint") }),
      el("div", { class: "row" }, input, el("button", { type: "submit", class: "primary", text: t("caseOpen") })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const given = input.value.trim();
      if (!given) {
        input.focus();
        return;
      }
      sessionStorage.setItem(KEY, given);
      draw(false);
      load(given, true);
    });
    bar.replaceChildren(form);
  };
  draw(false);
  const reason = caseReason();
  if (reason) load(reason, false);
}
