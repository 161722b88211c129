// The console's frame, drawn once per sign-in or language change: a skip link, the
// header (the console's name as the page's one <h1>, who is signed in, the language,
// sign out), the sections' navigation, and <main> holding the status line (a polite live
// region that announces each action's result) above the current view.  A view replaces
// only its own part (`view()`), so the live region stays in the page between views and a
// screen reader hears what it says.
import { ConnectError, Code, errorReason } from "@fiveup/sdk";
import { signedIn } from "./api.js";
import { el, heading } from "./dom.js";
import { lang, reasonText, setLang, t, type Key, type Lang } from "./i18n.js";

export const root = document.getElementById("console") as HTMLElement;
let main: HTMLElement | null = null;
let live: HTMLElement | null = null;
let body: HTMLElement | null = null;
let redraw: () => void = () => undefined;
let leave: () => void = () => undefined;

export const SECTIONS: { route: string; key: Key }[] = [
  { route: "players", key: "navPlayers" },
  { route: "matches", key: "navMatches" },
  { route: "reports", key: "navReports" },
  { route: "integrity", key: "navIntegrity" },
  { route: "deliveries", key: "navDeliveries" },
  { route: "audit", key: "navAudit" },
];

/** The router's redraw (language change) and sign-out handlers. */
export function onShellEvents(events: { redraw: () => void; signOut: () => void }): void {
  redraw = events.redraw;
  leave = events.signOut;
}

function languageButton(): HTMLButtonElement {
  // reads as it looks (WCAG 2.5.3): the visible text in the other language, marked so
  const other: Lang = lang() === "en" ? "hi" : "en";
  const button = el("button", { class: "lang", type: "button" },
    el("span", { lang: other, text: t("language") }),
    el("span", { class: "visually-hidden", text: ` (${t("languageLabel")})` }));
  button.addEventListener("click", () => {
    setLang(other);
    localStorage.setItem("fiveup:lang", other);
    redraw();
    // the page is drawn anew: the keyboard stays on the (new) language button
    root.querySelector<HTMLButtonElement>("button.lang")?.focus();
  });
  return button;
}

function skipLink(): HTMLAnchorElement {
  // the router owns the fragment: the link moves focus itself rather than navigating
  const link = el("a", { class: "skip", href: "#main", text: t("skip") });
  link.addEventListener("click", (event) => {
    event.preventDefault();
    main?.focus();
  });
  return link;
}

/** Marks the section shown in the navigation (aria-current). */
export function markSection(current: string): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>("nav.sections a")) {
    if (link.getAttribute("href") === `#/${current}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** Whether the signed-in frame is up (a view may then replace only its own part). */
export function framed(): boolean {
  return root.querySelector("nav.sections") !== null;
}

/** The frame for a signed-in operator; `current` is the section to mark in the nav.
 *  `onNav` runs when the operator picks a section (a new case starts there). */
export function frame(current: string, onNav: () => void): void {
  const who = signedIn();
  const home = el("a", { href: "#/players", class: "brand", text: t("title") });
  home.addEventListener("click", onNav);
  const brand = el("h1", { class: "brand-title" }, home);
  const out = el("button", { type: "button", class: "ghost sign-out", text: t("signOut") });
  out.addEventListener("click", () => leave());
  const tools = el("div", { class: "tools" },
    el("p", { class: "who", text: who ? t("signedInAs", { name: who.displayName }) : "" }),
    languageButton(), out);
  const list = el("ul", {});
  for (const section of SECTIONS) {
    const link = el("a", { href: `#/${section.route}`, text: t(section.key) });
    if (section.route === current) link.setAttribute("aria-current", "page");
    link.addEventListener("click", onNav);
    list.append(el("li", {}, link));
  }
  const nav = el("nav", { class: "sections", "aria-label": t("navLabel") }, list);
  live = el("p", { class: "live", role: "status", "aria-live": "polite" });
  body = el("div", { class: "view" });
  main = el("main", { id: "main", tabindex: "-1" }, live, body);
  root.replaceChildren(skipLink(), el("header", { class: "top" }, brand, tools), nav, main);
}

/** The frame without navigation (the sign-in screen). */
export function bareFrame(): HTMLElement {
  const brand = el("h1", { class: "brand-title" }, el("span", { class: "brand", text: t("title") }));
  live = el("p", { class: "live", role: "status", "aria-live": "polite" });
  body = el("div", { class: "view" });
  main = el("main", { id: "main", tabindex: "-1" }, live, body);
  root.replaceChildren(skipLink(), el("header", { class: "top" }, brand, el("div", { class: "tools" }, languageButton())), main);
  return body;
}

/** A view: its title (the tab's title too) as an <h2>, replacing the previous view.
 *  `focus` moves the keyboard there (after navigating, never on the first load). */
export function view(title: string, focus: boolean): HTMLElement {
  document.title = `${title} · ${t("title")}`;
  const h2 = heading(2, title, { class: "view-title" });
  body!.replaceChildren(h2);
  if (focus) h2.focus();
  return body!;
}

/** Says a result in the status line (the live region), for everyone to see and hear. */
export function announce(text: string): void {
  if (!live) return;
  // the same words twice must still be heard: empty the region first
  live.textContent = "";
  window.setTimeout(() => { if (live) live.textContent = text; }, 50);
}

export function clearAnnouncement(): void {
  if (live) live.textContent = "";
}

/** The one line a refused call shows: what went wrong in words, and the server's
 *  reason for anyone who reads the logs (e.g. "… (UNIMPLEMENTED)"). */
export function errorLine(err: unknown): string {
  if (!(err instanceof ConnectError)) {
    console.error(err); // a bug of the console's own, not the server's answer
    return t("errConsole");
  }
  if (err.code === Code.Unimplemented) return t("errUnimplemented");
  const reason = errorReason(err);
  return `${reasonText(reason)} (${reason})`;
}

/** Shows `err` as one line in `host`'s error paragraph (made on first use: role=alert). */
export function showError(host: HTMLElement, err: unknown): HTMLElement {
  let box = host.querySelector<HTMLElement>(":scope > .error");
  if (!box) {
    box = el("p", { class: "error", role: "alert" });
    host.append(box);
  }
  box.textContent = errorLine(err);
  box.dataset.reason = errorReason(err);
  return box;
}
