// The leaderboard and profile pages in real headless Chromium (Debian's /usr/bin/chromium,
// through playwright-core), against the real stack that tests/web/test_ratings_pages.py
// starts and fills with rated matches played through the API:
//
//   FIVEUP_WEB_URL=… FIVEUP_ARTIFACTS=… FIVEUP_SEED='{"me":{…}}' node test/ratings.mjs
//
// It reads what the pages show (the test compares it with the API's own answers): the
// board with its tabs and paging, a player's profile and match list, a match opened from
// it, signing in as a guest (the seeded player's device id) with "Find me", a practice
// match as the signed-in player (the seat is bound: no seat token), Hindi and a phone;
// then two new guests in two browsers play a rated match through the pages to its end.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BASE, OUT, browser, dismissRoundEnd, playFirstMove, report, run, step, watchErrors } from './harness.mjs';

const SEED = JSON.parse(process.env.FIVEUP_SEED || '{}');
if (!SEED.me) throw new Error('FIVEUP_SEED is required');
// the page now in the URL has drawn its n-th answer (a link's hashchange is handled a
// moment after the click: the previous page's marks do not count)
const loaded = async (page, pageName, n) => {
  try {
    await page.waitForFunction(([name, count]) => {
      const a = document.getElementById('app').dataset;
      return a.page === name && a.at === location.hash && a.loaded === String(count);
    }, [pageName, n], { timeout: 15000 });
  } catch (err) {
    const state = await page.evaluate(() => ({ hash: location.hash, ...document.getElementById('app').dataset, text: document.querySelector('main')?.textContent?.slice(0, 300) }));
    throw new Error(`${pageName} did not load ${n} time(s): ${JSON.stringify(state)}\n${err}`);
  }
};
const boardRows = (page) => page.locator('.board-table tbody tr').evaluateAll((rows) => rows.map((r) => ({
  rank: Number(r.dataset.rank), player: r.dataset.player, me: r.classList.contains('me'),
  cells: [...r.querySelectorAll('td')].map((td) => td.textContent),
})));
const profile = (page) => page.evaluate(() => ({
  heading: document.querySelector('main.profile h2')?.textContent,
  player: document.getElementById('app').dataset.player,
  cards: [...document.querySelectorAll('.cat-card')].map((c) => ({
    category: Number(c.dataset.category), title: c.querySelector('h3').textContent,
    badge: c.querySelector('.badge')?.textContent ?? null,
    rating: c.querySelector('.big-rating .rating')?.textContent ?? null,
    history: c.querySelector('svg.history')?.getAttribute('aria-label') ?? null,
    historyDots: c.querySelectorAll('svg.history circle').length,
    stats: Object.fromEntries([...c.querySelectorAll('dd[data-stat]')].map((d) => [d.dataset.stat, d.textContent])),
    modes: Object.fromEntries([...c.querySelectorAll('dd[data-mode]')].map((d) => [d.dataset.mode, d.textContent])),
  })),
  matches: [...document.querySelectorAll('.matches-table tbody tr')].map((r) => ({
    id: r.dataset.match, cells: [...r.querySelectorAll('td')].map((td) => td.textContent),
    rated: r.querySelector('[data-rated]').dataset.rated, mode: r.dataset.mode,
  })),
}));

await run(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchErrors(page, 'visitor');

  // ---------------------------------------------------------------- the board
  await page.goto(`${BASE}/#/`);
  await page.getByRole('link', { name: 'Leaderboard' }).click();
  await loaded(page, 'leaderboard', 1);
  step('board', {
    rows: await boardRows(page), note: await page.locator('.boards .note').textContent(),
    tabs: await page.locator('.tab.chosen').allTextContents(),
    head: await page.locator('.board-table th').allTextContents(),
  });
  await page.screenshot({ path: path.join(OUT, 'leaderboard.png'), fullPage: true });

  // two at a time: forwards, then back
  await page.goto(`${BASE}/#/leaderboard/2/all/2`);
  await loaded(page, 'leaderboard', 1);
  const pages = [await boardRows(page)];
  const canGoBackFirst = await page.locator('button[data-action=previous]').isEnabled();
  await page.locator('button[data-action=next]').click();
  await loaded(page, 'leaderboard', 2);
  pages.push(await boardRows(page));
  await page.locator('button[data-action=previous]').click();
  await loaded(page, 'leaderboard', 3);
  pages.push(await boardRows(page));
  step('paging', { pages, canGoBackFirst });

  await page.goto(`${BASE}/#/leaderboard`);
  await loaded(page, 'leaderboard', 1);
  await page.getByRole('link', { name: 'Last 30 days' }).click();
  await loaded(page, 'leaderboard', 1);
  const recent = await boardRows(page);
  await page.getByRole('link', { name: '3 players' }).click();
  await loaded(page, 'leaderboard', 1);
  step('tabs', {
    recent, url: page.url(), three: await boardRows(page),
    threeCaption: (await page.locator('.board-table caption').allTextContents())[0] ?? null,
  });

  // ---------------------------------------------------------------- a profile
  await page.getByRole('link', { name: '2 players' }).click();
  await loaded(page, 'leaderboard', 1);
  await page.locator('.board-table tbody tr').first().locator('a').click();
  await loaded(page, 'profile', 1);
  const top = await profile(page);
  step('profile', top);
  await page.screenshot({ path: path.join(OUT, 'profile.png'), fullPage: true });
  // a match of the list opens as a finished table
  await page.locator('.matches-table tbody tr').first().getByRole('link').click();
  await page.locator('#app[data-status=finished]').waitFor({ timeout: 15000 });
  step('opened match', { url: page.url(), banner: await page.locator('.banner h2').textContent(), role: await page.locator('#app').getAttribute('data-role') });
  // a player id that does not exist: the documented message, nothing else
  await page.goto(`${BASE}/#/player/0123456789abcdef0123456789abcdef`);
  const missing = page.locator('main.profile .error[role=alert]');
  await missing.waitFor({ timeout: 15000 });
  step('no such player', { reason: await missing.getAttribute('data-reason'), text: await missing.textContent(), cards: await page.locator('.cat-card').count() });
  await context.close();

  // ---------------------------------------------------------------- signed in
  const mine = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // this browser is the seeded guest's device
  await mine.addInitScript((device) => { if (!localStorage.getItem('fiveup:device')) localStorage.setItem('fiveup:device', device); }, SEED.me.device);
  const me = await mine.newPage();
  watchErrors(me, 'me');
  await me.goto(`${BASE}/#/`);
  await me.locator('a[data-nav=me]').click();
  await me.locator('#guest-name').waitFor({ timeout: 15000 });
  await me.screenshot({ path: path.join(OUT, 'sign-in.png') });
  await me.locator('#guest-name').fill('ignored for an existing guest');
  await me.getByRole('button', { name: 'Continue as a guest' }).click();
  await loaded(me, 'profile', 1);
  const myProfile = await profile(me);
  step('signed in', { ...myProfile, nav: await me.locator('a[data-nav=me]').textContent(), signOut: await me.locator('button[data-action=sign-out]').count() });
  await me.screenshot({ path: path.join(OUT, 'my-profile.png'), fullPage: true });
  await me.locator('nav.links').getByRole('link', { name: 'Leaderboard' }).click();
  await loaded(me, 'leaderboard', 1);
  await me.locator('button[data-action=around-me]').click();
  await loaded(me, 'leaderboard', 2);
  step('find me', { rows: await boardRows(me) });
  await me.screenshot({ path: path.join(OUT, 'leaderboard-me.png'), fullPage: true });

  // Hindi, then a phone
  await me.locator('a[data-nav=me]').click();
  await loaded(me, 'profile', 1);
  await me.locator('button.lang').click();
  await loaded(me, 'profile', 1);
  step('hindi', {
    heading: await me.locator('#recent-title').textContent(),
    stat: await me.locator('.cat-card dt').first().textContent(),
    firstResult: await me.locator('.matches-table tbody tr td').nth(2).textContent(),
  });
  await me.screenshot({ path: path.join(OUT, 'profile-hindi.png'), fullPage: true });
  await me.locator('button.lang').click();
  await loaded(me, 'profile', 1);
  await me.setViewportSize({ width: 390, height: 844 });
  await me.goto(`${BASE}/#/leaderboard`);
  await loaded(me, 'leaderboard', 1);
  await me.screenshot({ path: path.join(OUT, 'leaderboard-phone.png'), fullPage: true });
  await me.goto(`${BASE}/#/me`);
  await loaded(me, 'profile', 1);
  await me.screenshot({ path: path.join(OUT, 'profile-phone.png'), fullPage: true });
  await me.setViewportSize({ width: 1280, height: 800 });

  // a practice match as the signed-in player: the seat is bound (no seat token) and
  // the access token acts for it (a hint is a call that needs the seat)
  await me.goto(`${BASE}/#/`);
  await me.locator('#players-2').check();
  await me.locator('#practice').check();
  await me.getByRole('button', { name: 'Create match' }).click();
  await me.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  const matchId = await me.locator('#app').getAttribute('data-match');
  const stored = JSON.parse(await me.evaluate((id) => sessionStorage.getItem(`fiveup:seat:${id}`), matchId));
  await me.waitForFunction(() => document.getElementById('app').dataset.myTurn === 'true', null, { timeout: 30000 });
  await me.locator('button[data-action=hint]').click();
  await me.locator('.hint-list button').first().waitFor({ timeout: 15000 });
  step('bound seat', { matchId, seat: stored.seat, token: stored.token, hints: await me.locator('.hint-list button').count() });

  // signing out forgets the session (the device id stays: signing in again is the same player)
  await me.goto(`${BASE}/#/me`);
  await loaded(me, 'profile', 1);
  await me.locator('button[data-action=sign-out]').click();
  await me.locator('#guest-name').waitFor({ timeout: 15000 });
  step('signed out', { nav: await me.locator('a[data-nav=me]').textContent(), session: await me.evaluate(() => localStorage.getItem('fiveup:player')) });
  // a session the server no longer knows (its access token expired, its refresh token
  // refused): the app signs in again with this browser's device id -- the same player
  const dead = () => localStorage.setItem('fiveup:player', JSON.stringify({
    playerId: 'gone', displayName: 'Old', accessToken: 'x.y.z', accessExpiresMs: 0, refreshToken: 'not-a-refresh-token',
  }));
  await me.evaluate(dead);
  await me.goto(`${BASE}/#/leaderboard`);
  await loaded(me, 'leaderboard', 1);
  await me.locator('a[data-nav=me]').click();
  await loaded(me, 'profile', 1);
  step('session renewed', {
    player: await me.locator('#app').getAttribute('data-player'),
    session: await me.evaluate(() => JSON.parse(localStorage.getItem('fiveup:player')).playerId),
  });
  // ... and without the device id as well: my page asks to sign in again (the form, not
  // only a sentence), and the dead session is forgotten
  await me.evaluate(dead);
  await me.goto(`${BASE}/#/leaderboard`);
  await loaded(me, 'leaderboard', 1);
  await me.evaluate(() => localStorage.removeItem('fiveup:device')); // no page load after this
  await me.locator('a[data-nav=me]').click();
  await me.locator('#guest-name').waitFor({ timeout: 15000 });
  step('session ended', { session: await me.evaluate(() => localStorage.getItem('fiveup:player')), errors: await me.locator('.error').count() });
  await mine.close();

  // ---------------------------------------------------------------- a rated match
  // Two new guests, each in a browser of their own: one creates a 2-person match, the
  // other joins by its link; they play it out; it is rated, and both see what it did.
  const players = [];
  for (const name of ['Farah', 'Gopal']) {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 760 } });
    const p = await ctx.newPage();
    watchErrors(p, name);
    await p.goto(`${BASE}/#/me`);
    await p.locator('#guest-name').fill(name);
    await p.getByRole('button', { name: 'Continue as a guest' }).click();
    await loaded(p, 'profile', 1);
    if (name === 'Farah') { // a new player's page says once that there is nothing yet
      await p.locator('.recent .note, .recent tbody tr').first().waitFor({ timeout: 15000 });
      step('new player page', { noMatches: await p.getByText('No finished matches yet.').count() });
    }
    players.push({ name, ctx, page: p });
  }
  const [host, guest] = players;
  await host.page.goto(`${BASE}/#/`);
  await host.page.locator('#players-2').check();
  await host.page.locator('#seat-1').selectOption('human');
  await host.page.locator('#target').fill('5');
  await host.page.getByRole('button', { name: 'Create match' }).click();
  const joinLink = await host.page.getByLabel('Join link for seat 2').inputValue();
  await host.page.getByRole('link', { name: 'Go to the table' }).click();
  await guest.page.goto(joinLink);
  for (const { page: p } of players) await p.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  const badge = await host.page.locator('.rated-badge').textContent();
  let moves = 0;
  for (;;) {
    if (moves > 400) throw new Error('the rated match did not end');
    // the seat to move acts (each page's own view says whose turn it is)
    for (const { page: p } of players) await dismissRoundEnd(p);
    const states = await Promise.all(players.map(({ page: p }) => p.evaluate(() => ({ ...document.getElementById('app').dataset }))));
    if (states.every((st) => st.status === 'finished')) break;
    const i = states.findIndex((st) => st.myTurn === 'true' && st.status !== 'finished');
    if (i < 0) {
      await Promise.race(players.map(({ page: p }) => p.waitForFunction(() => {
        const a = document.getElementById('app').dataset;
        return a.myTurn === 'true' || a.status === 'finished';
      }, null, { timeout: 20000 })));
      continue;
    }
    await playFirstMove(players[i].page, states[i].version);
    moves += 1;
  }
  const ends = [];
  for (const { name, page: p } of players) {
    await dismissRoundEnd(p);
    await p.locator('.banner .rating-change').waitFor({ timeout: 15000 });
    ends.push({ name, winner: await p.locator('.banner .winner').textContent(), change: await p.locator('.banner .rating-change').textContent() });
  }
  await host.page.screenshot({ path: path.join(OUT, 'rated-end.png') });
  await host.page.locator('a[data-nav=me]').click();
  await loaded(host.page, 'profile', 1);
  const hostProfile = await profile(host.page);
  // one rated match: provisional, so "Find me" shows where the rating would stand, marked
  await host.page.locator('nav.links').getByRole('link', { name: 'Leaderboard' }).click();
  await loaded(host.page, 'leaderboard', 1);
  await host.page.locator('button[data-action=around-me]').click();
  await loaded(host.page, 'leaderboard', 2);
  const standing = host.page.locator('.boards .standing-note');
  await standing.waitFor({ timeout: 15000 });
  await host.page.screenshot({ path: path.join(OUT, 'leaderboard-provisional.png'), fullPage: true });
  step('rated match', {
    badge, moves, ends, profile: hostProfile,
    findMe: {
      kind: await standing.getAttribute('data-standing'), text: await standing.textContent(),
      rows: await boardRows(host.page),
      offBoard: await host.page.locator('.board-table tr[data-off-board]').evaluateAll((rows) => rows.map((r) => ({
        player: r.dataset.player, me: r.classList.contains('me'), cells: [...r.querySelectorAll('td')].map((td) => td.textContent),
      }))),
      errors: await host.page.locator('.boards .error').count(),
    },
  });
  for (const { ctx } of players) await ctx.close();
});
