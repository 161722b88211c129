// Drives the web app in real headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core: no browser download).  Run by tests/web/test_browser.py, which starts
// the server, the Envoy gateway and the static server, then checks the report:
//
//   FIVEUP_WEB_URL=http://127.0.0.1:8000 FIVEUP_ARTIFACTS=/tmp/out node test/browser.mjs
//
// Scenarios: a bad join link shows the documented error; a player creates a 2-seat match
// against a bot and plays it to the end with the keyboard and the mouse; a second
// context follows as a spectator (every gRPC-Web response it receives is saved for the
// leak check); mid-round the player's page reloads and must come back to the same seat;
// mid-game screenshots on a desktop and a phone viewport.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';
import { scoresFit } from './table-checks.mjs';

const TARGET = process.env.FIVEUP_TARGET || '15';
const TIMEOUT_MS = Number(process.env.FIVEUP_BROWSER_TIMEOUT_MS || 240000);
Object.assign(report, { spectator: [], moves: { keyboard: 0, mouse: 0, draws: 0, passes: 0 }, placements: [], forced: [], badges: [], roundEnds: [] });
const deadline = Date.now() + TIMEOUT_MS;
const app = (page) => page.locator('#app');
const data = (page, key) => page.locator('#app').getAttribute(`data-${key}`);

await run(async () => {
  // ---------------------------------------------------------------- a bad join link
  const stray = await browser.newContext();
  const strayPage = await stray.newPage();
  watchErrors(strayPage, 'stray');
  await strayPage.goto(`${BASE}/#/join/no-such-match/0`);
  const error = strayPage.locator('.error[role=alert]');
  await error.waitFor({ timeout: 15000 });
  step('bad join link', { reason: await error.getAttribute('data-reason'), text: await error.textContent() });
  await stray.close();

  // ---------------------------------------------------------------- Play now
  // the landing page's quick match: a guest named on the spot, the matchmaker's wait
  // shown with the bots' countdown, then the table, where the name is shown
  const quick = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const quickPage = await quick.newPage();
  watchErrors(quickPage, 'quick');
  await quickPage.goto(`${BASE}/#/`);
  await quickPage.locator('#play-now-name').fill('Asha');
  await quickPage.locator('button[data-action=play-now]').click();
  await quickPage.locator('.searching', { hasText: 'bots join in' }).waitFor({ timeout: 15000 });
  const searching = await quickPage.locator('.searching').textContent();
  await quickPage.screenshot({ path: path.join(OUT, 'play-now-phone.png'), fullPage: true });
  await quickPage.locator('#app[data-role=player][data-version][data-history]').waitFor({ timeout: 40000 });
  step('play now', {
    searching, url: quickPage.url(),
    me: await quickPage.locator('.players li .who', { hasText: '(You)' }).textContent(),
    overflow: await quickPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  });
  await quick.close();

  // ---------------------------------------------------------------- create a match
  // the desktop the issue was judged at (1366×768: the most common laptop screen)
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await desktop.newPage();
  watchErrors(page, 'player');
  await page.goto(`${BASE}/#/`);
  await page.locator('.open-tables .table-list, .open-tables .note').first().waitFor({ timeout: 15000 });
  step('landing', {
    playNow: await page.locator('button[data-action=play-now]').count(),
    openTables: await page.locator('.open-tables h2').textContent(),
  });
  await page.locator('#players-2').check();
  await page.locator('#seat-0').selectOption('human');
  await page.locator('#seat-1').selectOption('greedy');
  await page.locator('#target').fill(TARGET);
  await page.getByRole('button', { name: 'Create match' }).click();
  // against a bot there is nobody to invite: straight to the table
  await page.waitForURL(/#\/play\//);
  const url = page.url();
  const matchId = url.split('/').pop();
  // the invitation page is still there for the spectator link, at its own URL: a reload
  // shows the same links
  await page.goto(`${BASE}/#/share/${matchId}`);
  const watchLink = await page.getByLabel('Spectator link').inputValue();
  step('created', { matchId, watchLink, url, shareUrl: page.url() });
  await page.reload();
  step('share reloaded', { url: page.url(), watchLink: await page.getByLabel('Spectator link').inputValue() });
  // the seat token is in this tab's sessionStorage, never in a URL
  const stored = await page.evaluate((id) => sessionStorage.getItem(`fiveup:seat:${id}`), matchId);
  step('seat stored', { seat: JSON.parse(stored).seat, tokenInUrl: page.url().includes(JSON.parse(stored).token) });

  // ---------------------------------------------------------------- the spectator
  const watcher = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const spectator = await watcher.newPage();
  watchErrors(spectator, 'spectator');
  const pending = [];
  spectator.on('response', (response) => {
    const url = response.url();
    if (!url.includes('/fiveup.v1.')) return;
    // The chat's stream stays open past the match's end (players and watchers talk on),
    // so its body never ends; it carries only what people write (docs/security.md).
    if (url.includes('/fiveup.v1.ChatService/WatchChat')) return;
    pending.push(response.body().then(
      (body) => report.spectator.push({ method: url.split('/fiveup.v1.')[1], status: response.status(), body: body.toString('base64') }),
      (err) => report.spectator.push({ method: url.split('/fiveup.v1.')[1], error: String(err) }),
    ));
  });
  await spectator.goto(watchLink);
  await spectator.locator('#app[data-role=spectator][data-version]').waitFor({ timeout: 15000 });

  // ---------------------------------------------------------------- play to the end
  await page.getByRole('link', { name: 'Go to the table' }).click();
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  let reloaded = false;
  let shots = false;
  let turns = 0;
  let flaky = null; // a viewer that loses the network for a few moves, then catches up
  let flakyUntil = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the match did not end in time');
    await page.waitForFunction(() => {
      const a = document.getElementById('app');
      return a.dataset.roundEnd || a.dataset.status === 'finished' || (a.dataset.myTurn === 'true' && !document.querySelector('.tile[aria-pressed=true]'));
    }, null, { timeout: 30000 });
    if (report.badges.length < 8) {
      // Found and read in one task: the status line is redrawn often, and a badge found
      // a step before may be detached by then (a detached node's computed style is empty).
      const seen = await page.evaluate(() => {
        const b = document.querySelector('.status .points-badge');
        if (!b) return null;
        const style = getComputedStyle(b);
        return {
          text: b.textContent, seat: b.dataset.seat, animation: style.animationName,
          duration: style.animationDuration, opacity: Number(style.opacity),
        };
      }).catch(() => null);
      if (seen) report.badges.push(seen);
    }
    if (await data(page, 'round-end')) {
      // the round's end stays over the table until dismissed: its layout, hands, scores
      const box = page.locator('.round-end[role=dialog]');
      await box.waitFor();
      const seen = {
        round: await data(page, 'round-end'),
        title: await box.locator('h2').textContent(),
        layoutTiles: await box.locator('.final-layout .domino').count(),
        hands: await box.locator('.hands li').count(),
        sides: await box.locator('.round-scores li').allTextContents(),
        focused: await page.evaluate(() => document.activeElement?.dataset.action ?? null),
      };
      report.roundEnds.push(seen);
      if (report.roundEnds.length === 1) await page.screenshot({ path: path.join(OUT, 'round-end-desktop.png') });
      await box.locator('button[data-action=dismiss-round]').click();
      await page.waitForFunction(() => !document.getElementById('app').dataset.roundEnd, null, { timeout: 5000 });
      continue;
    }
    if ((await data(page, 'status')) === 'finished') break;
    const version = await data(page, 'version');
    const tiles = Number(await data(page, 'tiles'));
    if (!shots && tiles >= Number(process.env.FIVEUP_SHOT_TILES || 7)) {
      shots = true;
      await page.screenshot({ path: path.join(OUT, 'board-desktop.png') });
      const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
      const phone = await phoneContext.newPage();
      await phone.goto(watchLink);
      await phone.locator('#app[data-role=spectator][data-version]').waitFor({ timeout: 15000 });
      await phone.locator('.domino').first().waitFor();
      await phone.screenshot({ path: path.join(OUT, 'board-phone.png'), fullPage: true });
      // a score as wide as "62 points" keeps to one line at both sizes
      const fits = { desktop: await scoresFit(page), phone: await scoresFit(phone) };
      await phoneContext.close();
      step('screenshots', { tiles, fits, viewport: page.viewportSize(), overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth) });
    }
    if (!reloaded && tiles >= 4) {
      reloaded = true;
      const before = { seat: JSON.parse(await page.evaluate((id) => sessionStorage.getItem(`fiveup:seat:${id}`), matchId)).seat, version };
      await page.reload();
      await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
      const after = {
        role: await data(page, 'role'),
        resumedFrom: await data(page, 'resumed-from'),
        seat: JSON.parse(await page.evaluate((id) => sessionStorage.getItem(`fiveup:seat:${id}`), matchId)).seat,
        handTiles: await page.locator('.hand button.tile').count(),
        round: await data(page, 'round'),
      };
      step('reloaded', { before, after });
      continue;
    }
    if (flaky === null && reloaded && turns >= 2) {
      const context = await browser.newContext();
      const viewer = await context.newPage();
      watchErrors(viewer, 'flaky');
      await viewer.goto(watchLink);
      await viewer.locator('#app[data-role=spectator][data-version]').waitFor({ timeout: 15000 });
      await context.setOffline(true);
      flaky = { context, viewer, from: await data(viewer, 'version') };
      flakyUntil = turns + 3;
    } else if (flaky && flaky.context && turns >= flakyUntil) {
      const target = Number(version);
      const stale = Number(await data(flaky.viewer, 'version'));
      await flaky.context.setOffline(false);
      const t0 = Date.now();
      try {
        await flaky.viewer.waitForFunction((v) => Number(document.getElementById('app').dataset.version) >= v, target, { timeout: 30000 });
      } catch (err) {
        const state = await flaky.viewer.evaluate(() => ({ ...document.getElementById('app').dataset, status: document.querySelector('.status')?.textContent, log: [...document.querySelectorAll('.log li')].map((l) => l.textContent).slice(0, 5) }));
        throw new Error(`the offline viewer did not catch up to v${target}: ${JSON.stringify(state)}`);
      }
      step('offline and back', { from: Number(flaky.from), whileOffline: stale, target, caughtUp: Number(await data(flaky.viewer, 'version')), ms: Date.now() - t0 });
      await flaky.context.close();
      flaky = { done: true };
    }
    if (turns === 3) {
      // the player's own connection drops at their turn: one line says so, every control
      // waits, and the table is itself again as soon as the connection is back
      await desktop.setOffline(true);
      await page.locator('.status .offline').waitFor({ timeout: 20000 });
      const down = {
        line: await page.locator('.status').textContent(),
        enabled: await page.locator('.hand button:not([disabled])').count(),
        alerts: await page.locator('.table .error[role=alert]:not([hidden])').count(),
      };
      await desktop.setOffline(false);
      const t0 = Date.now();
      await page.locator('.status .offline').waitFor({ state: 'detached', timeout: 20000 });
      step('player offline', { ...down, backMs: Date.now() - t0, enabledAfter: await page.locator('.hand button:not([disabled])').count(), live: await data(page, 'live') });
    }
    if (turns === 0) {
      // a match created without hints or practice offers neither
      step('no assist', {
        hint: await page.locator('button[data-action=hint]').count(),
        undo: await page.locator('button[data-action=undo]').count(),
        practice: await data(page, 'practice'), hintsAllowed: await data(page, 'hints-allowed'),
      });
    }
    turns += 1;
    const draw = page.locator('button[data-move=draw]');
    const pass = page.locator('button[data-move=pass]');
    const playable = page.locator('.hand button.tile.playable:not([disabled])');
    if (await playable.count()) {
      const useKeyboard = turns % 2 === 0;
      const first = playable.first();
      if (useKeyboard) {
        // every playable tile's placements are read (what each would score), the last one
        // selected being the tile that is played: one deal may offer no scoring move to its
        // first tile, a whole match offers both kinds across the hand
        const count = Math.min(await playable.count(), 4);
        for (let i = count - 1; i >= 0; i -= 1) {
          const tile = playable.nth(i);
          const key = await tile.getAttribute('data-tile');
          if ((await tile.getAttribute('aria-pressed')) !== 'true') {
            await tile.focus();
            await page.keyboard.press('Enter');
          }
          await page.locator(`.hand button.tile.selected[data-tile="${key}"]`).waitFor();
          await page.locator('.points button.point').first().waitFor();
          for (const option of await page.locator('.points button.point').all()) {
            report.placements.push({ text: await option.textContent(), points: Number(await option.getAttribute('data-points')), version, tile: key });
          }
        }
        const point = page.locator('.points button.point').first();
        step('selected', { selectedPressed: await page.locator('.hand button.tile.selected[aria-pressed=true]').count(), transform: await page.locator('.hand button.tile.selected').evaluate((b) => getComputedStyle(b).boxShadow) });
        await point.focus();
        await page.keyboard.press('Enter');
        report.moves.keyboard += 1;
      } else {
        await first.click();
        const marker = page.locator('svg.board .marker').first();
        await marker.waitFor();
        await marker.click();
        report.moves.mouse += 1;
      }
    } else if (await draw.count()) {
      if (report.forced.length < 3) report.forced.push(await page.locator('.hand .hint.forced').textContent());
      await draw.focus();
      await page.keyboard.press('Enter');
      report.moves.draws += 1;
    } else if (await pass.count()) {
      if (report.forced.length < 6) report.forced.push(await page.locator('.hand .hint.forced').textContent());
      await pass.click();
      report.moves.passes += 1;
    } else {
      throw new Error(`my turn at v${version} but no move is offered`);
    }
    try {
      await page.waitForFunction((v) => document.getElementById('app').dataset.version !== v, version, { timeout: 20000 });
    } catch (err) {
      const alert = await page.locator('.table .error[role=alert]').first().textContent().catch(() => '');
      throw new Error(`the move at v${version} changed nothing (alert: ${alert}; hand: ${await page.locator('.hand').textContent()})`);
    }
  }
  const winner = await page.locator('.banner .winner').textContent();
  const finalScores = await page.locator('.banner .final-scores li').allTextContents();
  const history = await page.locator('.log li').allTextContents();
  const scores = await page.locator('.score .pts').allTextContents();
  const tallies = await page.locator('.score svg.tally').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  step('finished', { winner, scores, tallies, turns, finalScores, history, reckoning: await page.locator('.reckoning li').count() });
  await page.screenshot({ path: path.join(OUT, 'match-end.png') });

  // the spectator sees the end too, then its stream closes
  await spectator.locator('#app[data-status=finished]').waitFor({ timeout: 20000 });
  // a spectator keeps no round-end dialog open forever either: dismiss it if it is up
  const spectatorDialog = spectator.locator('button[data-action=dismiss-round]');
  if (await spectatorDialog.count()) await spectatorDialog.click();
  await spectator.locator('.banner .winner').waitFor({ timeout: 25000 });
  step('spectator finished', { banner: await spectator.locator('.banner .winner').textContent(), history: await spectator.locator('.log li').allTextContents() });
  // the finished table opened afresh: the same history, the match-end panel at once
  const late = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const latePage = await late.newPage();
  watchErrors(latePage, 'late');
  await latePage.goto(watchLink);
  await latePage.locator('.banner .winner').waitFor({ timeout: 15000 });
  await latePage.waitForFunction((n) => Number(document.getElementById('app').dataset.history) >= n, history.length, { timeout: 15000 });
  step('finished table', {
    banner: await latePage.locator('.banner .winner').textContent(),
    history: await latePage.locator('.log li').allTextContents(),
    roundEnd: await data(latePage, 'round-end'),
    overflow: await latePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  });
  await latePage.screenshot({ path: path.join(OUT, 'match-end-phone.png'), fullPage: true });
  await late.close();
  // The server ends the stream after the match's end: let it, and read every body so far,
  // before the language switch redraws the page (which aborts a stream still open: its
  // body would then be unreadable, and the leak check would have a hole).
  await Promise.all(pending);
  // Hindi: the language switch relabels the page
  const english = await spectator.locator('.banner h2').textContent();
  await spectator.locator('button.lang').click();
  // the table is drawn again (a new view of it): wait for that, not for the old page
  await spectator.waitForFunction((was) => document.querySelector('.banner h2')?.textContent !== was, english, { timeout: 15000 });
  step('hindi', { lang: await spectator.evaluate(() => document.documentElement.lang), heading: await spectator.locator('.banner h2').textContent() });
  // every response seen so far read to its end (one may arrive while we wait), then stop
  // listening: a body still unread when the context closes could not be checked
  for (let seen = -1; seen !== pending.length; ) {
    seen = pending.length;
    await Promise.all(pending);
  }
  spectator.removeAllListeners('response');
  await watcher.close();
  await desktop.close();
});
