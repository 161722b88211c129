// The layout at the sizes people use (issue 35): phones of 320-430 px and laptops of
// 1280-1440 px, judged at 390 × 844 and 1366 × 768.  Nothing in the header or the
// table's panels is cut (every box: scrollWidth <= clientWidth; the site's name on one
// line), and the table's History list is whole on a laptop: inside the side column and
// the window, tall enough to read, no line cut by the column's edge.  Run by
// tests/web/test_layout_fit.py; FIVEUP_SCREENSHOTS (a folder) and FIVEUP_SHOT_LABEL
// ("before", "after") keep the phone's and the laptop's pictures for people to look at.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { BASE, OUT, browser, dismissRoundEnd, playFirstMove, report, run, step, watchErrors } from './harness.mjs';

const SHOTS = process.env.FIVEUP_SCREENSHOTS || OUT;
const LABEL = process.env.FIVEUP_SHOT_LABEL || 'after';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
// the other ends of the ranges the layout must hold
const SIZES = [PHONE, { width: 320, height: 640 }, { width: 430, height: 932 }, LAPTOP, { width: 1280, height: 720 }, { width: 1440, height: 900 }];
await mkdir(SHOTS, { recursive: true });

/** What is cut on the page now: boxes whose content is wider than they are (in the
 *  header and the table's panels), the site's name on more than one line, and where
 *  the History list is against the side column and the window. */
function measure(page) {
  return page.evaluate(() => {
    const lines = (node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    const name = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent || '').trim().slice(0, 30)}"`;
    const cut = [];
    const boxes = document.querySelectorAll('header.top, header.top *, .status, .status *, .side, .side *, .hand, .hand *');
    for (const e of boxes) {
      if (e instanceof SVGElement || e.closest('svg') || e.getClientRects().length === 0) continue;
      const style = getComputedStyle(e);
      if (style.display === 'inline' || style.position === 'absolute') continue; // an inline has no box to measure; .visually-hidden is cut on purpose
      // a box that scrolls on purpose sideways (none should in these parts) still counts
      if (e.scrollWidth > e.clientWidth + 1) cut.push(name(e));
    }
    const brand = document.querySelector('header.top .brand');
    const side = document.querySelector('.side');
    const log = document.querySelector('.side .log');
    let history = null;
    if (side && log) {
      const s = side.getBoundingClientRect();
      const l = log.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(log).lineHeight) || 18;
      const last = log.lastElementChild?.getBoundingClientRect();
      history = {
        top: l.top, bottom: l.bottom, height: l.height, lineHeight,
        sideTop: s.top, sideBottom: s.bottom, window: window.innerHeight, sideScrollTop: side.scrollTop,
        entries: log.children.length,
        // whole: inside the column's visible part and the window, at least five lines tall
        // (or all its lines, if fewer), with the column not scrolled to show it, and its
        // newest line in view
        whole: l.top >= s.top - 1 && l.bottom <= Math.min(s.bottom, window.innerHeight) + 1
          && l.height + 1 >= Math.min(log.scrollHeight, 5 * lineHeight)
          && Boolean(last) && last.top >= l.top - 1 && last.bottom <= l.bottom + 1,
      };
    }
    return {
      cut, brandLines: brand ? lines(brand) : 0, history,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

/** The fonts Chromium drew a node's text with (DevTools protocol): family and whether
 *  it is a web font the page loaded (not one of the system's). */
async function fontsOf(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => ({ family: f.familyName, custom: f.isCustomFont, glyphs: f.glyphCount }));
}

/** Hindi in the app's own Devanagari font, which an English page does not fetch (only
 *  its language button's tiny face). */
async function fonts() {
  const context = await browser.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  watchErrors(page, 'fonts');
  const fetched = [];
  page.on('request', (r) => { if (r.url().includes('/fonts/')) fetched.push(r.url().split('/fonts/')[1]); });
  await page.goto(`${BASE}/#/`);
  await page.locator('header.top nav.links').waitFor();
  await page.evaluate(() => document.fonts.ready);
  step('english fonts', { fetched: [...fetched], button: await fontsOf(page, 'header.top .lang span[lang=hi]') });
  fetched.length = 0;
  await page.locator('header.top .lang').click();
  await page.waitForFunction(() => document.documentElement.lang === 'hi');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => [...document.fonts].filter((f) => f.family.includes('Five Up Devanagari') && f.status === 'loaded').length >= 2);
  step('hindi fonts', {
    fetched: [...fetched], title: await fontsOf(page, 'header.top .brand'), heading: await fontsOf(page, 'main h2'),
    titleText: await page.locator('header.top .brand').textContent(), headingText: await page.locator('main h2').first().textContent(),
  });
  await page.screenshot({ path: path.join(SHOTS, `${LABEL}-hindi-laptop.png`) });
  await context.close();
}

await run(async () => {
  await fonts();
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1 });
  const page = await context.newPage();
  watchErrors(page, 'layout');
  // ---------------------------------------------------------------- the landing page
  await page.goto(`${BASE}/#/`);
  await page.locator('header.top nav.links').waitFor();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    step('landing', { size: `${size.width}x${size.height}`, ...await measure(page) });
  }
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, `${LABEL}-landing-phone.png`) });

  // ---------------------------------------------------------------- the table
  // a match against a bot, played a dozen moves so the History list has lines to show
  await page.locator('#players-2').check();
  await page.locator('#seat-0').selectOption('human');
  await page.locator('#seat-1').selectOption('greedy');
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.waitForFunction(() => /#\/(play|share)\//.test(location.hash));
  if (page.url().includes('#/share/')) {
    await page.getByRole('link', { name: 'Go to the table' }).click();
  }
  await page.locator('#app[data-role=player][data-version]').waitFor({ timeout: 20000 });
  // a dozen moves, then on until tiles are on the table (a round may have just begun)
  for (let moves = 0; moves < 12 || (await page.locator('#app').getAttribute('data-tiles')) === '0'; moves += 1) {
    if (moves > 40) throw new Error('no tile on the table after 40 moves');
    await page.waitForFunction(() => {
      const a = document.getElementById('app');
      return a.dataset.roundEnd || a.dataset.status === 'finished' || a.dataset.myTurn === 'true';
    }, null, { timeout: 30000 });
    if (await page.locator('#app').getAttribute('data-round-end')) await dismissRoundEnd(page);
    else if ((await page.locator('#app').getAttribute('data-status')) === 'finished') break;
    else await playFirstMove(page);
  }
  await page.waitForFunction(() => !document.querySelector('.round-end'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    step('table', { size: `${size.width}x${size.height}`, ...await measure(page) });
  }
  // the ends that count are starred on the board, and their values add up to the sum
  step('counting', await page.evaluate(() => ({
    tiles: document.querySelectorAll('svg.board:not(.still) .domino').length,
    stars: [...document.querySelectorAll('svg.board .counting')].map((g) => ({ value: Number(g.dataset.value), label: g.getAttribute('aria-label') })),
    endSum: Number([...document.querySelectorAll('.status *')].map((e) => e.textContent.match(/Ends add up to (\d+)$/)).find(Boolean)?.[1]),
  })));
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SHOTS, `${LABEL}-table-phone.png`), fullPage: true });
  await page.setViewportSize(LAPTOP);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.screenshot({ path: path.join(SHOTS, `${LABEL}-table-laptop.png`) });
  await context.close();
});
