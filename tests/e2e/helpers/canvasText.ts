import type { BrowserContext, Locator } from 'playwright-core';

interface DrawnText {
  text: string;
  left: number;
  right: number;
  /** Where it was drawn down the canvas (its middle, for the library's middle-set labels). */
  y: number;
  /** Its colour, which tells the last price's label (ink on its box) from the scale's. */
  fill: string;
}

declare global {
  interface Window {
    drawnText?: (canvas: HTMLCanvasElement) => DrawnText[];
  }
}

/**
 * Makes every page of `context` remember the text each canvas shows: what a chart draws (a time
 * label, a price) is pixels, not elements, and a label cut at the canvas's edge can only be told
 * from a whole one by where it was drawn. A frame starts where the whole canvas is cleared, or
 * painted over in 'copy' mode (how lightweight-charts clears to its background).
 */
export const recordCanvasText = (context: BrowserContext) =>
  context.addInitScript(() => {
    const frames = new WeakMap<HTMLCanvasElement, DrawnText[]>();
    const proto = CanvasRenderingContext2D.prototype;
    const { clearRect, fillRect, fillText } = proto;
    const startsFrame = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) => {
      const { a, d, e, f } = ctx.getTransform();
      if (
        x * a + e <= 0 &&
        y * d + f <= 0 &&
        (x + w) * a + e >= ctx.canvas.width &&
        (y + h) * d + f >= ctx.canvas.height
      )
        frames.set(ctx.canvas, []);
    };
    proto.clearRect = function (x, y, w, h) {
      startsFrame(this, x, y, w, h);
      clearRect.call(this, x, y, w, h);
    };
    proto.fillRect = function (x, y, w, h) {
      if (this.globalCompositeOperation === 'copy') startsFrame(this, x, y, w, h);
      fillRect.call(this, x, y, w, h);
    };
    proto.fillText = function (...args) {
      const [text, x, y] = args;
      const width = this.measureText(text).width;
      const align = this.textAlign;
      const start = align === 'center' ? x - width / 2 : align === 'right' || align === 'end' ? x - width : x;
      // In the canvas's own pixels, whatever scale the library drew at.
      const { a, d, e, f } = this.getTransform();
      const drawn = frames.get(this.canvas) ?? [];
      drawn.push({
        text,
        left: start * a + e,
        right: (start + width) * a + e,
        y: y * d + f,
        fill: String(this.fillStyle),
      });
      frames.set(this.canvas, drawn);
      fillText.apply(this, args);
    };
    window.drawnText = (canvas) => frames.get(canvas) ?? [];
  });

/** The texts of the last frame of `canvas` drawn past its left or right edge. */
export const textPastEdges = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement) =>
    window.drawnText!(el)
      .filter((t) => t.text !== '' && (t.left < -0.5 || t.right > el.width + 0.5))
      .map((t) => t.text),
  );
