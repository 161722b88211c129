// A match in play across a restart of the real local stack (`make run`'s
// fiveup.devstack.webstack: the server, Envoy and the page), seen from the table in real
// headless Chromium.  tests/web/test_restart.py stops the stack when this script prints
//
//   @stop         (answered "stopped" once it is down)
//   @start        (answered "started <ms>" once it serves again)
//
// Scenario: a person creates a match against a bot (their seat token in this tab only)
// and plays a few moves through the UI; at their turn the stack goes down: the table
// must say so in one line, with every control disabled and no error box; the stack comes
// back on the same ports and database: the table must be itself again (the line gone,
// the same seat, the same version, the controls back) without a reload, and play goes on
// (the person's move is taken, the bot answers); a reload after it resumes the same seat.
import path from 'node:path';
import readline from 'node:readline';
import { BASE, OUT, browser, playFirstMove, report, run, step, watchErrors } from './harness.mjs';

const lines = readline.createInterface({ input: process.stdin });
const answers = lines[Symbol.asyncIterator]();
async function ask(what) {
  console.log(`@${what}`);
  const { value } = await answers.next();
  if (!value || !value.startsWith(what === 'stop' ? 'stopped' : 'started')) throw new Error(`no ${what} (${value})`);
  return value;
}

const data = (page, key) => page.locator('#app').getAttribute(`data-${key}`);
const myTurn = (page) => page.waitForFunction(() => {
  const a = document.getElementById('app');
  return a.dataset.roundEnd || a.dataset.status === 'finished' || (a.dataset.myTurn === 'true' && a.dataset.live !== 'false');
}, null, { timeout: 30000 });

/** One move through the UI, or the round-end panel dismissed; returns what was done. */
async function play(page) {
  await myTurn(page);
  if (await data(page, 'round-end')) {
    await page.locator('button[data-action=dismiss-round]').click();
    await page.waitForFunction(() => !document.getElementById('app').dataset.roundEnd, null, { timeout: 10000 });
    return 'dismissed';
  }
  if ((await data(page, 'status')) === 'finished') return 'finished';
  await playFirstMove(page, await data(page, 'version'));
  return 'moved';
}

await run(async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  watchErrors(page, 'table');
  await page.goto(`${BASE}/#/`);
  await page.locator('#players-2').check();
  await page.locator('#seat-1').selectOption('greedy');
  await page.getByRole('button', { name: 'Create match' }).click(); // straight to the table
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 });
  const matchId = await data(page, 'match');
  const seat = () => page.evaluate((id) => JSON.parse(sessionStorage.getItem(`fiveup:seat:${id}`)).seat, matchId);
  let moves = 0;
  while (moves < 3) if ((await play(page)) === 'moved') moves += 1;
  // at the person's turn, with the panel (if any) out of the way
  while ((await data(page, 'my-turn')) !== 'true' || (await data(page, 'round-end'))) await play(page);
  const before = { version: await data(page, 'version'), seat: await seat(), hand: await page.locator('.hand button.tile').count() };
  step('before', before);

  // ---------------------------------------------------------------- the stack goes down
  report.downFrom = Date.now();
  await ask('stop');
  await page.locator('.status .offline').waitFor({ timeout: 30000 });
  const down = {
    line: await page.locator('.status').textContent(),
    enabled: await page.locator('.hand button:not([disabled])').count(),
    alerts: await page.locator('.table .error[role=alert]:not([hidden])').count(),
    live: await data(page, 'live'),
  };
  await page.screenshot({ path: path.join(OUT, 'table-restart-down.png') });
  // a click meanwhile does nothing (the controls wait): the version stays
  await page.locator('.hand button.tile').first().click({ force: true, timeout: 2000 }).catch(() => {});
  down.versionWhileDown = await data(page, 'version');
  step('down', down);

  // ---------------------------------------------------------------- back
  const started = await ask('start');
  const t0 = Date.now();
  await page.locator('.status .offline').waitFor({ state: 'detached', timeout: 30000 });
  await page.waitForFunction(() => document.getElementById('app').dataset.live === 'true', null, { timeout: 30000 });
  report.downUntil = Date.now();
  const back = {
    backMs: Date.now() - t0, restartMs: Number(started.split(' ')[1]),
    version: await data(page, 'version'), seat: await seat(), myTurn: await data(page, 'my-turn'),
    enabled: await page.locator('.hand button:not([disabled])').count(),
    alerts: await page.locator('.table .error[role=alert]:not([hidden])').count(),
    line: await page.locator('.status').textContent(),
  };
  step('back', back);
  await page.screenshot({ path: path.join(OUT, 'table-restart-back.png') });

  // ---------------------------------------------------------------- play goes on
  const played = [];
  let after = 0;
  while (after < 3) {
    const what = await play(page);
    played.push(what);
    if (what === 'finished') break;
    if (what === 'moved') after += 1;
  }
  step('played on', { played, version: await data(page, 'version'), history: await page.locator('.log li').count() });
  await page.reload();
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 });
  step('reloaded', { seat: await seat(), role: await data(page, 'role'), hand: await page.locator('.hand button.tile').count(), version: await data(page, 'version') });
  await context.close();
});
lines.close(); // stdin stays open (the test's pipe): let the process end
