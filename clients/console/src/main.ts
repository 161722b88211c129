// The Five Up operators' console: its own page (/console/) and bundle, never part of the
// players' app.  This file boots it (where the gateway is, the language, whether this tab
// is signed in) and routes; each view is in views/.
//
// Routes (in the URL's fragment):
//   #/players[?q=…]            find players            #/players/<id>   a profile + actions
//   #/matches[?filter=…]       live/ended/stuck        #/matches/<id>   inspect, end, void
//   #/reports[?all=1]          the report queue        #/reports/<id>   a report, resolve
//   #/integrity[?status=&kind=] ratings integrity signals, confirm or dismiss
//   #/deliveries               the outbox, destinations, refusals, stream pools
//   #/audit[?operator=&target=&action=]  the audit log
import { signOut, signedIn, setGateway, whenSignedOut } from "./api.js";
import { newCase } from "./case.js";
import { setLang } from "./i18n.js";
import { clearAnnouncement, frame, framed, markSection, onShellEvents } from "./shell.js";
import { auditView } from "./views/audit.js";
import { deliveriesView } from "./views/deliveries.js";
import { integrityView } from "./views/integrity.js";
import { matchView } from "./views/match.js";
import { matchesView } from "./views/matches.js";
import { playersView } from "./views/players.js";
import { profileView } from "./views/profile.js";
import { reportView } from "./views/report.js";
import { reportsView } from "./views/reports.js";
import { signInView } from "./views/signin.js";

let routed = 0; // the first view after a load keeps the keyboard where the browser put it

function route(): void {
  if (!signedIn()) return void signInView(() => {
    routed = 0;
    if (!location.hash || location.hash === "#/") location.hash = "#/players";
    else route();
  });
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const params = new URLSearchParams(query ?? "");
  const [section = "players", rawId] = path.split("/");
  const id = rawId ? decodeURIComponent(rawId) : "";
  const current = ["players", "matches", "reports", "integrity", "deliveries", "audit"].includes(section) ? section : "players";
  if (!framed()) frame(current, newCase);
  else {
    markSection(current);
    clearAnnouncement();
  }
  const focus = routed++ > 0;
  if (current === "players") return id ? profileView(id, focus) : playersView(params, focus);
  if (current === "matches") return id ? matchView(id, params, focus) : matchesView(params, focus);
  if (current === "reports") return id ? reportView(id, focus) : reportsView(params, focus);
  if (current === "integrity") return integrityView(params, focus);
  if (current === "deliveries") return deliveriesView(focus);
  return auditView(params, focus);
}

function leave(): void {
  signOut();
  newCase();
  routed = 0;
  signInView(() => route());
}

async function boot(): Promise<void> {
  let gateway = location.origin;
  try {
    // the players' app's config.json, one folder up: one setting for both pages
    const config = (await (await fetch(new URL("../config.json", location.href), { cache: "no-store" })).json()) as { gateway?: string };
    if (config.gateway) gateway = config.gateway;
  } catch {
    // none: the gateway is this page's own origin (the production image's ingress)
  }
  setGateway(gateway);
  setLang(localStorage.getItem("fiveup:lang") === "hi" ? "hi" : "en");
  onShellEvents({
    redraw: () => {
      routed = 0;
      if (signedIn()) frame("players", newCase);
      route();
    },
    signOut: leave,
  });
  whenSignedOut((reason) => {
    newCase();
    routed = 0;
    signInView(() => route(), reason);
  });
  window.addEventListener("hashchange", route);
  route();
}

void boot();
