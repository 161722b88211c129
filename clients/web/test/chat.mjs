// The table chat in real headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core), against the real stack tests/web/test_chat.py starts:
//
//   FIVEUP_WEB_URL=… FIVEUP_SERVER=host:port FIVEUP_ARTIFACTS=… node test/chat.mjs
//
// Guests are signed in through the API (native gRPC to FIVEUP_SERVER) and each browser
// context is given its guest's session, as a browser that signed in before would hold.
// Two players at one table chat both ways (a phrase with the keyboard, free text); a
// signed-in spectator writes in the spectators' room and neither player gets it; a
// player reports a message and mutes its author (and shows them again); an over-long
// message and a burst are refused with one line; Hindi shows the phrases in Hindi.
// Then a four-seat partnership match (three browsers, the fourth seat played through
// the API): free text is closed during the round and only courtesy phrases are
// offered; what the server holds reaches the partner when the round ends, marked.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ChatRoom, MatchStatus, SeatKind, createFiveUpClients, errorReason, withToken } from '@fiveup/sdk';
import { grpcTransport } from '@fiveup/sdk/node';
import { BASE, OUT, browser, report, run, step, watchErrors } from './harness.mjs';
import { signInGuest, signedInPage } from './people.mjs';

const SERVER = process.env.FIVEUP_SERVER;
if (!SERVER) throw new Error('FIVEUP_SERVER is required');
const api = createFiveUpClients(grpcTransport(SERVER));
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const WAIT = { timeout: 30000 };

const guest = (name) => signInGuest(api, name);


async function takeSeat(page, matchId, seat) {
  await page.goto(`${BASE}/#/join/${matchId}/${seat}`);
  await page.locator('#app[data-role=player][data-version]').waitFor(WAIT);
  await page.locator('.chat[data-room=players] .chat-phrases button').first().waitFor(WAIT);
}

const messages = (page) => page.locator('.chat-log li').evaluateAll((items) => items.map((li) => ({
  id: li.dataset.id, kind: li.dataset.kind, held: li.dataset.held === 'true', delayed: li.dataset.delayed === 'true',
  who: li.querySelector('.who').textContent, words: li.querySelector('.words').textContent,
  marks: [...li.querySelectorAll('.chat-mark')].map((m) => m.textContent),
})));
const message = (page, words) => page.locator('.chat-log li').filter({ hasText: words }).first();
const panel = (page) => page.locator('.chat').evaluate((c) => ({
  room: c.dataset.room, freeText: c.dataset.freeText, closed: c.dataset.closed,
  note: c.querySelector('.chat-note').hidden ? null : c.querySelector('.chat-note').textContent,
  formShown: !c.querySelector('.chat-form').hidden,
  phrases: [...c.querySelectorAll('.chat-phrases button[data-phrase]')].map((b) => ({ key: b.dataset.phrase, courtesy: b.dataset.courtesy === 'true', text: b.textContent, shown: !b.hidden })),
  rooms: c.querySelector('.chat-rooms').hidden ? [] : [...c.querySelectorAll('.chat-rooms button')].map((b) => b.dataset.room),
  error: c.querySelector('.chat-error').hidden ? null : { reason: c.querySelector('.chat-error').dataset.reason, text: c.querySelector('.chat-error').textContent },
}));
/** The page's stream has read past `cursor` (a fence: whatever came before reached it). */
const streamedPast = (page, cursor) => page.waitForFunction(
  (c) => BigInt(document.querySelector('.chat')?.dataset.cursor ?? '0') >= BigInt(c), String(cursor), WAIT);
const overflow = (page) => page.evaluate(() => {
  const chat = document.querySelector('.chat').getBoundingClientRect();
  return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, chatRight: Math.round(chat.right), chatLeft: Math.round(chat.left) };
});

/** Moves through the API, seat by seat (each seat's own token), until round `round`
 *  has ended or the match is over. */
async function playRoundOut(matchId, tokens, round) {
  for (let n = 0; n < 1000; n++) {
    const view = (await api.matches.getMatch({ matchId }, withToken(tokens[0]))).view;
    if (view.status === MatchStatus.FINISHED || (view.lastRound?.roundNumber ?? 0) >= round) return view;
    const seat = view.turnSeat;
    if (seat === undefined) continue;
    const mine = (await api.matches.getMatch({ matchId }, withToken(tokens[seat]))).view;
    if (mine.turnSeat !== seat || !mine.legalMoves.length) continue;
    try {
      await api.matches.submitMove({ matchId, move: mine.legalMoves[0], expectedVersion: mine.version, requestId: randomUUID() }, withToken(tokens[seat]));
    } catch (err) {
      if (errorReason(err) !== 'STALE_VERSION') throw err;
    }
  }
  throw new Error('the round did not end in 1000 moves');
}

await run(async () => {
  const [ana, ben, cam, eve] = await Promise.all(['Ana', 'Ben', 'Cam', 'Eve'].map(guest));
  const human = { kind: SeatKind.HUMAN };

  // ------------------------------------------------------------ two players, one table
  const duel = (await api.matches.createMatch({ seats: [human, human] })).matchId;
  const a = await signedInPage(ana, DESKTOP, 'ana');
  const b = await signedInPage(ben, PHONE, 'ben');
  await takeSeat(a, duel, 0);
  await takeSeat(b, duel, 1);
  step('duel panels', { a: await panel(a), b: await panel(b) });

  // a phrase, with the keyboard
  await a.locator('.chat-phrases button[data-phrase=hello]').focus();
  await a.keyboard.press('Enter');
  await message(b, 'Hello!').waitFor(WAIT);
  // free text typed on the phone, sent with Enter
  await b.locator('.chat-input').click();
  await b.keyboard.type('Good evening from the phone');
  await b.keyboard.press('Enter');
  await message(a, 'Good evening from the phone').waitFor(WAIT);
  step('both ways', { a: await messages(a), b: await messages(b), bInputAfter: await b.locator('.chat-input').inputValue() });

  // the phone's chat is below the board: a message that comes while it is out of view
  // is counted on a button that brings it into view
  await b.evaluate(() => window.scrollTo(0, 0));
  await b.locator('.chat[data-in-view=false]').waitFor(WAIT);
  await a.locator('.chat-phrases button[data-phrase=connection]').click();
  const jump = b.locator('button[data-action=chat-jump]');
  await jump.waitFor({ state: 'visible', ...WAIT });
  const unreadText = await jump.textContent();
  await b.screenshot({ path: path.join(OUT, 'chat-phone-unread.png') });
  await jump.click();
  await jump.waitFor({ state: 'hidden', ...WAIT });
  step('unread', {
    text: unreadText, inView: await b.locator('.chat').getAttribute('data-in-view'),
    focused: await b.evaluate(() => document.activeElement?.className),
  });

  // a signed-in spectator writes in the spectators' room
  const c = await signedInPage(cam, DESKTOP, 'cam');
  await c.goto(`${BASE}/#/watch/${duel}`);
  await c.locator('#app[data-role=spectator][data-version]').waitFor(WAIT);
  await c.locator('.chat[data-room=spectators] .chat-form:not([hidden])').waitFor(WAIT);
  await c.locator('.chat-input').fill('Spectator here: nice table');
  await c.locator('button[data-action=chat-send]').click();
  await message(c, 'Spectator here: nice table').waitFor(WAIT);
  // an anonymous watcher reads the spectators' room and may not write there
  const nobody = await browser.newContext(DESKTOP);
  const n = await nobody.newPage();
  watchErrors(n, 'nobody');
  await n.goto(`${BASE}/#/watch/${duel}`);
  await message(n, 'Spectator here: nice table').waitFor(WAIT);
  const anonymous = { panel: await panel(n), messages: await messages(n) };
  await nobody.close();
  // a fence: a players' message written after it reaches both players' streams
  const fence = (await api.chat.sendChatMessage({ matchId: duel, room: ChatRoom.PLAYERS, content: { case: 'phrase', value: 'thanks' }, requestId: randomUUID() }, withToken(ben.token))).message;
  await streamedPast(a, fence.cursor);
  await streamedPast(b, fence.cursor);
  let spectatorsRead = 'allowed';
  try {
    await api.chat.listChatMessages({ matchId: duel, room: ChatRoom.SPECTATORS }, withToken(ana.token));
  } catch (err) {
    spectatorsRead = errorReason(err);
  }
  step('spectator room', {
    c: await messages(c), cPanel: await panel(c), a: await messages(a), b: await messages(b),
    aPanel: await panel(a), playerReadsSpectators: spectatorsRead, anonymous,
  });

  // report Ben's message
  const bens = message(a, 'Good evening from the phone');
  await bens.locator('button[data-action=chat-options]').click();
  await bens.locator('button[data-action=chat-report]').click();
  await bens.locator('select').selectOption(String(3)); // TABLE_TALK
  await bens.locator('button[data-action=chat-report-send]').click();
  await bens.locator('.chat-ack').waitFor(WAIT);
  step('reported', { ack: await bens.locator('.chat-ack').textContent(), focused: await a.evaluate(() => document.activeElement?.className) });

  // mute Ben: his messages go, and a new one never comes
  // with the keyboard: the options button, then Mute (focused when they open)
  await message(a, 'Thanks!').locator('button[data-action=chat-options]').focus();
  await a.keyboard.press('Enter');
  const focusedOption = await a.evaluate(() => document.activeElement?.dataset.action);
  await a.keyboard.press('Enter');
  await a.locator('button[data-action=chat-unmute]').waitFor(WAIT);
  const afterMute = await messages(a);
  await b.locator('.chat-input').fill('Can you still read me?');
  await b.locator('button[data-action=chat-send]').click();
  await message(b, 'Can you still read me?').waitFor(WAIT);
  const own = (await api.chat.sendChatMessage({ matchId: duel, room: ChatRoom.PLAYERS, content: { case: 'phrase', value: 'one_moment' }, requestId: randomUUID() }, withToken(ana.token))).message;
  await streamedPast(a, own.cursor);
  step('muted', { focusedOption, afterMute, later: await messages(a), unmute: await a.locator('button[data-action=chat-unmute]').textContent() });
  await a.screenshot({ path: path.join(OUT, 'chat-desktop-muted.png') });
  await a.locator('button[data-action=chat-unmute]').click();
  await message(a, 'Can you still read me?').waitFor(WAIT);
  step('unmuted', { a: await messages(a) });

  // an over-long message: refused by the server, one line, the text kept
  const long = 'x'.repeat(230);
  await a.locator('.chat-input').fill(long);
  const count = await a.locator('.chat-count').evaluate((e) => ({ text: e.textContent, over: e.classList.contains('over') }));
  await a.locator('button[data-action=chat-send]').click();
  await a.locator('.chat-error[data-reason]').waitFor(WAIT);
  step('too long', { panel: await panel(a), count, kept: (await a.locator('.chat-input').inputValue()).length, errorLines: await a.locator('.chat-error:not([hidden])').count() });
  await a.locator('.chat-input').fill('');

  // a burst: the server's rate limit, one line
  await a.locator('button[data-action=chat-more-phrases]').click();
  let sent = 0;
  for (const key of ['back', 'bye', 'good_luck', 'have_fun', 'nice_play', 'oops', 'your_turn', 'well_played']) {
    await a.locator(`.chat-phrases button[data-phrase=${key}]`).click();
    await a.waitForFunction(() => !document.querySelector('button[data-action=chat-send]').disabled, null, WAIT);
    if ((await panel(a)).error?.reason === 'CHAT_RATE_LIMITED') break;
    sent += 1;
  }
  await a.locator('.chat-error[data-reason=CHAT_RATE_LIMITED]').waitFor(WAIT);
  step('burst', { panel: await panel(a), sent });

  await b.screenshot({ path: path.join(OUT, 'chat-phone.png'), fullPage: true });
  await b.locator('.chat').screenshot({ path: path.join(OUT, 'chat-phone-panel.png') });
  step('phone', { overflow: await overflow(b) });
  await a.screenshot({ path: path.join(OUT, 'chat-desktop.png') });

  // Hindi: the phrases in Hindi (the server's list), the panel's words too
  await b.locator('button.lang').click();
  await b.locator('.chat .chat-log li').first().waitFor(WAIT);
  await message(b, 'नमस्ते!').waitFor(WAIT);
  step('hindi', { heading: await b.locator('.chat h3').textContent(), phrases: (await panel(b)).phrases.slice(0, 2) });

  // an anonymous seat (a seat token, nobody signed in): phrases only, told why
  const casual = (await api.matches.createMatch({ seats: [human, human] })).matchId;
  await api.matches.joinMatch({ matchId: casual, seat: 1 }, withToken(eve.token));
  const stranger = await browser.newContext(PHONE);
  const s = await stranger.newPage();
  watchErrors(s, 'stranger');
  await takeSeat(s, casual, 0);
  await s.locator('.chat-phrases button[data-phrase=hello]').click();
  await message(s, 'Hello!').waitFor(WAIT);
  step('anonymous seat', { panel: await panel(s), messages: await messages(s) });
  await stranger.close();

  // ------------------------------------------------- a partnership match: 0+2 vs 1+3
  // A correspondence clock: no stand-in plays a seat while the browsers look on.
  const four = (await api.matches.createMatch({ seats: [human, human, human, human], turnClockSeconds: 86400 })).matchId;
  // Ana seat 0, Ben seat 1 (an opponent), Cam seat 2 (Ana's partner), Eve seat 3 (the API)
  await api.matches.joinMatch({ matchId: four, seat: 3 }, withToken(eve.token));
  await takeSeat(a, four, 0);
  await takeSeat(b, four, 1);
  await b.locator('button.lang').click(); // back to English
  await b.locator('.chat[data-room=players] .chat-phrases button').first().waitFor(WAIT);
  await takeSeat(c, four, 2);
  const during = { a: await panel(a), b: await panel(b), c: await panel(c) };
  // What the server does with free text of a seated player now (Eve, not the UI)
  const evesText = (await api.chat.sendChatMessage({ matchId: four, room: ChatRoom.PLAYERS, content: { case: 'text', value: 'Partner, I hold the double six' }, requestId: randomUUID() }, withToken(eve.token))).message;
  // Ana sends a courtesy phrase: Ben (an opponent) reads it now, Cam (her partner) later
  await a.locator('.chat-phrases button[data-phrase=hello]').click();
  await message(a, 'Hello!').waitFor(WAIT);
  await message(b, 'Hello!').waitFor(WAIT);
  // a fence for Cam: Eve's courtesy phrase reaches her opponents (Ana, Cam) at once
  const evesThanks = (await api.chat.sendChatMessage({ matchId: four, room: ChatRoom.PLAYERS, content: { case: 'phrase', value: 'thanks' }, requestId: randomUUID() }, withToken(eve.token))).message;
  // (Eve's cursor is her own position, not Cam's: each reader counts only what she may
  // read, and Eve's held line is not in Cam's view yet.  Cam's stream is in order, so
  // 'Thanks!' reaching her is the fence.)
  await message(c, 'Thanks!').waitFor(WAIT);
  step('partnership round', {
    ...during, evesText: { held: evesText.held }, evesThanks: { held: evesThanks.held },
    aMessages: await messages(a), bMessages: await messages(b), cMessages: await messages(c),
  });
  await a.screenshot({ path: path.join(OUT, 'chat-partnership-desktop.png') });
  await c.setViewportSize({ width: 390, height: 844 });
  await c.screenshot({ path: path.join(OUT, 'chat-partnership-phone.png'), fullPage: true });
  step('partnership phone', { overflow: await overflow(c) });

  // the round is played out through the API: what was held reaches everyone, marked
  const tokens = [ana.token, ben.token, cam.token, eve.token];
  const after = await playRoundOut(four, tokens, 1);
  await c.locator('.chat-log li[data-delayed=true]').filter({ hasText: 'Partner, I hold the double six' }).waitFor(WAIT);
  await c.locator('.chat-log li[data-delayed=true]').filter({ hasText: 'Hello!' }).waitFor(WAIT);
  await a.locator('.chat-log li[data-held=false]').filter({ hasText: 'Hello!' }).waitFor(WAIT);
  await b.locator('.chat-log li[data-delayed=true]').filter({ hasText: 'Partner, I hold the double six' }).waitFor(WAIT);
  await c.locator('#app[data-version]').waitFor(WAIT);
  step('released', {
    finished: after.status === MatchStatus.FINISHED, round: after.roundNumber, lastRound: after.lastRound?.roundNumber ?? 0,
    aMessages: await messages(a), bMessages: await messages(b), cMessages: await messages(c), cPanel: await panel(c),
  });
  await c.locator('button[data-action=dismiss-round]').click().catch(() => {});
  await c.locator('.chat').scrollIntoViewIfNeeded();
  await c.screenshot({ path: path.join(OUT, 'chat-released-phone.png'), fullPage: true });
});
