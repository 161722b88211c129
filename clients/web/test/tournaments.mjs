// The tournaments pages in real headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core), against the real stack that tests/web/test_tournaments_web.py starts:
//
//   FIVEUP_WEB_URL=… FIVEUP_ARTIFACTS=… FIVEUP_TOURNAMENT=<id> node test/tournaments.mjs
//
// The test has created a short Swiss of 2-seat tables (two players of its own entered it
// through the API and play their tables there). Two people, each in a browser of their
// own (a laptop and a phone), find it in the schedule from the header's menu, sign in as
// guests and enter it (one withdraws and enters again); a visitor keeps its page open.
// At the start each player's table opens by itself; they play it; the next round's
// table opens by itself too; at the end both are brought back to the final standings.
// The visitor's page records the standings as the stream updates them. axe runs on the
// page before the start and on the final standings.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BASE, OUT, browser, dismissRoundEnd, playFirstMove, report, run, step, watchErrors } from './harness.mjs';

const TOURNAMENT = process.env.FIVEUP_TOURNAMENT;
if (!TOURNAMENT) throw new Error('FIVEUP_TOURNAMENT is required');
const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
report.axe = [];

async function audit(page, state) {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => (await globalThis.axe.run(document, { resultTypes: ['violations'] }))
    .violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })));
  report.axe.push({ state, violations });
  step(`axe ${state}`, { violations: violations.map((v) => `${v.id} (${v.nodes.length})`) });
}

const dataset = (page) => page.evaluate(() => ({ hash: location.hash, ...document.getElementById('app').dataset }));
const standings = (page) => page.locator('table.standings tbody tr').evaluateAll((rows) => rows.map((r) => ({
  rank: Number(r.dataset.rank), player: r.dataset.player,
  cells: Object.fromEntries([...r.querySelectorAll('td[data-col]')].map((td) => [td.dataset.col, td.textContent])),
})));

/** Signs a new guest in on the tournament's page (reached from the header's menu and the
 *  schedule) and enters the tournament. */
async function enter(page, name) {
  await page.goto(`${BASE}/#/`);
  await page.locator('nav.links').getByRole('link', { name: 'Tournaments' }).click();
  await page.locator('#app[data-page=tournaments][data-loaded="1"]').waitFor({ timeout: 15000 });
  const listed = await page.locator('table.tournament-list tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.tournament));
  await page.locator(`tr[data-tournament="${TOURNAMENT}"] a`).click();
  await page.locator('#app[data-page=tournament][data-state=upcoming]').waitFor({ timeout: 15000 });
  await page.locator('#guest-name').fill(name);
  await page.getByRole('button', { name: 'Continue as a guest' }).click();
  await page.getByRole('button', { name: 'Enter the tournament' }).click();
  await page.locator('#app[data-entered=true]').waitFor({ timeout: 15000 });
  return listed;
}

/** Plays every table this player is sent to until the tournament's final standings come
 *  back by themselves; what it saw: the tables (match ids) and the URL changes no click made. */
async function playTournament(player) {
  const { page } = player;
  const tables = [];
  for (;;) {
    await page.waitForFunction(() => {
      const a = document.getElementById('app').dataset;
      // the table drawn is the one in the URL (a hashchange is handled a moment after
      // the URL changes: until then #app still carries the previous page's marks)
      const shown = location.hash.startsWith('#/play/') && a.match === decodeURIComponent(location.hash.split('/')[2]);
      const open = shown && a.version && a.status !== 'finished';
      return open || (a.page === 'tournament' && a.state === 'finished');
    }, null, { timeout: 60000, polling: 100 });
    const at = await dataset(page);
    if (at.page === 'tournament') break;
    const match = decodeURIComponent(at.hash.split('/')[2]);
    tables.push({ match, role: at.role, opened: Date.now() });
    step(`${player.name} at a table`, { match, role: at.role });
    for (let moves = 0; ; moves++) {
      if (moves > 400) throw new Error(`${player.name}'s table did not end`);
      await dismissRoundEnd(page);
      const a = await dataset(page);
      if (a.status === 'finished' || !a.hash.endsWith(match)) break;
      if (a.myTurn === 'true') {
        await playFirstMove(page, a.version);
        continue;
      }
      try {
        await page.waitForFunction((v) => {
          const d = document.getElementById('app').dataset;
          return d.myTurn === 'true' || d.status === 'finished' || d.version !== v || !location.hash.startsWith('#/play/');
        }, a.version, { timeout: 30000, polling: 100 });
      } catch (err) {
        await page.screenshot({ path: path.join(OUT, `${player.shot}-stuck.png`) });
        throw new Error(`${player.name} stuck at ${JSON.stringify(await dataset(page))}: ${err}`);
      }
    }
    step(`${player.name} table over`, { match, at: await dataset(page) });
    if (tables.length === 1) await page.screenshot({ path: path.join(OUT, `${player.shot}-table.png`) });
  }
  return tables;
}

await run(async () => {
  // ---------------------------------------------------------------- a visitor
  const visitorCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const visitor = await visitorCtx.newPage();
  watchErrors(visitor, 'visitor');
  await visitor.goto(`${BASE}/#/tournament/${TOURNAMENT}`);
  await visitor.locator('#app[data-page=tournament][data-state=upcoming]').waitFor({ timeout: 15000 });
  // every version the stream draws, with its standings
  await visitor.exposeFunction('seen', (v) => { seen.push(v); });
  const seen = [];
  await visitor.evaluate(() => {
    const app = document.getElementById('app');
    new MutationObserver(() => {
      if (app.dataset.page !== 'tournament') return;
      const rows = [...document.querySelectorAll('table.standings tbody tr')].map((r) => ({
        player: r.dataset.player, points: r.querySelector('td[data-col=points]').textContent,
      }));
      globalThis.seen({ version: app.dataset.version, state: app.dataset.state, rows });
    }).observe(app, { attributes: true, attributeFilter: ['data-version'] });
  });

  // ---------------------------------------------------------------- two players
  const laptopCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, bypassCSP: true });
  const players = [
    { name: 'Meera', shot: 'laptop', ctx: laptopCtx, page: await laptopCtx.newPage() },
    { name: 'Tariq', shot: 'phone', ctx: phoneCtx, page: await phoneCtx.newPage() },
  ];
  for (const p of players) watchErrors(p.page, p.name);
  const listed = await Promise.all(players.map((p) => enter(p.page, p.name)));
  const [laptop, phone] = players;
  // withdrawing before the start frees the place; entering again takes it back
  await laptop.page.getByRole('button', { name: 'Withdraw' }).click();
  await laptop.page.locator('#app[data-entered=false]').waitFor({ timeout: 15000 });
  const afterWithdraw = await laptop.page.locator('.entry').textContent();
  await laptop.page.getByRole('button', { name: 'Enter the tournament' }).click();
  await laptop.page.locator('#app[data-entered=true]').waitFor({ timeout: 15000 });
  const ids = await Promise.all(players.map((p) => p.page.evaluate(() => JSON.parse(localStorage.getItem('fiveup:player')).playerId)));
  await laptop.page.screenshot({ path: path.join(OUT, 'laptop-upcoming.png'), fullPage: true });
  await audit(laptop.page, 'upcoming laptop');
  step('entered', {
    listed, ids, afterWithdraw,
    entrants: await visitor.locator('ul.entrants li').evaluateAll((li) => li.map((x) => x.dataset.player)),
  });

  // ---------------------------------------------------------------- play
  const started = Date.now();
  const played = await Promise.all(players.map((p) => playTournament(p)));
  step('played', { ids, tables: played.map((ts) => ts.map((x) => ({ match: x.match, role: x.role, after: x.opened - started }))) });

  // ---------------------------------------------------------------- the end
  const finals = [];
  for (const p of players) {
    await p.page.locator('table.standings tbody tr').first().waitFor({ timeout: 15000 });
    finals.push({
      hash: await p.page.evaluate(() => location.hash), heading: await p.page.locator('#standings-title').textContent(),
      standings: await standings(p.page),
      rounds: await p.page.locator('table.round-table').evaluateAll((ts) => ts.map((t) => ({
        round: Number(t.dataset.round),
        tables: [...t.querySelectorAll('tbody tr')].map((r) => ({ match: r.dataset.match, ending: Number(r.dataset.ending), cells: [...r.querySelectorAll('td')].map((td) => td.textContent) })),
      }))),
    });
  }
  await laptop.page.screenshot({ path: path.join(OUT, 'laptop-final.png'), fullPage: true });
  await phone.page.screenshot({ path: path.join(OUT, 'phone-final.png'), fullPage: true });
  await audit(phone.page, 'final phone');
  await visitor.locator('#app[data-state=finished]').waitFor({ timeout: 15000 });
  step('final', { finals, seen, visitorStandings: await standings(visitor) });

  // ---------------------------------------------------------------- in Hindi
  await visitor.locator('header.top .lang').click();
  await visitor.waitForFunction(() => document.documentElement.lang === 'hi' && document.getElementById('app').dataset.page === 'tournament');
  await visitor.locator('table.standings tbody tr').first().waitFor({ timeout: 15000 });
  await visitor.screenshot({ path: path.join(OUT, 'laptop-hindi.png'), fullPage: true });
  await audit(visitor, 'final hindi');
  step('hindi', {
    heading: await visitor.locator('#standings-title').textContent(),
    rows: (await standings(visitor)).map((r) => r.player),
  });
  await visitor.locator('header.top .lang').click();
  await visitor.waitForFunction(() => document.documentElement.lang === 'en');

  // ---------------------------------------------------------------- the schedule
  await visitor.getByRole('link', { name: 'All tournaments' }).click();
  await visitor.locator('#app[data-page=tournaments][data-loaded="1"]').waitFor({ timeout: 15000 });
  await visitor.getByRole('link', { name: 'Finished' }).click();
  await visitor.waitForFunction(() => {
    const a = document.getElementById('app').dataset;
    return location.hash === '#/tournaments/finished' && a.at === location.hash && a.loaded === '1';
  }, null, { timeout: 15000 });
  step('finished list', { rows: await visitor.locator('table.tournament-list tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.tournament)) });
  for (const ctx of [visitorCtx, laptopCtx, phoneCtx]) await ctx.close();
});
