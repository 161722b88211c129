// #/join/<match>/<seat>: take that seat (JoinMatch), then go to the table.
import { Code, ConnectError, errorReason, withToken } from "@fiveup/sdk";
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { withSession } from "../session.js";
import { api } from "../app/api.js";
import { app, page, setLive, showError } from "../app/shell.js";
import { loadSeat, saveSeat } from "../table/seat-store.js";

export async function joinPage(matchId: string, seatText: string | undefined): Promise<void> {
  setLive(null);
  const main = page(el("main", { class: "start" }));
  const card = el("section", { class: "card" }, el("p", { text: t("joining") }));
  main.append(card);
  const existing = loadSeat(matchId);
  if (existing) {
    location.replace(`#/play/${matchId}`);
    return;
  }
  try {
    const seat = seatText === undefined || seatText === "" ? undefined : Number(seatText);
    if (seat !== undefined && !Number.isInteger(seat)) throw new ConnectError("bad seat", Code.InvalidArgument);
    const clients = await api();
    const joined = await withSession(clients, (token) => clients.matches.joinMatch({ matchId, seat }, withToken(token)));
    saveSeat(matchId, { seat: joined.seat, token: joined.seatToken, version: 0 });
    location.replace(`#/play/${matchId}`);
  } catch (err) {
    card.replaceChildren(el("h2", { text: t("errorTitle") }));
    showError(card, err);
    app.dataset.error = errorReason(err);
    card.append(el("a", { class: "button", href: `#/watch/${matchId}`, text: t("spectating") }), " ", el("a", { class: "button", href: "#/", text: t("home") }));
  }
}
