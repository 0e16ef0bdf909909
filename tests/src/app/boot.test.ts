import { describe, expect, it, vi } from 'vitest';
import { BOOT_ELEMENT_ID, BOOT_HEADING_ID } from '../../../protocol/boot';

/** src/app/boot.ts reads the page once, when first imported. */
const loadWith = async (html: string) => {
  vi.resetModules();
  document.body.innerHTML = html;
  return import('../../../src/app/boot');
};

describe('what the page carried', () => {
  it('reads the boot data block, and treats a missing or broken one as nothing', async () => {
    const pairs = [
      { symbol: 'ethusdt', name: 'ETH/USDT', base: 'ETH', quote: 'USDT', pricePrecision: 2, qtyPrecision: 4 },
    ];
    const carried = await loadWith(
      `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify({ pairs })}</script>`,
    );
    expect(carried.boot).toEqual({ pairs });
    expect((await loadWith('')).boot).toEqual({});
    expect(
      (await loadWith(`<script type="application/json" id="${BOOT_ELEMENT_ID}">{"pairs":[</script>`)).boot,
    ).toEqual({});
  });

  it("removes the server's heading once the app draws its own, and does not mind its absence", async () => {
    const { dropBootHeading } = await loadWith(
      `<header id="${BOOT_HEADING_ID}"><h1>ETH/USDT</h1></header><div id="root"></div>`,
    );
    dropBootHeading();
    expect(document.getElementById(BOOT_HEADING_ID)).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
    expect(() => dropBootHeading()).not.toThrow();
  });
});
