// Layout checks of the table that several browser scenarios make.

/** Whether every side's score fits as drawn and with wider figures: each `.score .pts`
 *  is given in turn the texts below (a short test match never reaches 62 points; the
 *  layout must hold them) and measured: one line box, nothing of the score row or the
 *  page cut off sideways.  The texts are put back afterwards. */
export function scoresFit(page, texts = ['62 points', '−89 points', '100 points']) {
  return page.evaluate((wide) => {
    const out = { sides: 0, wrapped: [], overflow: [], pageOverflow: 0 };
    const lines = (node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      // one rectangle a line (a wrapped text has one per line, on different tops)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    for (const score of document.querySelectorAll('.score')) {
      out.sides += 1;
      const pts = score.querySelector('.pts');
      const shown = pts.textContent;
      for (const text of [shown, ...wide]) {
        pts.textContent = text;
        if (lines(pts) !== 1) out.wrapped.push(text);
        if (score.scrollWidth > score.clientWidth + 1) out.overflow.push(text);
        out.pageOverflow = Math.max(out.pageOverflow, document.documentElement.scrollWidth - window.innerWidth);
      }
      pts.textContent = shown;
    }
    return out;
  }, texts);
}
