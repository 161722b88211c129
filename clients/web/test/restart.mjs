// A signed-in browser across restarts of the real local stack (`make run`'s
// fiveup.devstack.webstack), in real headless Chromium; tests/web/test_restart.py restarts the
// stack whenever this script asks, on its stdout, with a line
//
//   @restart <how>        how: keep | newkey | newkey-revoke
//
// and answers "restarted <ms>" on stdin once the new stack serves again.  Scenarios: sign
// in as a guest and create a match; restart twice with the key kept beside the database
// (still signed in as the same player, creating a match works, no sign-in needed); a
// restart with a new key (the app renews its session from its refresh token, same
// player); a new key and every session ended (the app signs in again with its device
// id: the same player); and with the device id gone too, the sign-in page still shows
// its form and a way to sign out, the reason inside the form, and signing in works.
import path from 'node:path';
import readline from 'node:readline';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';

const lines = readline.createInterface({ input: process.stdin });
const answers = lines[Symbol.asyncIterator]();
const started = Date.now();
async function restart(how, page) {
  // the app closed first, as a person closes the tab: a signed-in app holds its
  // notification stream open on every page, and a stream cut by the server's absence is
  // logged by the browser ("Failed to load resource"); the session is what this follows
  await page.goto('about:blank');
  console.log(`@restart ${how}`);
  const { value } = await answers.next();
  if (!value || !value.startsWith('restarted')) throw new Error(`no restart (${value})`);
  return Number(value.split(' ')[1]);
}

const data = (page, key) => page.locator('#app').getAttribute(`data-${key}`);
const stored = (page) => page.evaluate(() => ({
  session: JSON.parse(localStorage.getItem('fiveup:player') || 'null'),
  device: localStorage.getItem('fiveup:device'),
}));

/** #/me, reloaded as a person would after the restart: who the page says is signed in. */
async function me(page, shot) {
  const t0 = Date.now();
  await page.goto(`${BASE}/#/me`);
  await page.reload();
  await page.locator('#app[data-page=profile][data-loaded]').waitFor({ timeout: 20000 });
  await page.waitForFunction(() => {
    const a = document.getElementById('app');
    return a.dataset.loaded === 'signin' || a.dataset.player || a.dataset.error;
  }, null, { timeout: 20000 });
  await page.screenshot({ path: path.join(OUT, `${shot}.png`), fullPage: true });
  return {
    ms: Date.now() - t0,
    player: await data(page, 'player'),
    loaded: await data(page, 'loaded'),
    error: await data(page, 'error'),
    form: await page.locator('#guest-name').count(),
    signOut: await page.locator('[data-action=sign-out]').count(),
    errorText: await page.locator('.error').allTextContents(),
    header: await page.locator('[data-nav=me]').textContent(),
  };
}

/** Create match (two seats: this person and a bot): the join is made with the session. */
async function createMatch(page, shot) {
  await page.goto(`${BASE}/#/`);
  await page.locator('#players-2').check();
  await page.locator('#seat-1').selectOption('greedy');
  await page.getByRole('button', { name: 'Create match' }).click();
  const outcome = await Promise.race([
    // against a bot: straight to the table, the seat joined with the session
    page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 }).then(() => 'table'),
    page.locator('form .error').waitFor({ timeout: 20000 }).then(() => 'error'),
  ]);
  await page.screenshot({ path: path.join(OUT, `${shot}.png`) });
  // off the table before the next restart: its streams would log the server's absence
  // (the session, not the table, is what this script follows)
  if (outcome === 'table') {
    await page.goto(`${BASE}/#/leaderboard`);
    await page.locator('#app[data-page=leaderboard]').waitFor({ timeout: 15000 });
  }
  return { outcome, error: outcome === 'error' ? await page.locator('form .error').textContent() : null };
}

await run(async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  watchErrors(page, 'restart');

  // ------------------------------------------------------------------ signed in
  await page.goto(`${BASE}/#/me`);
  await page.locator('#guest-name').fill('Restarter');
  await page.getByRole('button', { name: /guest/i }).click();
  await page.locator('#app[data-player]').waitFor({ timeout: 20000 });
  const first = await stored(page);
  const signedInAt = Date.now();
  step('signed in', { player: await data(page, 'player'), session: first.session.playerId });
  step('created before', await createMatch(page, 'restart-0-created'));

  // ------------------------------------------------------------------ two restarts, key kept
  for (const n of [1, 2]) {
    const downMs = await restart('keep', page);
    const seen = await me(page, `restart-${n}-me`);
    const created = await createMatch(page, `restart-${n}-created`);
    const now = await stored(page);
    step(`after restart ${n}`, {
      ...seen, downMs, created,
      sameRefreshToken: now.session?.refreshToken === first.session.refreshToken,
      signedInForMs: Date.now() - signedInAt,
    });
  }

  // ------------------------------------------------------------------ a new key
  const beforeNewKey = await stored(page);
  await restart('newkey', page);
  const renewed = await me(page, 'restart-3-newkey');
  const afterNewKey = await stored(page);
  step('after a new key', {
    ...renewed,
    renewed: afterNewKey.session?.refreshToken !== beforeNewKey.session?.refreshToken,
    created: await createMatch(page, 'restart-3-created'),
  });

  // ------------------------------------------------------------------ a new key, sessions ended
  const beforeRevoke = await stored(page);
  await restart('newkey-revoke', page);
  const again = await me(page, 'restart-4-revoked');
  const afterRevoke = await stored(page);
  step('after sessions ended', {
    ...again,
    sameDevice: afterRevoke.device === beforeRevoke.device,
    newSession: Boolean(afterRevoke.session) && afterRevoke.session.refreshToken !== beforeRevoke.session.refreshToken,
  });

  // ------------------------------------------------------------------ nothing to renew with
  // The device id is gone as well (site data partly cleared): no way back to the player;
  // the page must still offer the form (and a way out of the dead session).
  await page.evaluate(() => localStorage.removeItem('fiveup:device'));
  await restart('newkey-revoke', page);
  const stranded = await me(page, 'restart-5-signin');
  step('stranded', stranded);
  await page.locator('#guest-name').fill('Newcomer');
  await page.getByRole('button', { name: /guest/i }).click();
  await page.locator('#app[data-player]').waitFor({ timeout: 20000 });
  await page.screenshot({ path: path.join(OUT, 'restart-6-signed-in-again.png'), fullPage: true });
  step('signed in again', { player: await data(page, 'player'), totalMs: Date.now() - started });
});
lines.close(); // stdin stays open (the test's pipe): let the process end
