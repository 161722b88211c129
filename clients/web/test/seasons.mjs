// The season board and the league in real headless Chromium against the real stack
// (tests/web/test_seasons_web.py plays rated matches through the API first):
//
//   FIVEUP_WEB_URL=… FIVEUP_ARTIFACTS=… FIVEUP_SEED='{"me":{"device":…}}' node test/seasons.mjs
//
// Signed in as a seeded guest (their device id): the current weekly board with its rows
// and the signed-in player's own row marked, the seasons' tabs and the past seasons, then
// the league page (tier, the group's table with its zones, the history).  axe-core on
// both; laptop and phone screenshots.  Then the friends' board (friends made through the
// API by the test).
import path from 'node:path';
import { BASE, OUT, run, step } from './harness.mjs';
import { audit, drawn, guest, shots } from './social.mjs';

const SEED = JSON.parse(process.env.FIVEUP_SEED || '{}');
if (!SEED.me) throw new Error('FIVEUP_SEED is required');
const rows = (page, table) => page.locator(`${table} tbody tr`).evaluateAll((trs) => trs.map((r) => ({
  player: r.dataset.player, rank: Number(r.dataset.rank), me: r.classList.contains('me'), zone: r.dataset.zone ?? null,
  cells: [...r.querySelectorAll('td')].map((td) => td.textContent),
})));

await run(async () => {
  const me = await guest('ignored for an existing guest', { device: SEED.me.device });

  await me.page.getByRole('link', { name: 'Seasons' }).click();
  await drawn(me.page, 'seasons');
  step('board', {
    season: await me.page.locator('#app').getAttribute('data-season'),
    title: await me.page.locator('#season-title').textContent(),
    nav: await me.page.locator('nav[aria-label="Seasons and league"] .tab.chosen').textContent(),
    tabs: await me.page.locator('nav[aria-label="Current seasons"] a').allTextContents(),
    chosen: await me.page.locator('nav[aria-label="Current seasons"] .tab.chosen').allTextContents(),
    rows: await rows(me.page, '.season-table'),
    head: await me.page.locator('.season-table th').allTextContents(),
    past: await me.page.locator('.past-seasons li').allTextContents(),
    next: await me.page.locator('button[data-action=next]').isEnabled(),
  });
  const axeBoard = await audit(me.page, 'season board');
  await shots(me.page, 'season-board');

  // the monthly season, from its tab
  await me.page.getByRole('link', { name: 'This month' }).click();
  await me.page.waitForFunction(() => location.hash.startsWith('#/seasons/month-'));
  await drawn(me.page, 'seasons');
  step('monthly', { season: await me.page.locator('#app').getAttribute('data-season'), rows: await rows(me.page, '.season-table') });

  await me.page.getByRole('link', { name: 'My league' }).click();
  await drawn(me.page, 'league');
  step('league', {
    tier: await me.page.locator('#app').getAttribute('data-tier'),
    tierText: await me.page.locator('.tier').textContent(),
    group: await me.page.locator('#app').getAttribute('data-group'),
    notes: await me.page.locator('main .card .note').allTextContents(),
    rows: await rows(me.page, '.league-table'),
    history: await me.page.locator('#league-history-title + *').textContent(),
  });
  const axeLeague = await audit(me.page, 'league');
  await shots(me.page, 'league');

  // the friends' board (the test made Asha and Bilal friends through the API)
  await me.page.getByRole('link', { name: 'Friends' }).click();
  await drawn(me.page, 'friends');
  step('friends board', { rows: await rows(me.page, '.friends-board') });
  await me.page.goto(`${BASE}/#/league`);
  await drawn(me.page, 'league');

  // Hindi: the same pages in the other language
  await me.page.locator('button.lang').click();
  await drawn(me.page, 'league');
  await me.page.screenshot({ path: path.join(OUT, 'league-hindi-laptop.png'), fullPage: true });
  step('hindi', { lang: await me.page.evaluate(() => document.documentElement.lang), heading: await me.page.locator('#league-title').textContent() });
  await me.page.locator('button.lang').click();
  step('audits', { violations: axeBoard.violations.length + axeLeague.violations.length });
});
