// The match's end: who won (by name), the final scores, the rating change for a rated
// match, the rematch (offer, accept, decline, who is awaited), a new game.
import { el } from "../../dom.js";
import { pointsText, t } from "../../i18n.js";
import { finished, nameOf, ours, sideName, type TableActions, type TableState } from "../state.js";

/** The rematch part: what is on offer, and the buttons that answer it. */
function rematchPart(state: TableState, actions: TableActions): Node[] {
  const follow = state.rematch;
  const mine = state.seat?.seat;
  if (!follow || mine === undefined) return [];
  const { rematch, declined, busy } = follow;
  const names = (seats: readonly number[]) => seats.map((s) => nameOf(state, s)).join(", ");
  const button = (action: string, text: string, primary: boolean, act: () => void) => {
    const b = el("button", { type: "button", class: primary ? "primary" : "ghost", "data-action": action, text });
    b.disabled = busy;
    b.addEventListener("click", act);
    return b;
  };
  const offer = (text: string) => button("rematch", text, true, () => actions.offerRematch());
  const decline = () => button("decline-rematch", t("noThanks"), false, () => actions.declineRematch());
  let line = "";
  let kind = "none";
  const buttons: HTMLElement[] = [];
  if (rematch?.newMatchId) {
    kind = "started";
    line = t("rematchStarting");
  } else if (rematch?.offered && rematch.acceptedSeats.includes(mine)) {
    kind = "waiting";
    line = t("rematchWaiting", { names: names(rematch.waitingSeats) });
    buttons.push(decline());
  } else if (rematch?.offered) {
    kind = "offered";
    line = t("rematchOffered", { names: names(rematch.acceptedSeats) });
    buttons.push(offer(t("rematchAccept")), decline());
  } else {
    kind = declined ? "declined" : "none";
    if (declined) line = t("rematchDeclined");
    buttons.push(offer(t("rematch")));
  }
  const box = el("div", { class: "rematch", "data-rematch": kind });
  if (line) box.append(el("p", { class: "rematch-line", role: "status", text: line }));
  if (buttons.length) box.append(el("div", { class: "rematch-actions" }, ...buttons));
  return [box];
}

export function matchEndPanel(state: TableState, actions: TableActions): Node[] {
  const { view } = state;
  if (!finished(state) || view.winnerSide === undefined || state.roundEnd) return [];
  const w = view.winnerSide;
  const out: Node[] = [
    el("h2", { text: t("matchOver") }),
    el("p", { class: "winner", text: ours(state, w) ? t("youWon") : t("winner", { who: sideName(state, w) }) }),
  ];
  const table = el("ul", { class: "final-scores", "aria-label": t("finalScores") });
  const sides = [...view.scores].sort((a, b) => b.displayedPoints - a.displayedPoints);
  for (const score of sides) {
    table.append(el("li", { class: score.side === w ? "won" : "", "data-side": String(score.side) },
      el("span", { class: "who", text: sideName(state, score.side) }),
      el("span", { class: "pts", text: pointsText(score.displayedPoints) })));
  }
  out.push(table);
  if (view.rated) out.push(el("p", { class: "rated-note", text: t("ratedMatch") }));
  if (state.ratingLine) out.push(el("p", { class: "rating-change", text: state.ratingLine }));
  out.push(...rematchPart(state, actions));
  out.push(el("a", { class: state.rematch ? "button" : "button primary", href: "#/", text: t("newGame") }));
  return out;
}
