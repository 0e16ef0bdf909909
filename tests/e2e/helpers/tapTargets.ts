import type { Page } from 'playwright-core';

/** The least width and height a thumb needs to tap a control (WCAG 2.5.5, and Apple's 44 pt). */
const THUMB_PX = 44;

/**
 * The controls shown on the page that are too small for a thumb, as 'name width×height': each
 * visible link, button, field, tab or element in the tab order whose area that takes a tap is less
 * than 44 px wide or high through its middle. That area is found by tapping, as a finger would
 * (elementFromPoint): the element's box, with any margin a pseudo-element draws past it, less what
 * lies on top. A link within a paragraph's text is exempt, as WCAG has it, and so is a field outside
 * a label whose row (what holds it) is a thumb's height. A field inside a label is tapped through
 * the label: the label is measured for it (a segment of a segmented control, its radio hidden, was
 * passed for its height alone when 30 px wide).
 */
export const smallTargets = (page: Page): Promise<string[]> =>
  page.evaluate((min) => {
    const controls = 'a, button, input, select, textarea, [role=button], [role=tab], [tabindex="0"]';
    const takesTap = (el: Element, x: number, y: number) => {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    };
    /** How far the tap area runs through the middle of `el`, along x or y, up to `min`. */
    const span = (el: Element, alongX: boolean) => {
      const r = el.getBoundingClientRect();
      const at = (d: number) =>
        alongX
          ? takesTap(el, r.left + r.width / 2 + d, r.top + r.height / 2)
          : takesTap(el, r.left + r.width / 2, r.top + r.height / 2 + d);
      if (!at(0)) return 0;
      let before = 0;
      let after = 0;
      while (before + after + 1 < min && at(-(before + 1))) before++;
      while (before + after + 1 < min && at(after + 1)) after++;
      return before + after + 1;
    };
    const found: string[] = [];
    for (const el of document.querySelectorAll(controls)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.matches('a') && el.closest('p') && getComputedStyle(el).display === 'inline') continue;
      const isField = el.matches('input, select, textarea');
      // A field inside its label is tapped through the label, which must then be a thumb's size
      // both ways: a segment of a segmented control, its radio hidden, is all label.
      const label = isField ? el.closest('label') : null;
      if (isField && !label && el.parentElement!.getBoundingClientRect().height >= min) continue;
      const target = label ?? el;
      target.scrollIntoView({ block: 'center', inline: 'center' });
      const width = span(target, true);
      const height = span(target, false);
      if (width < min || height < min) {
        const name = target.getAttribute('aria-label') ?? target.textContent?.trim() ?? '';
        found.push(`${name || el.outerHTML.slice(0, 60)} ${width}×${height}`);
      }
    }
    scrollTo(0, 0);
    return found;
  }, THUMB_PX);
