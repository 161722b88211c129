// Ratings integrity: patterns in rated results that look farmed, most suspicious first,
// each with its evidence and links to its players and matches (ListIntegritySignals:
// private -- shared addresses -- so it carries the case's reason).  An operator
// confirms one (void its matches, and suspend its players from rated play) or dismisses
// it, with a reason.
import { IntegrityDecision, IntegrityStatus, timestampFromDate, type IntegritySignal } from "@fiveup/sdk/admin";
import { openAction } from "../actions.js";
import { call } from "../api.js";
import { caseBar, caseReason } from "../case.js";
import { el, heading, uid } from "../dom.js";
import { DECISIONS, facts, matchLink, number, playerLink, SIGNAL_KINDS, signalKind, signalStatus, timeCell } from "../format.js";
import { t, type Key } from "../i18n.js";
import { showError, view } from "../shell.js";

const STATUSES = [IntegrityStatus.OPEN, IntegrityStatus.CONFIRMED, IntegrityStatus.DISMISSED];
const INTROS: Record<number, Key> = {
  [IntegrityDecision.DISMISS]: "decisionDismissIntro",
  [IntegrityDecision.VOID_MATCHES]: "decisionVoidIntro",
  [IntegrityDecision.VOID_AND_SUSPEND]: "decisionVoidSuspendIntro",
};

export function integrityView(params: URLSearchParams, focus: boolean): void {
  const host = view(t("navIntegrity"), focus);
  const status = Number(params.get("status") ?? IntegrityStatus.OPEN) as IntegrityStatus;
  const kind = Number(params.get("kind") ?? 0);
  const statusId = uid("status");
  const statusSelect = el("select", { id: statusId, name: "status" },
    ...STATUSES.map((s) => el("option", { value: String(s), text: signalStatus(s) })));
  statusSelect.value = String(status);
  const kindId = uid("kind");
  const kindSelect = el("select", { id: kindId, name: "kind" }, el("option", { value: "0", text: t("kindAny") }),
    ...SIGNAL_KINDS.map((k) => el("option", { value: String(k), text: signalKind(k) })));
  kindSelect.value = String(kind);
  const filters = el("form", { class: "card filters", "aria-label": t("filtersLabel") }, el("div", { class: "row wrap" },
    el("span", { class: "field" }, el("label", { for: statusId, text: t("signalStatusLabel") }), statusSelect),
    el("span", { class: "field" }, el("label", { for: kindId, text: t("signalKindLabel") }), kindSelect),
    el("button", { type: "submit", class: "primary", text: t("show") })));
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    location.hash = `#/integrity?${new URLSearchParams({ status: statusSelect.value, kind: kindSelect.value })}`;
  });
  const list = el("div", { class: "results" });
  caseBar(host, (reason, asked) => void load(reason, asked ? "signals-title" : ""));
  host.append(filters, list);

  async function load(reason: string, focusOn: string): Promise<void> {
    list.replaceChildren(el("p", { class: "note", text: t("loading") }));
    try {
      const found = await call((c, o) => c.listIntegritySignals({ status, kind, limit: 100, reason }, o));
      list.replaceChildren(heading(3, t("signalsShown", { n: found.signals.length }), { id: "signals-title" }),
        found.signals.length ? el("ul", { class: "signals" }, ...found.signals.map(card)) : el("p", { class: "note", text: t("signalsNone") }));
      if (focusOn) list.querySelector<HTMLElement>(`#${focusOn}`)?.focus();
    } catch (err) {
      list.replaceChildren();
      showError(list, err);
    }
  }

  function card(s: IntegritySignal): HTMLElement {
    const id = `signal-${s.signalId.replace(/[^\w-]/g, "_")}`;
    const item = el("li", { class: "card signal", "data-signal": s.signalId },
      el("article", { "aria-labelledby": id },
        heading(3, `${signalKind(s.kind)} · ${t("signalScore", { score: number(s.score, 2) })}`, { id }),
        el("p", { class: "evidence", text: s.evidence }),
        facts([
          [t("colState"), signalStatus(s.status) + (s.resolvedBy ? ` · ${s.resolvedBy}: ${s.resolution}` : "")],
          [t("colDetected"), timeCell(s.detectedAt)],
          [t("colPlayers"), el("ul", { class: "plain inline" }, ...s.playerIds.map((p) => el("li", {}, playerLink(p))))],
          [t("colMatches"), el("ul", { class: "plain inline" }, ...s.matchIds.map((m) => el("li", {}, matchLink(m))))],
        ])));
    if (s.status === IntegrityStatus.OPEN) {
      const bar = el("div", { class: "action-bar" });
      for (const decision of [IntegrityDecision.VOID_MATCHES, IntegrityDecision.VOID_AND_SUSPEND, IntegrityDecision.DISMISS]) {
        const key = DECISIONS[decision];
        const button = el("button", { type: "button", class: decision === IntegrityDecision.DISMISS ? "" : "danger", "data-decision": String(decision) },
          t(key), el("span", { class: "visually-hidden", text: ` (${signalKind(s.kind)}, ${s.signalId})` }));
        button.addEventListener("click", () => openAction({
          title: t(key), intro: t(INTROS[decision], { matches: s.matchIds.length, players: s.playerIds.length }), confirm: t(key),
          danger: decision !== IntegrityDecision.DISMISS,
          endsInDays: decision === IntegrityDecision.VOID_AND_SUSPEND ? 90 : undefined,
          run: async ({ reason, endsAt }) => {
            const done = await call((c, o) => c.resolveIntegritySignal({
              signalId: s.signalId, decision, reason, sanctionEndsAt: endsAt ? timestampFromDate(endsAt) : undefined,
            }, o));
            return t("doneSignal", { state: signalStatus(done.signal?.status ?? IntegrityStatus.UNSPECIFIED), voided: done.voidedMatchIds.length, sanctions: done.sanctions.length });
          },
          done: () => void load(caseReason(), "signals-title"),
        }));
        bar.append(button);
      }
      item.append(bar);
    }
    return item;
  }
}
