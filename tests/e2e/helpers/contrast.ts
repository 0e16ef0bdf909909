import type { Page } from 'playwright-core';

/**
 * Every piece of text on the page whose colour falls short of WCAG's contrast minimum (4.5:1, or
 * 3:1 for large text: 24 px, or 18.66 px bold) against what lies under it: the backgrounds of its
 * ancestors laid over one another, translucent ones included, on the theme's own `--bg`. Text set
 * over an image (`skip`, say a banner's title with its shade) is left out: no colour sum measures it.
 * Each as 'ratio <need tag.class "text"'.
 */
export const lowContrast = (page: Page, skip: string) =>
  page.evaluate((skipped) => {
    type Rgba = [number, number, number, number];
    const rgba = (css: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      // color-mix() is given back in the srgb space, its channels 0–1.
      return css.startsWith('color(srgb') ? [r * 255, g * 255, b * 255, a] : [r, g, b, a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const over = (top: Rgba, under: Rgba): Rgba => [
      top[3] * top[0] + (1 - top[3]) * under[0],
      top[3] * top[1] + (1 - top[3]) * under[1],
      top[3] * top[2] + (1 - top[3]) * under[2],
      1,
    ];
    // The variable holds the colour as written: a probe reads it as the browser does.
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'var(--bg)';
    const pageBg = rgba(getComputedStyle(probe).color);
    probe.remove();
    const backgroundOf = (el: Element) => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      return layers.reverse().reduce((under, layer) => over(layer, under), pageBg);
    };
    const found: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || seen.has(el)) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Unseen, or exempt: hidden text, decoration, disabled controls (WCAG 1.4.3 leaves them out).
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest(`.visually-hidden, [aria-hidden="true"], :disabled, ${skipped}`)) continue;
      const under = backgroundOf(el);
      const text = over(rgba(style.color), under);
      const [hi, lo] = [luminance(text), luminance(under)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const need = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66) ? 3 : 4.5;
      if (ratio < need)
        found.push(
          `${ratio.toFixed(2)} <${need} ${el.tagName.toLowerCase()}.${el.className} "${n.textContent.trim().slice(0, 30)}"`,
        );
    }
    return found;
  }, skip);

/** How far an element stands apart from what lies under it (`standingApart`). */
interface Apart {
  /** Its text, to name it in a failure. */
  text: string;
  /** The larger of its fill's and its border's contrast with what lies under it: where its edge shows. */
  edge: number;
  /** Its first child's fill against its own (a bar's filled part against the empty track). */
  inner: number;
  /** That child's fill against what lies under the element. */
  innerOnUnder: number;
}

/**
 * For each element in `selector`: how far its edge, and its first child's fill, stand apart from
 * what lies under it, as contrast ratios. What lies under it is its ancestors' backgrounds laid over
 * one another on the theme's `--bg` (a translucent card included); its own colours are read as laid
 * over that.
 */
export const standingApart = (page: Page, selector: string): Promise<Apart[]> =>
  page.locator(selector).evaluateAll((elements) => {
    type Rgba = [number, number, number, number];
    const probe = document.body.appendChild(document.createElement('span'));
    const rgba = (css: string): Rgba => {
      probe.style.color = css;
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, under: Rgba) =>
      [0, 1, 2].map((i) => top[3] * top[i]! + (1 - top[3]) * under[i]!).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const pageBg = rgba('var(--bg)');
    const found = elements.map((el) => {
      const layers: Rgba[] = [];
      for (let e = el.parentElement; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      const under = layers.reverse().reduce((below, layer) => over(layer, below), pageBg);
      const style = getComputedStyle(el);
      const fill = over(rgba(style.backgroundColor), under);
      const border =
        parseFloat(style.borderLeftWidth) >= 1 ? ratio(over(rgba(style.borderLeftColor), under), under) : 1;
      const child =
        el.firstElementChild && over(rgba(getComputedStyle(el.firstElementChild).backgroundColor), fill);
      return {
        text: el.getAttribute('aria-label') ?? el.textContent ?? '',
        edge: Math.max(ratio(fill, under), border),
        inner: child ? ratio(child, fill) : 1,
        innerOnUnder: child ? ratio(child, under) : 1,
      };
    });
    probe.remove();
    return found;
  });
