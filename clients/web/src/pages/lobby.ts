// The landing page's quick ways to a table: "Play now" (the matchmaker: strangers first,
// bots after a wait the page counts down) and the open tables (public matches with a
// free seat, ListOpenTables).  Play now needs a player: a visitor who is not signed in
// becomes a guest of this browser first (the seat is then bound to them).
import { SeatKind, withToken } from "@fiveup/sdk";
import { el } from "../dom.js";
import { countText, t } from "../i18n.js";
import { accessToken, currentSession, signInAsGuest } from "../session.js";
import { api } from "../app/api.js";
import { BOTS } from "../app/bots.js";
import { showError } from "../app/shell.js";
import { saveSeat } from "../table/seat-store.js";

/** How long Play now waits for people before bots fill the table. */
const BOT_WAIT_SECONDS = 10;

export function playNowCard(): HTMLElement {
  const card = el("section", { class: "card play-now", "aria-labelledby": "play-now-title" });
  card.append(el("h2", { id: "play-now-title", text: t("playNow") }), el("p", { class: "note", text: t("playNowHint", { s: BOT_WAIT_SECONDS }) }));
  const size = el("select", { id: "play-now-size", "aria-label": t("players") });
  for (const n of [2, 3, 4]) size.append(el("option", { value: String(n), text: n === 4 ? t("catFour") : t(n === 2 ? "catTwo" : "catThree") }));
  const row = el("div", { class: "play-now-row" }, size);
  const name = el("input", { id: "play-now-name", type: "text", autocomplete: "nickname", maxlength: "40", placeholder: t("displayName"), "aria-label": t("displayName") });
  if (!currentSession()) row.append(name);
  const go = el("button", { type: "button", class: "primary", "data-action": "play-now", text: t("playNow") });
  row.append(go);
  const status = el("p", { class: "searching", role: "status", "aria-live": "polite" });
  const cancel = el("button", { type: "button", class: "ghost", text: t("cancel") });
  cancel.hidden = true;
  card.append(row, status, cancel);
  let search: AbortController | null = null;
  let tick = 0;
  const stop = () => {
    search?.abort();
    search = null;
    clearInterval(tick);
    go.disabled = false;
    cancel.hidden = true;
  };
  cancel.addEventListener("click", async () => {
    stop();
    status.textContent = "";
    const clients = await api();
    await clients.lobby.cancelFindMatch({}, withToken(await accessToken(clients))).catch(() => undefined);
  });
  go.addEventListener("click", async () => {
    go.disabled = true;
    cancel.hidden = false;
    status.textContent = t("searchingStart");
    search = new AbortController();
    const signal = search.signal;
    try {
      const clients = await api();
      if (!currentSession()) await signInAsGuest(clients, name.value.trim());
      const stream = clients.lobby.findMatch(
        { players: Number(size.value), allowBots: true, botWaitSeconds: BOT_WAIT_SECONDS },
        { ...withToken(await accessToken(clients)), signal },
      );
      for await (const message of stream) {
        if (message.status.case === "matched") {
          const { matchId, seat } = message.status.value;
          saveSeat(matchId, { seat, token: "", version: 0 }); // bound: the access token acts
          stop();
          location.hash = `#/play/${matchId}`;
          return;
        }
        if (message.status.case === "searching") {
          const { playersWaiting, botsAt } = message.status.value;
          // the server counts this player among those waiting; a person reads "waiting" as
          // the others they are waiting for
          const others = playersWaiting > 1 ? countText(playersWaiting - 1, "othersOne", "othersMany") : t("othersNone");
          const show = () => {
            const left = botsAt ? Math.max(0, Math.ceil(Number(botsAt.seconds) - Date.now() / 1000)) : null;
            status.textContent = left === null ? t("searching", { others }) : t("searchingBots", { others, s: left });
          };
          clearInterval(tick);
          show();
          tick = window.setInterval(show, 1000);
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      stop();
      status.textContent = "";
      showError(card, err);
    }
  });
  return card;
}

export function openTablesCard(): HTMLElement {
  const card = el("section", { class: "card open-tables", "aria-labelledby": "open-tables-title" });
  card.append(el("h2", { id: "open-tables-title", text: t("openTables") }));
  const list = el("ul", { class: "table-list" });
  card.append(list);
  void (async () => {
    try {
      const clients = await api();
      const page = await clients.lobby.listOpenTables({ pageSize: 10 });
      if (!page.tables.length) {
        list.replaceWith(el("p", { class: "note", text: t("noOpenTables") }));
        return;
      }
      for (const table of page.tables) {
        const free = table.seats.find((s) => s.kind === SeatKind.HUMAN && !s.taken);
        const who = table.seats.map((s) => (s.kind === SeatKind.BOT
          ? t(BOTS.find((b) => b.kind === s.bot)?.label ?? "bot")
          : s.taken ? s.displayName || t("seat", { n: s.seat + 1 }) : t("seatOpen"))).join(" · ");
        const item = el("li", { "data-match": table.matchId },
          el("span", { class: "who", text: `${t("catSeats", { n: table.seats.length })}, ${t("toPoints", { n: table.targetPoints })}: ${who}` }));
        if (free) item.append(el("a", { class: "button", href: `#/join/${table.matchId}/${free.seat}`, text: t("takeSeat", { n: free.seat + 1 }) }));
        item.append(el("a", { class: "button ghost", href: `#/watch/${table.matchId}`, text: t("watch") }));
        list.append(item);
      }
    } catch (err) {
      showError(card, err);
    }
  })();
  return card;
}
