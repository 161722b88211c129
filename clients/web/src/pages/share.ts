// The invitation page after creating a match: a join link per open human seat and the
// spectator link, each with a copy button.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { linkFor, page } from "../app/shell.js";
import { loadSeat } from "../table/seat-store.js";

export function sharePage(matchId: string, humans: number[]): void {
  const main = page(el("main", { class: "share" }));
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
