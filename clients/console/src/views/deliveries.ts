// Deliveries and edges, from the service's own state (GetDeliveries; no private data, no
// reason): the notification outbox by channel (depth, the oldest notice's age, given up
// on), failing destinations and their circuits, refusals at the edges, and stream pools.
// Figures of the replica that answered, now: time series, alerts and dashboards stay
// with Prometheus and Grafana (docs/operations.md).
import { call } from "../api.js";
import { el, heading } from "../dom.js";
import { number, seconds, timeCell } from "../format.js";
import { t } from "../i18n.js";
import { announce, showError, view } from "../shell.js";
import { dataTable } from "../table.js";

export function deliveriesView(focus: boolean): void {
  const host = view(t("navDeliveries"), focus);
  const refresh = el("button", { type: "button", "data-action": "refresh", text: t("refresh") });
  const body = el("div", { class: "deliveries" });
  host.append(el("p", { class: "note", text: t("deliveriesNote") }), refresh, body);
  const load = async (again: boolean): Promise<void> => {
    try {
      const d = await call((c, o) => c.getDeliveries({}, o));
      const section = (id: string, title: string, content: Node): HTMLElement =>
        el("section", { class: "card" }, heading(3, title, { id }), content);
      body.replaceChildren(
        el("p", { class: "replica", text: t("deliveriesReplica", { replica: d.replica || "—" }) }),
        section("del-outbox", t("deliveriesOutbox"), dataTable(t("deliveriesOutbox"),
          [t("colChannel"), t("colPending"), t("colOldest"), t("colFailed")],
          d.outbox.map((o) => [o.channel, number(o.pending), o.pending ? seconds(o.oldestAgeSeconds) : "—", number(o.failed)]),
          t("outboxNone"))),
        section("del-destinations", t("deliveriesDestinations"), dataTable(t("deliveriesDestinations"),
          [t("colOrigin"), t("colCircuit"), t("colFailures"), t("colRetryAt"), t("colLastError")],
          d.destinations.map((x) => [el("code", { class: "id", text: x.origin }), x.circuit, number(x.consecutiveFailures), timeCell(x.retryAt), x.lastError || "—"]),
          t("destinationsNone"))),
        section("del-refusals", t("deliveriesRefusals"), dataTable(t("deliveriesRefusals"),
          [t("colEdge"), t("colReasonLabel"), t("colCount")],
          d.refusals.map((r) => [r.edge, r.reason, number(r.count)]), t("refusalsNone"))),
        section("del-pools", t("deliveriesPools"), dataTable(t("deliveriesPools"),
          [t("colPool"), t("colOpen"), t("colLimit")],
          d.streamPools.map((p) => [p.pool, number(p.open), number(p.limit)]), t("poolsNone"))));
      if (again) announce(t("deliveriesRefreshed"));
    } catch (err) {
      body.replaceChildren();
      showError(body, err);
    }
  };
  refresh.addEventListener("click", () => void load(true));
  void load(false);
}
