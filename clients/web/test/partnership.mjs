// A 4-seat partnership match played through the UI only, by two people in two browser
// contexts (Asha at seat 1 on a 1366×768 desktop, Ravi at seat 3 on a 390×844 phone with
// touch) with a bot at seats 2 and 4, for some rounds.  Run by tests/web/test_partnership.py
// against the real stack (fiveup serve, Envoy, the static bundle):
//
//   FIVEUP_WEB_URL=http://127.0.0.1:8000 FIVEUP_ARTIFACTS=/tmp/out node test/partnership.mjs
//
// Recorded for the test: how each page names the seats (players list, scores, status,
// badges, history), the round-end panel of each round (every hand, the sides' scores);
// the first round's panel is left alone on Asha's page to close itself after its timeout
// (the table under it is not usable until then), every other one dismissed; whether a
// score as wide as "62 points" still fits on one line at both sizes; screenshots.
import path from 'node:path';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';
import { scoresFit } from './table-checks.mjs';

const ROUNDS = Number(process.env.FIVEUP_PARTNERSHIP_ROUNDS || 3);
const TIMEOUT_MS = Number(process.env.FIVEUP_BROWSER_TIMEOUT_MS || 240000);
const deadline = Date.now() + TIMEOUT_MS;
Object.assign(report, { roundEnds: [], badges: [], moves: { asha: 0, ravi: 0 }, timeout: null });

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

/** A guest player named on the profile page: the seats they take carry the name. */
async function signIn(context, name) {
  const page = await context.newPage();
  watchErrors(page, name);
  await page.goto(`${BASE}/#/me`);
  await page.locator('#guest-name').fill(name);
  await page.getByRole('button', { name: /guest/i }).click();
  await page.locator('#app[data-player]').waitFor({ timeout: 20000 });
  return page;
}

/** What the table says at this moment: every naming place, and its state. */
const tableSeen = (page) => page.evaluate(() => {
  const a = document.getElementById('app').dataset;
  const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
  return {
    version: a.version, round: a.round, roundEnd: a.roundEnd || '', status: a.status, myTurn: a.myTurn === 'true',
    live: a.live, players: texts('.players li .who'), partners: texts('.players li .partner'),
    scores: texts('.score .who'), turn: document.querySelector('.status .turn')?.textContent ?? '',
    starter: document.querySelector('.status .starter')?.textContent ?? '',
    badge: document.querySelector('.status .points-badge')?.textContent ?? null,
    history: texts('.log li'),
  };
});

/** One move through the UI: the first playable tile and its first placement (the phone
 *  taps, the desktop uses the keyboard), else draw or pass. */
async function move(page) {
  const playable = page.locator('.hand button.tile.playable:not([disabled])');
  if (await playable.count()) {
    const tile = playable.first();
    if (page === pages.ravi) await tile.tap();
    else {
      await tile.focus();
      await page.keyboard.press('Enter');
    }
    const point = page.locator('.points button.point').first();
    await point.waitFor();
    if (page === pages.ravi) await point.tap();
    else {
      await point.focus();
      await page.keyboard.press('Enter');
    }
    return;
  }
  const forced = page.locator('button[data-move=draw], button[data-move=pass]').first();
  if (!(await forced.count())) throw new Error('my turn but no move is offered');
  await forced.click();
}

/** The round-end panel as it stands: its title, every hand, each side's line. */
const panelSeen = (page) => page.evaluate(() => {
  const box = document.querySelector('.round-end[role=dialog]');
  if (!box) return null;
  const texts = (sel) => [...box.querySelectorAll(sel)].map((e) => e.textContent);
  return {
    title: box.querySelector('h2')?.textContent, hands: texts('.hands li'), sides: texts('.round-scores li'),
    sideNames: texts('.round-scores li strong'), layoutTiles: box.querySelectorAll('.final-layout .domino').length,
    button: box.querySelector('button[data-action=dismiss-round]')?.textContent,
    round: document.getElementById('app').dataset.round,
  };
});

const pages = {};

await run(async () => {
  const ashaContext = await browser.newContext(DESKTOP);
  const raviContext = await browser.newContext(PHONE);
  pages.asha = await signIn(ashaContext, 'Asha');
  pages.ravi = await signIn(raviContext, 'Ravi');
  const { asha, ravi } = pages;

  // Asha creates the match: people at seats 1 and 3 (partners), bots at 2 and 4
  await asha.goto(`${BASE}/#/`);
  await asha.locator('#players-4').check();
  for (const [i, kind] of ['human', 'greedy', 'human', 'greedy'].entries()) await asha.locator(`#seat-${i}`).selectOption(kind);
  await asha.locator('#target').fill(process.env.FIVEUP_TARGET || '61');
  step('create form', { note: await asha.locator('.seats + .note').textContent() });
  await asha.getByRole('button', { name: 'Create match' }).click();
  const joinLink = await asha.getByLabel('Join link for seat 3').inputValue();
  const matchId = joinLink.split('/').at(-2);
  step('created', { matchId, joinLink });
  await ravi.goto(joinLink);
  await ravi.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 });
  await asha.getByRole('link', { name: 'Go to the table' }).click();
  await asha.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 });
  // both seats taken and named on both pages
  for (const page of [asha, ravi]) {
    await page.waitForFunction(() => [...document.querySelectorAll('.players li .who')].filter((e) => /Asha|Ravi/.test(e.textContent)).length === 2, null, { timeout: 20000 });
  }
  step('seated', { asha: await tableSeen(asha), ravi: await tableSeen(ravi) });

  let shots = false;
  let timedOut = null; // Asha's first round end: left to close itself
  const dismissed = { asha: new Set(), ravi: new Set() };
  const seenEnds = { asha: new Set(), ravi: new Set() };
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${ROUNDS} rounds were not over in time`);
    const now = { asha: await tableSeen(asha), ravi: await tableSeen(ravi) };
    if (now.asha.status === 'finished' && !now.asha.roundEnd) break;
    if (report.roundEnds.filter((e) => e.who === 'asha').length >= ROUNDS && !now.asha.roundEnd) break;
    let acted = false;
    for (const who of ['asha', 'ravi']) {
      const page = pages[who];
      const seen = now[who];
      if (seen.badge && report.badges.length < 12) report.badges.push({ who, text: seen.badge });
      if (seen.roundEnd) {
        const n = seen.roundEnd;
        if (!seenEnds[who].has(n)) {
          seenEnds[who].add(n);
          const panel = await panelSeen(page);
          report.roundEnds.push({ who, n, ...panel, scores: seen.scores });
          if (who === 'asha' && n === '1') {
            await page.screenshot({ path: path.join(OUT, 'partnership-round-end-desktop.png') });
            // left alone: it says when it closes; it must close then, by itself
            const shown = Number(/closes in (\d+) s/.exec(panel.button)?.[1]);
            // when it goes, timed in the page (this loop may be busy with Ravi's moves then)
            await page.evaluate(() => {
              const t0 = performance.now();
              window.fiveupPanel = { closedAfterMs: null };
              const watch = new MutationObserver(() => {
                if (document.querySelector('.round-end[role=dialog]')) return;
                window.fiveupPanel.closedAfterMs = performance.now() - t0;
                watch.disconnect();
              });
              watch.observe(document.body, { childList: true, subtree: true });
            });
            timedOut = { shown, at: Date.now(), nextDealHidden: await page.evaluate(() => getComputedStyle(document.querySelector('.table .center')).visibility === 'hidden'), handBlocked: await page.evaluate(() => {
              const tile = document.querySelector('.hand button.tile');
              if (!tile) return null;
              const box = tile.getBoundingClientRect();
              const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
              return !tile.contains(top); // the panel covers the hand
            }) };
          }
          if (who === 'ravi' && n === '1') await page.screenshot({ path: path.join(OUT, 'partnership-round-end-phone.png') });
        }
        if (who === 'asha' && n === '1') continue; // waits for its own timeout
        if (!dismissed[who].has(n)) {
          dismissed[who].add(n);
          await page.locator('button[data-action=dismiss-round]').click().catch(() => {});
          acted = true;
        }
        continue;
      }
      if (who === 'asha' && timedOut && timedOut.closedAfterMs === undefined) {
        // the first panel has closed by itself: when, and the table under it is the next deal
        timedOut.closedAfterMs = await page.evaluate(() => window.fiveupPanel.closedAfterMs);
        timedOut.seenClosedAfterMs = Date.now() - timedOut.at;
        timedOut.roundAfter = seen.round;
        timedOut.nextDealShown = await page.evaluate(() => getComputedStyle(document.querySelector('.table .center')).visibility === 'visible');
        timedOut.focus = await page.evaluate(() => document.activeElement?.closest('.hand') ? 'hand' : document.activeElement?.tagName ?? null);
        timedOut.handControls = await page.locator('.hand button.playable:not([disabled]), .hand button[data-move]:not([disabled])').count();
        report.timeout = timedOut;
      }
      if (seen.status === 'finished' || !seen.myTurn) continue;
      if (!shots && who === 'asha' && Number(await page.locator('#app').getAttribute('data-tiles')) >= 6) {
        shots = true;
        await asha.screenshot({ path: path.join(OUT, 'partnership-desktop.png') });
        await ravi.screenshot({ path: path.join(OUT, 'partnership-phone.png'), fullPage: true });
        step('mid round', { asha: await tableSeen(asha), ravi: await tableSeen(ravi), fitsDesktop: await scoresFit(asha), fitsPhone: await scoresFit(ravi) });
      }
      const before = seen.version;
      await move(page);
      report.moves[who] += 1;
      await page.waitForFunction((v) => document.getElementById('app').dataset.version !== v, before, { timeout: 20000 });
      acted = true;
    }
    if (!acted) await asha.waitForTimeout(150); // nobody to move: the bots or the stream
  }
  const asha1 = await tableSeen(asha);
  const ravi1 = await tableSeen(ravi);
  step('after rounds', { asha: asha1, ravi: ravi1, fitsDesktop: await scoresFit(asha), fitsPhone: await scoresFit(ravi) });
  // a spectator's page names the same seats (no "You" anywhere)
  const watcher = await browser.newContext(DESKTOP);
  const spectator = await watcher.newPage();
  watchErrors(spectator, 'spectator');
  await spectator.goto(`${BASE}/#/watch/${matchId}`);
  await spectator.locator('#app[data-role=spectator][data-version]').waitFor({ timeout: 20000 });
  await spectator.waitForFunction((n) => Number(document.getElementById('app').dataset.history) >= n, asha1.history.length, { timeout: 20000 });
  step('spectator', await tableSeen(spectator));
  await watcher.close();
  await ashaContext.close();
  await raviContext.close();
});
