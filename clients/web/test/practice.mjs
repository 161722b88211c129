// Hints and practice in real headless Chromium (Debian's /usr/bin/chromium, through
// playwright-core), against the real stack that tests/web/test_practice.py starts:
//
//   FIVEUP_WEB_URL=http://127.0.0.1:8000 FIVEUP_ARTIFACTS=/tmp/out node test/practice.mjs
//
// Scenarios: the start page's practice option (seat 1 a person, the others bots, hints
// forced on); at the table the hint button lists every legal move ranked with its points
// now and the estimate, and picking one plays it; the take-back button undoes that move
// and the bot's replies (the same tiles come back to the hand and the table); the hint
// list in Hindi and on a phone; a match that allows hints but is not practice offers
// hints and no take-back.  Screenshots of each are written as artifacts.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BASE, OUT, browser, playFirstMove, report, run, step, watchErrors } from './harness.mjs';

const data = (page, key) => page.locator('#app').getAttribute(`data-${key}`);
const norm = (key) => key.split('-').map(Number).sort((a, b) => a - b).join('-');
const handTiles = async (page) => (await page.locator('.hand button.tile').evaluateAll(
  (els) => els.map((e) => e.dataset.tile))).map(norm).sort();
const tableTiles = async (page) => (await page.locator('svg.board .domino').evaluateAll(
  (els) => els.map((e) => e.dataset.tile))).map(norm).sort();
const myTurn = (page) => page.waitForFunction(() => {
  const a = document.getElementById('app');
  return a.dataset.status === 'finished' || a.dataset.myTurn === 'true';
}, null, { timeout: 30000 });

async function create(page, { practice, hints }) {
  await page.goto(`${BASE}/#/`);
  await page.locator('#players-2').check();
  if (practice) await page.locator('#practice').check();
  if (hints) await page.locator('#hints').check();
  await page.locator('#seat-1').selectOption('greedy');
}

await run(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchErrors(page, 'practice');

  // ---------------------------------------------------------------- the start page
  await create(page, { practice: true });
  // Each level shows its rating once ListBotLevels has answered.
  await page.locator('#seat-1 option[value=master]', { hasText: 'rating' }).waitFor({ state: 'attached', timeout: 15000 });
  const form = {
    hintsChecked: await page.locator('#hints').isChecked(),
    hintsDisabled: await page.locator('#hints').isDisabled(),
    seat1Disabled: await page.locator('#seat-0').isDisabled(),
    seat2Options: await page.locator('#seat-1 option').evaluateAll((els) => els.map((e) => e.value)),
    seat2Texts: await page.locator('#seat-1 option').evaluateAll((els) => els.map((e) => e.textContent)),
  };
  // untick and tick again: hints go back to the person's own choice (off), then on
  await page.locator('#practice').uncheck();
  form.untickedHints = { checked: await page.locator('#hints').isChecked(), disabled: await page.locator('#hints').isDisabled() };
  await page.locator('#practice').check();
  await page.screenshot({ path: path.join(OUT, 'practice-start.png') });
  await page.getByRole('button', { name: 'Create match' }).click();
  // straight to the table: nobody to invite
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  step('practice created', { ...form, url: page.url(), practice: await data(page, 'practice'), hintsAllowed: await data(page, 'hints-allowed') });

  // ---------------------------------------------------------------- a hint, played
  // Ask at the first turn with a choice to rank (up to a few turns of plain play first).
  let earlier = 0;
  for (;;) {
    await myTurn(page);
    if (Number(await data(page, 'legal-moves')) >= 2 || earlier >= 12) break;
    await playFirstMove(page, await data(page, 'version'));
    earlier += 1;
  }
  // by keyboard: the hint button, then the focus lands on the best hint
  await page.locator('button[data-action=hint]').focus();
  await page.keyboard.press('Enter');
  await page.locator('.hint-list button').first().waitFor({ timeout: 15000 });
  const focusedHint = await page.evaluate(() => document.activeElement?.dataset.hint ?? null);
  const hints = await page.locator('.hint-list button').evaluateAll((els) => els.map((e) => ({
    key: e.dataset.moveKey, what: e.querySelector('.what').textContent,
    figures: e.querySelector('.figures').textContent, best: e.classList.contains('best'),
  })));
  const legal = Number(await data(page, 'legal-moves'));
  const explain = await page.locator('.hints .note').textContent();
  await page.screenshot({ path: path.join(OUT, 'hints-desktop.png'), fullPage: true });
  const before = { version: await data(page, 'version'), hand: await handTiles(page), table: await tableTiles(page) };
  step('hints shown', { hints, legal, explain, before, earlier, focusedHint });
  // play the best hint that places a tile (a drawn tile would make the check blind)
  let pick = hints.findIndex((h) => h.key.startsWith('place:'));
  if (pick < 0) pick = 0;
  const picked = hints[pick];
  await page.locator(`.hint-list button[data-hint="${pick}"]`).click();
  await page.waitForFunction((v) => document.getElementById('app').dataset.version !== v, before.version, { timeout: 20000 });
  await myTurn(page); // the bot has replied: our turn again
  const tile = picked.key.startsWith('place:') ? picked.key.split(':')[1] : null;
  const after = { version: await data(page, 'version'), hand: await handTiles(page), table: await tableTiles(page) };
  step('hint played', { picked, tile, after, hintsLeft: await page.locator('.hint-list').count() });

  // ---------------------------------------------------------------- take it back
  const undo = page.locator('button[data-action=undo]');
  await undo.waitFor({ timeout: 15000 });
  await page.screenshot({ path: path.join(OUT, 'undo-offered.png') });
  await undo.click();
  await page.waitForFunction((v) => Number(document.getElementById('app').dataset.version) > Number(v), after.version, { timeout: 20000 });
  await myTurn(page);
  await page.waitForFunction(() => [...document.querySelectorAll('.log li')].some((li) => /took back/.test(li.textContent)), null, { timeout: 10000 });
  const undone = {
    version: await data(page, 'version'), hand: await handTiles(page), table: await tableTiles(page),
    log: await page.locator('.log li').last().textContent(), // the history is oldest first
    undoStill: await undo.count(),
  };
  await page.screenshot({ path: path.join(OUT, 'undo-desktop.png') });
  step('undone', { undone });

  // ---------------------------------------------------------------- Hindi, and a phone
  await page.locator('button.lang').click();
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  await myTurn(page);
  await page.locator('button[data-action=hint]').click();
  await page.locator('.hint-list button').first().waitFor({ timeout: 15000 });
  step('hindi', {
    title: await page.locator('.hints h3').textContent(),
    button: await page.locator('button[data-action=hint]').textContent(),
    undo: (await page.locator('button[data-action=undo]').allTextContents())[0] ?? null, // (no wait when absent)
    first: await page.locator('.hint-list button .figures').first().textContent(),
  });
  await page.screenshot({ path: path.join(OUT, 'hints-hindi.png') });
  await page.locator('button.lang').click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  await myTurn(page);
  await page.locator('button[data-action=hint]').click();
  await page.locator('.hint-list button').first().waitFor({ timeout: 15000 });
  await page.screenshot({ path: path.join(OUT, 'hints-phone.png'), fullPage: true });
  step('phone', { hints: await page.locator('.hint-list button').count() });
  await context.close();

  // ---------------------------------------------------------------- hints, not practice
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await other.newPage();
  watchErrors(second, 'hints');
  await create(second, { practice: false, hints: true });
  await second.getByRole('button', { name: 'Create match' }).click(); // against bots: straight to the table
  await second.locator('#app[data-role=player][data-version]').waitFor({ timeout: 15000 });
  await myTurn(second);
  step('hints without practice', {
    practice: await data(second, 'practice'), hintsAllowed: await data(second, 'hints-allowed'),
    hint: await second.locator('button[data-action=hint]').count(),
    undo: await second.locator('button[data-action=undo]').count(),
  });
  await other.close();
});
