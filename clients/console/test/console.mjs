// The operators' console in real headless Chromium (Debian's, through playwright-core)
// against the real stack tests/web/test_console.py starts (`fiveup serve`, the Envoy
// gRPC-Web gateway, the static bundles):
//
//   FIVEUP_WEB_URL=… FIVEUP_SERVER=host:port FIVEUP_OPERATOR_TOKEN=… FIVEUP_ARTIFACTS=… node test/console.mjs
//
// The people and what they did come through the players' API (native gRPC): Mallory and
// Rita at a table, Mallory insults Rita in chat, Rita reports the message.  Then, through
// the console's UI only: an operator signs in with the credential, finds Mallory, reads
// the report with its context, silences Mallory with a reason and an end date (from the
// keyboard), and sees the action in the audit log -- and the silence holds: Mallory's next
// message reaches nobody but Mallory.  axe-core runs on every view in English and Hindi
// (and on the action dialog); screenshots at a laptop's 1366x768 and a phone's 390x844.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ChatReportReason, MatchStatus, SeatKind, BotKind, createFiveUpClients, errorReason, withToken } from '@fiveup/sdk';
import { grpcTransport } from '@fiveup/sdk/node';
import { BASE, OUT, browser, report, run, step, watchErrors } from '../../web/test/harness.mjs';
import { signInGuest } from '../../web/test/people.mjs';

const SERVER = process.env.FIVEUP_SERVER;
const TOKEN = process.env.FIVEUP_OPERATOR_TOKEN;
if (!SERVER || !TOKEN) throw new Error('FIVEUP_SERVER and FIVEUP_OPERATOR_TOKEN are required');
const SHOTS = process.env.FIVEUP_SHOTS || OUT;
const CONSOLE = `${BASE}/console/`;
const api = createFiveUpClients(grpcTransport(SERVER));
const AXE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WAIT = { timeout: 30000 };
const LAPTOP = { viewport: { width: 1366, height: 768 }, bypassCSP: true };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, bypassCSP: true };
const CASE = 'Report queue: abuse reported in table chat';
const ACTION = 'Abusive chat after a report; first sanction';
report.states = [];

/** axe on the page as it is now (WCAG 2.x A and AA and best practices, its defaults). */
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
  const lang = await page.evaluate(() => document.documentElement.lang);
  report.states.push({ state, lang, ...result });
  step(`axe ${state}`, { violations: result.violations.map((v) => `${v.id} (${v.nodes.length})`), passes: result.passes });
}

async function shot(page, name, fullPage = false) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** The view is drawn: its title, and no "Loading…" left. */
async function settled(page) {
  await page.locator('main .view-title').waitFor(WAIT);
  await page.waitForFunction(() => !document.querySelector('main .note') || ![...document.querySelectorAll('main .note')].some((n) => n.textContent === 'Loading…' || n.textContent === 'लोड हो रहा है…'), null, WAIT);
}

const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  const style = a ? getComputedStyle(a) : null;
  return a ? { tag: a.tagName.toLowerCase(), id: a.id, text: (a.textContent || '').trim().slice(0, 80), outline: style.outlineStyle, outlineWidth: style.outlineWidth } : null;
});
const errorLines = (page) => page.locator('main .error').evaluateAll((els) => els.map((e) => ({ text: e.textContent, reason: e.dataset.reason })));

/** Opens a private view and gives the case's reason when it asks (a new case). */
async function giveCase(page, reason = CASE) {
  const input = page.locator('.case input[name=case-reason]');
  if (await input.count()) {
    await input.fill(reason);
    await input.press('Enter');
  }
  await settled(page);
}

// ------------------------------------------------------------------ the people
/** Moves through the API, each seat with its player's token (`tokens[seat]`; a bot
 *  plays its own seats, at once: the test server has no bot pace), until the match is
 *  over. */
async function playOut(matchId, tokens) {
  const deadline = Date.now() + 60000;
  for (;;) {
    const seen = (await api.matches.getMatch({ matchId }, withToken(tokens[0]))).view;
    if (seen.status !== MatchStatus.IN_PROGRESS) return;
    if (Date.now() > deadline) throw new Error(`match ${matchId} did not end in time`);
    const seat = seen.turnSeat;
    if (seat === undefined || tokens[seat] === undefined) continue; // a bot's turn
    const view = seat === 0 ? seen : (await api.matches.getMatch({ matchId }, withToken(tokens[seat]))).view;
    if (view.turnSeat !== seat || !view.legalMoves.length) continue;
    try {
      await api.matches.submitMove({ matchId, move: view.legalMoves[0], expectedVersion: view.version, requestId: randomUUID() }, withToken(tokens[seat]));
    } catch (err) {
      if (errorReason(err) !== 'STALE_VERSION') throw err;
    }
  }
}

async function seed() {
  const [mallory, rita] = await Promise.all(['Mallory', 'Rita'].map((n) => signInGuest(api, n)));
  const human = { kind: SeatKind.HUMAN };
  const matchId = (await api.matches.createMatch({ seats: [human, human], unrated: true })).matchId;
  await api.matches.joinMatch({ matchId, seat: 0 }, withToken(mallory.token));
  await api.matches.joinMatch({ matchId, seat: 1 }, withToken(rita.token));
  const say = (who, text) => api.chat.sendChatMessage({ matchId, content: { case: 'text', value: text }, requestId: randomUUID() }, withToken(who.token));
  await say(rita, 'Good luck, have fun');
  await say(mallory, 'Thanks');
  const rude = (await say(mallory, 'You play like a broken bot, idiot')).message;
  await say(rita, 'Please keep it friendly');
  await api.chat.reportChatMessage({ matchId, messageId: rude.messageId, reason: ChatReportReason.ABUSE, comment: 'Insults after every move' }, withToken(rita.token));
  // a finished match beside the live one (a guest against a bot, played out through the API)
  const sam = await signInGuest(api, 'Sam');
  const bot = { kind: SeatKind.BOT, bot: BotKind.RANDOM };
  const finished = (await api.matches.createMatch({ seats: [human, bot], unrated: true, targetPoints: 10 })).matchId;
  await api.matches.joinMatch({ matchId: finished, seat: 0 }, withToken(sam.token));
  await playOut(finished, [sam.token]);
  // two rated matches between two guests from one address (every guest here signs in
  // from 127.0.0.1): the integrity scan's SHARED_ADDRESS evidence
  const [ivan, jo] = await Promise.all(['Ivan', 'Jo'].map((n) => signInGuest(api, n)));
  const rated = [];
  for (let n = 0; n < 2; n++) {
    const id = (await api.matches.createMatch({ seats: [human, human], targetPoints: 5 })).matchId;
    await api.matches.joinMatch({ matchId: id, seat: 0 }, withToken(ivan.token));
    await api.matches.joinMatch({ matchId: id, seat: 1 }, withToken(jo.token));
    await playOut(id, [ivan.token, jo.token]);
    rated.push(id);
  }
  step('seeded', { matchId, finished, rated, mallory: mallory.playerId, rita: rita.playerId, ivan: ivan.playerId, jo: jo.playerId, rude: String(rude.messageId) });
  return { mallory, rita, matchId, finished, rated, say };
}

/** Every view once, each audited (and, on the laptop in English, photographed). */
async function tour(page, people, lang, photos) {
  const views = [
    ['players', `#/players?q=Mallory`, async () => page.locator('table').first().waitFor(WAIT)],
    ['profile', `#/players/${people.mallory.playerId}`, async () => page.locator('#profile-sanctions').waitFor(WAIT)],
    ['matches', '#/matches?filter=all', async () => page.locator('#matches-title, main .error').first().waitFor(WAIT)],
    ['match', `#/matches/${people.finished}?v=12`, async () => page.locator('#match-summary, main .error').first().waitFor(WAIT)],
    ['reports', '#/reports', async () => page.locator('#reports-title, main .error').first().waitFor(WAIT)],
    ['report', `#/reports/${people.reportId}`, async () => page.locator('#report-message, main .error').first().waitFor(WAIT)],
    // in English the open signals; in Hindi, after one was dismissed, the dismissed ones
    ['integrity', lang === 'hi' ? '#/integrity?status=3' : '#/integrity', async () => page.locator('#signals-title, main .error').first().waitFor(WAIT)],
    ['deliveries', '#/deliveries', async () => page.locator('#del-outbox, main .error').first().waitFor(WAIT)],
    ['audit', '#/audit', async () => page.locator('#audit-title').waitFor(WAIT)],
  ];
  for (const [name, hash, ready] of views) {
    await page.goto(`${CONSOLE}${hash}`);
    await page.locator('main .view-title').waitFor(WAIT);
    await giveCase(page);
    await ready();
    await settled(page);
    await audit(page, `${name}${lang === 'hi' ? ' (Hindi)' : ''}`);
    if (photos) {
      await page.evaluate(() => document.activeElement?.blur()); // the view, not its focus ring
      await shot(page, `${name}-laptop`, true);
    }
    step(`view ${name} ${lang}`, {
      errors: await errorLines(page), title: await page.locator('main .view-title').textContent(),
      context: await page.locator('ol.context li').allTextContents(),
    });
  }
}

await run(async () => {
  const people = await seed();
  const context = await browser.newContext(LAPTOP);
  const page = await context.newPage();
  watchErrors(page, 'laptop');

  // ---------------------------------------------------------------- sign in
  await page.goto(CONSOLE);
  await page.locator('#signin-title').waitFor(WAIT);
  await audit(page, 'sign-in');
  await shot(page, 'sign-in-laptop');
  // a player's token is not an operator's: one clear line, still signed out
  await page.locator('input[name=token]').fill(people.rita.token);
  await page.locator('input[name=token]').press('Enter');
  await page.locator('form.signin .error').waitFor(WAIT);
  step('player token refused', { errors: await errorLines(page).catch(() => []), line: await page.locator('form.signin .error').textContent(), reason: await page.locator('form.signin .error').getAttribute('data-reason') });
  await page.locator('input[name=token]').fill(TOKEN);
  await page.locator('input[name=token]').press('Enter');
  await page.locator('nav.sections').waitFor(WAIT);
  step('signed in', {
    who: await page.locator('header .who').textContent(), hash: await page.evaluate(() => location.hash),
    stored: await page.evaluate(() => ({ session: Object.keys(sessionStorage).filter((k) => k.startsWith('fiveup:console:')), local: Object.keys(localStorage).filter((k) => k.startsWith('fiveup:console:')) })),
    landmarks: await page.evaluate(() => ({ banner: document.querySelectorAll('header').length, nav: document.querySelectorAll('nav').length, main: document.querySelectorAll('main').length, live: document.querySelectorAll('main [role=status]').length })),
  });

  // the first Tab of a page reaches the skip link, shown while focused; it moves to <main>
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  const skip = await page.evaluate(() => ({ cls: document.activeElement?.className, top: document.activeElement?.getBoundingClientRect().top }));
  await page.keyboard.press('Enter');
  step('skip link', { ...skip, then: await page.evaluate(() => document.activeElement?.id) });

  // ---------------------------------------------------------------- find the reported player
  await page.locator('input[name=q]').fill('Mallory');
  await page.locator('input[name=q]').press('Enter');
  const found = page.locator('main table tbody tr');
  await found.first().waitFor(WAIT);
  step('found', { rows: await found.allTextContents(), focus: await focused(page) });
  await shot(page, 'players-laptop');
  await page.getByRole('link', { name: 'Mallory' }).first().click();
  // a private read: the case's reason first
  await page.locator('.case input[name=case-reason]').waitFor(WAIT);
  const asked = await page.locator('.case label').textContent();
  await page.locator('.case input[name=case-reason]').fill(CASE);
  await page.locator('.case input[name=case-reason]').press('Enter');
  await page.locator('#profile-summary').waitFor(WAIT);
  const against = page.locator('[data-list=reports-against] tbody tr');
  await against.first().waitFor(WAIT);
  step('profile', { asked, focus: await focused(page), title: await page.locator('main .view-title').textContent(), reportsAgainst: await against.allTextContents() });
  await shot(page, 'profile-laptop', true);

  // ---------------------------------------------------------------- read the report
  await against.first().locator('a').first().click();
  await page.locator('#report-message').waitFor(WAIT);
  people.reportId = decodeURIComponent((await page.evaluate(() => location.hash)).split('/')[2]);
  step('report', {
    asked: await page.locator('.case input[name=case-reason]').count(), caseShown: await page.locator('.case-reason').textContent(),
    text: await page.locator('[data-field=reported-text]').textContent(),
    context: await page.locator('ol.context li').allTextContents(),
    marked: await page.locator('ol.context li.reported mark').allTextContents(),
  });
  await shot(page, 'report-laptop', true);

  // ---------------------------------------------------------------- silence, from the keyboard
  await page.locator('a[data-link=author]').click();
  await page.locator('#profile-actions').waitFor(WAIT);
  // Tab from the action before it: the ring a keyboard user sees
  await page.locator('button[data-action=revoke]').focus();
  await page.keyboard.press('Tab');
  const ring = await focused(page);
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog.action[open]');
  await dialog.waitFor(WAIT);
  const inDialog = await focused(page);
  await audit(page, 'silence dialog');
  await shot(page, 'silence-dialog-laptop');
  await page.keyboard.type(ACTION);
  const endsAt = await dialog.locator('input[name=ends-at]').inputValue();
  await dialog.locator('button[type=submit]').focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', ...WAIT });
  await page.locator('main [role=status]').filter({ hasText: 'Mallory' }).waitFor(WAIT);
  await page.locator('[data-list=sanctions] tbody tr').first().waitFor(WAIT);
  step('silenced', {
    ring, inDialog, endsAt, focus: await focused(page),
    status: await page.locator('main [role=status]').textContent(),
    sanctions: await page.locator('[data-list=sanctions] tbody tr').allTextContents(),
    badges: await page.locator('#profile-summary ~ * .badge, .facts .badge').allTextContents(),
  });
  await shot(page, 'silenced-laptop');

  // the silence holds: Mallory's next message reaches nobody but Mallory
  const after = (await people.say(people.mallory, 'Still here, still rude')).message;
  const ritaSees = (await api.chat.listChatMessages({ matchId: people.matchId }, withToken(people.rita.token))).messages.map((m) => m.content.value);
  const mallorySees = (await api.chat.listChatMessages({ matchId: people.matchId }, withToken(people.mallory.token))).messages.map((m) => m.content.value);
  step('silence holds', { sent: after.content.value, ritaSees, mallorySees });

  // ---------------------------------------------------------------- the audit log
  await page.locator('nav.sections a[href="#/audit"]').click();
  const entries = page.locator('[data-list=audit] tbody tr');
  await entries.first().waitFor(WAIT);
  step('audit', {
    focus: await focused(page),
    entries: await entries.evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))),
  });
  await shot(page, 'audit-laptop', true);
  // filtered by the target: the player's entries only
  await page.locator('input[name=target]').fill(people.mallory.playerId);
  await page.locator('input[name=target]').press('Enter');
  await page.waitForFunction(() => location.hash.includes('target='), null, WAIT);
  await entries.first().waitFor(WAIT);
  step('audit filtered', { entries: await entries.evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))) });

  // ---------------------------------------------------------------- a match: inspect, void, end
  await page.locator('nav.sections a[href="#/matches"]').click(); // a new case
  await page.locator('input[name=filter][value=ended]').check();
  await page.locator('form.filters button[type=submit]').click();
  await page.locator(`main a[href="#/matches/${people.finished}"]`).click();
  await page.locator('.case input[name=case-reason]').fill('Spot check of a finished match');
  await page.locator('.case input[name=case-reason]').press('Enter');
  await page.locator('#match-summary').waitFor(WAIT);
  const inspected = {
    verified: await page.locator('[data-verified]').getAttribute('data-verified'),
    seats: await page.locator('.seat-view').count(),
    events: await page.locator('ol.events li').count(),
    firstEvent: await page.locator('ol.events li').first().textContent(),
  };
  await page.locator('button[data-action=void]').click();
  await page.locator('dialog.action[open] textarea').fill('Test result: it should not count');
  await page.locator('dialog.action[open] button[type=submit]').click();
  await page.locator('#match-void').waitFor(WAIT);
  await page.locator('main [role=status]').filter({ hasText: 'voided' }).waitFor(WAIT);
  step('voided', {
    ...inspected, focus: await focused(page), status: await page.locator('main [role=status]').textContent(),
    changes: await page.locator('#match-void ~ *').first().textContent(),
    summary: await page.locator('#match-summary + dl').textContent(),
    voidLeft: await page.locator('button[data-action=void]').count(),
  });
  await page.goto(`${CONSOLE}#/matches/${people.matchId}`);
  await page.locator('button[data-action=end-match]').click();
  await page.locator('dialog.action[open] textarea').fill('Stuck after a disconnect');
  await page.locator('dialog.action[open] button[type=submit]').click();
  await page.locator('dialog.action[open]').waitFor({ state: 'detached', ...WAIT });
  await page.locator('main [role=status]').filter({ hasText: 'ended' }).waitFor(WAIT);
  step('ended', { focus: await focused(page), summary: await page.locator('#match-summary + dl').textContent(), endLeft: await page.locator('button[data-action=end-match]').count() });

  // ---------------------------------------------------------------- every view, both languages
  await tour(page, people, 'en', true);

  // ---------------------------------------------------------------- an integrity signal
  await page.goto(`${CONSOLE}#/integrity`);
  await page.locator('li.signal').first().waitFor(WAIT);
  const signals = await page.locator('li.signal').evaluateAll((items) => items.map((li) => ({
    id: li.dataset.signal, title: li.querySelector('h3').textContent, evidence: li.querySelector('.evidence').textContent,
    players: [...li.querySelectorAll('a[href^="#/players/"]')].map((a) => a.getAttribute('href')),
    matches: [...li.querySelectorAll('a[href^="#/matches/"]')].map((a) => a.getAttribute('href')),
  })));
  const shared = page.locator('li.signal').filter({ hasText: 'Opponents sharing an address' }).first();
  await shared.locator('button[data-decision="1"]').click();
  await page.locator('dialog.action[open] textarea').fill('Two friends on one home network: checked, no farming');
  await page.locator('dialog.action[open] button[type=submit]').click();
  await page.locator('dialog.action[open]').waitFor({ state: 'detached', ...WAIT });
  await page.locator('main [role=status]').filter({ hasText: 'dismissed' }).waitFor(WAIT);
  step('integrity', { signals, focus: await focused(page), status: await page.locator('main [role=status]').textContent(), left: await page.locator('li.signal').evaluateAll((items) => items.map((li) => li.querySelector('h3').textContent)) });

  // a rated result voided: every rating it touched, before and after
  await page.goto(`${CONSOLE}#/matches/${people.rated[1]}`);
  await page.locator('button[data-action=void]').click();
  await page.locator('dialog.action[open] textarea').fill('Rated result thrown on purpose (checked with both players)');
  await page.locator('dialog.action[open] button[type=submit]').click();
  await page.locator('#match-void').waitFor(WAIT);
  await page.locator('main [role=status]').filter({ hasText: 'voided' }).waitFor(WAIT);
  step('rated void', {
    status: await page.locator('main [role=status]').textContent(),
    changes: await page.locator('[data-list=rating-changes] tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))),
  });
  await page.evaluate(() => document.activeElement?.blur());
  await shot(page, 'void-laptop');

  // the report resolved (the author is silenced already: no second sanction)
  await page.goto(`${CONSOLE}#/reports/${people.reportId}`);
  await page.locator('textarea[name=resolution]').fill('Author silenced in chat for a week');
  await page.locator('form.resolve button[type=submit]').click();
  await page.locator('main [role=status]').filter({ hasText: 'resolved' }).waitFor(WAIT);
  await page.locator('#report-message').waitFor(WAIT);
  step('resolved', {
    status: await page.locator('main [role=status]').textContent(), focus: await focused(page),
    state: await page.locator('#report-message ~ dl').textContent(), form: await page.locator('form.resolve').count(),
  });
  await page.goto(`${CONSOLE}#/reports`);
  await page.locator('#reports-title').waitFor(WAIT);
  step('queue after', { title: await page.locator('#reports-title').textContent() });

  await page.locator('button.lang').click();
  await page.locator('html[lang=hi]').waitFor(WAIT);
  step('hindi', { focus: await focused(page) });
  await tour(page, people, 'hi', false);
  await shot(page, 'audit-hindi-laptop');
  // a credential the server stops taking (here: one made up) ends the sign-in, saying why
  await page.evaluate(() => sessionStorage.setItem('fiveup:console:token', 'made.up.credential'));
  await page.goto(`${CONSOLE}#/matches`); // (the tour ended on the audit log: another view)
  await page.locator('#signin-title').waitFor(WAIT);
  step('credential refused', { line: await page.locator('form.signin .error').first().textContent(), stored: await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('fiveup:console:'))) });
  await page.locator('input[name=token]').fill(TOKEN);
  await page.locator('input[name=token]').press('Enter');
  await page.locator('nav.sections').waitFor(WAIT);
  // the sign-in screen in Hindi (signing out forgets the credential)
  await page.locator('button.sign-out').click();
  await page.locator('#signin-title').waitFor(WAIT);
  step('signed out', { stored: await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('fiveup:console:'))) });
  await audit(page, 'sign-in (Hindi)');
  await context.close();

  // ---------------------------------------------------------------- a phone
  const phone = await browser.newContext(PHONE);
  const small = await phone.newPage();
  watchErrors(small, 'phone');
  await small.goto(CONSOLE);
  await small.locator('input[name=token]').fill(TOKEN);
  await small.locator('input[name=token]').press('Enter');
  await small.locator('nav.sections').waitFor(WAIT);
  for (const [name, hash, ready] of [
    ['profile', `#/players/${people.mallory.playerId}`, '#profile-sanctions'],
    ['report', `#/reports/${people.reportId}`, '#report-message'],
    ['audit', '#/audit', '#audit-title'],
  ]) {
    await small.goto(`${CONSOLE}${hash}`);
    await small.locator('main .view-title').waitFor(WAIT);
    await giveCase(small);
    await small.locator(ready).waitFor(WAIT);
    await settled(small);
    await audit(small, `${name} phone`);
    await small.evaluate(() => document.activeElement?.blur());
    await shot(small, `${name}-phone`);
    step(`phone ${name}`, await small.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth,
      // what sticks out of the page, if anything (a table scrolls inside its own box)
      outside: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-wrap')).map((e) => `${e.tagName.toLowerCase()}.${e.className}`).slice(0, 10),
    })));
  }
  await phone.close();
});
