import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api/client';
import { helpApi } from '../../../src/api/help';
import { siteApi } from '../../../src/api/site';
import { userApi } from '../../../src/api/user';
import { setupI18n } from '../../setup/i18n';
import { resetUi, stubAdapter, stubTransportError, toastTexts } from './helpers';

const originalAdapter = http.defaults.adapter;

beforeAll(setupI18n);
beforeEach(resetUi);
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

const refused = { code: 404, msg: 'app.msg.record_not_found', data: null };

describe('reads whose screens say a failure in place', () => {
  // /noticeDetail?id=999 said "Record not found" in place and again in a toast over the back button.
  it.each([
    ['a notice', () => helpApi.notice(999)],
    ['the notices', () => helpApi.notices()],
    ['an article', () => helpApi.article(999)],
    ['the articles', () => helpApi.articles()],
    ['a site document', () => siteApi.content('aboutUs', true)],
    ['the invitation', () => userApi.invite()],
  ])('leave a refused read of %s to the screen, toasting nothing', async (_, read) => {
    stubAdapter({ status: 404, data: refused });
    await expect(read()).rejects.toEqual(refused);
    expect(toastTexts()).toEqual([]);
  });

  it('still toasts a failed read of the home page’s content, which has no place to say it', async () => {
    stubAdapter({ status: 404, data: refused });
    await expect(siteApi.content('home')).rejects.toEqual(refused);
    expect(toastTexts()).toEqual(['Record not found']);
  });
});

describe('the customer-service thread', () => {
  // Polled every 5 s while the socket is down: with the server gone, the chat toasted "Network
  // error" every 5 s for as long as it stayed gone. The screen's banner says the connection is lost.
  it('leaves a failed read of the thread to the screen, toasting nothing', async () => {
    stubTransportError('network');
    await expect(helpApi.messages()).rejects.toMatchObject({ msg: 'app.msg.network_error' });
    expect(toastTexts()).toEqual([]);
  });
});
