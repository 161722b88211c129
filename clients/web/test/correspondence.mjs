// Correspondence matches and the rematch in real headless Chromium (Debian's
// /usr/bin/chromium, through playwright-core), against the real stack
// tests/web/test_correspondence_web.py starts:
//
//   FIVEUP_WEB_URL=… FIVEUP_SERVER=host:port FIVEUP_ARTIFACTS=… node test/correspondence.mjs
//
// Two guests (signed in through the API, native gRPC; each browser context holds its
// guest's session) share two correspondence matches: one waiting for Ana (an 8-hour
// clock), one for Ben (a 3-day clock).  Each one's "My matches" lists their turn first
// with the deadline in words; Ana opens hers from the list, the status line reads the
// same way, she moves in the browser, and Ben's list flips.  Then the rematch from the
// end panel: Ana offers, Ben accepts, both land on the new match; a second offer is
// declined ("No thanks") and the offerer is told.  axe runs on the list and the panel.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SeatKind, createFiveUpClients, withToken } from '@fiveup/sdk';
import { grpcTransport } from '@fiveup/sdk/node';
import { BASE, OUT, browser, playFirstMove, report, run, step } from './harness.mjs';
import { signInGuest, signedInPage } from './people.mjs';

const SERVER = process.env.FIVEUP_SERVER;
if (!SERVER) throw new Error('FIVEUP_SERVER is required');
const api = createFiveUpClients(grpcTransport(SERVER));
const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// bypassCSP: axe is injected into the page, which admits only its own scripts
const DESKTOP = { viewport: { width: 1366, height: 768 }, bypassCSP: true };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, bypassCSP: true };
const WAIT = { timeout: 30000 };
const HOUR = 3600;

const guest = (name) => signInGuest(api, name);


async function audit(page, state) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  step(`axe ${state}`, { violations });
}

/** A correspondence match of two people, Ana at seat 0 and Ben at seat 1 (each joined
 *  with their own access token: the seats are bound to them). */
async function correspondence(ana, ben, clockSeconds) {
  const human = { kind: SeatKind.HUMAN };
  const matchId = (await api.matches.createMatch({ seats: [human, human], turnClockSeconds: clockSeconds })).matchId;
  await api.matches.joinMatch({ matchId, seat: 0 }, withToken(ana.token));
  await api.matches.joinMatch({ matchId, seat: 1 }, withToken(ben.token));
  return matchId;
}

/** Moves through the API (the first legal move of whoever is to move) until `seat` is to move. */
async function playUntilTurnOf(matchId, tokens, seat) {
  for (let n = 0; n < 100; n++) {
    const view = (await api.matches.getMatch({ matchId }, withToken(tokens[0]))).view;
    if (view.turnSeat === seat) return view;
    const mover = view.turnSeat;
    const mine = (await api.matches.getMatch({ matchId }, withToken(tokens[mover]))).view;
    await api.matches.submitMove({ matchId, move: mine.legalMoves[0], expectedVersion: mine.version, requestId: randomUUID() }, withToken(tokens[mover]));
  }
  throw new Error(`seat ${seat} never came to move`);
}

const rows = (page) => page.locator('.my-matches li[data-match]').evaluateAll((items) => items.map((li) => ({
  match: li.dataset.match, yourTurn: li.dataset.yourTurn === 'true',
  who: li.querySelector('.who').textContent, mode: li.querySelector('.mode').textContent,
  state: li.querySelector('.state').textContent, deadline: li.querySelector('.deadline')?.textContent ?? null,
})));

async function myMatches(page, count) {
  await page.goto(`${BASE}/#/`);
  await page.waitForFunction((n) => document.querySelectorAll('.my-matches li[data-match]').length === n, count, WAIT);
  return rows(page);
}

const overflow = (page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));

/** One move in the browser: the first playable tile at its first point, else draw or pass. */
async function moveInBrowser(page) {
  await playFirstMove(page, undefined, WAIT.timeout);
}

const rematchPanel = (page) => page.locator('.banner').evaluate((b) => {
  const box = b.querySelector('.rematch');
  return box && {
    kind: box.dataset.rematch, line: box.querySelector('.rematch-line')?.textContent ?? null,
    buttons: [...box.querySelectorAll('button')].map((x) => ({ action: x.dataset.action, text: x.textContent })),
  };
});
const panelIs = (page, kind) => page.locator(`.banner .rematch[data-rematch=${kind}]`).waitFor(WAIT);

await run(async () => {
  const [ana, ben] = await Promise.all(['Ana', 'Ben'].map(guest));
  const tokens = [ana.token, ben.token];
  const forAna = await correspondence(ana, ben, 8 * HOUR);
  const forBen = await correspondence(ana, ben, 72 * HOUR);
  await playUntilTurnOf(forAna, tokens, 0);
  await playUntilTurnOf(forBen, tokens, 1);
  step('matches', { forAna, forBen });

  const a = await signedInPage(ana, DESKTOP);
  const b = await signedInPage(ben, PHONE);
  const aRows = await myMatches(a, 2);
  await a.screenshot({ path: path.join(OUT, 'my-matches-desktop.png'), fullPage: true });
  await audit(a, 'my matches');
  const bRows = await myMatches(b, 2);
  await b.screenshot({ path: path.join(OUT, 'my-matches-phone.png'), fullPage: true });
  step('lists', { a: aRows, b: bRows, aOverflow: await overflow(a), bOverflow: await overflow(b) });

  // Ana opens hers from the list: the table, her seat, the deadline in words
  await a.locator(`.my-matches li[data-match="${forAna}"] a.match-open`).click();
  await a.locator('#app[data-role=player][data-version][data-my-turn=true]').waitFor(WAIT);
  const status = await a.locator('.status .deadline').textContent();
  await a.screenshot({ path: path.join(OUT, 'table-correspondence-desktop.png') });
  while ((await a.locator('#app').getAttribute('data-my-turn')) === 'true') await moveInBrowser(a);
  const after = (await api.matches.getMatch({ matchId: forAna }, withToken(ben.token))).view;
  step('table', {
    status, hash: await a.evaluate(() => location.hash),
    turnSeat: after.turnSeat ?? null, deadline: after.turn?.deadline ? Number(after.turn.deadline.seconds) : null, round: after.roundNumber,
  });
  // Ben's page never left the list: it reads again when the tab comes back into view
  await b.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await b.locator(`.my-matches li[data-match="${forAna}"][data-your-turn=true]`).waitFor(WAIT);
  step('flipped', { a: await myMatches(a, 2), b: await rows(b) });

  // ------------------------------------------------------------------ rematch
  await api.matches.resign({ matchId: forAna }, withToken(ana.token));
  for (const page of [a, b]) {
    await page.goto(`${BASE}/#/`);
    await page.locator(`.my-matches li[data-match="${forAna}"] a.match-open`).click();
    await page.locator('#app[data-status=finished]').waitFor(WAIT);
    await panelIs(page, 'none');
  }
  const before = { a: await rematchPanel(a), b: await rematchPanel(b) };
  await a.locator('button[data-action=rematch]').click();
  await panelIs(a, 'waiting');
  await panelIs(b, 'offered');
  const offered = { a: await rematchPanel(a), b: await rematchPanel(b) };
  await b.screenshot({ path: path.join(OUT, 'rematch-offered-phone.png'), fullPage: true });
  await a.screenshot({ path: path.join(OUT, 'rematch-waiting-desktop.png') });
  await audit(b, 'rematch offered');
  await b.locator('button[data-action=rematch]').click();
  const landed = (page) => page.waitForFunction((old) => {
    const app = document.getElementById('app');
    return app.dataset.match && app.dataset.match !== old && app.dataset.role === 'player' && app.dataset.version;
  }, forAna, WAIT);
  await Promise.all([landed(a), landed(b)]);
  const seatOf = (page) => page.evaluate(() => ({ match: document.getElementById('app').dataset.match, hash: location.hash }));
  const started = (await api.lobby.getRematch({ matchId: forAna }, withToken(ana.token))).rematch;
  step('rematch', { before, offered, a: await seatOf(a), b: await seatOf(b), newMatchId: started.newMatchId });

  // the other match ends too: Ben offers, Ana says no thanks, Ben is told
  await api.matches.resign({ matchId: forBen }, withToken(ben.token));
  for (const page of [a, b]) {
    await page.goto(`${BASE}/#/`);
    await page.locator(`.my-matches li[data-match="${forBen}"] a.match-open`).click();
    await panelIs(page, 'none');
  }
  await b.locator('button[data-action=rematch]').click();
  await panelIs(a, 'offered');
  await a.locator('button[data-action=decline-rematch]').click();
  await panelIs(b, 'declined');
  await panelIs(a, 'declined');
  await b.screenshot({ path: path.join(OUT, 'rematch-declined-phone.png'), fullPage: true });
  step('declined', { a: await rematchPanel(a), b: await rematchPanel(b) });
});
