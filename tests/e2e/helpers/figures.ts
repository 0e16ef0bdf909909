import type { Page } from 'playwright-core';

/** The texts of the elements matching `selector` that are drawn over more than one line or past
 * the screen's right edge: a figure broken in two, or pushed out of the phone. */
export const brokenFigures = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(sel)]
        .filter((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return lines > 1 || el.getBoundingClientRect().right > window.innerWidth;
        })
        .map((el) => el.textContent),
    selector,
  );
