// One report with the messages around it in its room (GetReport: private, with the
// case's reason), and its resolution: how it was resolved (shown in the queue), and
// optionally a sanction on the message's author in the same step.  The author's profile
// is a link away for anything more (their other reports, sessions, sanctions).
import { SanctionKind, timestampFromDate, type GetReportResponse } from "@fiveup/sdk/admin";
import { endField, readEnd } from "../actions.js";
import { call } from "../api.js";
import { caseBar, caseReason } from "../case.js";
import { el, heading, uid, type Child } from "../dom.js";
import { facts, matchLink, number, playerLink, sanctionKind, timeCell, when } from "../format.js";
import { t } from "../i18n.js";
import { announce, showError, view } from "../shell.js";

const SANCTIONS = [SanctionKind.UNSPECIFIED, SanctionKind.CHAT_SILENCE, SanctionKind.RATED_PLAY_SUSPENSION, SanctionKind.SIGN_IN_SUSPENSION];

/** How the room held a message, in words after it: reported, held for the round's end
 *  (table talk), or shadowed (written while its author was silenced: only they read it). */
function tags(reported: boolean, held: boolean, shadowed: boolean): Child[] {
  const words = [reported && t("contextReported"), held && t("contextHeld"), shadowed && t("contextShadowed")];
  return words.filter((w): w is string => Boolean(w)).flatMap((w) => [" ", el("strong", { class: "tag", text: w })]);
}

export function reportView(reportId: string, focus: boolean): void {
  const host = view(t("reportTitle", { id: reportId }), focus);
  const body = el("div", { class: "report" });
  caseBar(host, (reason, asked) => void load(reason, asked ? "report-message" : ""));
  host.append(body);

  async function load(reason: string, focusOn: string): Promise<void> {
    body.replaceChildren(el("p", { class: "note", text: t("loading") }));
    try {
      const found = await call((c, o) => c.getReport({ reportId, reason }, o));
      draw(found);
      if (focusOn) body.querySelector<HTMLElement>(`#${focusOn}`)?.focus();
    } catch (err) {
      body.replaceChildren();
      showError(body, err);
    }
  }

  function draw(found: GetReportResponse): void {
    const r = found.report!;
    const message = el("section", { class: "card" },
      heading(3, t("reportMessage"), { id: "report-message" }),
      el("blockquote", { class: "reported", "data-field": "reported-text" }, el("p", { text: r.text })),
      facts([
        [t("colAuthor"), playerLink(r.authorPlayerId, r.authorName)],
        [t("colSent"), timeCell(r.sentAt)],
        [t("colMatch"), matchLink(r.matchId)],
        [t("colReporter"), playerLink(r.reporterPlayerId)],
        [t("colWhy"), t("reportReasonLabel", { reason: r.reason })],
        [t("colComment"), r.comment || "—"],
        [t("colFiled"), timeCell(r.createdAt)],
        [t("colState"), r.resolvedAt?.seconds ? t("reportResolved", { resolution: r.resolution }) : t("reportOpen")],
        [t("reportOthers"), number(found.otherReportsAgainstAuthor)],
      ]),
      el("p", { class: "links" }, r.authorPlayerId
        ? el("a", { href: `#/players/${encodeURIComponent(r.authorPlayerId)}`, "data-link": "author", text: t("reportAuthorLink", { name: r.authorName }) })
        : el("span", { text: t("anonymous") })));
    const context = el("section", { class: "card" },
      heading(3, t("reportContext"), { id: "report-context" }),
      found.context.length === 0 ? el("p", { class: "note", text: t("contextNone") }) : el("ol", { class: "context" },
        ...found.context.map((m) => el("li", { class: m.reported ? "reported" : "" },
          el("span", { class: "who", text: m.authorName || t("anonymous") }), " ",
          el("time", { text: when(m.sentAt) }), " ",
          m.reported ? el("mark", { text: m.text }) : el("span", { text: m.text }),
          ...tags(m.reported, m.held, m.shadowed)))));
    body.replaceChildren(message, context, r.resolvedAt?.seconds ? el("p", { class: "note", text: t("reportAlready") }) : resolveForm(r.authorName));
  }

  function resolveForm(author: string): HTMLElement {
    const resolutionId = uid("resolution");
    const resolution = el("textarea", { id: resolutionId, name: "resolution", required: "", maxlength: "500", rows: "2", "aria-describedby": `${resolutionId}-hint` });
    const sanctionId = uid("sanction");
    const sanction = el("select", { id: sanctionId, name: "sanction" },
      ...SANCTIONS.map((k) => el("option", { value: String(k), text: k === SanctionKind.UNSPECIFIED ? t("sanctionNone") : sanctionKind(k) })));
    const end = endField(7);
    const showEnd = (): void => {
      const none = Number(sanction.value) === SanctionKind.UNSPECIFIED;
      end.wrap.hidden = none;
      end.input.disabled = none;
    };
    sanction.addEventListener("change", showEnd);
    showEnd();
    const status = el("div", {});
    const submit = el("button", { type: "submit", class: "primary", text: t("resolve") });
    const form = el("form", { class: "card resolve", "aria-labelledby": "report-resolve" },
      heading(3, t("reportResolve"), { id: "report-resolve" }),
      el("div", { class: "field" }, el("label", { for: resolutionId, text: t("resolution") }),
        el("p", { class: "note", id: `${resolutionId}-hint`, text: t("resolutionHint") }), resolution),
      el("div", { class: "field" }, el("label", { for: sanctionId, text: t("sanctionOnAuthor", { name: author || t("anonymous") }) }), sanction),
      end.wrap, status, el("div", { class: "buttons" }, submit));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = resolution.value.trim();
      if (!text) return void resolution.focus();
      const kind = Number(sanction.value) as SanctionKind;
      let endsAt: Date | null = null;
      if (kind !== SanctionKind.UNSPECIFIED) {
        const read = readEnd(end.input);
        if (read === "endInvalid") {
          status.replaceChildren(el("p", { class: "error", role: "alert", text: t("endInvalid") }));
          return void end.input.focus();
        }
        endsAt = read;
      }
      submit.disabled = true;
      try {
        const done = await call((c, o) => c.resolveReport({
          reportId, resolution: text, sanction: kind, sanctionEndsAt: endsAt ? timestampFromDate(endsAt) : undefined,
        }, o));
        announce(done.sanction ? t("doneResolveSanction", { kind: sanctionKind(done.sanction.kind), until: when(done.sanction.endsAt) }) : t("doneResolve"));
        await load(caseReason(), "report-message");
      } catch (err) {
        showError(status, err);
        submit.disabled = false;
      }
    });
    return form;
  }
}
