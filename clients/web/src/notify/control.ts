// The start page's "Notifications" card: one button that turns Web Push on or off for
// this browser, and a line that says which state it is in (on, off, blocked by the
// browser, not supported here, not offered by this server).  The browser's permission
// is asked only when the button is pressed, never when the page loads.  A visitor who
// is not signed in becomes a guest of this browser first (the subscription belongs to
// a player), as Play now does.
import { el } from "../dom.js";
import { t, type Key } from "../i18n.js";
import { currentSession, signInAsGuest } from "../session.js";
import { api } from "../app/api.js";
import { showError } from "../app/shell.js";
import { pushState, pushSupported, turnOff, turnOn, type PushState } from "./push.js";

const SAYS: Record<PushState, Key> = {
  on: "notifyOn",
  off: "notifyOff",
  blocked: "notifyBlocked",
  unsupported: "notifyUnsupported",
  unavailable: "notifyUnavailable",
};

export function notificationsCard(): HTMLElement {
  const card = el("section", { class: "card notifications", "aria-labelledby": "notify-title" });
  const status = el("p", { class: "notify-state", role: "status", "aria-live": "polite" });
  const button = el("button", { type: "button", "data-action": "notifications" });
  card.append(el("h2", { id: "notify-title", text: t("notifyTitle") }), status, button);
  let state: PushState = "off";
  const show = (next: PushState) => {
    state = next;
    card.dataset.state = next;
    status.textContent = t(SAYS[next]);
    button.textContent = t(next === "on" ? "notifyTurnOff" : "notifyTurnOn");
    button.className = next === "on" ? "ghost" : "primary";
    // nothing a click could change: the browser's settings or the server decide
    button.hidden = next === "blocked" || next === "unsupported" || next === "unavailable";
    button.disabled = false;
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    card.querySelector(".error")?.remove();
    try {
      const clients = await api();
      if (!currentSession()) await signInAsGuest(clients, "");
      show(state === "on" ? await turnOff(clients) : await turnOn(clients));
    } catch (err) {
      show(state);
      showError(card, err);
    }
  });
  if (!pushSupported() || !currentSession()) show(pushSupported() ? "off" : "unsupported");
  else {
    // until the server and this browser's subscription have been asked: no state yet
    // (not "off" for a moment before "on"), nothing to press
    card.dataset.state = "checking";
    status.textContent = t("notifyChecking");
    button.hidden = true;
    void (async () => {
      try {
        show(await pushState(await api()));
      } catch (err) {
        show("off"); // the button still works: a click tries again
        showError(card, err);
      }
    })();
  }
  return card;
}
