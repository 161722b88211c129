// A player's profile (GetPlayerProfile: private, so it carries the case's reason) and
// what an operator may do to them: revoke their sessions, silence them in chat, suspend
// them from rated play or from signing in, lift a sanction, reset their name.  Each
// action asks for a reason (and an end date where it has one) in a dialog; afterwards
// the profile is read again and the keyboard lands on the section that changed.
import { SanctionKind, timestampFromDate, type ChatReport, type GetPlayerProfileResponse, type Sanction } from "@fiveup/sdk/admin";
import { openAction } from "../actions.js";
import { call } from "../api.js";
import { caseBar, caseReason } from "../case.js";
import { el, heading, type Child } from "../dom.js";
import { code, facts, inForce, matchLink, matchStatus, number, playerLink, sanctionKind, timeCell, when, yesNo } from "../format.js";
import { t, type Key } from "../i18n.js";
import { showError, view } from "../shell.js";
import { dataTable } from "../table.js";
import { sanctionBadges } from "./players.js";

const SANCTION_ACTIONS: { kind: SanctionKind; key: Key; intro: Key; days: number; action: string }[] = [
  { kind: SanctionKind.CHAT_SILENCE, key: "actSilence", intro: "actSilenceIntro", days: 7, action: "silence" },
  { kind: SanctionKind.RATED_PLAY_SUSPENSION, key: "actSuspendRated", intro: "actSuspendRatedIntro", days: 30, action: "suspend-rated" },
  { kind: SanctionKind.SIGN_IN_SUSPENSION, key: "actSuspendSignIn", intro: "actSuspendSignInIntro", days: 7, action: "suspend-sign-in" },
];

export function reportRows(reports: ChatReport[], authorColumn: boolean): Child[][] {
  return reports.map((r) => [
    el("a", { href: `#/reports/${encodeURIComponent(r.reportId)}`, text: t("reportOpenLink", { id: r.reportId }) }),
    timeCell(r.createdAt),
    authorColumn ? playerLink(r.authorPlayerId, r.authorName) : playerLink(r.reporterPlayerId),
    t("reportReasonLabel", { reason: r.reason }),
    el("q", { class: "said", text: r.text }),
    r.resolvedAt?.seconds ? t("reportResolved", { resolution: r.resolution }) : t("reportOpen"),
  ]);
}

export function profileView(playerId: string, focus: boolean): void {
  const host = view(t("profileTitle"), focus);
  const body = el("div", { class: "profile" });
  caseBar(host, (reason, asked) => void load(reason, asked ? "profile-summary" : ""));
  host.append(body);

  async function load(reason: string, focusOn: string): Promise<void> {
    body.replaceChildren(el("p", { class: "note", text: t("loading") }));
    try {
      const profile = await call((c, o) => c.getPlayerProfile({ playerId, reason }, o));
      draw(profile);
      if (focusOn) body.querySelector<HTMLElement>(`#${focusOn}`)?.focus();
    } catch (err) {
      body.replaceChildren();
      showError(body, err);
    }
  }

  const reload = (section: string) => () => void load(caseReason(), section);

  function draw(p: GetPlayerProfileResponse): void {
    const player = p.player!;
    host.querySelector(".view-title")!.textContent = t("profileOf", { name: player.displayName });
    document.title = `${t("profileOf", { name: player.displayName })} · ${t("title")}`;
    const summary = el("section", { class: "card" },
      heading(3, t("profileSummary"), { id: "profile-summary" }),
      facts([
        [t("colName"), player.displayName],
        [t("colPlayerId"), code(player.playerId)],
        [t("colGuest"), yesNo(player.guest)],
        [t("colCreated"), timeCell(player.createdAt)],
        [t("colLastSeen"), timeCell(player.lastSeenAt)],
        [t("colSanctions"), sanctionBadges(player)],
      ]),
      el("p", { class: "links" },
        el("a", { href: `#/matches?${new URLSearchParams({ player: player.playerId })}`, text: t("profileMatchesLink") }),
        el("a", { href: `#/audit?${new URLSearchParams({ target: player.playerId })}`, text: t("profileAuditLink") })));
    const standing = p.standing;
    const ratings = el("section", { class: "card" },
      heading(3, t("profileRatings"), { id: "profile-ratings" }),
      facts([
        [t("standingOpponents"), number(standing?.distinctOpponents ?? 0)],
        [t("standingOwnMoves"), number(standing?.ownMoves ?? 0)],
        [t("standingRanked"), yesNo(standing?.ranked ?? false)],
      ]),
      dataTable(t("profileRatings"), [t("colPlayers"), t("colRating"), t("colDeviation"), t("colGames"), t("colProvisional")],
        p.ratings.map((r) => [number(r.playerCount), number(r.rating, 1), number(r.deviation, 1), number(r.games), yesNo(r.provisional)]),
        t("ratingsNone")));
    body.replaceChildren(summary, actions(player.playerId, player.displayName), sanctions(player.playerId, p.sanctions), ratings,
      section("profile-matches", t("profileMatches"), dataTable(t("profileMatches"),
        [t("colMatch"), t("colStatus"), t("colRated"), t("colSeat"), t("colCreated"), t("colWon")],
        p.recentMatches.map((m) => [matchLink(m.matchId), matchStatus(m.status, m.voided), yesNo(m.rated), number(m.seat + 1), timeCell(m.createdAt), yesNo(m.won)]),
        t("matchesNone"))),
      section("profile-reports-against", t("profileReportsAgainst"), dataTable(t("profileReportsAgainst"),
        [t("colReport"), t("colFiled"), t("colReporter"), t("colWhy"), t("colMessage"), t("colState")],
        reportRows(p.reportsAgainst, false), t("reportsNone"), { "data-list": "reports-against" })),
      section("profile-reports-filed", t("profileReportsFiled"), dataTable(t("profileReportsFiled"),
        [t("colReport"), t("colFiled"), t("colAuthor"), t("colWhy"), t("colMessage"), t("colState")],
        reportRows(p.reportsFiled, true), t("reportsNone"))),
      section("profile-sessions", t("profileSessions"), dataTable(t("profileSessions"),
        [t("colSession"), t("colStarted"), t("colLastUsed"), t("colActive"), t("colEndReason")],
        p.sessions.map((s) => [code(s.sessionId), timeCell(s.startedAt), timeCell(s.lastUsedAt), yesNo(s.active), s.endReason || "—"]),
        t("sessionsNone"))),
      section("profile-addresses", t("profileAddresses"), el("p", { class: "note", text: t("addressesNote") }), dataTable(t("profileAddresses"),
        [t("colPrefix"), t("colFirstSeen"), t("colLastSeen"), t("colSharing")],
        p.addresses.map((a) => [code(a.prefix), timeCell(a.firstSeenAt), timeCell(a.lastSeenAt), number(a.playersSharing)]),
        t("addressesNone"))));
  }

  function section(id: string, title: string, ...content: Node[]): HTMLElement {
    return el("section", { class: "card" }, heading(3, title, { id }), ...content);
  }

  function actions(id: string, name: string): HTMLElement {
    const bar = el("div", { class: "action-bar" });
    const revoke = el("button", { type: "button", "data-action": "revoke", text: t("actRevoke") });
    revoke.addEventListener("click", () => openAction({
      title: t("actRevoke"), intro: t("actRevokeIntro", { name }), confirm: t("actRevoke"),
      run: async ({ reason }) => {
        const done = await call((c, o) => c.revokePlayerSessions({ playerId: id, reason }, o));
        return t("doneRevoke", { n: done.revoked, name });
      },
      done: reload("profile-sessions"),
    }));
    bar.append(revoke);
    for (const a of SANCTION_ACTIONS) {
      const button = el("button", { type: "button", "data-action": a.action, text: t(a.key) });
      button.addEventListener("click", () => openAction({
        title: t(a.key), intro: t(a.intro, { name }), confirm: t(a.key), endsInDays: a.days, danger: true,
        run: async ({ reason, endsAt }) => {
          const done = await call((c, o) => c.imposeSanction({ playerId: id, kind: a.kind, endsAt: timestampFromDate(endsAt!), reason }, o));
          return t("doneSanction", { kind: sanctionKind(a.kind), name, until: when(done.sanction?.endsAt) });
        },
        done: reload("profile-sanctions"),
      }));
      bar.append(button);
    }
    const rename = el("button", { type: "button", "data-action": "reset-name", text: t("actResetName") });
    rename.addEventListener("click", () => openAction({
      title: t("actResetName"), intro: t("actResetNameIntro", { name }), confirm: t("actResetName"), name: true,
      run: async ({ reason, name: newName }) => {
        const done = await call((c, o) => c.resetPlayerName({ playerId: id, displayName: newName, reason }, o));
        return t("doneRename", { name, now: done.player?.displayName ?? "" });
      },
      done: reload("profile-summary"),
    }));
    bar.append(rename);
    return el("section", { class: "card" },
      heading(3, t("profileActions"), { id: "profile-actions" }), el("p", { class: "note", text: t("actionsNote") }), bar);
  }

  function sanctions(id: string, list: Sanction[]): HTMLElement {
    const rows = list.map((s) => {
      const state = inForce(s) ? t("sanctionInForce") : s.liftedAt?.seconds ? t("sanctionLifted", { by: s.liftedBy, reason: s.liftReason }) : t("sanctionOver");
      const cells: Node[] = [document.createTextNode(sanctionKind(s.kind)), timeCell(s.startsAt), timeCell(s.endsAt),
        el("span", { text: s.reason }), code(s.operatorId), document.createTextNode(state)];
      if (inForce(s)) {
        // the visible word, then what it lifts for a screen reader (label in name)
        const lift = el("button", { type: "button", "data-action": "lift", "data-sanction": s.sanctionId },
          t("actLift"), el("span", { class: "visually-hidden", text: ` (${sanctionKind(s.kind)})` }));
        lift.addEventListener("click", () => openAction({
          title: t("actLiftLabel", { kind: sanctionKind(s.kind) }), intro: t("actLiftIntro"), confirm: t("actLift"),
          run: async ({ reason }) => {
            await call((c, o) => c.liftSanction({ playerId: id, sanctionId: s.sanctionId, reason }, o));
            return t("doneLift", { kind: sanctionKind(s.kind) });
          },
          done: reload("profile-sanctions"),
        }));
        cells.push(lift);
      } else cells.push(document.createTextNode("—"));
      return cells;
    });
    return section("profile-sanctions", t("profileSanctions"), dataTable(t("profileSanctions"),
      [t("colKind"), t("colFrom"), t("colUntil"), t("colWhy"), t("colOperator"), t("colState"), t("colActions")], rows, t("sanctionsNone"),
      { "data-list": "sanctions" }));
  }
}
