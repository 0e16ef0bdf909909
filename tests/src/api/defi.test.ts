import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api/client';
import { defiApi } from '../../../src/api/defi';
import { setupI18n } from '../../setup/i18n';
import { resetUi, stubAdapter, toastTexts } from './helpers';

const originalAdapter = http.defaults.adapter;

beforeAll(setupI18n);
beforeEach(resetUi);
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

describe('staking reads', () => {
  // Each screen says its read's failure in place (a record not found, or the failure with a
  // retry): a toast said it a second time, over the bar with the back button.
  it.each([
    ['the product', () => defiApi.detail(999)],
    ['the products', () => defiApi.products()],
    ['the earnings', () => defiApi.earnings()],
    ['the pledge records', () => defiApi.pledges()],
    ['the income records', () => defiApi.income()],
  ])('leave a refused read of %s to the screen, toasting nothing', async (_, read) => {
    const body = { code: 404, msg: 'app.msg.record_not_found', data: null };
    stubAdapter({ status: 404, data: body });
    await expect(read()).rejects.toEqual(body);
    expect(toastTexts()).toEqual([]);
  });
});
