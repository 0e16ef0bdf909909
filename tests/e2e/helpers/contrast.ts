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

/**
 * Each progress bar in `selector` whose parts do not stand apart, as 'label track/fill/fill-on-card'
 * ratios: its empty track against the card behind it (where the bar ends), its filled part against
 * that track (how far it has come, WCAG 1.4.11's 3:1 where the theme's colours allow it) and
 * against the card. The bar's colours are read as laid over the card, the card's over the page.
 */
export const faintBars = (page: Page, selector: string, least: { track: number; fill: number }) =>
  page.locator(selector).evaluateAll((bars, need) => {
    type Rgba = [number, number, number, number];
    const probe = document.body.appendChild(document.createElement('span'));
    const rgba = (css: string): Rgba => {
      probe.style.color = css;
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, under: Rgba): Rgba =>
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
    const found = bars.flatMap((bar) => {
      const layers: Rgba[] = [];
      for (let e = bar.parentElement; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      const card = layers.reverse().reduce((under, layer) => over(layer, under), pageBg);
      const track = over(rgba(getComputedStyle(bar).backgroundColor), card);
      const fill = over(rgba(getComputedStyle(bar.firstElementChild!).backgroundColor), track);
      const [t, f, c] = [ratio(track, card), ratio(fill, track), ratio(fill, card)];
      return t < need.track || f < need.fill || c < need.fill
        ? [`${bar.getAttribute('aria-label')} ${[t, f, c].map((x) => x.toFixed(2)).join('/')}`]
        : [];
    });
    probe.remove();
    return found;
  }, least);
