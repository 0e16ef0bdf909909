import type { Locator, Page } from 'playwright-core';

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

/** In the elements matching `selector`, each of `labels` with the figure after it (up to the next
 * ' · ' or the end) that is drawn over more than one line: a label left at a line's end. */
export const labelsApart = (page: Page, selector: string, labels: string[]) =>
  page.evaluate(
    ([sel, wanted]) =>
      [...document.querySelectorAll(sel)].flatMap((el) => {
        const nodes: Text[] = [];
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n as Text);
        const text = nodes.map((n) => n.data).join('');
        const lines = (from: number, to: number) => {
          const tops = new Set<number>();
          let offset = 0;
          for (const node of nodes) {
            for (let i = 0; i < node.data.length; i++) {
              const at = offset + i;
              if (at < from || at >= to || /\s/.test(node.data[i]!)) continue;
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (rect) tops.add(Math.round(rect.top));
            }
            offset += node.data.length;
          }
          return tops.size;
        };
        return wanted
          .filter((label) => text.includes(label))
          .map((label) => {
            const from = text.indexOf(label);
            const end = text.indexOf(' · ', from);
            const to = end < 0 ? text.length : end;
            return { part: text.slice(from, to), lines: lines(from, to) };
          })
          .filter(({ lines: n }) => n > 1)
          .map(({ part }) => part);
      }),
    [selector, labels] as const,
  );

/** In the elements matching `selector`, each piece of text drawn over more than one line: each
 * match of `pieces.pattern`, or each word of two characters or more as the browser's segmenter for
 * `pieces.wordsOf` (a language tag) finds them. */
const spreadOverLines = (page: Page, selector: string, pieces: { pattern: string } | { wordsOf: string }) =>
  page.evaluate(
    ([sel, how]) =>
      [...document.querySelectorAll(sel)].flatMap((el) => {
        const spread: string[] = [];
        const words = 'wordsOf' in how ? new Intl.Segmenter(how.wordsOf, { granularity: 'word' }) : undefined;
        const piecesOf = (text: string): { at: number; piece: string }[] =>
          words
            ? [...words.segment(text)]
                .filter((s) => s.isWordLike && s.segment.length > 1)
                .map((s) => ({ at: s.index, piece: s.segment }))
            : [...text.matchAll(new RegExp((how as { pattern: string }).pattern, 'g'))].map((m) => ({
                at: m.index,
                piece: m[0],
              }));
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const node = n as Text;
          for (const { at, piece } of piecesOf(node.data)) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + piece.length);
            const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
            if (new Set(tops).size > 1) spread.push(piece);
          }
        }
        return spread;
      }),
    [selector, pieces] as const,
  );

/** In the elements matching `selector`, each amount with its unit after it ("200,000.00 USDT") that
 * is drawn over more than one line: a unit left alone at the start of the next line. */
export const unitsApart = (page: Page, selector: string) =>
  spreadOverLines(page, selector, { pattern: /\d[\d.,]*\s+[A-Z]{3,5}\b/.source });

/** In each element matching `row`, the parts matching `parts` whose text runs past the part's own
 * box or into another part's text: a code drawn out of its squeezed box under the copy button
 * beside it, a pair's name over its price. */
export const crowded = (page: Page, row: string, parts: string) =>
  page.evaluate(
    ([rowSel, partSel]) =>
      [...document.querySelectorAll(rowSel)].flatMap((el) => {
        const texts = [...el.querySelectorAll(partSel)].map((part) => {
          const rects: DOMRect[] = [];
          const walk = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(n);
            rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
          }
          return { part, rects };
        });
        const found: string[] = [];
        texts.forEach(({ part, rects }, i) => {
          const box = part.getBoundingClientRect();
          if (rects.some((r) => r.left < box.left - 0.5 || r.right > box.right + 0.5))
            found.push(`"${part.textContent}" wider than its box`);
          for (const other of texts.slice(i + 1)) {
            if (part.contains(other.part) || other.part.contains(part)) continue;
            const meet = rects.some((a) =>
              other.rects.some(
                (b) =>
                  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5,
              ),
            );
            if (meet) found.push(`"${part.textContent}" over "${other.part.textContent}"`);
          }
        });
        return found;
      }),
    [row, parts] as const,
  );

/** The words (between spaces and hyphens) in the elements matching `selector` that are drawn over
 * more than one line: "Gewinne / r". For scripts written with spaces between words. */
export const brokenWords = (page: Page, selector: string) =>
  spreadOverLines(page, selector, { pattern: /[^\s-]+/.source });

/** The words of a language written without spaces (Japanese, Chinese), as the browser's segmenter
 * finds them, that are drawn over more than one line in the elements matching `selector`:
 * "表 / 示されます". */
export const brokenUnspacedWords = (page: Page, selector: string, languageTag: string) =>
  spreadOverLines(page, selector, { wordsOf: languageTag });

/** Whether the placeholder of the input `field` fits the room inside it: its width in the field's
 * own font against the field's width less its padding. A placeholder cut off says half a hint. */
export const placeholderFits = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(input.placeholder).width <= room;
  });
