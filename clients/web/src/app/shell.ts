// What every page shares: the #app element, the header (home, pages, language) and the
// one way a page shows a refused call's reason.
import { ConnectError, errorReason } from "@fiveup/sdk";
import { el } from "../dom.js";
import { lang, reasonText, setLang, t, type Lang } from "../i18n.js";
import { currentSession } from "../session.js";

export const app = document.getElementById("app") as HTMLElement;

/** A page that holds something live (the table's stream, its timers) registers here;
 *  the router stops it before it draws the next page. */
let live: { stop(): void } | null = null;

export function setLive(page: { stop(): void } | null): void {
  if (live !== page) live?.stop();
  live = page;
}

let redraw: () => void = () => undefined;

/** The router's entry point, called again when the language changes. */
export function onRedraw(fn: () => void): void {
  redraw = fn;
}

export function header(): HTMLElement {
  // The button reads as it looks (WCAG 2.5.3, label in name: its accessible name starts
  // with its visible text, which is in the other language and marked so, for a screen
  // reader's voice), and says what it does after that, for screen readers only.
  const other: Lang = lang() === "en" ? "hi" : "en";
  const toggle = el("button", { class: "lang", type: "button" },
    el("span", { lang: other, text: t("language") }),
    el("span", { class: "visually-hidden", text: ` (${t("languageLabel")})` }));
  toggle.addEventListener("click", () => {
    setLang(other);
    localStorage.setItem("fiveup:lang", other);
    redraw();
  });
  // The site's name is every page's one <h1> (each page's own title is its <h2>).
  const home = el("h1", { class: "brand-title" }, el("a", { href: "#/", class: "brand", text: t("title") }));
  const player = currentSession();
  const links = el("nav", { class: "links", "aria-label": t("pages") },
    el("a", { href: "#/leaderboard", text: t("leaderboard") }),
    el("a", { href: "#/tournaments", text: t("tournaments") }),
    el("a", { href: "#/seasons", "data-nav": "seasons", text: t("seasonBoards") }),
    el("a", { href: "#/friends", "data-nav": "friends", text: t("friendsTitle") }),
    el("a", { href: "#/me", "data-nav": "me", text: player ? player.displayName : t("signIn") }));
  return el("header", { class: "top" }, home, links, toggle);
}

/** A page: the header and its main element, replacing whatever was shown. */
export function page(main: HTMLElement): HTMLElement {
  app.replaceChildren(header(), main);
  return main;
}

export function showError(host: HTMLElement, err: unknown): void {
  const reason = errorReason(err);
  const box = host.querySelector<HTMLElement>(".error") ?? host.appendChild(el("p", { class: "error", role: "alert" }));
  box.textContent = reasonText(reason);
  box.dataset.reason = reason;
  if (!(err instanceof ConnectError)) console.error(err);
}

export function linkFor(path: string): string {
  return `${location.origin}${location.pathname}#${path}`;
}
