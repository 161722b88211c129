// The start page (#/): create a match (seats, target, practice and hints), or open a
// join or watch link.
import { type BotKind, type Rating, Code, ConnectError, SeatKind, withToken } from "@fiveup/sdk";
import { el } from "../dom.js";
import { countText, t } from "../i18n.js";
import { withSession } from "../session.js";
import { api } from "../app/api.js";
import { BOTS, botRatings } from "../app/bots.js";
import { shownRating } from "../app/rating.js";
import { page, setLive, showError } from "../app/shell.js";
import { saveSeat } from "../table/seat-store.js";
import { notificationsCard } from "../notify/control.js";
import { openTablesCard, playNowCard } from "./lobby.js";
import { myMatchesCard } from "./my-matches.js";

/** The turn clocks the form offers, in hours a move (0: a live match). */
const TURN_CLOCK_HOURS = [0, 8, 24, 72];

export function startPage(): void {
  const mine = myMatchesCard();
  setLive(mine); // its minute timer stops when the page goes
  const main = page(el("main", { class: "start" }));
  main.append(el("p", { class: "tagline", text: t("tagline") }));
  main.append(mine.card, playNowCard(), newMatchForm(), openTablesCard(), openLinkForm(), notificationsCard());
}

function newMatchForm(): HTMLElement {
  const form = el("form", { class: "card", "aria-labelledby": "new-title" });
  form.append(el("h2", { id: "new-title", text: t("newMatch") }));
  const count = el("fieldset", { class: "count" }, el("legend", { text: t("players") }));
  let n = 2;
  const seatsBox = el("div", { class: "seats" });
  const note = el("p", { class: "note", text: t("partnerships") });
  const kinds = ["human", "greedy", "greedy", "greedy"];
  // Practice: seat 1 is the person, every other seat a bot (the server refuses anything
  // else), hints are on and moves can be taken back.
  const practice = el("input", { type: "checkbox", id: "practice", name: "practice" });
  const hints = el("input", { type: "checkbox", id: "hints", name: "hints" });
  let ratings = new Map<BotKind, Rating>(); // each level's, once the server said
  const botText = (b: (typeof BOTS)[number]): string => {
    const r = ratings.get(b.kind);
    return r === undefined ? t(b.label) : t("botRated", { bot: t(b.label), rating: shownRating(r) });
  };
  const drawSeats = () => {
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i += 1) {
      if (practice.checked) kinds[i] = i === 0 ? "human" : kinds[i] === "human" ? "greedy" : kinds[i];
      const select = el("select", { id: `seat-${i}`, name: `seat-${i}` });
      for (const [value, text] of [["human", t("human")], ...BOTS.map((b) => [b.value, botText(b)])]) {
        if (practice.checked && (i === 0) !== (value === "human")) continue;
        const option = el("option", { value, text });
        if (kinds[i] === value) option.selected = true;
        select.append(option);
      }
      select.disabled = practice.checked && i === 0;
      select.addEventListener("change", () => { kinds[i] = select.value; });
      seatsBox.append(el("label", { for: `seat-${i}`, class: "seat-choice" }, el("span", { text: t("seat", { n: i + 1 }) }), select));
    }
    note.hidden = n !== 4;
  };
  for (const value of [2, 3, 4]) {
    const input = el("input", { type: "radio", name: "players", value: String(value), id: `players-${value}` });
    if (value === n) input.checked = true;
    input.addEventListener("change", () => { n = value; drawSeats(); });
    count.append(el("label", { for: `players-${value}`, class: "radio" }, input, String(value)));
  }
  const target = el("input", { type: "number", id: "target", min: "1", max: "10000", value: "61", inputmode: "numeric" });
  const submit = el("button", { type: "submit", class: "primary", text: t("create") });
  // A correspondence clock: each turn lasts hours or days, no stand-in plays it.
  const clock = el("select", { id: "turn-clock", name: "turn-clock" });
  for (const hours of TURN_CLOCK_HOURS) {
    const text = hours === 0 ? t("turnClockLive")
      : hours % 24 === 0 ? countText(hours / 24, "turnClockOneDay", "turnClockDays") : t("turnClockHours", { n: hours });
    clock.append(el("option", { value: String(hours * 3600), text }));
  }
  const options = el("fieldset", { class: "options" }, el("legend", { text: t("options") }),
    el("label", { for: "practice", class: "check" }, practice, el("span", { text: t("practiceOption") })),
    el("label", { for: "hints", class: "check" }, hints, el("span", { text: t("hintsOption") })));
  let hintsChoice = false; // the person's own choice, back when practice is unticked
  hints.addEventListener("change", () => { hintsChoice = hints.checked; });
  practice.addEventListener("change", () => {
    hints.checked = practice.checked || hintsChoice;
    hints.disabled = practice.checked; // a practice match always allows hints
    drawSeats();
  });
  form.append(count, seatsBox, note, el("label", { for: "target", class: "target" }, el("span", { text: t("target") }), target),
    el("label", { for: "turn-clock", class: "target turn-clock" }, el("span", { text: t("turnClockOption") }), clock), options, submit);
  drawSeats();
  void botRatings(async () => (await api()).ratings.listBotLevels({})).then((found) => {
    ratings = found;
    if (found.size > 0) drawSeats();
  });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    submit.disabled = true;
    submit.textContent = t("creating");
    try {
      const clients = await api();
      const seats = kinds.slice(0, n).map((k) => (k === "human"
        ? { kind: SeatKind.HUMAN }
        : { kind: SeatKind.BOT, bot: BOTS.find((b) => b.value === k)?.kind }));
      const created = await clients.matches.createMatch({
        seats, targetPoints: Number(target.value) || 0, practice: practice.checked,
        hintsAllowed: practice.checked ? undefined : hints.checked,
        turnClockSeconds: Number(clock.value),
      });
      const humans = seats.map((s, i) => (s.kind === SeatKind.HUMAN ? i : -1)).filter((i) => i >= 0);
      if (humans.length > 0) {
        const joined = await withSession(clients, (token) => clients.matches.joinMatch({ matchId: created.matchId, seat: humans[0] }, withToken(token)));
        saveSeat(created.matchId, { seat: joined.seat, token: joined.seatToken, version: 0 });
      }
      // The invitation page is for the human seats this person does not take: with
      // none (against bots only, practice included) there is nobody to invite, so
      // straight to the table (a match of bots alone is watched).
      if (humans.length > 1) location.hash = `#/share/${created.matchId}`;
      else location.hash = humans.length === 1 ? `#/play/${created.matchId}` : `#/watch/${created.matchId}`;
    } catch (err) {
      showError(form, err);
      submit.disabled = false;
      submit.textContent = t("create");
    }
  });
  return form;
}

function openLinkForm(): HTMLElement {
  const open = el("form", { class: "card", "aria-labelledby": "open-title" });
  const link = el("input", { type: "url", id: "link", placeholder: "https://…/#/join/…", autocomplete: "off" });
  open.append(
    el("h2", { id: "open-title", text: t("joinTitle") }),
    el("label", { for: "link", text: t("joinPrompt") }), link,
    el("button", { type: "submit", text: t("go") }),
  );
  open.addEventListener("submit", (e) => {
    e.preventDefault();
    const hash = link.value.includes("#") ? link.value.slice(link.value.indexOf("#")) : "";
    if (!/^#\/(join|watch|play)\//.test(hash)) {
      showError(open, new ConnectError("bad link", Code.InvalidArgument));
      (open.querySelector(".error") as HTMLElement).textContent = t("err_BAD_LINK");
      return;
    }
    location.hash = hash;
  });
  return open;
}
