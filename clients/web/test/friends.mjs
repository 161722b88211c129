// Friends in real headless Chromium against the real stack (tests/web/test_friends_web.py):
//
//   FIVEUP_WEB_URL=… FIVEUP_ARTIFACTS=… node test/friends.mjs
//
// Two new guests in two browsers become friends through the pages: Asha opens Bilal's
// profile and asks, Bilal is told (the notice at the top), opens the friends page and
// accepts, Asha is told; each then sees the other online, and Asha sees Bilal "in a
// match" once he sits at a table.  A third guest's request that Asha declines leaves
// nothing on either side.  axe-core on the friends page; laptop and phone screenshots.
import { BASE, run, step } from './harness.mjs';
import { audit, drawn, guest, shots } from './social.mjs';

const people = (page, list) => page.locator(`#${list} li[data-player]`).evaluateAll((rows) => rows.map((r) => ({
  player: r.dataset.player, name: r.querySelector('.name').textContent,
  presence: r.querySelector('[data-presence]')?.dataset.presence ?? null,
  text: r.textContent,
})));
const presenceOf = (page, player, state) => page.locator(`#friend-list li[data-player="${player}"] [data-presence="${state}"]`)
  .waitFor({ timeout: 20000 });

await run(async () => {
  const asha = await guest('Asha');
  const bilal = await guest('Bilal');

  // Asha asks from Bilal's profile
  await asha.page.goto(`${BASE}/#/player/${bilal.playerId}`);
  await asha.page.locator('.friend-control[data-friend=none]').waitFor({ timeout: 15000 });
  await asha.page.getByRole('button', { name: 'Add friend' }).click();
  await asha.page.locator('.friend-control[data-friend=sent]').waitFor({ timeout: 15000 });
  step('asked', { control: await asha.page.locator('.friend-control').textContent() });

  // Bilal is told, and accepts on the friends page
  const notice = bilal.page.locator('.notice[data-kind=friend_request]');
  await notice.waitFor({ timeout: 15000 });
  const requestNotice = await notice.textContent();
  await notice.getByRole('link', { name: 'Open friends' }).click();
  await drawn(bilal.page, 'friends');
  await bilal.page.locator(`#incoming li[data-player="${asha.playerId}"]`).waitFor({ timeout: 15000 });
  const incoming = await people(bilal.page, 'incoming');
  await bilal.page.getByRole('button', { name: "Accept Asha's friend request" }).click();
  await bilal.page.locator(`#friend-list li[data-player="${asha.playerId}"]`).waitFor({ timeout: 15000 });
  // the friends page has taken the answered request's notice down
  await bilal.page.waitForFunction(() => !document.querySelector('#notices .notice'), null, { timeout: 15000 });
  step('accepted', { requestNotice, incoming, bilalsIncomingAfter: await people(bilal.page, 'incoming') });

  // Asha is told; each sees the other online
  const accepted = asha.page.locator('.notice[data-kind=friend_accepted]');
  await accepted.waitFor({ timeout: 15000 });
  const acceptedNotice = await accepted.textContent();
  await asha.page.goto(`${BASE}/#/friends`);
  await drawn(asha.page, 'friends');
  await presenceOf(asha.page, bilal.playerId, 'online');
  await presenceOf(bilal.page, asha.playerId, 'online');
  step('online', { acceptedNotice, ashas: await people(asha.page, 'friend-list'), bilals: await people(bilal.page, 'friend-list'),
    ashasOutgoing: await people(asha.page, 'outgoing') });
  const axeFriends = await audit(asha.page, 'friends');
  await shots(asha.page, 'friends');

  // Bilal sits at a table (against a bot): Asha sees him in a match
  await bilal.page.goto(`${BASE}/#/`);
  await bilal.page.locator('#players-2').check();
  await bilal.page.getByRole('button', { name: 'Create match' }).click();
  await bilal.page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  await presenceOf(asha.page, bilal.playerId, 'in-match');
  step('in a match', { ashas: await people(asha.page, 'friend-list') });

  // a request declined leaves nothing on either side
  const chen = await guest('Chen');
  await chen.page.goto(`${BASE}/#/player/${asha.playerId}`);
  await chen.page.getByRole('button', { name: 'Add friend' }).click();
  await chen.page.locator('.friend-control[data-friend=sent]').waitFor({ timeout: 15000 });
  await asha.page.locator(`#incoming li[data-player="${chen.playerId}"]`).waitFor({ timeout: 15000 });
  await audit(asha.page, 'friends with a request');
  await shots(asha.page, 'friends-request');
  await asha.page.getByRole('button', { name: "Decline Chen's friend request" }).click();
  await asha.page.waitForFunction((id) => !document.querySelector(`#incoming li[data-player="${id}"]`), chen.playerId, { timeout: 15000 });
  await chen.page.goto(`${BASE}/#/friends`);
  await drawn(chen.page, 'friends');
  await chen.page.goto(`${BASE}/#/player/${asha.playerId}`);
  await chen.page.locator('.friend-control[data-friend]:not([data-friend=unknown])').waitFor({ timeout: 15000 });
  const chenControl = await chen.page.locator('.friend-control').getAttribute('data-friend');
  await chen.page.goto(`${BASE}/#/friends`);
  await drawn(chen.page, 'friends');
  step('declined', {
    ashasIncoming: await people(asha.page, 'incoming'), ashasFriends: await people(asha.page, 'friend-list'),
    ashasNotices: await asha.page.locator('#notices .notice').count(),
    chensOutgoing: await people(chen.page, 'outgoing'), chensFriends: await people(chen.page, 'friend-list'), chenControl,
    axeViolations: axeFriends.violations.length,
  });

  // Asha removes Bilal (the confirmation accepted): gone from both lists
  await asha.page.goto(`${BASE}/#/friends`);
  await drawn(asha.page, 'friends');
  asha.page.once('dialog', (dialog) => void dialog.accept());
  await asha.page.getByRole('button', { name: 'Remove Bilal from your friends' }).click();
  await asha.page.waitForFunction((id) => !document.querySelector(`#friend-list li[data-player="${id}"]`), bilal.playerId, { timeout: 15000 });
  await bilal.page.goto(`${BASE}/#/friends`);
  await drawn(bilal.page, 'friends');
  step('removed', { ashas: await people(asha.page, 'friend-list'), bilals: await people(bilal.page, 'friend-list'),
    status: await asha.page.locator('main [role=status]').first().textContent() });
});
