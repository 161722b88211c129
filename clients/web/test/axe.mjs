// axe-core (the accessibility engine behind Lighthouse's and most CI checks) on every main
// state of the web app, in real headless Chromium: the landing page (desktop and phone),
// a table in play (a tile selected: the placement controls up), the round-end panel, the
// match-end panel, the leaderboard, the sign-in page, and the landing page and a
// finished table in Hindi.  Run by tests/web/test_audits.py, which wants no violation:
//
//   FIVEUP_WEB_URL=http://127.0.0.1:8000 FIVEUP_ARTIFACTS=/tmp/out node test/axe.mjs
//
// axe is injected into the page (the page's CSP admits only its own scripts, so these
// contexts bypass CSP) and run with its default rules: WCAG 2.x A and AA plus its best
// practices.  Each state's violations are in the report with the elements they name.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';

const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TIMEOUT_MS = Number(process.env.FIVEUP_BROWSER_TIMEOUT_MS || 180000);
report.states = [];

/** axe on the page as it is now: the violations (rule, impact, the elements) and how
 *  many rules passed (so a report of nothing means something ran). */
async function audit(page, state) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return {
      version: r.testEngine.version,
      passes: r.passes.length,
      violations: r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200) })),
      })),
    };
  });
  const shot = `axe-${state.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
  await page.screenshot({ path: path.join(OUT, shot) });
  report.states.push({ state, lang: await page.evaluate(() => document.documentElement.lang), shot, ...result });
  step(`axe ${state}`, { violations: result.violations.map((v) => `${v.id} (${v.nodes.length})`), passes: result.passes });
}

const dataset = (page) => page.evaluate(() => ({ ...document.getElementById('app').dataset }));

await run(async () => {
  const deadline = Date.now() + TIMEOUT_MS;
  // ---------------------------------------------------------------- landing
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, bypassCSP: true });
  const phonePage = await phone.newPage();
  watchErrors(phonePage, 'phone');
  await phonePage.goto(`${BASE}/#/`);
  await phonePage.locator('.open-tables .table-list, .open-tables .note').first().waitFor({ timeout: 15000 });
  await audit(phonePage, 'landing phone');
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
  const page = await desktop.newPage();
  watchErrors(page, 'desktop');
  await page.goto(`${BASE}/#/`);
  await page.locator('.open-tables .table-list, .open-tables .note').first().waitFor({ timeout: 15000 });
  await audit(page, 'landing');

  // ---------------------------------------------------------------- a practice table
  // practice: the hint and take-back controls are on the table too; a short match, so
  // that its rounds' and its own end come soon
  await page.locator('#practice').check();
  await page.locator('#target').fill('10');
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  const audited = { table: false, roundEnd: false };
  for (;;) {
    if (Date.now() > deadline) throw new Error('the match did not end in time');
    await page.waitForFunction(() => {
      const a = document.getElementById('app');
      return a.dataset.roundEnd || a.dataset.status === 'finished' || a.dataset.myTurn === 'true';
    }, null, { timeout: 30000 });
    const app = await dataset(page);
    if (app.roundEnd) {
      await page.locator('.round-end[role=dialog]').waitFor();
      if (!audited.roundEnd) await audit(page, 'round-end panel');
      audited.roundEnd = true;
      await page.locator('button[data-action=dismiss-round]').click().catch(() => {}); // it may close on its own
      await page.waitForFunction(() => !document.getElementById('app').dataset.roundEnd, null, { timeout: 5000 });
      continue;
    }
    if (app.status === 'finished') break;
    const playable = page.locator('.hand button.tile.playable:not([disabled])');
    if (await playable.count()) {
      await playable.first().click();
      await page.locator('.points button.point').first().waitFor();
      if (!audited.table && Number(app.tiles) >= 2) {
        await audit(page, 'table mid-game');
        audited.table = true;
      }
      await page.locator('.points button.point').first().click();
    } else {
      await page.locator('button[data-move=draw], button[data-move=pass]').first().click();
    }
    await page.waitForFunction((v) => {
      const a = document.getElementById('app');
      return a.dataset.version !== v || a.dataset.roundEnd;
    }, app.version, { timeout: 20000 });
  }
  await page.locator('.banner .winner').waitFor({ timeout: 25000 });
  if (!audited.table) throw new Error('the match ended before a table with two tiles was seen');
  await audit(page, 'match end');

  // ---------------------------------------------------------------- Hindi
  await page.locator('button.lang').click();
  await page.locator('html[lang=hi]').waitFor();
  await page.locator('.banner .winner').waitFor({ timeout: 15000 });
  await audit(page, 'match end (Hindi)');
  await page.goto(`${BASE}/#/`);
  await page.locator('.open-tables .table-list, .open-tables .note').first().waitFor({ timeout: 15000 });
  await audit(page, 'landing (Hindi)');
  await page.locator('button.lang').click();
  await page.locator('html[lang=en]').waitFor();

  // ---------------------------------------------------------------- ratings pages
  await page.goto(`${BASE}/#/leaderboard`);
  await page.locator('#board-title').waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await audit(page, 'leaderboard');
  await page.goto(`${BASE}/#/me`);
  await page.locator('#signin-title, main h2').first().waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await audit(page, 'sign-in page');
  await desktop.close();
});
