// The invitation page after creating a match (#/share/<match>, so that a reload keeps
// it): a join link per open human seat and the spectator link, each with a copy button.
import { SeatKind } from "@fiveup/sdk";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { api } from "../app/api.js";
import { linkFor, page, setLive, showError } from "../app/shell.js";
import { loadSeat } from "../table/seat-store.js";

/** #/share/<match>: the human seats nobody has taken yet come from the match itself. */
export async function sharePage(matchId: string): Promise<void> {
  setLive(null);
  const main = page(el("main", { class: "share" }));
  try {
    const clients = await api();
    const { view } = await clients.matches.getMatch({ matchId });
    const open = view!.seats.filter((s) => s.kind === SeatKind.HUMAN && !s.joined).map((s) => s.seat);
    const mine = loadSeat(matchId);
    drawShare(main, matchId, mine ? [mine.seat, ...open] : open);
  } catch (err) {
    showError(main, err);
  }
}

function drawShare(main: HTMLElement, matchId: string, humans: number[]): void {
  const card = el("section", { class: "card", "aria-labelledby": "share-title" });
  card.append(el("h2", { id: "share-title", text: t("shareTitle") }), el("p", { text: t("shareHint") }));
  const mine = loadSeat(matchId);
  const rows: [string, string][] = humans.filter((s) => s !== mine?.seat).map((s) => [t("joinLink", { n: s + 1 }), linkFor(`/join/${matchId}/${s}`)]);
  rows.push([t("watchLink"), linkFor(`/watch/${matchId}`)]);
  for (const [label, url] of rows) {
    const input = el("input", { type: "text", readonly: "", value: url, "aria-label": label });
    const copy = el("button", { type: "button", text: t("copy") });
    copy.addEventListener("click", async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        document.execCommand("copy");
      }
      copy.textContent = t("copied");
    });
    card.append(el("div", { class: "share-row" }, el("span", { text: label }), input, copy));
  }
  const go = el("a", { class: "button primary", href: mine ? `#/play/${matchId}` : `#/watch/${matchId}`, text: t("startPlaying") });
  card.append(go);
  main.append(card);
  go.focus();
}
